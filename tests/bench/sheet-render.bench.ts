// Rendering the character sheet (every tab's part, as Foundry renders it on open) with 0 and with 100 items,
// and the ratio between the two (goal: at most 2×). Printed once, then timed by vitest's bench.
import { bench, describe } from "vitest";
import { CharacterSheet } from "../../src/applications/sheets/character-sheet";
import { createActor, resetWorld } from "../harness";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
const types = ["talent", "weapon", "armor", "equipment", "alchemical", "spell", "resource", "project"];

resetWorld({ gms: 1 });
const empty = await createActor({ name: "Leer", type: "character" });
const full = await createActor({ name: "Voll", type: "character", system: { attributes: { ge: 10 } } });
await full.createEmbeddedDocuments(
  "Item",
  Array.from({ length: 100 }, (_, i) => ({ name: `Ding ${i + 1}`, type: types[i % types.length], system: i % types.length === 1 ? { schaden: "1W6+1", talent: "Ding 1" } : {} })),
);

async function render(actor: Any): Promise<void> {
  const sheet = new CharacterSheet({ document: actor }) as Any;
  await sheet.render(true);
}

/**
 * What the system itself computes for a render: the context and every part's HTML (its data, its rows, its
 * templates). A full render in the stand-in also turns that HTML into node-html-parser's DOM when the sheet reads its
 * element, a cost a browser pays natively; both are printed.
 */
async function systemWork(actor: Any): Promise<void> {
  const sheet = new CharacterSheet({ document: actor }) as Any;
  const options: Any = { force: true, isFirstRender: true };
  sheet._configureRenderOptions(options);
  await sheet._renderHTML(await sheet._prepareContext(options), options);
}

/** Mean milliseconds per run over `n` runs, after a warm-up. */
async function mean(run: (actor: Any) => Promise<void>, actor: Any, n = 40): Promise<number> {
  for (let i = 0; i < 5; i++) await run(actor);
  const start = performance.now();
  for (let i = 0; i < n; i++) await run(actor);
  return (performance.now() - start) / n;
}

const [zero, hundred] = [await mean(systemWork, empty), await mean(systemWork, full)];
const [zeroFull, hundredFull] = [await mean(render, empty), await mean(render, full)];
console.log("\nCharacter sheet render (all parts), mean of 40 (ms)");
console.table([
  { items: 0, "context + HTML": zero.toFixed(2), "full render in the stand-in": zeroFull.toFixed(2) },
  { items: 100, "context + HTML": hundred.toFixed(2), "full render in the stand-in": hundredFull.toFixed(2) },
  { items: "ratio", "context + HTML": `${(hundred / zero).toFixed(2)}× (goal ≤ 2×)`, "full render in the stand-in": `${(hundredFull / zeroFull).toFixed(2)}×` },
]);

describe("character sheet render", () => {
  bench("0 items", async () => {
    await render(empty);
  });
  bench("100 items", async () => {
    await render(full);
  });
});
