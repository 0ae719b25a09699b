// Falling (R-FALL-1..3) from a token's drop, a pit region or a call: one chat card with every roll,
// rolled and written by exactly one client, never twice for the same fall.
import { parse } from "node-html-parser";
import { beforeEach, describe, expect, it } from "vitest";
import { as, createActor, createRegion, createScene, disconnect, messageContentFor, messages, placeToken, resetWorld, settle, state, type Clients } from "../harness";
import { d4s, resetFallSettings, roll } from "./falling-helpers";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
let clients: Clients;
const g = globalThis as Any;
const sys = (a: Any) => a.system as Any;


beforeEach(() => {
  clients = resetWorld({ gms: 2, players: 3 });
  resetFallSettings();
});

/** Alrik (player 1's, KK W8, Athletik +2, Rüstung 3, 30 Leben) at elevation 5, and a scene. */
async function setup({ athletik = true } = {}) {
  const scene = await createScene();
  const hero = (await createActor({
    name: "Alrik",
    type: "character",
    ownership: { default: 0, [clients.players[0].id]: 3 },
    system: { attributes: { kk: 8, ge: 6 }, leben: { value: 30, max: 30 }, ruestung: 3 },
  })) as Any;
  if (athletik) await hero.createEmbeddedDocuments("Item", [{ name: "Athletik", type: "talent", system: { attribut: "kk", uebungswert: 2 } }]);
  const token = (await placeToken(scene, hero, { elevation: 5 })) as Any;
  return { scene, hero, token };
}

async function wolf(scene: Any, { col = 2, elevation = 0, ausweichen = 0 } = {}) {
  const actor = (await createActor({ name: "Wolf", type: "creature", system: { attributes: { ge: 6 }, leben: { value: 20, max: 20 } } })) as Any;
  if (ausweichen) await actor.createEmbeddedDocuments("Item", [{ name: "Ausweichen", type: "talent", system: { attribut: "ge", uebungswert: ausweichen } }]);
  const token = (await placeToken(scene, actor, { col, elevation })) as Any;
  return { actor, token };
}

const since = (n: number) => state.writes.slice(n).map((w) => [w.action, w.documentName, w.userId]);
const card = () => messages()[0] as Any;
const fallFlags = () => card().flags.flex.fall;
/** Runs fn as `user` and lets all the work it set off finish on that user's client. */
const acting = <T>(user: Any, fn: () => Promise<T> | T) =>
  as(user, async () => {
    const out = await fn();
    await settle();
    return out;
  });

