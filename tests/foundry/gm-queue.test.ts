// The races an adversarial review found on the active GM, each one now impossible: GM work runs in one
// serialised queue, claimed by id, reading documents inside; the "applied" mark lives on the target.
import { parse } from "node-html-parser";
import { beforeEach, describe, expect, it } from "vitest";
import { fallCardAction } from "../../src/automation/falling";
import { runOnGMQueue } from "../../src/automation/gm-queue";
import { resolveCombatBreath } from "../../src/automation/water/breath";
import { as, createActor, createScene, disconnect, messageContentFor, messages, placeToken, queueDice, resetWorld, settle, state, type Clients } from "../harness";
import { d4s, resetFallSettings, roll } from "./falling-helpers";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
let clients: Clients;
const g = globalThis as Any;
const sys = (a: Any) => a.system as Any;
const rolls = (...faces: [number, number][]) => queueDice(faces.map(([f, result]) => ({ faces: f, result })));

beforeEach(() => {
  clients = resetWorld({ gms: 2, players: 3 });
  resetFallSettings();
});

async function submergedFight(ko = 8) {
  const actor = (await createActor({ name: "Alrik", type: "character", system: { attributes: { ko } } })) as Any;
  await actor.toggleStatusEffect("underwater", { active: true });
  const scene = await createScene();
  const token = (await placeToken(scene, actor)) as Any;
  const combat = await g.Combat.create({});
  await combat.createEmbeddedDocuments("Combatant", [{ actorId: actor.id, tokenId: token.id, sceneId: scene.id }]);
  await combat.startCombat();
  await settle();
  return { actor, combat };
}

describe("breath: rounds advanced without waiting", () => {
  it("two nextRound() in quick succession: round 2 reads what round 1 wrote (two failed checks: W8 → W6 → W4)", async () => {
    const { actor, combat } = await submergedFight(8);
    rolls([8, 1], [6, 1]);
    // The GM clicks "next round" twice; the second update lands before round 1's breath is written.
    await combat.nextRound();
    await combat.nextRound();
    await settle();
    expect(sys(actor).atem.wuerfel).toBe(4);
    expect(messages().map((m: Any) => m.rolls.map((r: Any) => r.formula))).toEqual([["1d8"], ["1d6"]]);
  });

  it("two end-of-round runs for the same round started at once: one roll, one card", async () => {
    const { actor, combat } = await submergedFight(8);
    rolls([8, 1]);
    const [a, b] = await Promise.all([resolveCombatBreath(combat, 7), resolveCombatBreath(combat, 7)]);
    expect(a).toBe(b);
    expect(messages()).toHaveLength(1);
    expect(sys(actor).atem.wuerfel).toBe(6);
  });

  it("the round of a combat deleted before its turn in the queue writes nothing", async () => {
    const { combat } = await submergedFight(8);
    const before = state.writes.length;
    let release!: () => void;
    // The queue is busy with earlier work when this round is queued.
    void runOnGMQueue("earlier-work", () => new Promise<void>((r) => (release = r)));
    const run = resolveCombatBreath(combat, 3);
    await combat.delete();
    release();
    expect((await run).entries).toEqual([]);
    expect(state.writes.slice(before).filter((w) => w.documentName !== "Combat")).toEqual([]);
  });
});

async function tiredParty(n: number, erschoepfung = 0) {
  const actors: Any[] = [];
  for (let i = 0; i < n; i++) {
    actors.push(await createActor({ name: `Held ${i + 1}`, type: "character", system: { attributes: { ko: 4 }, erschoepfung: { value: erschoepfung }, versorgung: { essen: false, trinken: false, schlaf: false } } }));
  }
  return actors;
}

