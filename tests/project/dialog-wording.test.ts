// Issue 36 (gallery review of the dialogs): wording that contradicted the rules or misled, checked in every language.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const load = (lang: string) => JSON.parse(readFileSync(join(import.meta.dirname, "..", "..", "lang", `${lang}.json`), "utf8"));
const LANGS = { de: load("de"), en: load("en"), ru: load("ru") };
const at = (o: Record<string, unknown>, path: string): string => String(path.split(".").reduce<unknown>((n, k) => (n as Record<string, unknown>)[k], o));
const flat = (o: Record<string, unknown>, p = ""): [string, string][] =>
  Object.entries(o).flatMap(([k, v]) => (v && typeof v === "object" ? flat(v as Record<string, unknown>, `${p}${k}.`) : [[`${p}${k}`, String(v)] as [string, string]]));

describe("dialog wording (issue 36)", () => {
  it.each(Object.entries(LANGS))("%s: G-9 a short combat never kills, said without a condition", (_lang, lang) => {
    expect(at(lang, "FLEX.ShortCombat.HitsRule")).not.toMatch(/Wollen die Gegner|Unless the enemies|Если враги/);
    expect(at(lang, "FLEX.ShortCombat.HitsRule")).toMatch(/Niemand stirbt|Nobody dies|Никто не погибает/);
  });

  it.each(Object.entries(LANGS))("%s: G-11 the fall hints say 'on a failure', not 'else'", (_lang, lang) => {
    for (const key of ["FLEX.Sheet.FallHint", "FLEX.Fall.Pit.FIELDS.height.hint"]) expect(at(lang, key)).toMatch(/bei Misslingen|on a failure|при провале/);
  });

  it.each(Object.entries(LANGS))("%s: G-21 / G-18 an EW range reads 'bis' (no minus-dash 'EW −2–3'), per 4-hour Einheit, no 'Block' in the outlooks", (_lang, lang) => {
    for (const key of ["FLEX.Making.Work.Outlook", "FLEX.Making.Outlook.Chance", "FLEX.Making.Outlook.Never", "FLEX.Training.Outlook.Chance"]) {
      expect(at(lang, key)).not.toContain("{min}–{max}");
      expect(at(lang, key)).not.toMatch(/Block|block|блок/);
    }
  });

  it.each(Object.entries(LANGS))("%s: G-17 an ally is no companion (the trained animal's word)", (_lang, lang) => {
    expect(at(lang, "FLEX.Rest.Answer.RolledNote")).not.toMatch(/Gefährte|companion|спутник/);
  });

  it("G-2 / G-10: Russian says ЛВ for the attribute and Поток, Благосклонность, never Fluss or Gunst, in the settings", () => {
    const ru = LANGS.ru;
    expect(flat(ru.FLEX.ShortCombat).filter(([, v]) => v.includes("ЛВК"))).toEqual([]);
    expect(flat(ru.FLEX.Setting).filter(([, v]) => /Fluss|Gunst/.test(v))).toEqual([]);
  });

  it.each(Object.entries(LANGS))("%s: G-2 no D&D spell slots in the settings", (_lang, lang) => {
    expect(flat(lang.FLEX.Setting).filter(([, v]) => /Zauberpl|spell slot|ячейк/i.test(v))).toEqual([]);
  });
});
