// The gallery's wording check itself (tests/browser/wording.ts): it finds what issue 25's Done-when names and
// nothing else, so a page fails for a real problem only.
import { describe, expect, it } from "vitest";
import { wordingProblems } from "../browser/wording";

describe("the gallery's wording check", () => {
  it.each([
    ["Leben 12 → -5", "ASCII minus \"-5\""],
    ["Modifikator (-2)", "ASCII minus \"-2\""],
    ["Level 4-11", "hyphen between numbers \"4-11\""],
    ["8 - 2 = 6", "hyphen between numbers \"8 - 2\""],
    ["Schaden 1W8-1", "ASCII minus in \"1W8-1\""],
    ["Wurf W8 - 1", "ASCII minus in \"W8 - 1\""],
  ])("every language: %s", (text, problem) => {
    for (const lang of ["de", "en", "ru"]) expect(wordingProblems(text, lang), lang).toContain(problem);
  });

  it("a German page shows no d6 nor к6, an English one no W6 nor к6, a Russian one no W6 nor d6", () => {
    expect(wordingProblems("Schaden 1d6 + 2, Vorteil 3d8kh", "de")).toEqual(['dice "1d6"', 'dice "3d8kh"']);
    expect(wordingProblems("Schaden 1к6", "de")).toEqual(['dice "1к6"']);
    expect(wordingProblems("damage 2W6, W8", "en")).toEqual(['dice "2W6"', 'dice "W8"']);
    expect(wordingProblems("урон d6 и 1W8", "ru").sort()).toEqual(['dice "1W8"', 'dice "d6"']);
  });

  it.each([
    ["de", "KO-Probe gegen SW 15, W6-Würfel, Stufe ½, Level 1–4, EW 8 − 2 = 6, Leben −5, Regel R-REST-1"],
    ["de", "1W8 + 3, 3W8 (höchster) + 2, Stand6, id a1d2f3, Atemluft-Probe, 2024 Heilerset-Ladung"],
    ["en", "1d8 + 3, Life −5, levels 1–4, a DEX-based check, hit die d10"],
    ["ru", "1к8 + 3, Жизнь −5, уровни 1–4, проверка ТЕЛ против порога 15"],
  ])("no false alarm (%s): %s", (lang, text) => {
    expect(wordingProblems(text, lang)).toEqual([]);
  });
});
