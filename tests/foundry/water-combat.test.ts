// Fighting under water (R-WATER-1..4) and swimming (R-SWIM-1), seen through checks, item rolls, damage
// and token movement.
import { beforeEach, describe, expect, it } from "vitest";
import { parse } from "node-html-parser";
import { attackCardAction } from "../../src/automation/combat";
import { speedBand } from "../../src/rules";
import { as, createActor, createScene, dice, messageContentFor, messages, placeToken, queueDice, resetWorld, settle, state, target, writesOf, type Clients } from "../harness";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
let clients: Clients;
const g = globalThis as Any;
const sys = (a: Any) => a.system as Any;

beforeEach(() => {
  clients = resetWorld({ gms: 1, players: 1 });
});

async function fighter({ underwater = true, system = {} as Record<string, unknown> } = {}) {
  const actor = (await createActor({
    name: "Alrik",
    type: "character",
    ownership: { default: 0, [clients.players[0].id]: 3 },
    system: { attributes: { ge: 6, kk: 8, kl: 8, ko: 8 }, ...system },
  })) as Any;
  await actor.createEmbeddedDocuments("Item", [
    { name: "Ausweichen", type: "talent", system: { attribut: "ge", uebungswert: 1 } },
    { name: "Schusswaffen", type: "talent", system: { attribut: "ge", uebungswert: 2 } },
    { name: "Elementarmagie", type: "talent", system: { attribut: "kl", uebungswert: 3, kategorie: "zauberschule" } },
    { name: "Armbrust", type: "weapon", system: { talent: "Schusswaffen", reichweite: 10 } },
    { name: "Dolch", type: "weapon", system: { talent: "Schusswaffen", reichweite: 0 } },
    { name: "Feuerstrahl", type: "spell", system: { zauberschule: "Elementarmagie" } },
    { name: "Stiller Ruf", type: "spell", system: { zauberschule: "Elementarmagie", still: true } },
  ]);
  if (underwater) await actor.toggleStatusEffect("underwater", { active: true });
  await settle();
  return actor;
}
const item = (actor: Any, name: string) => actor.items.find((i: Any) => i.name === name);

/** With "creatures roll their defence": Alrik on land (a spear) targets a shark under water (Ausweichen 9, GE W8). */
async function sharkUnderWater() {
  await g.game.settings.set("flex", "creatureDefence", "roll");
  const attacker = await fighter({ underwater: false });
  await attacker.createEmbeddedDocuments("Item", [{ name: "Speer", type: "weapon", system: { talent: "Schusswaffen", schaden: "1W6", reichweite: 0 } }]);
  const shark = (await createActor({ name: "Hai", type: "creature", system: { attributes: { ge: 8 }, ausweichen: 9, leben: { value: 20, max: 20 } } })) as Any;
  await shark.toggleStatusEffect("underwater", { active: true });
  const scene = await createScene();
  await placeToken(scene, attacker);
  target(clients.players[0], await placeToken(scene, shark, { col: 1 }));
  return { attacker, shark };
}

