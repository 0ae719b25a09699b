// Issue 28 scope 4: a new character starts playable. Created in a world with the setting on (the default), it gets the
// general talents of the system's compendium, in the world's language and keyed by their German names, and can roll
// them; with the setting off, or brought with talents of its own, or a creature, it gets none.
import { beforeEach, describe, expect, it } from "vitest";
import { as, createActor as create, dice, messages, resetWorld, settle, startClient, state, type Clients } from "../harness";

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

  it("one write for the talents, by the client that created the character", async () => {
    const before = state.writes.length;
    await createActor({ name: "Neu", type: "character" });
    const writes = state.writes.slice(before).map((w) => [w.action, w.documentName, w.userId]);
    expect(writes).toEqual([
      ["create", "Actor", clients.gms[0].id],
      ["create", "Item", clients.gms[0].id],
    ]);
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

describe("a character given talents right after its creation (a macro, an import)", () => {
  beforeEach(() => world("de"));

  it("holds each general talent once: the ones it was given keep their Übungswert, the others come from the pack", async () => {
    // The pack is read from the server, which takes a while: here until the macro has added its talents.
    const pack = g.game.packs.get("flex.talente");
    const read = pack.getDocuments.bind(pack);
    let arrive!: () => void;
    const arrived = new Promise<void>((resolve) => (arrive = resolve));
    pack.getDocuments = async () => { await arrived; return read(); };
    const hero = (await create({ name: "Neu", type: "character" })) as Any;
    // Before the creation's hooks have read the pack, the macro adds two of the general talents itself.
    await hero.createEmbeddedDocuments("Item", [
      { name: "Athletik", type: "talent", system: { attribut: "kk", kategorie: "allgemein", uebungswert: 3 } },
      { name: "Schwimmen", type: "talent", system: { attribut: "ko", kategorie: "allgemein", uebungswert: 2 } },
    ]);
    arrive();
    await settle();
    const names = hero.items.filter((i: Any) => i.type === "talent").map(keyOf);
    expect(names.sort()).toEqual([...GENERAL].sort());
    expect(hero.items.find((i: Any) => keyOf(i) === "Athletik").system.uebungswert).toBe(3);
  });
});
