// R-POLY-1 from the token HUD (or the Effekte tab): switching *verwandelt* on asks its owner which creature to
// become (the world's creatures the user may see and the creature packs open to them, in the compendium browser's
// select mode, issue 26) and transforms into it.
import { beforeEach, describe, expect, it } from "vitest";
import { as, addDocumentToCompendium, addToCompendium, resetWorld, settle, state, type Clients } from "../harness";
import { choose, click, offeredNames, pickerOn, resultTarget } from "./browser-helpers";
import { alrik, essence, ownedBy, wolf } from "./polymorph-helpers";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
const g = globalThis as Any;
let clients: Clients;

beforeEach(() => {
  clients = resetWorld({ gms: 1, players: 1 });
});

const transformed = async (hero: Any) => {
  for (let i = 0; i < 100 && !hero.getFlag("flex", "polymorph"); i++) await new Promise((r) => setTimeout(r, 5));
  await settle();
};

/** Player 1's Alrik switches verwandelt on, with a wolf of the world they may see: the picker that opens on their client. */
async function switchOnWithWolf() {
  const [player] = clients.players;
  const hero = await alrik(player);
  const form = await wolf();
  await form.update({ ownership: { default: 2 } });
  void as(player, () => hero.toggleStatusEffect("polymorphed", { active: true }));
  return { player, hero, form, picker: await pickerOn(player) };
}

describe("switching verwandelt on asks for the form", () => {
  it("the owner picks a creature of the world: the character turns into it, the status comes with the transformation", async () => {
    const { player, hero, form, picker } = await switchOnWithWolf();
    expect(offeredNames(picker)).toEqual(["Wolf"]);
    expect(picker.title).toBe(`${hero.name} verwandelt sich`);
    await choose(picker, player, form.uuid);
    await transformed(hero);
    expect(hero.getFlag("flex", "polymorph")?.form?.name).toBe("Wolf");
    expect(hero.statuses.has("polymorphed")).toBe(true);
  });

  it("G-7: the picker says what the character keeps, what is locked, which armour counts and after how much damage she turns back; no companion filters, no 'Gewählt: 1'", async () => {
    const { player, hero, form, picker } = await switchOnWithWolf();
    expect(picker.lastRender.footer).toContain(`Wähle eine Gestalt: Dann steht hier, was ${hero.name} behält und wann die Verwandlung endet.`);
    expect(picker.lastRender.footer).not.toContain("Gewählt");
    for (const hidden of ["flag.trainierbar", "flag.reitbar", "min.misstrauen"]) expect(picker.lastRender.filters).not.toContain(hidden);
    // The other filters stay: a range, and no yes/no that none of the forms has (no form here flies).
    expect(picker.lastRender.filters).toContain('name="min.leben"');
    expect(picker.lastRender.filters).not.toContain("flag.fliegt");
    await click(picker, player, "select", resultTarget(form.uuid));
    const { value, max } = hero.system.leben;
    expect(picker.lastRender.footer).toContain(`${hero.name} behält Leben ${value}/${max}, Fluss und Gunst; die Ausrüstung ist gesperrt, ihre passiven Vorteile bleiben; nur die Rüstung der Gestalt zählt (Wolf: ${form.system.ruestung}); nach ${form.system.leben.max} Schaden in dieser Gestalt endet die Verwandlung.`);
    await click(picker, player, "choose");
    await transformed(hero);
  });

  it("a creature the player may not see is not offered, nor can a forged answer use it; a closed picker changes nothing", async () => {
    const [player] = clients.players;
    const hero = await alrik(player);
    const hidden = await wolf("Geheimer Drache");
    await hidden.update({ ownership: { default: 0 } });
    const seen = await wolf("Hauskatze");
    await seen.update({ ownership: ownedBy(player) });
    const before = essence(hero);
    void as(player, () => hero.toggleStatusEffect("polymorphed", { active: true }));
    const picker = await pickerOn(player);
    expect(offeredNames(picker)).toEqual(["Hauskatze"]);
    // A forged click naming the hidden creature: it was not offered, so it is not chosen and the button answers nothing.
    await click(picker, player, "select", resultTarget(hidden.uuid));
    await click(picker, player, "choose");
    expect(picker.chosen.size).toBe(0);
    expect(picker.rendered).toBe(true);
    await as(player, () => picker.close());
    await settle();
    expect(hero.getFlag("flex", "polymorph")).toBeUndefined();
    expect(essence(hero)).toEqual(before);
    expect(hero.statuses.has("polymorphed")).toBe(false);
  });

  it("the hidden creature is refused on every route: a macro with its uuid, the API with the actor, a drop on the sheet", async () => {
    const [player] = clients.players;
    const hero = await alrik(player);
    const hidden = await wolf("Geheimer Drache");
    await hidden.update({ ownership: { default: 0 } });
    const before = essence(hero);
    const writes = state.writes.length;
    const { transformOnDrop } = await import("../../src/applications/sheets/polymorph-sheet");
    expect(await as(player, () => g.game.flex.polymorph.transform(hero, hidden.uuid))).toBeNull();
    expect(await as(player, () => g.game.flex.polymorph.transform(hero.uuid, hidden))).toBeNull();
    expect(await as(player, () => transformOnDrop(hero, hidden))).toBeNull();
    expect(state.writes.length).toBe(writes);
    expect(essence(hero)).toEqual(before);
    expect(state.notifications.filter((n) => n.userId === player.id).map((n) => n.message)).toEqual(Array(3).fill("Diese Kreatur steht dir nicht zur Verfügung: Verwandeln kannst du dich nur in Kreaturen, die du sehen darfst."));
    // A creature of a pack the GM has closed to players, the same; open (as the system ships it), it is taken.
    const bear = addToCompendium("bestiarium", { name: "Höhlenbär", type: "creature", system: { stufe: 2 } });
    const pack = g.game.packs.get("flex.bestiarium");
    await pack.configure({ ownership: { PLAYER: "NONE", ASSISTANT: "OWNER" } });
    expect(await as(player, () => g.game.flex.polymorph.transform(hero, bear))).toBeNull();
    await pack.configure({ ownership: { PLAYER: "OBSERVER", ASSISTANT: "OWNER" } });
    expect(await as(player, () => g.game.flex.polymorph.transform(hero, bear))).not.toBeNull();
  });

  it("with no creature to become it says how instead (drop one on the sheet)", async () => {
    const hero = await alrik();
    await hero.toggleStatusEffect("polymorphed", { active: true });
    await settle();
    expect(state.notifications.at(-1)).toMatchObject({ type: "warn", message: "Zum Verwandeln zieh eine Kreatur auf den Charakterbogen." });
  });

  it("the system's creature packs are offered with their label, and a creature from one is taken from the pack", async () => {
    const hero = await alrik();
    const uuid = addToCompendium("bestiarium", { name: "Höhlenbär", type: "creature", system: { stufe: 2 } });
    addDocumentToCompendium("talente", "Item", { name: "Athletik", type: "talent" });
    const gm = clients.gms[0];
    void hero.toggleStatusEffect("polymorphed", { active: true });
    const picker = await pickerOn(gm);
    expect(picker.rowsOf("creatures").map((r) => [r.name, r.source, r.stufe])).toEqual([["Höhlenbär", "Bestiarium", 2]]);
    expect(picker.rowsOf("talents")).toEqual([]);
    await choose(picker, gm, uuid);
    await transformed(hero);
    expect(hero.getFlag("flex", "polymorph")?.form?.name).toBe("Höhlenbär");
  });
});