describe("R-WATER-1 under water, Ausweichen checks get one Nachteil", () => {
  it("adds the Nachteil and names the rule on the card", async () => {
    const actor = await fighter();
    dice(6, 5, 2);
    const out = await as(clients.players[0], () => actor.rollTalent("Ausweichen", { sw: 3 }));
    expect(out.roll.formula).toBe("2d6kl + 1");
    expect(out.result).toMatchObject({ kept: 2, ew: 3 });
    const content = (messages()[0] as Any).content as string;
    expect(content).toContain("Unter Wasser: 1 Nachteil auf Ausweichen.");
    // The rule is named in the card's Regeln line, not in the note a player reads.
    expect(content).toMatch(/class="flex-rules"[\s\S]*R-WATER-1/);
    expect(content).toMatch(/Nachteile: 1/);
  });

  it("on land, and for other talents under water, nothing changes", async () => {
    const dry = await fighter({ underwater: false });
    dice(6, 5);
    expect((await dry.rollTalent("Ausweichen")).roll.formula).toBe("1d6 + 1");
    const wet = await fighter();
    dice(6, 5);
    expect((await wet.rollTalent("Schusswaffen")).roll.formula).toBe("1d6 + 2");
    expect(messages().map((m: Any) => m.content).join("")).not.toContain("R-WATER-1");
  });

  it("a creature that rolls its Ausweichen (world setting) gets the Nachteil too: 8 and 3 keep 3, EW 8 not 13, and the card names it", async () => {
    const { attacker } = await sharkUnderWater();
    // Schusswaffen: 6 + 2 = EW 8 … the shark's Ausweichen 9 − 4 + the lower of 8 and 3 = 8: defended (a tie); on land 13.
    // The GM's shark rolls by the active GM's dice, at the first Apply (issue 33): the attacker's client rolls none.
    queueDice([{ faces: 6, result: 6 }]);
    const { record } = await as(clients.players[0], () => item(attacker, "Speer").roll({}));
    expect(record.targets[0]).toMatchObject({ status: "pending", defence: { kind: "ausweichen", source: "gm" } });
    queueDice([{ faces: 8, result: 8 }, { faces: 8, result: 3 }]);
    const card = messages().at(-1) as Any;
    expect(await as(clients.players[0], () => attackCardAction(card, ["t1"], "apply"))).toEqual({ t1: "defended" });
    await settle();
    expect(card.flags.flex.attack.targets[0]).toMatchObject({ status: "defended", defence: { kind: "ausweichen", source: "roll" } });
    // The GM's shark: its rolled Ausweichen is drawn on the GM's client only (automation/screen.ts).
    expect(parse(await messageContentFor(card, clients.gms[0])).querySelector(".flex-target-status")!.text).toBe("Abgewehrt · Ausweichen 8");
    expect(card.rolls.at(-1).formula).toBe("2d8kl");
    expect(card.flags.flex.attack.rules).toContain("R-WATER-1");
    expect(card.content).toContain("Hai: Unter Wasser: 1 Nachteil auf Ausweichen.");
    expect(card.content).toMatch(/class="flex-rules"[\s\S]*R-WATER-1/);
  });

  it("the GM's Apply reads the same rolled Ausweichen under water: EW 9 beats 8, and the damage is applied", async () => {
    const { attacker, shark } = await sharkUnderWater();
    await attacker.update({ "system.attributes.ge": 8 });
    // EW 9; 4 damage; then the GM's 2d8kl at the Apply: 8 and 3 keep 3: 9 − 4 + 3 = 8 < 9, a hit.
    queueDice([{ faces: 8, result: 7 }, { faces: 6, result: 4 }]);
    await as(clients.players[0], () => item(attacker, "Speer").roll({}));
    queueDice([{ faces: 8, result: 8 }, { faces: 8, result: 3 }]);
    const card = messages().at(-1) as Any;
    expect(await as(clients.players[0], () => attackCardAction(card, ["t1"], "apply"))).toEqual({ t1: "applied" });
    await settle();
    expect(sys(shark).leben.value).toBe(16);
  });

  it("a Vorteil the player adds cancels the Nachteil (R-CORE-5)", async () => {
    const actor = await fighter();
    dice(6, 4);
    expect((await actor.rollTalent("Ausweichen", { vorteile: 1 })).roll.formula).toBe("1d6 + 1");
  });
});

describe("R-WATER-2 under water, a ranged weapon cannot shoot beyond its range", () => {
  it("beyond range is refused with a message naming the rule; nothing is rolled or posted", async () => {
    const actor = await fighter();
    const before = state.writes.length;
    const out = await as(clients.players[0], () => item(actor, "Armbrust").roll({ distance: 12 }));
    expect(out).toBeNull();
    expect(messages()).toHaveLength(0);
    expect(state.writes.length).toBe(before);
    expect(state.notifications.at(-1)).toMatchObject({ type: "warn", userId: clients.players[0].id });
    expect(state.notifications.at(-1)?.message).toBe(
      "Armbrust: Das Ziel ist 12 Schritt entfernt, die Reichweite beträgt 10 Schritt. Unter Wasser kann die Reichweite nicht überschritten werden.",
    );
  });

  it("within range it rolls the weapon's talent, and the card names the limit", async () => {
    const actor = await fighter();
    dice(6, 4);
    const out = await item(actor, "Armbrust").roll({ distance: 10 });
    expect((messages()[0] as Any).rolls[0].formula).toBe("1d6 + 2");
    expect(out.record).toMatchObject({ ew: 6, item: { name: "Armbrust" } });
    const content = (messages()[0] as Any).content as string;
    expect(content).toContain("Armbrust");
    expect(content).toContain("höchstens 10 Schritt Reichweite");
  });

  it("on land beyond range is allowed (the Erschwernis is the GM's); melee weapons are never refused", async () => {
    const dry = await fighter({ underwater: false });
    dice(6, 4);
    expect(await item(dry, "Armbrust").roll({ distance: 30 })).not.toBeNull();
    const wet = await fighter();
    dice(6, 4);
    expect(await item(wet, "Dolch").roll({ distance: 30 })).not.toBeNull();
    expect(messages()).toHaveLength(2);
  });

  it("a weapon without a talent says so", async () => {
    const actor = await fighter();
    const [stick] = await actor.createEmbeddedDocuments("Item", [{ name: "Stock", type: "weapon", system: { talent: "" } }]);
    expect(await stick.roll()).toBeNull();
    expect(state.notifications.at(-1)?.message).toContain("Stock");
  });
});

