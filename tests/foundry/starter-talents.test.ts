// Issue 28 scope 4: a new character starts playable. Created in a world with the setting on (the default), it gets the
// general talents of the system's compendium, in the world's language and keyed by their German names, and can roll
// them; with the setting off, or brought with talents of its own, or a creature, it gets none.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { as, createActor as create, dice, messages, resetWorld, settle, slowPackReads, startClient, state, type Clients } from "../harness";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
const g = globalThis as Any;
let clients: Clients;

/** The general talents of the compendium's sources: 14 of them, German names. */
const GENERAL = ["Alchemie", "Athletik", "Ausweichen", "Handwerk", "Heilkunde", "Heimlichkeit", "Kristalltechnik", "Mit Tieren umgehen", "Parade", "Schlösser öffnen", "Schwimmen", "Überleben", "Überzeugen", "Wahrnehmung"];
const keyOf = (i: Any) => i.flags?.flex?.sourceName ?? i.name;

/** Creates an actor as the GM's client does, and lets the hooks of its creation finish. */
async function createActor(data: Record<string, unknown>): Promise<Any> {
  const actor = await create(data);
  await settle();
  return actor;
}

async function world(lang: string) {
  clients = resetWorld({ gms: 1, players: 1 });
  await startClient({ lang, systemPacks: ["talente"] });
}

describe("a new character gets the general talents (world setting, on by default)", () => {
  beforeEach(() => world("en"));

  it("created in an empty world: the general talents, each once, in the world's language, at Übungswert 0, and it rolls them", async () => {
    expect(g.game.settings.get("flex", "starterTalents")).toBe(true);
    const hero = (await createActor({ name: "Neu", type: "character", ownership: { default: 0, [clients.players[0].id]: 3 } })) as Any;
    const talents = hero.items.filter((i: Any) => i.type === "talent");
    expect(talents.map(keyOf).sort()).toEqual([...GENERAL].sort());
    expect(talents.every((t: Any) => t.system.kategorie === "allgemein" && t.system.uebungswert === 0)).toBe(true);
    expect(hero.items.find((i: Any) => keyOf(i) === "Athletik").name).toBe("Athletics");
    // The import leaves the pack's translations behind, as every import does.
    expect(talents.some((t: Any) => t.flags?.flex?.i18n)).toBe(false);

    // An attribute nobody has set is W6: the die shows 4, Übungswert 0, no Erschöpfung.
    dice(6, 4);
    const out = await as(clients.players[0], () => hero.rollTalent("Athletik", { sw: 3 }));
    expect(out.result.ew).toBe(4);
    expect(messages().at(-1)).toBeDefined();
  });

  it("no write of its own for the talents: they come with the character, from the client that created it", async () => {
    const before = state.writes.length;
    await createActor({ name: "Neu", type: "character" });
    const writes = state.writes.slice(before).map((w) => [w.action, w.documentName, w.userId]);
    // The talents come in the character's own create write (no second write a slow pack read could race).
    expect(writes).toEqual([["create", "Actor", clients.gms[0].id]]);
    expect((state.writes.at(-1)!.data[0] as Any).items).toHaveLength(GENERAL.length);
  });

  it("with the setting off, with talents of its own, or for a creature: no talents added", async () => {
    await g.game.settings.set("flex", "starterTalents", false);
    expect((await createActor({ name: "Ohne", type: "character" })).items.size).toBe(0);
    await g.game.settings.set("flex", "starterTalents", true);
    const own = (await createActor({ name: "Eigen", type: "character", items: [{ name: "Reiten", type: "talent", system: { attribut: "ge" } }] })) as Any;
    expect(own.items.map((i: Any) => i.name)).toEqual(["Reiten"]);
    expect((await createActor({ name: "Wolf", type: "creature" })).items.size).toBe(0);
  });
});

