// Polymorph in place (RULES.md §6): dropping a creature on a character transforms it, the snapshot rides in
// the same write as the swap, the character's equipment is locked, damage and Fluss come off its own pools
// through the form's armour only, and turning back restores everything, on linked actors and unlinked tokens.
import { beforeEach, describe, expect, it } from "vitest";
import { CharacterSheet } from "../../src/applications/sheets/character-sheet";
import { addToCompendium, as, createScene, disconnect, messages, placeToken, reloadWorld, resetWorld, settle, state, worldCollections, type Clients } from "../harness";
import { DataTransferStandIn, drop, showTab } from "../harness/applications";
import { alrik, essence, wolf } from "./polymorph-helpers";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
let clients: Clients;
const g = globalThis as Any;
const poly = () => g.game.flex.polymorph;
const notes = (type: string) => state.notifications.filter((n) => n.type === type).map((n) => n.message);
const writesSince = (n: number) => state.writes.slice(n);

beforeEach(() => {
  clients = resetWorld({ gms: 1, players: 2 });
});

async function open(document: Any) {
  const sheet = new CharacterSheet({ document });
  await sheet.render(true);
  return sheet;
}

function dropData(data: object) {
  const dt = new DataTransferStandIn();
  dt.setData("text/plain", JSON.stringify(data));
  return dt;
}

describe("R-POLY-1 / R-POLY-2 / R-POLY-4 a creature dropped on the character sheet transforms the character", () => {
  it("takes the form's values, attacks and passives, keeps its own Leben, Fluss and Gunst", async () => {
    const hero = await alrik();
    const form = await wolf();
    const sheet = await open(hero);
    await drop(sheet, dropData({ type: "Actor", uuid: form.uuid }));
    await settle();
    expect(hero.system.attributes).toMatchObject({ kl: 4, in: 10, mu: 6, ch: 4, kk: 8 });
    expect(hero.system).toMatchObject({ ruestung: 2, geschwindigkeit: 10, groesse: "klein", leben: { value: 20, max: 24 }, fluss: { value: 6, max: 10 }, gunst: { value: 2, max: 3 }, level: 4, geld: 120 });
    expect(hero.items.getName("Biss")).toBeTruthy();
    expect(hero.items.getName("Rudeltaktik")).toBeTruthy();
    expect(hero.statuses.has("polymorphed")).toBe(true);
    expect(worldCollections.actors.size).toBe(2); // in place: no extra actor
    expect(notes("info")).toContain("Alrik verwandelt sich in Wolf.");
  });

  it("the snapshot is written in the same write as the swap, and the transformation costs 3 writes", async () => {
    const hero = await alrik();
    const form = await wolf();
    const before = state.writes.length;
    await poly().transform(hero, form);
    const writes = writesSince(before);
    expect(writes.map((w) => [w.action, w.documentName])).toEqual([["update", "Actor"], ["create", "Item"], ["create", "ActiveEffect"]]);
    const swap = writes[0].data[0] as Any;
    expect(swap.flags.flex.polymorph.original.system.attributes.kk).toBe(6);
    expect(swap.system.attributes.kk).toBe(8);
    expect(swap.flags.flex.polymorph.items).toHaveLength(7);
  });

  it("a creature from a compendium works the same", async () => {
    const hero = await alrik();
    const uuid = addToCompendium("begleiter", { name: "Bär", type: "creature", system: { leben: { value: 30, max: 30 }, ruestung: 3, groesse: "gross" }, items: [{ name: "Prankenhieb", type: "attack", system: { schaden: "2W6" } }] });
    await drop(await open(hero), dropData({ type: "Actor", uuid }));
    await settle();
    expect(hero.system.ruestung).toBe(3);
    expect(hero.items.getName("Prankenhieb")).toBeTruthy();
    expect(poly().banner(hero)).toMatchObject({ form: "Bär", taken: 0, threshold: 30 });
  });

  it("a second transform while transformed is refused with a message and writes nothing", async () => {
    const hero = await alrik();
    await poly().transform(hero, await wolf());
    const bear = await wolf("Bär");
    const before = state.writes.length;
    expect(await poly().transform(hero, bear)).toBeNull();
    expect(state.writes.length).toBe(before);
    expect(notes("warn")).toContain("Alrik ist schon verwandelt (Wolf). Erst zurückverwandeln, dann die neue Gestalt annehmen.");
  });

  it("a character dropped on a character, or a creature transforming, is refused", async () => {
    const hero = await alrik();
    const other = await alrik(undefined, "Bela");
    await drop(await open(hero), dropData({ type: "Actor", uuid: other.uuid }));
    expect(hero.getFlag("flex", "polymorph")).toBeUndefined();
    expect(notes("warn")).toContain("In Bela kann man sich nicht verwandeln: Eine Gestalt muss eine Kreatur sein.");
    const form = await wolf();
    expect(await poly().transform(form, hero)).toBeNull();
    expect(notes("warn")).toContain("Wolf ist kein Charakter: Verwandeln können sich nur Charaktere.");
  });

  it("the verwandelt status on the token HUD: on transforms nobody (it says how); off turns the character back", async () => {
    const hero = await alrik();
    const before = essence(hero);
    await hero.toggleStatusEffect("polymorphed", { active: true });
    // The picker (the compendium browser) reads the packs' indexes first, then says there is nothing to become.
    for (let i = 0; i < 100 && !notes("warn").length; i++) await new Promise((r) => setTimeout(r, 5));
    expect(hero.statuses.has("polymorphed")).toBe(false);
    expect(notes("warn").at(-1)).toBe("Zum Verwandeln zieh eine Kreatur auf den Charakterbogen.");
    await poly().transform(hero, await wolf());
    await hero.toggleStatusEffect("polymorphed", { active: false });
    for (let i = 0; i < 100 && hero.getFlag("flex", "polymorph"); i++) await new Promise((r) => setTimeout(r, 5));
    await settle();
    expect(hero.statuses.has("polymorphed")).toBe(false);
    expect(essence(hero)).toEqual(before);
    expect(messages().filter((m) => m.content.includes("verwandelt sich zurück"))).toHaveLength(1);
  });
});