describe("end of day from two GMs at once", () => {
  it("the same request id from both GMs: one card, one write, one 'dead' effect per character who died", async () => {
    const actors = await tiredParty(3, 2);
    const request = { requestId: "tag-7-aaaaaaaaaa", actorIds: actors.map((a) => a.id) };
    const before = state.writes.length;
    await Promise.all([as(clients.gms[0], () => g.game.flex.requestEndOfDay(request)), as(clients.gms[1], () => g.game.flex.requestEndOfDay(request))]);
    await settle();
    expect(messages()).toHaveLength(1);
    // 2 + 3 (no meal, no drink, no sleep) reaches the KO-Wert 4: R-EXH-3; Erschöpfung stops there (issue 25).
    expect(actors.map((a) => sys(a).erschoepfung.value)).toEqual([4, 4, 4]);
    expect(actors.map((a) => a.effects.filter((e: Any) => e.statuses.has("dead")).length)).toEqual([1, 1, 1]);
    expect(state.writes.slice(before).filter((w) => w.documentName === "Actor")).toHaveLength(1);
  });

  it("two different requests at once: two days, each card with what it really applied", async () => {
    const actors = await tiredParty(2, 0);
    await Promise.all([
      as(clients.gms[0], () => g.game.flex.requestEndOfDay({ actorIds: actors.map((a) => a.id), needs: Object.fromEntries(actors.map((a) => [a.id, { essen: false, trinken: true, schlaf: true }])) })),
      as(clients.gms[1], () => g.game.flex.requestEndOfDay({ actorIds: actors.map((a) => a.id), needs: Object.fromEntries(actors.map((a) => [a.id, { essen: false, trinken: true, schlaf: true }])) })),
    ]);
    await settle();
    expect(actors.map((a) => sys(a).erschoepfung.value)).toEqual([2, 2]);
    const days = messages().map((m: Any) => m.flags.flex.endOfDay.entries.map((e: Any) => [e.before, e.after]));
    expect(days).toEqual([
      [[0, 1], [0, 1]],
      [[1, 2], [1, 2]],
    ]);
  });

  it("a character deleted while the party's batch is written: the others' day is applied", async () => {
    const actors = await tiredParty(4, 0);
    const last = actors[3];
    // The moment the batch reaches the server, another GM deletes the last character.
    g.Hooks.once("preUpdateActor", () => void as(clients.gms[1], () => last.delete()));
    const report = await g.game.flex.requestEndOfDay({ actorIds: actors.map((a) => a.id) });
    await settle();
    expect(g.game.actors.get(last.id)).toBeUndefined();
    expect(actors.slice(0, 3).map((a) => sys(a).erschoepfung.value)).toEqual([3, 3, 3]);
    expect(report.messageId).toBeTruthy();
  });
});

describe("fall card: the active GM changes between clicks", () => {
  /** Player 1's Alrik (30 Leben) drops 5 Schritt and fails: 10 damage, not applied yet. */
  async function fallen() {
    await g.game.settings.set("flex", "fallAutoApply", false);
    const scene = await createScene();
    const hero = (await createActor({ name: "Alrik", type: "character", ownership: { default: 0, [clients.players[0].id]: 3 }, system: { attributes: { kk: 8 }, leben: { value: 30, max: 30 } } })) as Any;
    const token = (await placeToken(scene, hero, { elevation: 5 })) as Any;
    roll([8, 1], ...d4s(2, 2, 2, 2, 2));
    await as(clients.players[0], async () => {
      await token.move({ x: 100, elevation: 0 });
      await settle();
    });
    return { hero, message: messages()[0] as Any };
  }

  it("Apply on GM 1, GM 1 drops, Apply again on GM 2: applied once (30 → 20), the card says 20", async () => {
    const { hero, message } = await fallen();
    expect(await as(clients.players[0], () => fallCardAction(message, "faller", "apply"))).toBe("applied");
    disconnect(clients.gms[0]);
    expect(await as(clients.players[0], () => fallCardAction(message, "faller", "apply"))).toBe("already");
    expect(await as(clients.gms[1], () => fallCardAction(message, "faller", "apply"))).toBe("already");
    expect(sys(hero).leben.value).toBe(20);
    // Fall damage ignores Rüstung; the card gives the whole line (issue 25).
    // Alrik is a player's character: his Leben are the party's to see, in the content itself (automation/screen.ts).
    expect(parse(message.content).text).toContain("Alrik: 10 Schaden = −10 Leben, jetzt 20/30");
    expect(parse(await messageContentFor(message, clients.gms[1])).text).toContain("Alrik: 10 Schaden = −10 Leben, jetzt 20/30");
  });

  it("Apply on GM 1, GM 1 drops, Undo on GM 2: undone exactly (20 → 30), and a second Undo does nothing", async () => {
    const { hero, message } = await fallen();
    await as(clients.players[0], () => fallCardAction(message, "faller", "apply"));
    disconnect(clients.gms[0]);
    expect(await as(clients.players[0], () => fallCardAction(message, "faller", "undo"))).toBe("undone");
    expect(sys(hero).leben.value).toBe(30);
    expect(await as(clients.gms[1], () => fallCardAction(message, "faller", "undo"))).toBe("notApplied");
    expect(sys(hero).leben.value).toBe(30);
    expect(message.flags.flex.fall.applied.faller).toBeNull();
  });

  it("five clients click Apply at once: applied once", async () => {
    const { hero, message } = await fallen();
    const statuses = await Promise.all(clients.all.map((u) => as(u, () => fallCardAction(message, "faller", "apply"))));
    await settle();
    expect(statuses.filter((s) => s === "applied")).toHaveLength(1);
    expect(sys(hero).leben.value).toBe(20);
  });
});
