// G-2: the system's settings window in three groups, each under its heading, by the system's renderSettingsConfig
// hook; and the rest settings say the Flex rule, not D&D's, in each language.
import { beforeEach, describe, expect, it } from "vitest";
import { parse } from "node-html-parser";
import { resetWorld } from "../harness";
import { RenderedElement } from "../harness/applications";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
const g = globalThis as Any;

beforeEach(() => {
  resetWorld({ gms: 1, players: 0 });
});

/** Core's settings window as it lists Flex's settings flat, in registration order; then the render hook. */
function settingsWindow(): { root: RenderedElement; order: () => string[] } {
  const keys = [...g.game.settings.registry.entries()].filter(([k, c]: [string, Any]) => k.startsWith("flex.") && c.config).map(([k]: [string]) => k);
  const rows = keys.map((k: string) => `<div class="form-group"><label>${k}</label><div class="form-fields"><input name="${k}"></div></div>`).join("");
  const root = new RenderedElement(parse(`<section><button class="menu">Selbsttest</button>${rows}</section>`).firstElementChild as Any);
  g.Hooks.callAll("renderSettingsConfig", {}, root, {}, {});
  const order = () => root.children.map((c) => (c.tagName === "H4" ? `# ${c.textContent}` : c.tagName === "BUTTON" ? "menu" : c.querySelector("input")!.getAttribute("name")!.slice(5)));
  return { root, order };
}

describe("G-2 the settings window in groups", () => {
  it("three headings, each followed by its own settings; the menu button stays above; every setting still there once", () => {
    const { order } = settingsWindow();
    const seen = order();
    expect(seen[0]).toBe("menu");
    expect(seen.filter((s) => s.startsWith("#"))).toEqual(["# Kampf und Sturz", "# Rast, Auszeit und Zeit", "# Welt und Darstellung"]);
    const under = (heading: string) => {
      const from = seen.indexOf(heading) + 1;
      const next = seen.findIndex((s, i) => i >= from && s.startsWith("#"));
      return seen.slice(from, next < 0 ? undefined : next);
    };
    expect(under("# Kampf und Sturz")).toEqual(expect.arrayContaining(["damageApply", "creatureDefence", "fallAutomatic", "fallRoller", "fallAutoApply"]));
    expect(under("# Rast, Auszeit und Zeit")).toEqual(expect.arrayContaining(["restFluss", "restGunst", "restAnswerSeconds", "trainingAdvancesTime"]));
    expect(under("# Welt und Darstellung")).toEqual(expect.arrayContaining(["currencyLabel", "starterTalents"]));
    const keys = seen.filter((s) => !s.startsWith("#") && s !== "menu");
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("a second render adds no second set of headings", () => {
    const { root, order } = settingsWindow();
    g.Hooks.callAll("renderSettingsConfig", {}, root, {}, {});
    expect(order().filter((s) => s.startsWith("#"))).toHaveLength(3);
  });

  it.each(["de", "en", "ru"])("%s: the Flow setting says the Flex rule, no spell slots; ru says Поток and Благосклонность, never Fluss or Gunst", (lang) => {
    g.game.i18n.lang = lang;
    const text = ["restFluss", "restGunst"].flatMap((k) => [g.game.i18n.localize(`FLEX.Setting.${k}.name`), g.game.i18n.localize(`FLEX.Setting.${k}.hint`)]).join(" ");
    expect(text).not.toMatch(/Zauberpl|spell slot|ячейк/i);
    if (lang === "ru") {
      expect(text).not.toMatch(/Fluss|Gunst/);
      expect(text).toContain("Благосклонность");
    }
  });
});