describe("players transform and turn back their own characters without a GM", () => {
  it("with no GM connected", async () => {
    const [p1] = clients.players;
    const hero = await alrik(p1);
    const form = await wolf();
    disconnect(clients.gms[0]);
    const before = essence(hero);
    const first = state.writes.length;
    await as(p1, () => poly().transform(hero, form));
    expect(hero.system.ruestung).toBe(2);
    await as(p1, () => hero.applyDamage(14)); // 12 after the wolf's armour: the wolf's Leben
    await settle();
    expect(hero.getFlag("flex", "polymorph")).toBeUndefined(); // turned back on the player's own client
    expect(essence(hero)).toEqual(before);
    expect(hero.system.leben.value).toBe(8);
    expect(writesSince(first).every((w) => w.userId === p1.id)).toBe(true);
    expect(messages().filter((m) => m.content.includes("verwandelt sich zurück"))).toHaveLength(1);
  });

  it("another player cannot", async () => {
    const [p1, p2] = clients.players;
    const hero = await alrik(p1);
    const form = await wolf();
    expect(await as(p2, () => poly().transform(hero, form))).toBeNull();
    expect(hero.getFlag("flex", "polymorph")).toBeUndefined();
  });
});

describe("R-POLY-3 equipment is locked; the passive benefits of magic items remain", () => {
  it("the character's equipment cannot be used, edited or deleted; its effects stay", async () => {
    const [p1] = clients.players;
    const hero = await alrik(p1);
    await poly().transform(hero, await wolf());
    await as(p1, async () => {
      const sword = hero.items.getName("Langschwert");
      expect(await sword.roll()).toBeNull();
      expect(await hero.items.getName("Heiltrank").use()).toBeNull();
      await hero.items.getName("Schutzring").delete();
      await hero.items.getName("Kettenhemd").update({ "system.ausgeruestet": false });
      await hero.effects.getName("Segen").delete();
    });
    expect(hero.items.getName("Schutzring")).toBeTruthy();
    expect(hero.items.getName("Kettenhemd").system.ausgeruestet).toBe(true);
    expect(hero.effects.getName("Segen")).toBeTruthy();
    // R-POLY-3: the ring's passive benefit works on; R-POLY-2: the path benefit sleeps, and wakes at the revert.
    expect(hero.items.getName("Schutzring").effects.get("ringEffect000001").active).toBe(true);
    const path = () => hero.items.getName("Pfad des Kriegers").effects.get("pathEffect000001");
    expect(path().active).toBe(false);
    await poly().revert(hero);
    expect(path().active).toBe(true);
    expect(notes("warn")).toContain("In der Gestalt Wolf kann Alrik Langschwert nicht benutzen.");
    expect(notes("warn")).toContain("Schutzring gehört Alrik und ist in der Gestalt Wolf gesperrt.");
  });

  it("the form's attack rolls; items the form brought can be deleted; new items are the character's", async () => {
    const hero = await alrik();
    await poly().transform(hero, await wolf());
    await hero.items.getName("Rudeltaktik").delete();
    expect(hero.items.getName("Rudeltaktik")).toBeUndefined();
    await hero.createEmbeddedDocuments("Item", [{ name: "Gefundener Ring", type: "equipment" }]);
    await poly().revert(hero);
    expect(hero.items.getName("Gefundener Ring")).toBeTruthy(); // picked up in the form: kept
    expect(hero.items.getName("Biss")).toBeUndefined();
  });

  it("R-POLY-2: the character's talent rolls without its Übungswert, with the form's die, and says so", async () => {
    const hero = await alrik();
    await poly().transform(hero, await wolf());
    const prepared = hero.prepareCheck({ talent: "Athletik" });
    expect(prepared.input).toMatchObject({ die: 8, uebungswert: 3, modifier: -3 });
    expect(prepared.notes.join(" ")).toContain("ohne Übungswert (−3)");
    expect(prepared.rules).toContain("R-POLY-2");
  });

  it("R-POLY-2 (Decision 2026-12-01): a bear with its own Athletik 2 rolls W12 + 2, by name and from the character's own talent alike", async () => {
    const hero = await alrik();
    const bear = await wolf("Bär");
    await bear.update({ "system.attributes.kk": 12 });
    await bear.createEmbeddedDocuments("Item", [{ name: "Athletik", type: "talent", system: { attribut: "kk", uebungswert: 2 } }]);
    const own = hero.items.getName("Athletik");
    await poly().transform(hero, bear);
    const form = hero.items.find((i: Any) => i.name === "Athletik" && i.getFlag("flex", "polymorphForm"));
    expect(form).toBeTruthy();
    for (const ref of ["Athletik", "athletik", own, own.id]) {
      const prepared = hero.prepareCheck({ talent: ref });
      expect(prepared.talent.id).toBe(form.id);
      expect(prepared.input).toMatchObject({ die: 12, uebungswert: 2, modifier: 0 });
      expect(prepared.notes.join(" ")).not.toContain("ohne Übungswert");
      expect(prepared.rules).not.toContain("R-POLY-2");
    }
    // A talent the form lacks is still the character's, without its Übungswert.
    expect(hero.prepareCheck({ talent: "Schwerter" }).input).toMatchObject({ uebungswert: 2, modifier: -2 });
    await poly().revert(hero);
    expect(hero.prepareCheck({ talent: "Athletik" })).toMatchObject({ talent: { id: own.id }, input: { die: 6, uebungswert: 3, modifier: 0 } });
  });

  it("the sheet shows the banner with the form and its Leben, the form's attacks and the locked equipment", async () => {
    const hero = await alrik();
    await poly().transform(hero, await wolf());
    await hero.applyDamage(7);
    const sheet = await open(hero);
    await showTab(sheet, "inventory");
    await showTab(sheet, "talents");
    const html = Object.values(sheet.lastRender as Record<string, string>).join("\n");
    expect(sheet.lastRender.talents).toContain("flex-item-group");
    expect(html).toContain("Verwandelt in Wolf");
    expect(html).toContain("Schaden in der Gestalt: 5 / 12 Leben");
    expect(html).toContain('data-action="revertPolymorph"');
    expect(html).toContain("Biss");
    expect(html).toMatch(/Langschwert[\s\S]*gesperrt/);
    expect(html).not.toContain(">Schwerter<"); // the character's talents sleep (R-POLY-2)
  });
});