describe("R-FALL-1 a drop in elevation", () => {
  it("a drop of exactly 2 Schritt does nothing; one more Schritt is a fall", async () => {
    const { token } = await setup();
    const before = state.writes.length;
    await acting(clients.players[0], () => token.move({ elevation: 3 }));
    expect(messages()).toHaveLength(0);
    expect(since(before)).toEqual([["update", "Token", clients.players[0].id]]);
    roll([8, 8]);
    await acting(clients.players[0], () => token.move({ elevation: 0 }));
    expect(messages()).toHaveLength(1);
    expect(fallFlags()).toMatchObject({ height: 3, source: "move" });
  });

  it("a drop of 5 asks for Athletik against SW 15 and on a failure rolls 5d4, armour or not", async () => {
    const { hero, token } = await setup();
    const before = state.writes.length;
    roll([8, 3], ...d4s(1, 2, 3, 4, 2));
    await acting(clients.players[0], () => token.move({ elevation: 0 }));

    expect(messages()).toHaveLength(1);
    const msg = card();
    expect(msg.author.id).toBe(clients.players[0].id);
    expect(msg.rolls.map((r: Any) => r.formula)).toEqual(["1d8 + 2", "5d4"]);
    expect(fallFlags()).toMatchObject({ height: 5, sw: 15, source: "move", faller: { name: "Alrik", damage: 12, dice: [1, 2, 3, 4, 2] } });
    expect(msg.content).toContain("Sturz: 5 Schritt");
    expect(msg.content).toContain("EW 5 gegen SW 15");
    expect(msg.content).toContain("Alrik erhält 12 Fallschaden (5W4: 1 + 2 + 3 + 4 + 2).");
    expect(msg.content).toContain("Rüstung schützt nicht");
    expect(msg.content).toContain("R-CORE-4, R-FALL-1");
    // Applied at once (the default), Rüstung 3 notwithstanding: one actor write and one card, both the mover's.
    expect(sys(hero).leben.value).toBe(18);
    expect(since(before)).toEqual([
      ["update", "Token", clients.players[0].id],
      ["update", "Actor", clients.players[0].id],
      ["create", "ChatMessage", clients.players[0].id],
    ]);
    expect(fallFlags().applied.faller).toMatchObject({ taken: 12, by: clients.players[0].id });
    // Fall damage ignores Rüstung; the card gives the whole line (issue 25).
    // Alrik is a player's character: his Leben are the party's to see, in the content itself (automation/screen.ts).
    expect(parse(msg.content).text).toContain("Alrik: 12 Schaden = −12 Leben, jetzt 18/30");
    expect(parse(await messageContentFor(msg, clients.players[0])).text).toContain("Alrik: 12 Schaden = −12 Leben, jetzt 18/30");
    expect(msg.content).toContain('data-action="flexFallUndo"');
  });

  it("a success lands safely: no damage roll, no damage", async () => {
    const { hero, token } = await setup();
    token.updateSource({ elevation: 3 });
    roll([8, 7]);
    await acting(clients.players[0], () => token.move({ elevation: 0 }));
    expect(card().rolls.map((r: Any) => r.formula)).toEqual(["1d8 + 2"]);
    expect(fallFlags()).toMatchObject({ sw: 9, faller: { damage: 0 } });
    expect(card().content).toContain("Alrik landet sicher");
    expect(card().content).not.toContain("flexFallApply");
    expect(sys(hero).leben.value).toBe(30);
  });

  it("without the Athletik talent it is a bare KK check, and the card says so", async () => {
    const { token } = await setup({ athletik: false });
    roll([8, 8], ...d4s(1, 1, 1, 1, 1));
    await acting(clients.players[0], () => token.move({ elevation: 0 }));
    expect(card().rolls[0].formula).toBe("1d8");
    expect(card().content).toContain("Alrik hat kein Athletik-Talent: reine KK-Probe.");
  });

  it("fractions round down: 2.9 Schritt is no fall, 3.7 Schritt is a fall of 3", async () => {
    const { token } = await setup();
    token.updateSource({ elevation: 2.9 });
    await acting(clients.players[0], () => token.move({ elevation: 0 }));
    expect(messages()).toHaveLength(0);
    token.updateSource({ elevation: 3.7 });
    roll([8, 1], ...d4s(1, 1, 1));
    await acting(clients.players[0], () => token.move({ elevation: 0 }));
    expect(fallFlags()).toMatchObject({ height: 3, sw: 9, faller: { formula: "3d4" } });
  });

  it("a flying creature, a flight or a teleport down, and undoing a climb do not fall", async () => {
    const { hero, token } = await setup();
    await acting(clients.players[0], () => token.move({ elevation: 0, action: "fly" }));
    await acting(clients.players[0], () => token.move({ elevation: 5, action: "fly" }));
    await acting(clients.players[0], () => token.move({ elevation: 0, action: "blink" }));
    await acting(clients.players[0], () => token.move({ elevation: 5 }));
    await acting(clients.players[0], () => token.move({ elevation: 0 }, { method: "undo" }));
    await token.update({ elevation: 5 });
    await hero.toggleStatusEffect("fly", { active: true });
    await acting(clients.players[0], () => token.move({ elevation: 0 }));
    expect(messages()).toHaveLength(0);
    // Control: the same walk down without wings is a fall.
    await hero.toggleStatusEffect("fly", { active: false });
    await token.update({ elevation: 5 });
    roll([8, 8]);
    await acting(clients.players[0], () => token.move({ elevation: 0 }));
    expect(messages()).toHaveLength(1);
  });

  it("the world setting switches falls on a drop off", async () => {
    const { token } = await setup();
    await g.game.settings.set("flex", "fallAutomatic", false);
    await acting(clients.players[0], () => token.move({ elevation: 0 }));
    expect(messages()).toHaveLength(0);
    // Switched on again, the same drop is a fall.
    await g.game.settings.set("flex", "fallAutomatic", true);
    await token.update({ elevation: 5 });
    roll([8, 8]);
    await acting(clients.players[0], () => token.move({ elevation: 0 }));
    expect(messages()).toHaveLength(1);
  });

  it("is handled once per movement, on the mover's client only", async () => {
    const { token } = await setup();
    const movement = { id: "bewegung000001", method: "dragging", origin: { ...token.position, elevation: 6 }, destination: { ...token.position, elevation: 1 }, passed: { waypoints: [] }, pending: { waypoints: [] }, chain: [] };
    roll([8, 1], ...d4s(1, 1, 1, 1, 1));
    for (const user of clients.all) await acting(user, () => g.Hooks.callAll("moveToken", token, movement, {}, clients.players[0]));
    await settle();
    await acting(clients.players[0], () => g.Hooks.callAll("moveToken", token, movement, {}, clients.players[0]));
    expect(messages()).toHaveLength(1);
    expect(card().author.id).toBe(clients.players[0].id);
  });
});

