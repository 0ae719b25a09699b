// The statuses a Flex table sees (issue 16): core's that make sense in Flex, named in the table's language,
// and Flex's own; core's shields, targets and up- or downgrades stay out of the HUD and the sheet.
import { parse } from "node-html-parser";
import { beforeEach, describe, expect, it } from "vitest";
import { CharacterSheet } from "../../src/applications/sheets/character-sheet";
import { createActor, resetWorld } from "../harness";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
const g = globalThis as Any;

beforeEach(() => {
  resetWorld({ gms: 1 });
});

async function effectToggles(lang: string) {
  g.game.i18n.lang = lang;
  const actor = await createActor({ name: "Alrik", type: "character" });
  const sheet = new CharacterSheet({ document: actor }) as Any;
  sheet.changeTab("effects", "primary");
  await sheet.render(true);
  return parse(sheet.lastRender.effects).querySelectorAll("[data-action='toggleStatus']").map((b) => b.text.trim());
}

describe("statuses on the sheet and the token HUD", () => {
  it.each([
    ["de", ["Tot", "Bewusstlos", "Fliegend", "Vergiftet", "Im Sterben", "Ertrinkt", "Nass", "Ohne Schlaf"]],
    ["en", ["Dead", "Unconscious", "Flying", "Poisoned", "Dying", "Drowning", "Wet"]],
    // Russian names that do not depend on the character's gender.
    ["ru", ["Мёртв", "Без сознания", "Полёт", "Отравление", "Мокрый", "Превращение"]],
  ])("in %s the core statuses that matter are named in the language, beside Flex's own", async (lang, names) => {
    const toggles = await effectToggles(lang);
    for (const n of names) expect(toggles).toContain(n);
    expect(toggles.join(" ")).not.toMatch(/EFFECT\.|FLEX\./);
  });

  it("core statuses that mean nothing in Flex are not offered, but stay defined for effects that carry them", async () => {
    const toggles = await effectToggles("de");
    expect(toggles.length).toBe(18 + 8);
    const hidden = g.CONFIG.statusEffects.filter((s: Any) => s.hud === false).map((s: Any) => s.id);
    expect(hidden).toEqual(expect.arrayContaining(["target", "eye", "upgrade", "downgrade", "fireShield", "bless", "regen"]));
    expect(hidden).not.toContain("dead");
    expect(hidden).not.toContain("fly");
    expect(g.CONFIG.statusEffects.find((s: Any) => s.id === "dead").name).toBe("FLEX.Status.core.dead");
  });

  it("a status toggled on the sheet creates the effect under the Flex name", async () => {
    g.game.i18n.lang = "de";
    const actor = await createActor({ name: "Alrik", type: "character" });
    await actor.toggleStatusEffect("prone", { active: true });
    expect(actor.statuses.has("prone")).toBe(true);
    expect(actor.effects.contents.map((e: Any) => e.name)).toEqual(["Liegend"]);
  });
});
