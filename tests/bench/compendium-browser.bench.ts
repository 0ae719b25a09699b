// The compendium browser over 1,000+ index entries per tab: the shipped packs repeated (creatures 25 times, items 18
// times) in world packs of the stand-in. Printed: opening the browser (reading the indexes, building the rows, the
// first render), a keystroke in the search (filter, the count of every choice, the filter column and the first 100
// results drawn) and a filter click; the goal is that a keystroke stays under one frame (16 ms). Nothing asserted.
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import yaml from "js-yaml";
import { bench, describe } from "vitest";
import { FlexBrowser } from "../../src/applications/browser";
import { resetWorld, startClient } from "../harness";
import { installPack, storeInPack } from "../harness/packs";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
const ROOT = join(import.meta.dirname, "..", "..");
const FRAME = 16;

function source(name: string): Any[] {
  const dir = join(ROOT, "packs", "_source", name);
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".yml") && !f.endsWith("_Folder.yml"))
    .map((f) => yaml.load(readFileSync(join(dir, f), "utf8")) as Any);
}

/** `times` copies of the documents (new ids, numbered names) in one world pack. */
function repeated(id: string, type: "Actor" | "Item", docs: Any[], times: number): number {
  installPack({ id, label: id, type });
  const copies = Array.from({ length: times }, (_, n) => docs.map((d, i) => ({ ...structuredClone(d), _id: `r${String(n).padStart(3, "0")}${String(i).padStart(12, "0")}`, name: `${d.name} ${n + 1}`, folder: null })));
  storeInPack(id, copies.flat());
  return docs.length * times;
}

resetWorld({ gms: 1 });
await startClient({ lang: "de" });
const creatures = repeated("world.bench-kreaturen", "Actor", [...source("bestiarium"), ...source("begleiter")], 25);
const items = repeated("world.bench-gegenstaende", "Item", source("ausruestung"), 18);

const median = (t: number[]) => [...t].sort((a, b) => a - b)[Math.floor(t.length / 2)];

async function timed(run: () => Promise<unknown>, n: number): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  return median(times);
}

async function opened(tab: "creatures" | "items"): Promise<Any> {
  const app = new FlexBrowser({ tab }) as Any;
  await app.render(true);
  return app;
}

// A keystroke: the search text grows by one letter, as a user types "wolf" (then back to empty).
const WORDS = ["w", "wo", "wol", "wolf", "wol", "wo", "w", ""];
const report: string[] = [];
for (const [tab, count] of [["creatures", creatures], ["items", items]] as const) {
  const open = await timed(() => opened(tab), 5);
  const app = await opened(tab);
  let k = 0;
  const keystroke = await timed(() => app.search(WORDS[k++ % WORDS.length]), 40);
  // The system's own work of a keystroke (filter, counts, the two parts' context and HTML), without the stand-in's
  // parsing of that HTML into its DOM (a browser does that natively).
  const own = await timed(async () => {
    app.filters[tab].text = WORDS[k++ % WORDS.length];
    const options: Any = { parts: ["filters", "results"] };
    await app._renderHTML(await app._prepareContext(options), options);
  }, 40);
  const flag = tab === "creatures" ? "schwimmt" : "verbrauchbar";
  let on = false;
  const click = await timed(async () => {
    on = !on;
    app.filters[tab].flags[flag] = on;
    await app.render({ parts: ["filters", "results"] });
  }, 40);
  report.push(
    `  ${tab}: ${count} entries — open ${open.toFixed(1)} ms, keystroke ${keystroke.toFixed(2)} ms in the stand-in, of which the system's own ${own.toFixed(2)} ms (${keystroke < FRAME ? "under" : "OVER"} one frame of ${FRAME} ms), filter click ${click.toFixed(2)} ms`,
  );
}
console.log(`\nCompendium browser, median in the stand-in:\n${report.join("\n")}\n`);

describe("compendium browser over 1,000+ entries", async () => {
  const app = await opened("creatures");
  let k = 0;
  bench("a keystroke in the search (creatures)", async () => {
    await app.search(WORDS[k++ % WORDS.length]);
  });
});