describe("R-POLY-5 / R-POLY-6 damage comes off the character's own Leben through the form's armour only", () => {
  it("a hit of 7 on the wolf (Rüstung 2) costs 5 Leben, whatever armour the character wore", async () => {
    const hero = await alrik();
    expect(hero.system.derived.ruestung).toBe(4); // 1 + Kettenhemd 3
    await poly().transform(hero, await wolf());
    expect(hero.system.derived.ruestung).toBe(2);
    const out = await hero.applyDamage(7);
    expect(out).toMatchObject({ taken: 5, absorbed: 2 });
    expect(hero.system.leben.value).toBe(15);
    await poly().revert(hero);
    expect(hero.system.leben.value).toBe(15);
    expect(hero.system.derived.ruestung).toBe(4);
  });

  it("Fluss spent in the form is gone after the revert, Gunst likewise", async () => {
    const hero = await alrik();
    await poly().transform(hero, await wolf());
    await hero.update({ "system.fluss.value": 2, "system.gunst.value": 1 });
    await poly().revert(hero);
    expect(hero.system.fluss.value).toBe(2);
    expect(hero.system.gunst.value).toBe(1);
  });

  it("an edit of a replaced value in the form is the form's; an edit of a kept one stays", async () => {
    const hero = await alrik();
    await poly().transform(hero, await wolf());
    await hero.update({ "system.geschwindigkeit": 14, "system.geld": 300 });
    await poly().revert(hero);
    expect(hero.system.geschwindigkeit).toBe(6);
    expect(hero.system.geld).toBe(300);
  });
});

