// The Heilen dialog before the click (issue 25, R-CORE-12, R-CORE-8, R-BREATH-3): it shows Leben now and the
// maximum, and as the amount is typed what the healing brings, never past the maximum.
import { parse } from "node-html-parser";
import { beforeEach, describe, expect, it } from "vitest";
import { HEAL_DIALOG_TEMPLATE, healDialogContext, healPreview, healPreviewState } from "../../src/applications/dialogs/heal-dialog";
import { createActor, resetWorld } from "../harness";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
const g = globalThis as Any;

beforeEach(() => {
  resetWorld({ gms: 1 });
  g.game.i18n.lang = "de";
});

const state = (leben: number, max = 30, more: Partial<{ dying: boolean; drowning: boolean }> = {}) => ({ leben, max, dying: false, drowning: false, ...more });

describe("the Leben line", () => {
  it.each([
    ["nothing typed yet", state(7), "", "Leben 7 von 30"],
    ["5 typed", state(7), "5", "Leben 7 → 12 von 30"],
    ["more than is missing", state(27), 5, "Leben 27 → 30 von 30 · Maximum erreicht"],
    ["no usable number", state(7), "viel", "Leben 7 von 30"],
    ["full already", state(30), 5, "Leben 30 von 30 · schon voll"],
    ["dying, nothing typed", state(0, 30, { dying: true }), null, "Leben 0 von 30 · im Sterben"],
    ["dying, 4 typed", state(0, 30, { dying: true }), 4, "Leben 0 → 4 von 30 · nicht mehr im Sterben"],
    ["drowning", state(0, 30, { drowning: true }), 4, "Leben 0 → 4 von 30 · ertrinkt weiter: nur Atemluft rettet"],
  ])("%s", (_what, s, typed, line) => {
    expect(healPreview(s, typed)).toBe(line);
  });

  it.each([
    ["en", "Life 7 → 12 of 30"],
    ["ru", "Жизнь 7 → 12 из 30"],
  ])("%s", (lang, line) => {
    g.game.i18n.lang = lang;
    expect(healPreview(state(7), 5)).toBe(line);
    expect([...g.game.i18n.missing]).toEqual([]);
  });

  it("the dialog opens with the character's Leben and maximum already shown, tied to the field", async () => {
    const rikka = (await createActor({ name: "Rikka", type: "character", system: { leben: { value: 7, max: 30 } } })) as Any;
    await rikka.toggleStatusEffect("dying", { active: false });
    const html = parse(await g.foundry.applications.handlebars.renderTemplate(HEAL_DIALOG_TEMPLATE, healDialogContext(rikka.name, healPreviewState(rikka))));
    expect(html.querySelector(".flex-heal-preview")?.text).toBe("Leben 7 von 30");
    expect(html.querySelector("input[name=amount]")?.getAttribute("aria-describedby")).toBe(html.querySelector(".flex-heal-preview")?.id);
    expect(html.querySelector("p")?.text).toBe("Wie viel Leben heilt Rikka?");
  });
});
