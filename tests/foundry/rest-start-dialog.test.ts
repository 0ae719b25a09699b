// G-13: the GM's rest dialog shows each rest's window (per 24 h or per week, R-REST-1 … R-REST-4) in its column head,
// the cells as "used/limit" or when it may be taken again, each character's Leben and Erschöpfung, what the chosen rest
// restores, and marks the chosen rest's column.
import { parse } from "node-html-parser";
import { beforeEach, describe, expect, it } from "vitest";
import { REST_START_TEMPLATE, restStartContext } from "../../src/applications/dialogs/rest-start-dialog";
import { createActor, resetWorld } from "../harness";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
const g = globalThis as Any;

beforeEach(() => {
  resetWorld({ gms: 1 });
  g.game.i18n.lang = "de";
});

async function dialog(selected: Any = "shortRest") {
  const hero = await createActor({ name: "Senna", type: "character", system: { leben: { value: 9, max: 34 }, erschoepfung: { value: 2 } } });
  const html = await g.foundry.applications.handlebars.renderTemplate(REST_START_TEMPLATE, restStartContext([hero], selected));
  return parse(html);
}

describe("G-13 the rest-start dialog", () => {
  it("column heads name each rest with its window; cells say used/limit without 'genutzt'; Leben and Erschöpfung per character", async () => {
    const root = await dialog();
    const heads = root.querySelectorAll("thead th").map((th) => th.text.replace(/\s+/g, " ").trim());
    expect(heads.slice(2)).toEqual(["Atempause je 24 h", "Kurze Rast je 24 h", "Lange Rast je Woche", "Volle Rast je Woche"]);
    expect(root.querySelector("tbody th .flex-rest-start-state")!.text).toBe("Leben 9/34 · Erschöpfung 2");
    const cells = root.querySelectorAll("tbody td").map((td) => td.text.trim());
    expect(cells.slice(1)).toEqual(["0/3", "0/1", "0/2", "0/2"]);
    expect(root.toString()).not.toContain("genutzt");
  });

  it("what each rest restores is there, the chosen one's marked to show; each window cell names its rest for the column mark", async () => {
    const root = await dialog("longRest");
    const hints = root.querySelectorAll(".flex-rest-type-hint");
    expect(hints.map((h) => h.getAttribute("data-type"))).toEqual(["breather", "shortRest", "longRest", "fullRest"]);
    expect(hints[2].text).toContain("24 Stunden, höchstens 2 pro Woche");
    expect(root.querySelector('option[value="longRest"]')!.hasAttribute("selected")).toBe(true);
    expect(root.querySelectorAll('td[data-type="longRest"]')).toHaveLength(1);
  });

  it.each(["en", "ru"])("%s: no key is missing", async (lang) => {
    g.game.i18n.lang = lang;
    await dialog();
    expect([...g.game.i18n.missing]).toEqual([]);
  });
});