describe("R-WATER-3 a spell not cast Still under water costs one more breath check", () => {
  it("rolls the breath die first (its own small write) and reports it on the spell's card", async () => {
    const actor = await fighter();
    const before = state.writes.length;
    queueDice([{ faces: 8, result: 2 }, { faces: 8, result: 7 }]); // breath W8: 2; Elementarmagie (KL W8): 7
    const out = await as(clients.players[0], () => item(actor, "Feuerstrahl").roll({}));
    expect((messages()[0] as Any).rolls[0].formula).toBe("1d8 + 3");
    expect(out.record).toMatchObject({ mode: "spell", ew: 10 });
    expect(sys(actor).derived.atemWuerfel).toBe(6);
    expect(state.writes.slice(before).map((w) => [w.action, w.documentName, w.userId])).toEqual([
      ["update", "Actor", clients.players[0].id],
      ["create", "ChatMessage", clients.players[0].id],
    ]);
    const content = (messages()[0] as Any).content as string;
    expect(content).toContain("Feuerstrahl");
    expect(content).toContain("Nicht still gewirkt: zusätzliche Atemluft-Probe W8 → 2. Nicht geschafft – der Atemwürfel sinkt auf W6.");
    expect(content).toMatch(/class="flex-rules"[\s\S]*R-WATER-3/);
  });

  it("a silent spell, or any spell on land, costs no breath", async () => {
    const wet = await fighter();
    const dry = await fighter({ underwater: false });
    const before = state.writes.length;
    dice(8, 5, 5);
    await item(wet, "Stiller Ruf").roll();
    await item(dry, "Feuerstrahl").roll();
    expect(state.writes.slice(before).map((w) => w.documentName)).toEqual(["ChatMessage", "ChatMessage"]);
    expect(messages().map((m: Any) => m.content).join("")).not.toContain("R-WATER-3");
  });

  it("a breath check that fails on W4 drowns the caster", async () => {
    const actor = await fighter({ system: { attributes: { kl: 8, ko: 8 }, atem: { wuerfel: 4 } } });
    queueDice([{ faces: 4, result: 1 }, { faces: 8, result: 3 }]);
    await item(actor, "Feuerstrahl").roll();
    expect(actor.statuses.has("drowning")).toBe(true);
    expect((messages()[0] as Any).content).toContain("Nicht still gewirkt: zusätzliche Atemluft-Probe W4 → 1. Die Luft ist aus: ertrinkt – nur Atemluft rettet.");
  });

  it("a spell whose Zauberschule the caster lacks costs no breath", async () => {
    const actor = await fighter();
    const [odd] = await actor.createEmbeddedDocuments("Item", [{ name: "Fremdzauber", type: "spell", system: { zauberschule: "Nekromantie" } }]);
    const before = state.writes.length;
    expect(await odd.roll()).toBeNull();
    expect(state.writes.length).toBe(before);
    expect(state.notifications.at(-1)?.message).toContain("Nekromantie");
  });
});

