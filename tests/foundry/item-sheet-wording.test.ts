// What an item sheet says (issue 16): a range of 0 is melee (or touch for a spell), not a bare "Reichweite 0";
// the charges' maximum reads "Max. Ladungen".
import { parse } from "node-html-parser";
import { beforeEach, describe, expect, it } from "vitest";
import { FlexItemSheet } from "../../src/applications/sheets/item-sheet";
import { createActor, resetWorld } from "../harness";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
const g = globalThis as Any;

beforeEach(() => {
  resetWorld({ gms: 1 });
});

async function sheetOf(type: string, system: Record<string, unknown>) {
  const actor = (await createActor({ name: "Alrik", type: "character" })) as Any;
  const [item] = await actor.createEmbeddedDocuments("Item", [{ name: "Ding", type, system }]);
  const sheet = new FlexItemSheet({ document: item }) as Any;
  await sheet.render(true);
  return parse(Object.values(sheet.lastRender as Record<string, string>).join(""));
}

describe("range on item sheets", () => {
  it("a melee weapon says Nahkampf (Melee in English), a ranged one keeps its hint", async () => {
    const melee = await sheetOf("weapon", { reichweite: 0 });
    expect(melee.querySelector(".flex-range-melee")!.text.trim()).toBe("Nahkampf");
    const bow = await sheetOf("weapon", { reichweite: 30 });
    expect(bow.querySelector(".flex-range-melee")).toBeNull();
    expect(bow.querySelector('input[name="system.reichweite"]')!.getAttribute("value")).toBe("30");
    g.game.i18n.lang = "en";
    expect((await sheetOf("weapon", { reichweite: 0 })).querySelector(".flex-range-melee")!.text.trim()).toBe("Melee");
  });

  it("a spell of range 0 says Berührung oder selbst", async () => {
    const spell = await sheetOf("spell", { reichweite: 0 });
    expect(spell.querySelector(".flex-range-melee")!.text.trim()).toBe("Berührung oder selbst");
  });
});

describe("charges (review B-18)", () => {
  it("one pair 'Ladungen 3 / 10', the maximum named 'Max. Ladungen' for screen readers", async () => {
    const kit = await sheetOf("equipment", { verbrauch: "ladung", ladungen: { value: 3, max: 10 } });
    const pair = kit.querySelector(".flex-pair-field")!;
    expect(pair.querySelector(".flex-pair-label")!.text).toBe("Ladungen");
    expect(pair.querySelectorAll("input").map((i) => [i.getAttribute("name"), i.getAttribute("value"), i.getAttribute("aria-label")])).toEqual([
      ["system.ladungen.value", "3", "Ladungen"],
      ["system.ladungen.max", "10", "Max. Ladungen"],
    ]);
  });

  it("an item that is not used up by charges and has none shows no charges at all", async () => {
    const amulet = await sheetOf("equipment", { verbrauch: "keiner" });
    expect(amulet.querySelector('input[name="system.ladungen.value"]')).toBeNull();
  });
});

describe("an empty description", () => {
  it("says so, and how to write one when the sheet is editable", async () => {
    const sheet = await sheetOf("weapon", {});
    expect(sheet.querySelector(".flex-no-description")!.text).toBe("Noch keine Beschreibung: Mit dem Stift rechts schreibst du eine.");
    expect(sheet.querySelector("prose-mirror")).not.toBeNull();
    const written = await sheetOf("weapon", { beschreibung: "<p>Scharf.</p>" });
    expect(written.querySelector(".flex-no-description")).toBeNull();
  });
});