describe("R-POLY-8 turning back restores everything, with a card", () => {
  it("a linked actor with tokens on two scenes: the one not in view changes its look and gets it back too", async () => {
    const hero = await alrik();
    const [viewed, other] = [await createScene({ name: "Marktplatz" }), await createScene({ name: "Katakomben" })];
    const here = await placeToken(viewed, hero, { texture: { src: "alrik.webp" } });
    const there = await placeToken(other, hero, { texture: { src: "alrik.webp" } });
    await poly().transform(hero, await wolf(), { rename: true });
    for (const token of [here, there]) expect([token.texture.src, token.width, token.name]).toEqual(["wolf-token.webp", 2, "Wolf"]);
    await poly().revert(hero);
    for (const token of [here, there]) expect([token.texture.src, token.width, token.name]).toEqual(["alrik.webp", 1, "Alrik"]);
  });

  it("a linked actor with a token: values, items, effects and the token's look come back exactly", async () => {
    const hero = await alrik();
    const scene = await createScene();
    const token = await placeToken(scene, hero, { texture: { src: "alrik.webp" } });
    const before = essence(hero);
    await poly().transform(hero, await wolf(), { rename: true });
    expect(token.texture.src).toBe("wolf-token.webp");
    expect([token.width, token.name]).toEqual([2, "Wolf"]);
    expect(hero.prototypeToken.texture.src).toBe("wolf-token.webp");
    await poly().revert(hero);
    expect(essence(hero)).toEqual(before);
    expect([token.texture.src, token.width, token.name]).toEqual(["alrik.webp", 1, "Alrik"]);
    const card = messages().at(-1)!;
    expect(card.content).toContain("Alrik verwandelt sich zurück");
    expect(card.content).toContain("Alles ist wieder da: Werte, Talente und Fähigkeiten (3), Gegenstände (4), Effekte (1) und Token.");
    expect(card.content).toContain('<details class="flex-rules">');
    expect(card.content).toContain("R-POLY-8");
  });

  it("the token keeps its name unless the GM's world setting gives it the form's", async () => {
    const hero = await alrik();
    const scene = await createScene();
    const token = await placeToken(scene, hero, { texture: { src: "alrik.webp" } });
    await poly().transform(hero, await wolf());
    expect([token.name, token.texture.src]).toEqual(["Alrik", "wolf-token.webp"]);
    await poly().revert(hero);
    await g.game.settings.set("flex", "polymorphRenameToken", true);
    await poly().transform(hero, await wolf("Grauwolf"));
    expect(token.name).toBe("Grauwolf");
    await poly().revert(hero);
    expect(token.name).toBe("Alrik");
  });

  it("an unlinked token's actor transforms alone, survives a reload and comes back exactly", async () => {
    const base = await alrik();
    const baseBefore = essence(base);
    const scene = await createScene();
    const token = await placeToken(scene, base, { actorLink: false, texture: { src: "alrik.webp" } });
    const before = essence(token.actor);
    await poly().transform(token.actor, await wolf());
    expect(token.actor.system.ruestung).toBe(2);
    expect(token.texture.src).toBe("wolf-token.webp");
    expect(essence(base)).toEqual(baseBefore); // the world actor is untouched
    reloadWorld();
    const reloaded = (scene as Any).tokens.get(token.id);
    expect(poly().banner(reloaded.actor)).toMatchObject({ form: "Wolf" });
    await reloaded.actor.applyDamage(4);
    await poly().revert(reloaded.actor);
    expect(essence(reloaded.actor)).toEqual(before);
    expect(reloaded.actor.system.leben.value).toBe(18);
    expect(reloaded.texture.src).toBe("alrik.webp");
    expect(essence(g.game.actors.get(base.id))).toEqual(baseBefore);
  });

  it("a linked actor survives a reload in its form", async () => {
    const hero = await alrik();
    const before = essence(hero);
    await poly().transform(hero, await wolf());
    reloadWorld();
    const again = g.game.actors.get(hero.id);
    expect(again.system.derived.ruestung).toBe(2);
    await poly().revert(again);
    expect(essence(again)).toEqual(before);
  });

  it("the revert costs at most 4 writes besides its card: the snapshot goes last, so a revert cut short can be run again", async () => {
    const hero = await alrik();
    await poly().transform(hero, await wolf());
    const before = state.writes.length;
    await poly().revert(hero);
    const writes = writesSince(before).filter((w) => w.documentName !== "ChatMessage");
    expect(writes.map((w) => [w.action, w.documentName])).toEqual([["update", "Actor"], ["delete", "Item"], ["delete", "ActiveEffect"], ["update", "Actor"]]);
    expect(writes.at(-1)!.data).toEqual([{ flags: { flex: { "-=polymorph": null } } }]);
  });
});
