// The rules journal is read by players (issue 36, scope 4; review B-13): it says what to click, never a function name,
// a flag or a CONFIG entry. Those are for macro writers, in docs/api.md.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const CODE = /game\.flex|\bactor\.\w+\(|\bitem\.\w+\(|\bactor\.applyDamage|flags\.flex|CONFIG\.FLEX/;

describe("the rules journal speaks to players", () => {
  for (const lang of ["de", "en", "ru"]) {
    it(`${lang}: no rule text names code`, () => {
      const rules = (JSON.parse(readFileSync(join(import.meta.dirname, "..", "..", "lang", `${lang}.json`), "utf8")) as { FLEX: { RuleText: Record<string, Record<string, string> | string> } }).FLEX.RuleText;
      const found = Object.entries(rules).flatMap(([id, texts]) => (typeof texts === "string" ? [[id, texts]] : Object.entries(texts).map(([f, t]) => [`${id}.${f}`, t])).filter(([, t]) => CODE.test(t!)).map(([k]) => k));
      expect(found).toEqual([]);
    });
  }
});
