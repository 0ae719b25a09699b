// 500 random sequences of what a hurried table does with 2 GMs and 3 players connected: rounds advanced and
// rewound without waiting, underwater toggled, combatants and combats deleted, GMs dropping and coming back,
// Apply / Undo clicked on five clients, end of day from two GMs. Afterwards: no double application, no lost
// result, no automation write by a client that must not write, no error on any client.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fallCardAction } from "../../src/automation/falling";
import { gmQueueIdle } from "../../src/automation/gm-queue";
import { as, createActor, createScene, disconnect, messages, placeToken, reconnect, resetWorld, settle, state, takeErrors, type Clients, seededUniform } from "../harness";
import { resetFallSettings } from "./falling-helpers";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
const g = globalThis as Any;
const sys = (a: Any) => a.system as Any;

type Command =
  | { kind: "nextRound"; gm: number; wait: boolean }
  | { kind: "previousRound"; gm: number }
  | { kind: "underwater"; actor: number; on: boolean }
  | { kind: "deleteCombatant"; index: number }
  | { kind: "newCombat" }
  | { kind: "dropGM"; gm: number }
  | { kind: "returnGM"; gm: number }
  | { kind: "clicks"; actions: ("apply" | "undo" | "none")[] }
  | { kind: "endOfDay"; sameId: boolean; id: number };

const command: fc.Arbitrary<Command> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant("nextRound" as const), gm: fc.nat(1), wait: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("previousRound" as const), gm: fc.nat(1) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("underwater" as const), actor: fc.nat(3), on: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("deleteCombatant" as const), index: fc.nat(3) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("newCombat" as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("dropGM" as const), gm: fc.nat(1) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("returnGM" as const), gm: fc.nat(1) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("clicks" as const), actions: fc.array(fc.constantFrom("apply" as const, "undo" as const, "none" as const), { minLength: 5, maxLength: 5 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("endOfDay" as const), sameId: fc.boolean(), id: fc.nat(3) }) },
);


interface AutomationWrite {
  userId: string;
  activeGM: string | null;
  what: string;
}

async function table(clients: Clients) {
  const scene = await createScene();
  const owners = clients.players.map((p) => ({ default: 0, [p.id]: 3 }));
  const actors: Any[] = [];
  for (let i = 0; i < 3; i++) actors.push(await createActor({ name: `Held ${i + 1}`, type: "character", ownership: owners[i], system: { attributes: { ko: 8, kk: 6 }, leben: { value: 40, max: 40 } } }));
  actors.push(await createActor({ name: "Krake", type: "creature", system: { leben: { value: 30, max: 30 } } }));
  const tokens: Any[] = [];
  for (const [i, a] of actors.entries()) tokens.push(await placeToken(scene, a, { col: i * 2 }));
  // One fall card to click on: Held 1 fell 4 Schritt and took 4 × W4 (not applied yet).
  await g.game.settings.set("flex", "fallAutoApply", false);
  await as(clients.players[0], () => g.game.flex.fall(actors[0], 4, { onto: null, fallId: "sturz" }));
  await settle();
  const fallCard = messages().find((m: Any) => m.flags?.flex?.fall) as Any;
  return { scene, actors, tokens, fallCard };
}

async function newCombat(scene: Any, tokens: Any[]) {
  const combat = await g.Combat.create({});
  const alive = tokens.filter((t) => scene.tokens.get(t.id));
  await combat.createEmbeddedDocuments("Combatant", alive.map((t) => ({ actorId: t.actorId, tokenId: t.id, sceneId: scene.id })));
  await combat.startCombat();
  return combat;
}

