// Every rule ID the rules layer cites has a test that names it.
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { RULE_IDS } from "../../src/rules";

const ROOT = join(import.meta.dirname, "..", "..");
const read = (dir: string) =>
  readdirSync(join(ROOT, dir), { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".ts"))
    .map((f) => readFileSync(join(ROOT, dir, f), "utf8"))
    .join("\n");

describe("rule coverage", () => {
  const idPattern = /R-[A-Z]+(?:-[A-Z]+)*-\d+|R-OPT-[A-Z]+|R-REST-TAL/g;
  const rules = read("src/rules").replace(/export const RULE_IDS = \[[\s\S]*?\];/, "");
  const cited = [...new Set(rules.match(idPattern))].sort();

  it("cites only IDs that exist in the rule digest", () => {
    expect(cited.filter((id) => !(RULE_IDS as readonly string[]).includes(id))).toEqual([]);
  });

  it("has a test naming each cited rule", () => {
    const tests = read("tests");
    expect(cited.filter((id) => !new RegExp(`\\b${id}\\b`).test(tests))).toEqual([]);
    expect(cited.length).toBeGreaterThan(15);
  });
});
