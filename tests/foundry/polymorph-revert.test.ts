// R-POLY-7: the character turns back exactly when the damage in the form reaches the form's Leben, once,
// with 2 GMs and 3 players connected, whoever dealt the damage. A corrupt snapshot is refused with a message
// and never overwrites the character.
import { beforeEach, describe, expect, it } from "vitest";
import { CharacterSheet } from "../../src/applications/sheets/character-sheet";
import { as, createScene, disconnect, messages, placeToken, resetWorld, settle, state, takeErrors, type Clients, writesSince } from "../harness";
import { alrik, essence, wolf } from "./polymorph-helpers";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
let clients: Clients;
const g = globalThis as Any;
const poly = () => g.game.flex.polymorph;
const revertCards = () => messages().filter((m) => (m.flags as Any)?.flex?.polymorph);
const notes = (type: string) => state.notifications.filter((n) => n.type === type);

beforeEach(() => {
  clients = resetWorld({ gms: 2, players: 3 });
});

/** Alrik, owned by the first player, on a scene, transformed by that player into a wolf (Rüstung 2, Leben 12). */
async function wolfAlrik() {
  const [p1] = clients.players;
  const hero = await alrik(p1);
  const scene = await createScene();
  const token = await placeToken(scene, hero, { texture: { src: "alrik.webp" } });
  const before = essence(hero);
  const form = await wolf();
  await as(p1, () => poly().transform(hero, form));
  await settle();
  return { hero, token, before, p1 };
}

describe("R-POLY-7 with 2 GMs and 3 players connected, the character turns back exactly at the threshold, once", () => {
  it("11 damage in the form: still a wolf; the 12th point turns it back, on the active GM's client, with one card", async () => {
    const { hero, before } = await wolfAlrik();
    const [gm1, gm2] = clients.gms;
    await as(gm2, () => hero.applyDamage(13)); // 11 after the wolf's Rüstung 2
    await settle();
    expect(hero.getFlag("flex", "polymorph")).toBeTruthy();
    expect(poly().banner(hero)).toMatchObject({ taken: 11, threshold: 12 });
    expect(revertCards()).toHaveLength(0);

    const first = state.writes.length;
    await as(gm2, () => hero.applyDamage(3)); // 1 after armour: 12 in all
    await settle();
    expect(hero.getFlag("flex", "polymorph")).toBeUndefined();
    expect(hero.system.leben.value).toBe(8);
    expect(essence(hero)).toEqual(before);
    expect(revertCards()).toHaveLength(1);
    const card = revertCards()[0];
    // Title and form once, then why, then the character's own Leben now (R-POLY-5).
    expect(card.content).toContain("Alrik verwandelt sich zurück");
    expect(card.content).toContain("aus der Gestalt Wolf");
    expect(card.content).toContain("Die Gestalt hat 12 Schaden genommen und hatte nur 12 Leben.");
    expect(card.content).toMatch(/12 Schaden in der Gestalt gingen von den eigenen Leben ab: jetzt 8\/\d+ Leben\./);
    expect(card.content).toContain("R-POLY-7");
    // The damage is GM 2's write; everything of the revert is the active GM's.
    const revertWrites = writesSince(first + 1);
    expect(revertWrites.length).toBeGreaterThan(0);
    expect(new Set(revertWrites.map((w) => w.userId))).toEqual(new Set([gm1.id]));
    expect(takeErrors()).toEqual([]);
  });

  it("a player's own hits in quick succession past the threshold turn the character back once", async () => {
    const { hero, p1 } = await wolfAlrik();
    await as(p1, async () => {
      // No waiting between them: the second crosses the threshold, the third lands while the revert is queued.
      await hero.applyDamage(9);
      await hero.applyDamage(9);
      await hero.applyDamage(9);
    });
    await settle();
    expect(hero.getFlag("flex", "polymorph")).toBeUndefined();
    expect(revertCards()).toHaveLength(1);
    expect(hero.items.filter((i: Any) => i.getFlag("flex", "polymorphForm"))).toHaveLength(0);
    expect(hero.statuses.has("polymorphed")).toBe(false);
  });

  it("the active GM drops: the other GM turns the character back, once", async () => {
    const { hero } = await wolfAlrik();
    const [gm1, gm2] = clients.gms;
    disconnect(gm1);
    const first = state.writes.length;
    await as(clients.players[1], () => Promise.resolve()); // another player is watching
    await as(gm2, () => hero.applyDamage(20));
    await settle();
    expect(hero.getFlag("flex", "polymorph")).toBeUndefined();
    expect(revertCards()).toHaveLength(1);
    expect(writesSince(first).every((w) => w.userId === gm2.id)).toBe(true);
  });

  it("damage received accumulates, healing does not undo it (Decision 2026-12-01): 10, healed 6, then 8 is 18 against a bear of 18 Leben", async () => {
    const [p1] = clients.players;
    const hero = await alrik(p1);
    const bear = await wolf("Bär");
    await bear.update({ "system.leben.max": 18, "system.leben.value": 18, "system.ruestung": 0 });
    await as(p1, () => poly().transform(hero, bear));
    await as(p1, () => hero.applyDamage(10));
    await as(p1, () => hero.applyHealing(6));
    await settle();
    expect(hero.system.leben.value).toBe(16);
    expect(poly().banner(hero)).toMatchObject({ taken: 10, threshold: 18 });
    const write = state.writes.length;
    await as(p1, () => hero.applyDamage(8));
    // The count rides in the damage's own write.
    expect(state.writes[write].data[0]).toMatchObject({ flags: { flex: { polymorphTaken: { taken: 18 } } } });
    await settle();
    expect(hero.getFlag("flex", "polymorph")).toBeUndefined();
    expect(hero.getFlag("flex", "polymorphTaken")).toBeUndefined();
    expect(hero.system.leben.value).toBe(8);
    expect(revertCards()).toHaveLength(1);
    expect(revertCards()[0].content).toContain("Die Gestalt hat 18 Schaden genommen und hatte nur 18 Leben.");
  });

  it("an Undo takes back what its card counted; a healing undone is no damage received; Leben lowered by hand counts", async () => {
    const { hero, p1 } = await wolfAlrik();
    await as(p1, () => hero.applyDamage(7, { mark: { key: "card-a", by: p1.id } })); // 5 after the wolf's Rüstung 2
    await as(p1, () => hero.applyHealing(3, { mark: { key: "card-b", by: p1.id } }));
    expect(poly().banner(hero)).toMatchObject({ taken: 5 });
    await as(p1, () => hero.undoDamage("card-b")); // the healing taken back: Leben 18 → 15, nothing received
    expect(hero.system.leben.value).toBe(15);
    expect(poly().banner(hero)).toMatchObject({ taken: 5 });
    await as(p1, () => hero.undoDamage("card-a")); // the hit taken back: Leben 20, and the form never received it
    expect(hero.system.leben.value).toBe(20);
    expect(poly().banner(hero)).toMatchObject({ taken: 0 });
    await as(p1, () => hero.update({ "system.leben.value": 16 })); // the bar edited by hand
    await settle();
    expect(poly().banner(hero)).toMatchObject({ taken: 4 });
    expect(revertCards()).toHaveLength(0);
  });
});