async function runSequence(commands: Command[], seed: number): Promise<string[]> {
  const clients = resetWorld({ gms: 2, players: 3 });
  resetFallSettings();
  g.CONFIG.Dice.randomUniform = seededUniform(seed);
  const { scene, actors, tokens, fallCard } = await table(clients);
  let combat = await newCombat(scene, tokens);
  await settle();

  const automation: AutomationWrite[] = [];
  const watch = g.Hooks.on("preUpdateActor", (_doc: Any, changes: Any, _options: Any, userId: string) => {
    const flat = JSON.stringify(changes);
    const what = flat.includes('"breath"') ? "breath" : flat.includes("daysDone") ? "endOfDay" : flat.includes('"applied"') ? "apply" : null;
    if (!what) return;
    automation.push({ userId, activeGM: g.game.users.activeGM?.id ?? null, what });
  });

  const gm = (i: number) => clients.gms[i];
  const anyGM = () => clients.gms.find((u) => u.active);
  try {
    for (const c of commands) {
      switch (c.kind) {
        case "nextRound": {
          if (!gm(c.gm).active || !g.game.combats.get(combat.id)) break;
          await as(gm(c.gm), () => combat.nextRound());
          if (c.wait) await settle();
          break;
        }
        case "previousRound":
          if (gm(c.gm).active && g.game.combats.get(combat.id)) await as(gm(c.gm), () => combat.previousRound());
          break;
        case "underwater": {
          const actor = actors[c.actor];
          const by = c.actor < 3 ? clients.players[c.actor] : anyGM();
          if (by) await as(by, () => actor.toggleStatusEffect("underwater", { active: c.on }));
          break;
        }
        case "deleteCombatant": {
          const current = g.game.combats.get(combat.id);
          const victim = current?.turns[c.index];
          const by = anyGM();
          if (victim && by) await as(by, () => victim.delete());
          break;
        }
        case "newCombat": {
          const by = anyGM();
          if (!by) break;
          await as(by, async () => {
            if (g.game.combats.get(combat.id)) await combat.delete();
            combat = await newCombat(scene, tokens);
          });
          break;
        }
        case "dropGM":
          disconnect(gm(c.gm));
          break;
        case "returnGM":
          if (!gm(c.gm).active) reconnect(gm(c.gm));
          break;
        case "clicks":
          await Promise.all(clients.all.map((u, i) => (c.actions[i] === "none" || !u.active ? null : as(u, () => fallCardAction(fallCard, "faller", c.actions[i] as "apply" | "undo")))));
          break;
        case "endOfDay": {
          const request = { requestId: `tag-${c.id}-xxxxxxxxxx`, actorIds: actors.slice(0, 3).map((a) => a.id) };
          const ask = (u: Any) => (u.active ? as(u, () => g.game.flex.requestEndOfDay(c.sameId ? request : { actorIds: request.actorIds })) : null);
          await Promise.all([ask(gm(0)), ask(gm(1))]);
          break;
        }
      }
    }
    await settle();
    for (const u of clients.gms) if (u.active) await as(u, () => gmQueueIdle());
    await settle();
  } finally {
    g.Hooks.off("preUpdateActor", watch);
  }

  const problems: string[] = [];
  const errors = takeErrors();
  if (errors.length) problems.push(`client errors: ${errors.map((e) => (e instanceof Error ? e.message : String(e))).join(" | ")}`);

  // 0 writes by a client that must not write: automation writes come from a GM (a dropped client cannot send
  // any: the stand-in refuses it; one sent just before the drop still lands, as on Foundry's server).
  for (const w of automation) {
    const user = g.game.users.get(w.userId);
    if (w.what !== "apply" && !user?.isGM) problems.push(`${w.what} written by player ${user?.name}`);
    if (w.what === "apply" && !user?.isGM && w.activeGM) problems.push(`apply written by player ${user?.name} while a GM was online`);
  }

  // Breath: every actor's results chain without a gap (no lost write), and no actor is rolled twice per round.
  const seen = new Set<string>();
  const lastDie = new Map<string, number>();
  for (const m of messages() as Any[]) {
    const breath = m.flags?.flex?.breath;
    if (!breath) continue;
    for (const e of breath.entries) {
      const id = `${e.uuid}@${breath.key}`;
      if (seen.has(id)) problems.push(`breath rolled twice for ${e.name} in ${breath.key}`);
      seen.add(id);
      const prev = lastDie.get(e.uuid);
      if (prev !== undefined && prev !== e.before) problems.push(`${e.name}'s breath die was ${prev}, but the next check read ${e.before}`);
      lastDie.set(e.uuid, e.after);
    }
  }
  for (const a of actors) {
    const last = lastDie.get(a.uuid);
    if (last !== undefined && sys(a).derived.atemWuerfel !== last) problems.push(`${a.name}'s breath die is ${sys(a).derived.atemWuerfel}, its last card says ${last}`);
  }

  // End of day: each request applied at most once per actor, each card starting where the last ended.
  const days = new Map<string, number>();
  const requestIds = new Set<string>();
  for (const m of messages() as Any[]) {
    const day = m.flags?.flex?.endOfDay;
    if (!day) continue;
    if (requestIds.has(day.requestId)) problems.push(`end of day ${day.requestId} announced twice`);
    requestIds.add(day.requestId);
    for (const e of day.entries) {
      const prev = days.get(e.actorId) ?? 0;
      if (e.before !== prev) problems.push(`end of day read Erschöpfung ${e.before} for ${e.actorId}, the last card left ${prev}`);
      days.set(e.actorId, e.after);
    }
  }
  for (const a of actors.slice(0, 3)) if (sys(a).erschoepfung.value !== (days.get(a.id) ?? 0)) problems.push(`${a.name}'s Erschöpfung ${sys(a).erschoepfung.value} differs from its cards`);

  // Fall card: Leben is 40 minus the damage exactly when the faller carries the mark (never twice).
  const damage = fallCard.flags.flex.fall.faller.damage as number;
  const marked = !!actors[0].appliedMark(`fall-sturz-faller`);
  const expected = marked ? 40 - damage : 40;
  if (sys(actors[0]).leben.value !== expected) problems.push(`Held 1 has ${sys(actors[0]).leben.value} Leben, expected ${expected} (applied: ${marked})`);
  return problems;
}

describe("multi-client property: 500 random sequences with 2 GMs and 3 players", () => {
  it("0 double applications, 0 lost results, 0 writes by a client that must not write, 0 client errors", async () => {
    const failures: string[][] = [];
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 4, maxLength: 14 }), fc.integer({ min: 1, max: 2 ** 31 - 1 }), async (commands, seed) => {
        const problems = await runSequence(commands, seed);
        if (problems.length) failures.push(problems);
        expect(problems).toEqual([]);
      }),
      { numRuns: 500, seed: 20261130, endOnFailure: true },
    );
    expect(failures).toEqual([]);
    // Keep the harness quiet for the next test.
    expect(state.errors).toEqual([]);
  }, 120_000);
});