describe("R-FALL-1 the pit region behaviour", () => {
  it("is registered with its icon, its field and its name in three languages", () => {
    const model = g.CONFIG.RegionBehavior.dataModels["flex.pit"];
    expect(model.defineSchema().height.initial).toBe(3);
    expect(g.CONFIG.RegionBehavior.typeIcons["flex.pit"]).toBe("fa-solid fa-person-falling");
    expect(g.game.i18n.localize("TYPES.RegionBehavior.flex.pit")).toBe("Grube (Sturz)");
    expect(g.game.i18n.localize("FLEX.Fall.Pit.FIELDS.height.label")).toBe("Tiefe (Schritt)");
  });

  it("a token entering a 4 Schritt pit falls 4 Schritt: one card, by the mover, with five clients connected", async () => {
    const { scene, hero, token } = await setup();
    token.updateSource({ elevation: 0 });
    await createRegion(scene, { col: 3, row: 0, cols: 2, rows: 2, behaviors: [{ type: "flex.pit", system: { height: 4 } }] });
    const before = state.writes.length;
    roll([8, 2], ...d4s(4, 4, 4, 4));
    await acting(clients.players[0], () => token.move({ x: 300 }));
    expect(messages()).toHaveLength(1);
    expect(fallFlags()).toMatchObject({ height: 4, sw: 12, source: "pit" });
    expect(card().content).toContain("Grube");
    expect(sys(hero).leben.value).toBe(14);
    expect(since(before).every(([, , user]) => user === clients.players[0].id)).toBe(true);
    // The movement stops where the token's centre crossed into the pit.
    expect(token.x).toBe(250);

    // Walking about inside the pit is no new fall; a shallow pit is none at all.
    await acting(clients.players[0], () => token.move({ x: 400 }));
    expect(messages()).toHaveLength(1);
  });

  it("a pit of 2 Schritt is no fall, and a flying creature passes over a pit; on foot it falls in", async () => {
    const { scene, hero, token } = await setup();
    token.updateSource({ elevation: 0 });
    await createRegion(scene, { col: 3, row: 0, behaviors: [{ type: "flex.pit", system: { height: 2 } }] });
    await createRegion(scene, { col: 5, row: 0, behaviors: [{ type: "flex.pit", system: { height: 6 } }] });
    await acting(clients.players[0], () => token.move({ x: 300 }));
    await hero.toggleStatusEffect("fly", { active: true });
    await acting(clients.players[0], () => token.move({ x: 700 }));
    expect(messages()).toHaveLength(0);
    expect(token.x).toBe(700);
    // Control: back on foot, the way back across the deep pit is a fall.
    await hero.toggleStatusEffect("fly", { active: false });
    roll([8, 8]);
    await acting(clients.players[0], () => token.move({ x: 300 }));
    expect(messages()).toHaveLength(1);
    expect(fallFlags()).toMatchObject({ height: 6, source: "pit" });
  });

  it("a drop of more than 2 Schritt into a pit is one fall, of the larger height: one card, by the mover", async () => {
    const { scene, token } = await setup();
    await createRegion(scene, { col: 3, row: 0, behaviors: [{ type: "flex.pit", system: { height: 4 } }] });
    // Down 4 Schritt beside the pit, then on into it, in one movement.
    token.updateSource({ x: 200, elevation: 4 });
    const before = state.writes.length;
    roll([8, 1], ...d4s(1, 1, 1, 1));
    await acting(clients.players[0], () => token.move([{ elevation: 0 }, { x: 300 }]));
    expect(messages()).toHaveLength(1);
    expect(fallFlags()).toMatchObject({ height: 4, source: "pit" });
    expect(new Set(since(before).map(([, , user]) => user))).toEqual(new Set([clients.players[0].id]));

    // A drop deeper than the pit: still one card, of the drop's height.
    token.updateSource({ x: 200, elevation: 9 });
    roll([8, 1], ...d4s(1, 1, 1, 1, 1, 1, 1, 1, 1));
    await acting(clients.players[0], () => token.move([{ elevation: 0 }, { x: 300 }]));
    expect(messages()).toHaveLength(2);
    expect((messages()[1] as Any).flags.flex.fall).toMatchObject({ height: 9, source: "pit" });
  });
});