describe("R-WATER-4 under water (F) and (Lava) damage hurt, but their effects do not occur", () => {
  it.each([["feuer"], ["lava"]])("%s under water: damage applied, effects suppressed and named", async (type) => {
    const actor = await fighter({ system: { leben: { value: 10, max: 10 }, attributes: { ko: 8 } } });
    const out = await actor.applyDamage(4, { type, effects: ["unconscious"] });
    expect(sys(actor).leben.value).toBe(6);
    expect(out).toMatchObject({ taken: 4, effectsSuppressed: true });
    expect(out.rules).toContain("R-WATER-4");
    expect(out.notes[0]).toMatch(/Unter Wasser: Schaden .+ ohne seine Effekte\./);
    expect(actor.statuses.has("unconscious")).toBe(false);
  });

  it("on land, or other damage under water, the effects apply", async () => {
    const dry = await fighter({ underwater: false });
    const out = await dry.applyDamage(2, { type: "feuer", effects: ["unconscious"] });
    expect(out).toMatchObject({ effectsSuppressed: false, notes: [] });
    expect(dry.statuses.has("unconscious")).toBe(true);
    const wet = await fighter();
    await wet.applyDamage(2, { type: "eis", effects: ["unconscious"] });
    expect(wet.statuses.has("unconscious")).toBe(true);
    expect(writesOf({ documentName: "Actor", action: "update" }).length).toBeGreaterThan(0);
  });
});

describe("R-SWIM-1 swimming at half speed", () => {
  it("the sheet's derived data shows the swim speed", async () => {
    const a = (await createActor({ type: "character", system: { geschwindigkeit: 7 } })) as Any;
    const b = (await createActor({ type: "creature", system: { geschwindigkeit: 12 } })) as Any;
    expect(sys(a).derived.schwimmen).toBe(3);
    expect(sys(b).derived.schwimmen).toBe(6);
    expect(sys(b).derived.atemWuerfel).toBe(6);
  });

  it("Decision (issue 35): the Tiefenkrake and the Riffhai (schwimmt) swim at their full speed; their swim action costs what walking does", async () => {
    const scene = await createScene();
    for (const [name, speed] of [["Tiefenkrake", 24], ["Riffhai", 24]] as const) {
      const beast = (await createActor({ name, type: "creature", system: { geschwindigkeit: speed, schwimmt: true } })) as Any;
      expect(sys(beast).derived.schwimmen).toBe(speed);
      const token = await placeToken(scene, beast);
      expect(g.CONFIG.Token.movement.actions.swim.getCostFunction(token, {})(3)).toBe(3);
    }
    // The same creature without schwimmt swims at half.
    const wolf = (await createActor({ type: "creature", system: { geschwindigkeit: 24 } })) as Any;
    expect(sys(wolf).derived.schwimmen).toBe(12);
  });

  it("B-7: a creature that lives only in water walks 1 Schritt per Aktion (each Schritt costs its Geschwindigkeit) and swims at its speed", async () => {
    const scene = await createScene();
    const kraken = (await createActor({ name: "Tiefenkrake", type: "creature", system: { geschwindigkeit: 24, nurImWasser: true } })) as Any;
    const token = await placeToken(scene, kraken);
    const { swim, walk } = g.CONFIG.Token.movement.actions;
    expect(walk.getCostFunction(token, {})(1)).toBe(24);
    expect(walk.getCostFunction(token, {})(3)).toBe(72);
    expect(swim.getCostFunction(token, {})(3)).toBe(3);
    // The ruler's bands: 1 Schritt on land is 1 Aktion, 2 Schritt are 2.
    expect(speedBand(walk.getCostFunction(token, {})(1), 24, 3)).toMatchObject({ actions: 1 });
    expect(speedBand(walk.getCostFunction(token, {})(2), 24, 3)).toMatchObject({ actions: 2 });
    // Everyone else walks as core says.
    const wolf = await placeToken(scene, await createActor({ type: "creature", system: { geschwindigkeit: 24, schwimmt: true } }));
    expect(walk.getCostFunction(wolf, {})(3)).toBe(3);
  });

  it("v13 token movement: the swim action costs double for a Flex creature", async () => {
    const scene = await createScene();
    const actor = await createActor({ type: "character" });
    const token = await placeToken(scene, actor);
    const { swim, walk } = g.CONFIG.Token.movement.actions;
    expect(swim.getCostFunction(token, {})(1)).toBe(2);
    expect(swim.getCostFunction(token, {})(3, {}, {}, 3)).toBe(6);
    expect(walk.getCostFunction(token, {})(3)).toBe(3);
    // A token without a Flex actor keeps core's cost.
    expect(swim.getCostFunction({ actor: null }, {})(3)).toBe(3);
  });

  it("the breath die is a token bar for both actor types", () => {
    for (const type of ["character", "creature"]) expect(g.CONFIG.Actor.trackableAttributes[type].bar).toContain("derived.atem");
  });
});