describe("in German and Russian too", () => {
  it.each([
    ["de", "Athletik"],
    ["ru", "Атлетика"],
  ])("%s: Athletik is named %s", async (lang, name) => {
    await world(lang);
    const hero = (await createActor({ name: "Neu", type: "character" })) as Any;
    expect(hero.items.find((i: Any) => keyOf(i) === "Athletik").name).toBe(name);
    expect(hero.items.size).toBe(GENERAL.length);
  });
});

describe("a slow pack read (audit N12): each general talent exactly once, whatever lands first", () => {
  beforeEach(() => world("de"));

  const macroTalents = [
    { name: "Athletik", type: "talent", system: { attribut: "kk", kategorie: "allgemein", uebungswert: 3 } },
    { name: "Schwimmen", type: "talent", system: { attribut: "ko", kategorie: "allgemein", uebungswert: 2 } },
  ];
  const talentKeys = (actor: Any) => actor.items.filter((i: Any) => i.type === "talent").map(keyOf).sort();
  const until = async (test: () => boolean) => {
    for (let i = 0; i < 100 && !test(); i++) await new Promise((r) => setTimeout(r, 0));
  };

  it("the creating client writes again before the read is back (a second character, a chat line): both characters hold each talent once, in their own create write", async () => {
    const release = slowPackReads("talente");
    const before = state.writes.length;
    const first = create({ name: "Erste", type: "character" });
    const second = create({ name: "Zweite", type: "character" });
    await g.ChatMessage.create({ content: "gleich geht's los" });
    await until(() => state.writes.length > before);
    // Only the chat line is sent while the pack is read: no character half made yet.
    expect(state.writes.slice(before).map((w) => w.documentName)).toEqual(["ChatMessage"]);
    release();
    const heroes = (await Promise.all([first, second])) as Any[];
    await settle();
    for (const hero of heroes) expect(talentKeys(hero)).toEqual([...GENERAL].sort());
    expect(state.writes.slice(before).map((w) => [w.action, w.documentName])).toEqual([
      ["create", "ChatMessage"],
      ["create", "Actor"],
      ["create", "Actor"],
    ]);
  });

  it.each([
    ["a slow read: the macro's write waits for the character", true],
    ["a quick read: the macro writes after the talents are in", false],
  ])("%s; the macro's own Athletik and Schwimmen keep their Übungswert, each talent once", async (_case, slow) => {
    const release = slow ? slowPackReads("talente") : () => undefined;
    const making = (async () => {
      const hero = (await create({ name: "Neu", type: "character" })) as Any;
      await hero.createEmbeddedDocuments("Item", macroTalents);
      return hero;
    })();
    await new Promise((r) => setTimeout(r, 5));
    release();
    const hero = await making;
    await settle();
    expect(talentKeys(hero)).toEqual([...GENERAL].sort());
    expect(hero.items.find((i: Any) => keyOf(i) === "Athletik").system.uebungswert).toBe(3);
    expect(hero.items.find((i: Any) => keyOf(i) === "Schwimmen").system.uebungswert).toBe(2);
  });

  it("a starter talent the player has trained is kept beside a later copy (nothing of theirs is deleted)", async () => {
    const hero = await createActor({ name: "Neu", type: "character" });
    const athletik = hero.items.find((i: Any) => keyOf(i) === "Athletik");
    await athletik.update({ "system.uebungswert": 1 });
    await hero.createEmbeddedDocuments("Item", [macroTalents[0]]);
    await settle();
    expect(hero.items.filter((i: Any) => keyOf(i) === "Athletik").map((i: Any) => i.system.uebungswert).sort()).toEqual([1, 3]);
  });

  it("a pack that cannot be read: the character is still created, without them", async () => {
    const pack = g.game.packs.get("flex.talente");
    pack.slowReads = Promise.reject(new Error("offline"));
    pack.slowReads.catch(() => undefined);
    const quiet = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      const hero = await createActor({ name: "Neu", type: "character" });
      expect(hero.items.size).toBe(0);
    } finally {
      quiet.mockRestore();
      pack.slowReads = null;
    }
  });
});