describe("R-FALL-2 / R-FALL-3 landing on someone", () => {
  it("a creature that fails its dodge takes the same damage; the GM's creature is resolved on the active GM's client", async () => {
    const { scene, hero, token } = await setup();
    const { actor: beast } = await wolf(scene);
    const before = state.writes.length;
    // Athletik 1 + 2 < 15; 5d4 = 10; the wolf has no Ausweichen: a bare GE check, 1 < 15.
    roll([8, 1], ...d4s(2, 2, 2, 2, 2), [6, 1]);
    await acting(clients.players[0], () => token.move({ x: 200, elevation: 0 }));

    expect(sys(hero).leben.value).toBe(20);
    expect(sys(beast).leben.value).toBe(10);
    expect(messages()).toHaveLength(1);
    const msg = card();
    expect(msg.rolls.map((r: Any) => r.formula)).toEqual(["1d8 + 2", "5d4", "1d6"]);
    expect(msg.content).toContain("Alrik landet auf Wolf.");
    // The GM's wolf: its check is drawn on the GM's client only (automation/screen.ts).
    expect(msg.content).not.toContain("reine GE-Probe");
    expect(await messageContentFor(msg, clients.gms[0])).toContain("Wolf hat kein Ausweichen-Talent: reine GE-Probe.");
    expect(msg.content).toContain("Wolf erhält denselben Schaden: 10.");
    expect(msg.content).toContain("R-CORE-4, R-FALL-1, R-FALL-2, R-FALL-3");
    expect(fallFlags().target).toMatchObject({ kind: "creature", name: "Wolf", atRisk: true, dodged: false, damage: 10, unresolved: false });
    expect(fallFlags().applied.target).toMatchObject({ taken: 10, by: clients.players[0].id });
    // The player's client rolls its check and writes its own; the active GM rolls the fall damage (the 5d4 on the card
    // is its roll, shown on the player's card) and the dodge, and writes the wolf in a journalled task whose hold write
    // carries its record of the fall (the card's numbers for the wolf are never read again).
    expect(since(before)).toEqual([
      ["update", "Token", clients.players[0].id],
      ["update", "User", clients.gms[0].id],
      ["update", "Actor", clients.gms[0].id],
      ["update", "User", clients.gms[0].id],
      ["update", "Actor", clients.players[0].id],
      ["create", "ChatMessage", clients.players[0].id],
    ]);
  });

  it("a creature killed by the fall: the card says how much it lost and that it is defeated (issue 25)", async () => {
    const { scene, token } = await setup();
    const { actor: beast } = await wolf(scene);
    await beast.update({ "system.leben.value": 7 });
    roll([8, 1], ...d4s(2, 2, 2, 2, 2), [6, 1]);
    await acting(clients.players[0], () => token.move({ x: 200, elevation: 0 }));
    expect(sys(beast).leben.value).toBe(0);
    const line = parse(await messageContentFor(card(), clients.gms[0])).querySelectorAll(".flex-fall-apply .flex-applied").map((e: Any) => e.text.replace(/\s+/g, " ").trim());
    expect(line).toContain("Wolf: 10 Schaden: Leben 7 → 0/20 (3 verfallen) besiegt");
  });

  it("a creature that dodges takes nothing; only the faller is hurt", async () => {
    const { scene, hero, token } = await setup();
    const { actor: beast } = await wolf(scene, { ausweichen: 10 });
    roll([8, 1], ...d4s(2, 2, 2, 2, 2), [6, 5]);
    await acting(clients.players[0], () => token.move({ x: 200, elevation: 0 }));
    expect(sys(hero).leben.value).toBe(20);
    expect(sys(beast).leben.value).toBe(20);
    expect(card().content).toContain("Wolf weicht aus");
    expect(state.writes.filter((w) => w.documentName === "Actor" && w.action === "update" && w.ids.includes(beast.id))).toEqual([]);
  });

  it("a creature with an Ausweichen value dodges with it, as against an attack: no roll (R-FALL-3, Decision 2026-12-01)", async () => {
    const { scene, token } = await setup();
    const { actor: beast } = await wolf(scene);
    await beast.update({ "system.ausweichen": 16 });
    roll([8, 1], ...d4s(2, 2, 2, 2, 2)); // the hero fails; 10 damage; no die for the wolf
    await acting(clients.players[0], () => token.move({ x: 200, elevation: 0 }));
    expect(sys(beast).leben.value).toBe(20);
    expect(card().rolls).toHaveLength(2);
    expect(card().content).not.toContain("Ausweichen-Wert 16");
    expect(await messageContentFor(card(), clients.gms[0])).toContain("Wolf verteidigt sich mit seinem Ausweichen-Wert 16, wie gegen einen Angriff.");
    expect(card().content).not.toContain("reine GE-Probe");
  });

  it("a faller who succeeds spares the creature below: no dodge is rolled", async () => {
    const { scene, token } = await setup();
    token.updateSource({ elevation: 3 });
    await wolf(scene);
    roll([8, 7]);
    await acting(clients.players[0], () => token.move({ x: 200, elevation: 0 }));
    expect(card().rolls).toHaveLength(1);
    expect(card().content).toContain("Wolf bleibt verschont.");
    expect(fallFlags().rules).toEqual(["R-CORE-4", "R-FALL-1"]);
  });

  it("a destructible object takes the damage as a note on the card", async () => {
    const { scene, token } = await setup();
    const crate = await createActor({ name: "Kiste", type: "creature" });
    await placeToken(scene, crate, { col: 2, flags: { flex: { destructible: true } } });
    roll([8, 1], ...d4s(3, 3, 3, 3, 3));
    const before = state.writes.length;
    await acting(clients.players[0], () => token.move({ x: 200, elevation: 0 }));
    expect(card().content).toContain("Kiste (zerstörbares Objekt) erhält ebenfalls 15 Schaden – nur als Notiz.");
    expect(fallFlags().target).toMatchObject({ kind: "object", damage: 15 });
    expect(card().content.match(/flexFall(Apply|Undo)/g)).toEqual(["flexFallUndo"]);
    expect(since(before).filter(([, doc]) => doc === "Actor")).toHaveLength(1);
  });

  it("a tile the GM flagged destructible takes the damage as a note too", async () => {
    const { scene, token } = await setup();
    await (scene as Any).createEmbeddedDocuments("Tile", [{ x: 200, y: 0, width: 100, height: 100, elevation: 0, flags: { flex: { destructible: true } } }]);
    roll([8, 1], ...d4s(3, 3, 3, 3, 3));
    await acting(clients.players[0], () => token.move({ x: 200, elevation: 0 }));
    expect(fallFlags().target).toMatchObject({ kind: "object", damage: 15 });
    expect(card().content).toContain("Kachel (zerstörbares Objekt) erhält ebenfalls 15 Schaden – nur als Notiz.");
  });

  it("an unflagged tile is not landed on", async () => {
    const { scene, token } = await setup();
    await (scene as Any).createEmbeddedDocuments("Tile", [{ x: 200, y: 0, width: 100, height: 100, elevation: 0 }]);
    roll([8, 1], ...d4s(3, 3, 3, 3, 3));
    await acting(clients.players[0], () => token.move({ x: 200, elevation: 0 }));
    expect(fallFlags().target ?? null).toBeNull();
  });

  it("only a token at the landing square and elevation is landed on, never the faller itself", async () => {
    const { scene, token } = await setup();
    await wolf(scene, { col: 2, elevation: 3 }); // on a ledge halfway down
    await wolf(scene, { col: 3, elevation: 0 }); // next square
    roll([8, 1], ...d4s(1, 1, 1, 1, 1));
    await acting(clients.players[0], () => token.move({ x: 200, elevation: 0 }));
    expect(fallFlags().target).toBeNull();
  });
});

