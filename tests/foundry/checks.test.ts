// Rolling Flex checks through FlexActor: the Foundry Roll, the one chat card and what it says.
import { beforeEach, describe, expect, it } from "vitest";
import { as, createActor, dice, messages, resetWorld, state, type Clients } from "../harness";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
let clients: Clients;

beforeEach(() => {
  clients = resetWorld({ gms: 1, players: 1 });
});

async function hero(system: Record<string, unknown> = {}) {
  const actor = (await createActor({
    name: "Alrik",
    type: "character",
    ownership: { default: 0, [clients.players[0].id]: 3 },
    system: { attributes: { kk: 8, ge: 6 }, ...system },
  })) as Any;
  await actor.createEmbeddedDocuments("Item", [{ name: "Athletik", type: "talent", system: { attribut: "kk", uebungswert: 2 } }]);
  return actor;
}

describe("R-CORE-4 / R-CORE-5 a talent check with 2 Vorteile on a W8 talent", () => {
  it("rolls 3d8kh and posts exactly one chat card whose EW is the kept die + Übungswert + modifier − malus", async () => {
    const actor = await hero({ erschoepfung: { value: 1 } });
    dice(8, 3, 7, 5);
    const out = await actor.rollTalent("Athletik", { vorteile: 2, modifier: 1, sw: 9 });

    expect(out.roll.formula).toBe("3d8kh + 2 + 1 - 1");
    expect(out.result).toMatchObject({ kept: 7, ew: 9, malus: 1, success: true });
    expect(out.roll.total).toBe(9);
    expect(messages()).toHaveLength(1);
    const msg = messages()[0] as Any;
    expect(msg.flags.flex.check).toMatchObject({ ew: 9, sw: 9, success: true, label: "Athletik" });
    expect(msg.rolls).toHaveLength(1);
    expect(msg.content).toContain("Geschafft!");
    expect(msg.content).toMatch(/class="flex-die kept">7</);
    expect(msg.content).toMatch(/class="flex-die discarded">3</);
    expect(msg.content).toContain("R-CORE-4, R-CORE-5, R-EXH-2");
  });

  it("Nachteile keep the lowest die", async () => {
    const actor = await hero();
    dice(8, 6, 2);
    const out = await actor.rollTalent("Athletik", { nachteile: 1, sw: 6 });
    expect(out.roll.formula).toBe("2d8kl + 2");
    expect(out.result).toMatchObject({ kept: 2, ew: 4, success: false });
    expect((messages()[0] as Any).content).toContain("Nicht geschafft");
  });

  it("Vorteile and Nachteile cancel: 2 Vorteile and 2 Nachteile roll one die", async () => {
    const actor = await hero();
    dice(8, 4);
    const out = await actor.rollTalent("Athletik", { vorteile: 2, nachteile: 2 });
    expect(out.roll.formula).toBe("1d8 + 2");
    expect(out.result.success).toBeNull();
  });
});

describe("R-EXH-2 an attribute check takes half the Erschöpfung malus", () => {
  it("Erschöpfung 3 costs 1 on a bare GE check", async () => {
    const actor = await hero({ erschoepfung: { value: 3 } });
    dice(6, 5);
    const out = await actor.rollAttribute("ge", {});
    expect(out.roll.formula).toBe("1d6 - 1");
    expect(out.result.ew).toBe(4);
    expect((messages()[0] as Any).flavor).toBe("GE-Probe");
  });
});

describe("who may roll", () => {
  it("the owning player rolls; the card is authored by that player", async () => {
    const actor = await hero();
    dice(8, 5);
    await as(clients.players[0], () => actor.rollTalent("Athletik"));
    expect(messages()).toHaveLength(1);
    expect((messages()[0] as Any).author.id).toBe(clients.players[0].id);
  });

  it("a player without ownership gets a message and no roll", async () => {
    const actor = await createActor({ name: "Fremd", type: "character" });
    const out = await as(clients.players[0], () => (actor as Any).rollAttribute("mu"));
    expect(out).toBeNull();
    expect(messages()).toHaveLength(0);
    expect(state.notifications.at(-1)?.message).toContain("Fremd");
  });

  it("a missing talent is named in the message", async () => {
    const actor = await hero();
    expect(await actor.rollTalent("Schwimmen")).toBeNull();
    expect(state.notifications.at(-1)?.message).toContain("Schwimmen");
  });

  it("a GM-only roll mode whispers the card to the GMs", async () => {
    const actor = await hero();
    dice(8, 5);
    await actor.rollTalent("Athletik", { rollMode: "gmroll" });
    expect((messages()[0] as Any).whisper).toEqual([clients.gms[0].id]);
  });
});

describe("cards speak the table's language", () => {
  it.each([
    ["de", "Geschafft!"],
    ["en", "Success"],
    ["ru", "Успех"],
  ])("%s", async (lang, success) => {
    (globalThis as Any).game.i18n.lang = lang;
    const actor = await hero();
    dice(8, 8);
    await actor.rollTalent("Athletik", { sw: 3 });
    expect((messages()[0] as Any).content).toContain(success);
    expect([...(globalThis as Any).game.i18n.missing]).toEqual([]);
  });
});

describe("R-CORE-7 / R-CORE-8 / R-COMP-8 damage", () => {
  it("Rüstung reduces the hit; at 0 Leben a character is dying", async () => {
    const actor = await hero({ leben: { value: 5, max: 10 }, ruestung: 2 });
    const first = await actor.applyDamage(4);
    expect(first).toMatchObject({ taken: 2, leben: 3, downed: false });
    await actor.applyDamage(20);
    expect(actor.system.leben.value).toBe(0);
    expect([...actor.statuses]).toEqual(["dying"]);
  });

  it("a fall ignores armour", async () => {
    const actor = await hero({ ruestung: 5 });
    expect(await actor.applyDamage(3, { ignoreArmor: true })).toMatchObject({ taken: 3, absorbed: 0 });
  });

  it("an untrained creature at 0 is defeated; a trained companion is dying", async () => {
    const wolf = (await createActor({ name: "Wolf", type: "creature", system: { leben: { value: 3, max: 3 } } })) as Any;
    const trainer = await hero();
    const hund = (await createActor({ name: "Hund", type: "creature", system: { leben: { value: 3, max: 3 }, trainer: trainer.uuid } })) as Any;
    await wolf.applyDamage(9);
    await hund.applyDamage(9);
    expect([...wolf.statuses]).toEqual(["dead"]);
    expect([...hund.statuses]).toEqual(["dying"]);
  });
});
