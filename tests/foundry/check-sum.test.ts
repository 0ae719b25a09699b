// R-CORE-4 in one line on every card that rolls a check (issue 25): the die in the language's letter, each term
// named, a typographic minus, "= EW n" unless a table has its own EW column.
import { beforeEach, describe, expect, it } from "vitest";
import { checkDie, checkFormulaText, checkSumText } from "../../src/dice/check-sum";
import { resetWorld, startClient } from "../harness";

const result = (over: Record<string, unknown> = {}) => ({ formula: "1d10 + 3 - 1", kept: 8, uebungswert: 3, modifier: 0, malus: 1, ew: 10, ...over });

beforeEach(() => {
  resetWorld({ gms: 1 });
});

describe("a check's sum on the cards", () => {
  it("names each term and ends in the EW (German)", async () => {
    await startClient({ lang: "de" });
    expect(checkSumText(result())).toBe("W10 8 + 3 Übungswert − 1 Erschöpfung = EW 10");
    expect(checkSumText(result({ formula: "2d12kh + 4 - 2", kept: 11, uebungswert: 4, modifier: -2, malus: 0, ew: 13 }))).toBe("W12 11 + 4 Übungswert − 2 Modifikator = EW 13");
    expect(checkSumText(result({ formula: "1d6", kept: 4, uebungswert: 0, malus: 0, ew: 4 }), { withEW: false })).toBe("W6 4");
    // An EW below 0 with a true minus.
    expect(checkSumText(result({ formula: "1d4 - 5", kept: 1, uebungswert: 0, malus: 5, ew: -4 }))).toBe("W4 1 − 5 Erschöpfung = EW −4");
  });

  it("a series of blocks names the terms once, each row only its numbers", async () => {
    await startClient({ lang: "de" });
    expect(checkFormulaText(result())).toBe("W10 + 3 Übungswert − 1 Erschöpfung");
    expect(checkSumText(result(), { withEW: false, named: false })).toBe("W10 8 + 3 − 1");
  });

  it("speaks the world's language: the die letter and the words", async () => {
    await startClient({ lang: "en" });
    expect(checkSumText(result())).toMatch(/^d10 8 \+ 3 \S.* − 1 \S.* = Result 10$/);
    await startClient({ lang: "ru" });
    const ru = checkSumText(result());
    expect(ru.startsWith("к10 8 + 3 ")).toBe(true);
    expect(ru.endsWith("= Итог 10")).toBe(true);
    expect(ru).not.toMatch(/\b(?:EW|W10)\b/);
  });

  it("reads the die from the formula", () => {
    expect(checkDie("3d8kh + 2")).toBe("W8");
    expect(checkDie("1d4")).toBe("W4");
    expect(checkDie("")).toBe("");
  });
});