describe("R-FALL-1..3 a fall called from a sheet or a macro", () => {
  it("actor.fall(height, { onto }) lands on the given token; a GM rolls everything on one client", async () => {
    const { scene, hero } = await setup();
    const { actor: beast, token: beastToken } = await wolf(scene, { col: 7 });
    const before = state.writes.length;
    roll([8, 1], ...d4s(1, 1, 1, 1), [6, 2]);
    const report = await hero.fall(4, { onto: beastToken });
    expect(report).toMatchObject({ fell: true, record: { height: 4, sw: 12, source: "call", target: { name: "Wolf", damage: 4 } } });
    expect(sys(beast).leben.value).toBe(16);
    expect(new Set(state.writes.slice(before).map((w) => w.userId))).toEqual(new Set([clients.gms[0].id]));
  });

  it("game.flex.fall takes an actor as the target; onto: null is the bare ground", async () => {
    const { scene, hero, token } = await setup();
    const { actor: beast } = await wolf(scene, { col: 0, elevation: 5 });
    roll([8, 1], ...d4s(1, 1, 1), [6, 1]);
    await g.game.flex.fall(hero, 3, { onto: beast });
    expect(fallFlags().target).toMatchObject({ name: "Wolf", damage: 3 });
    roll([8, 1], ...d4s(1, 1, 1));
    await g.game.flex.fall(token, 3, { onto: null });
    expect((messages()[1] as Any).flags.flex.fall.target).toBeNull();
  });

  it("a call of 2 Schritt or less, or for a flying creature, explains itself and does nothing", async () => {
    const { hero } = await setup();
    const before = state.writes.length;
    expect(await hero.fall(2)).toMatchObject({ fell: false, reason: "noFall" });
    expect(state.notifications.at(-1)?.message).toBe("Alrik fällt nur 2 Schritt – ein Sturz beginnt erst bei mehr als 2 Schritt.");
    await hero.toggleStatusEffect("fly", { active: true });
    expect(await hero.fall(10)).toMatchObject({ fell: false, reason: "flying" });
    expect(state.notifications.at(-1)?.message).toBe("Alrik fliegt und stürzt nicht.");
    expect(state.writes.slice(before).filter((w) => w.documentName !== "ActiveEffect")).toEqual([]);
    expect(messages()).toHaveLength(0);
  });

  it("the same fall is never resolved twice, whoever asks", async () => {
    const { hero } = await setup();
    roll([8, 1], ...d4s(1, 1, 1, 1, 1));
    await g.game.flex.fall(hero, 5, { fallId: "sturz-1" });
    const writes = state.writes.length;
    const again = await g.game.flex.fall(hero, 5, { fallId: "sturz-1" });
    const other = await as(clients.gms[1], () => g.game.flex.fall(hero, 5, { fallId: "sturz-1" }));
    const player = await as(clients.players[0], () => g.game.flex.fall(hero, 5, { fallId: "sturz-1" }));
    expect([again.reason, other.reason, player.reason]).toEqual(["duplicate", "duplicate", "duplicate"]);
    expect(state.writes.length).toBe(writes);
    expect(messages()).toHaveLength(1);
    expect(sys(hero).leben.value).toBe(25);
  });
});

