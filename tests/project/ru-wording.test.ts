// Issue 16: the Russian texts use Russian words for the values of a check (итог, порог), not the German
// abbreviations EW and SW in Latin letters; rule IDs and the rules journal's texts aside.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const ru = JSON.parse(readFileSync(join(import.meta.dirname, "..", "..", "lang", "ru.json"), "utf8"));
const flat = (o: Record<string, unknown>, p = ""): [string, string][] =>
  Object.entries(o).flatMap(([k, v]) => (v && typeof v === "object" ? flat(v as Record<string, unknown>, `${p}${k}.`) : [[`${p}${k}`, String(v)] as [string, string]]));

describe("Russian wording", () => {
  it("no Latin EW, SW or ÜW in a Russian text a player reads", () => {
    const latin = flat(ru).filter(([k, v]) => !k.startsWith("FLEX.RuleText.") && /(^|[^\p{L}])(EW|SW|ÜW)(?!\p{L})/u.test(v));
    expect(latin).toEqual([]);
  });
});