describe("R-POLY-8 a snapshot that fails its check is refused and never overwrites the character", () => {
  it.each([
    ["a value changed behind its back", { "flags.flex.polymorph.original.system.attributes.kk": 12 }, "die Prüfsumme stimmt nicht"],
    ["its items list gone", { "flags.flex.polymorph.items": "kaputt" }, "Felder fehlen oder sind kaputt"],
    ["an unknown version", { "flags.flex.polymorph.v": 99 }, "unbekannte Version"],
  ])("%s: Revert says so and writes nothing", async (_what, corruption, fault) => {
    const { hero, p1 } = await wolfAlrik();
    await as(clients.gms[0], () => hero.update(corruption));
    const form = essence(hero);
    const first = state.writes.length;
    expect(await as(p1, () => poly().revert(hero))).toBeNull();
    expect(state.writes.length).toBe(first);
    expect(essence(hero)).toEqual(form);
    expect(notes("error").at(-1)?.message).toBe(`Der Schnappschuss von Alrik ist beschädigt (${fault}). Es wurde nicht zurückverwandelt und nichts am Charakter überschrieben.`);
  });

  it("the threshold reached with a corrupt snapshot: the GM is told, nothing but the damage is written", async () => {
    const { hero } = await wolfAlrik();
    const [gm1] = clients.gms;
    await as(gm1, () => hero.update({ "flags.flex.polymorph.threshold": 1 }));
    const form = essence(hero);
    const first = state.writes.length;
    await as(gm1, () => hero.applyDamage(20));
    await settle();
    expect(writesSince(first).map((w) => w.documentName)).toEqual(["Actor"]);
    expect(essence(hero)).toEqual(form);
    expect(hero.system.leben.value).toBe(2);
    expect(notes("error").some((n) => n.userId === gm1.id && n.message.includes("beschädigt"))).toBe(true);
    expect(revertCards()).toHaveLength(0);
  });

  it("a corrupt snapshot blocks a new transformation, and the sheet shows the fault without a Revert button", async () => {
    const { hero, p1 } = await wolfAlrik();
    await as(clients.gms[0], () => hero.update({ "flags.flex.polymorph.id": 7 }));
    const bear = await wolf("Bär");
    expect(await as(p1, () => poly().transform(hero, bear))).toBeNull();
    expect(notes("warn").at(-1)?.message).toContain("beschädigt");
    const sheet = await as(p1, async () => {
      const s = new CharacterSheet({ document: hero });
      await s.render(true);
      return s;
    });
    const html = Object.values(sheet.lastRender as Record<string, string>).join("\n");
    expect(html).toContain("der Schnappschuss ist beschädigt");
    expect(html).not.toContain('data-action="revertPolymorph"');
  });
});
