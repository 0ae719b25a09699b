// The sheets and dialogs render with the real templates, only Foundry's own Handlebars helpers, and
// no unresolved text in any language. (Full browser checks come with the sheets issue.)
import { beforeEach, describe, expect, it } from "vitest";
import { CharacterSheet, CreatureSheet } from "../../src/applications/sheets/actor-sheet";
import { FlexItemSheet } from "../../src/applications/sheets/item-sheet";
import { as, createActor, resetWorld, type Clients } from "../harness";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
let clients: Clients;
const i18n = () => (globalThis as Any).game.i18n;

beforeEach(() => {
  clients = resetWorld({ gms: 1, players: 1 });
});

async function render(Sheet: Any, document: Any) {
  const sheet = new Sheet({ document });
  await sheet.render(true);
  return Object.values(sheet.lastRender as Record<string, string>).join("\n");
}

describe.each(["de", "en", "ru"])("sheets in %s", (lang) => {
  beforeEach(() => {
    i18n().lang = lang;
  });

  it("the character sheet shows attributes, talents and Erschöpfung with roll buttons", async () => {
    const actor = await createActor({ name: "Alrik", type: "character", system: { erschoepfung: { value: 3 }, attributes: { ko: 8 } } });
    await actor.createEmbeddedDocuments("Item", [
      { name: "Athletik", type: "talent", system: { attribut: "kk", uebungswert: 2 } },
      { name: "Dolch", type: "weapon" },
    ]);
    const html = await render(CharacterSheet, actor);
    expect(html.match(/data-action="rollAttribute"/g)).toHaveLength(8);
    expect(html).toContain('data-action="rollTalent"');
    expect(html).toContain("Athletik");
    expect(html).toContain("Dolch");
    expect(html).toMatch(/value="3"/);
    expect([...i18n().missing]).toEqual([]);
  });

  it("the creature sheet shows Misstrauen's default for the Stufe", async () => {
    const actor = await createActor({ name: "Wolf", type: "creature", system: { stufe: 2 } });
    const html = await render(CreatureSheet, actor);
    expect(html).toContain('placeholder="21"');
    expect([...i18n().missing]).toEqual([]);
  });

  it.each(["talent", "weapon", "armor", "equipment", "alchemical", "spell", "attack", "passive"])("the %s sheet renders", async (type) => {
    const actor = await createActor({ type: "character" });
    const [item] = await actor.createEmbeddedDocuments("Item", [{ name: "Ding", type }]);
    const html = await render(FlexItemSheet, item);
    expect(html).toContain('name="system.beschreibung"');
    expect([...i18n().missing]).toEqual([]);
  });
});

describe("who sees roll buttons", () => {
  it("a player who only observes the character sees disabled roll buttons", async () => {
    const actor = await createActor({ name: "Fremd", type: "character", ownership: { default: 2 } });
    const html = await as(clients.players[0], () => render(CharacterSheet, actor));
    expect(html).toMatch(/data-action="rollAttribute" data-attribute="mu" disabled/);
  });
});