describe("who rolls the faller's Athletik check", () => {
  it("with the setting 'gm' the active GM rolls and writes, even for the player's own character", async () => {
    const { hero, token } = await setup();
    await g.game.settings.set("flex", "fallRoller", "gm");
    const before = state.writes.length;
    roll([8, 1], ...d4s(1, 1, 1, 1, 1));
    await acting(clients.players[0], () => token.move({ elevation: 0 }));
    expect(card().author.id).toBe(clients.gms[0].id);
    expect(sys(hero).leben.value).toBe(25);
    expect(since(before)).toEqual([
      ["update", "Token", clients.players[0].id],
      ["update", "Actor", clients.gms[0].id],
      ["create", "ChatMessage", clients.gms[0].id],
    ]);
  });

  it("a player may make only their own characters fall", async () => {
    const { hero } = await setup();
    const before = state.writes.length;
    const out = await as(clients.players[1], () => g.game.flex.fall(hero, 3));
    expect(out).toMatchObject({ fell: false, reason: "refused" });
    expect(state.writes.length).toBe(before);
    expect(state.notifications.at(-1)).toMatchObject({ type: "warn", userId: clients.players[1].id, message: "Nur wer Alrik besitzt, oder die Spielleitung, kann die Figur stürzen lassen." });
  });

  it("with the setting 'gm' and no GM online the fall is not resolved, and the player is told", async () => {
    const { hero, token } = await setup();
    await g.game.settings.set("flex", "fallRoller", "gm");
    for (const gm of clients.gms) disconnect(gm);
    const before = state.writes.length;
    await acting(clients.players[0], () => token.move({ elevation: 0 }));
    expect(messages()).toHaveLength(0);
    expect(sys(hero).leben.value).toBe(30);
    expect(since(before)).toEqual([["update", "Token", clients.players[0].id]]);
    expect(state.notifications.at(-1)).toMatchObject({ type: "warn", userId: clients.players[0].id, message: "Keine Spielleitung online – die Aktion wurde nicht ausgeführt." });
  });
});
