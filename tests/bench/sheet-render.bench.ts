// Rendering the character sheet with 0 and with 100 items, and the ratio between the two (goal: at most 2×).
// A sheet renders every part on open and on each change of its actor, but draws only the tab in view; the others are
// empty panels until shown (actor-sheet.ts, "Tabs drawn when shown"). So three renders are measured: opening the sheet
// (on Werte), a redraw with the 100 rows in view (the inventory open when the actor changes), and the click that
// shows the inventory (that one part). Printed once, then timed by vitest's bench.
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

/** One render's worth of the system's own work: the context and the HTML of the parts rendered, on the tab in view. */
function systemWork(tab: string, parts?: string[]) {
  return async (actor: Any): Promise<void> => {
    const sheet = new CharacterSheet({ document: actor }) as Any;
    sheet.changeTab(tab, "primary");
    const options: Any = { force: true, isFirstRender: !parts, parts };
    sheet._configureRenderOptions(options);
    await sheet._renderHTML(await sheet._prepareContext(options), options);
  };
}

/** A full render in the stand-in, which also turns the HTML into node-html-parser's DOM (a cost a browser pays natively). */
async function opening(actor: Any): Promise<void> {
  const sheet = new CharacterSheet({ document: actor }) as Any;
  await sheet.render(true);
  void sheet.element;
}

/** Milliseconds per run: the median of 9 batches of 20, the two actors taking turns (so both see the same warm JIT and GC). */
async function pair(run: (actor: Any) => Promise<void>): Promise<[number, number]> {
  const batch = async (actor: Any) => {
    const start = performance.now();
    for (let i = 0; i < 20; i++) await run(actor);
    return (performance.now() - start) / 20;
  };
  for (let i = 0; i < 10; i++) await Promise.all([run(empty), run(full)]);
  const times: [number[], number[]] = [[], []];
  for (let b = 0; b < 9; b++) {
    times[0].push(await batch(empty));
    times[1].push(await batch(full));
  }
  const median = (t: number[]) => t.sort((a, b) => a - b)[Math.floor(t.length / 2)];
  return [median(times[0]), median(times[1])];
}

const renders: [string, (actor: Any) => Promise<void>][] = [
  ["open the sheet (Werte in view)", systemWork("stats")],
  ["open it, full render in the stand-in", opening],
  ["redraw with the Inventar in view", systemWork("inventory")],
  ["show the Inventar (that part only)", systemWork("inventory", ["inventory"])],
];
const rows = [];
for (const [name, run] of renders) {
  const [zero, hundred] = await pair(run);
  rows.push({ render: name, "0 items (ms)": zero.toFixed(2), "100 items (ms)": hundred.toFixed(2), ratio: `${(hundred / zero).toFixed(2)}×` });
}
console.log("\nCharacter sheet render, the system's context and HTML, median ms (goal: opening ≤ 2×)");
console.table(rows);

describe("character sheet render", () => {
  bench("open, 0 items", async () => {
    await opening(empty);
  });
  bench("open, 100 items", async () => {
    await opening(full);
  });
});
