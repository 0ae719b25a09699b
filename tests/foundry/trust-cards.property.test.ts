// Issue 33, "Done when": random cards forged from every card type's real flags (fields swapped, targets replaced,
// ids copied from other cards, authors changed), at a table of 2 GMs, 1 assistant GM and 3 players. Each forgery is
// clicked (Apply, Heal, Undo on any part) by a random player. Afterwards no actor is anywhere a legitimate click by
// that player could not have put it: an actor the forger does not own keeps its Leben, unless the forger is the real
// card's author editing its own card, and then the actor is at most where that card's own click leaves it.
import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import { attackCardAction } from "../../src/automation/combat";
import { fallCardAction } from "../../src/automation/falling";
import { healCardAction, healFromSheet } from "../../src/automation/healing";
import { acting, as, createActor, createScene, messages, placeToken, queueDice, resetWorld, settle, target, type Clients } from "../harness";
import { ROLES, User, worldCollections } from "../harness/documents";
import { d4s, resetFallSettings } from "./falling-helpers";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
const g = globalThis as Any;
const lebenOf = (a: Any) => (a.system as Any).leben.value as number;
const rolls = (...faces: [number, number][]) => queueDice(faces.map(([f, result]) => ({ faces: f, result })));

interface Table {
  clients: Clients;
  actors: Any[];
  cards: { attack: Any; fall: Any; heal: Any };
  /** What each actor's Leben may be after a legitimate click on the real cards (their Apply or Undo). */
  legit: Map<string, Set<number>>;
}

async function table(): Promise<Table> {
  const clients = resetWorld({ gms: 2, players: 3 });
  const assistant = new User({ _id: "assistant0000001", name: "Assistenz", role: ROLES.ASSISTANT, active: true }, { strict: true });
  worldCollections.users.set(assistant.id, assistant);
  resetFallSettings();
  await g.game.settings.set("flex", "fallAutoApply", false);
  const [p1, p2, p3] = clients.players;
  const own = (u: Any) => ({ default: 0, [u.id]: 3 });
  const alrik = (await createActor({ name: "Alrik", type: "character", ownership: own(p1), system: { attributes: { ge: 10, kk: 8, ko: 8 }, leben: { value: 30, max: 30 } } })) as Any;
  await alrik.createEmbeddedDocuments("Item", [
    { name: "Klingenwaffen", type: "talent", system: { attribut: "ge", uebungswert: 4, kategorie: "kampfart" } },
    { name: "Kurzschwert", type: "weapon", system: { talent: "Klingenwaffen", schaden: "1W6+2", aktionen: 1 } },
  ]);
  const bela = (await createActor({ name: "Bela", type: "character", ownership: own(p2), system: { leben: { value: 10, max: 20 } } })) as Any;
  const cora = (await createActor({ name: "Cora", type: "character", ownership: own(p3), system: { leben: { value: 20, max: 20 } } })) as Any;
  const goblin = (await createActor({ name: "Goblin", type: "creature", system: { ausweichen: 2, parade: 2, ruestung: 0, leben: { value: 20, max: 20 } } })) as Any;
  const wolf = (await createActor({ name: "Wolf", type: "creature", system: { attributes: { ge: 6 }, leben: { value: 20, max: 20 } } })) as Any;
  const dragon = (await createActor({ name: "Drache", type: "creature", system: { leben: { value: 200, max: 200 } } })) as Any;
  const scene = await createScene();
  const alrikToken = (await placeToken(scene, alrik, { col: 0, elevation: 5 })) as Any;
  await placeToken(scene, bela, { col: 4 });
  await placeToken(scene, cora, { col: 5 });
  const goblinToken = await placeToken(scene, goblin, { col: 1 });
  await placeToken(scene, wolf, { col: 2 });
  await placeToken(scene, dragon, { col: 6, hidden: true });
  const lich = (await createActor({ name: "Lich", type: "creature", system: { leben: { value: 50, max: 50 } } })) as Any;
  await placeToken(await createScene({ name: "Gruft" }), lich, { hidden: true });

  // The real cards: Alrik hits the goblin (6 damage), Alrik falls onto the wolf (the GM rolls 10), Bela heals herself by 5.
  target(p1, goblinToken);
  rolls([10, 7], [6, 4]);
  await acting(p1, () => alrik.items.getName("Kurzschwert").roll({}));
  const attack = messages().at(-1) as Any;
  rolls([8, 1], ...d4s(2, 2, 2, 2, 2), [6, 1]);
  await acting(p1, () => alrikToken.move({ x: 200, elevation: 0 }));
  const fall = messages().at(-1) as Any;
  await acting(p2, () => healFromSheet(bela, 5));
  const heal = messages().at(-1) as Any;
  // The real cards are what the property forges from: each must be as its test says.
  expect([attack.flags.flex.attack.damage.total, fall.flags.flex.fall.target.damage, heal.flags.flex.heal.amount]).toEqual([6, 10, 5]);
  const actors = [alrik, bela, cora, goblin, wolf, dragon, lich];
  const legit = new Map<string, Set<number>>(actors.map((a) => [a.id, new Set([lebenOf(a)])]));
  legit.get(goblin.id)!.add(14);
  legit.get(wolf.id)!.add(10);
  legit.get(bela.id)!.add(10);
  return { clients, actors, cards: { attack, fall, heal }, legit };
}

type Kind = "attack" | "fall" | "heal";
type Mutation =
  | { kind: "retarget"; actor: number }
  | { kind: "number"; value: number }
  | { kind: "copyId"; from: Kind }
  | { kind: "swapParts" };

interface Forgery {
  base: Kind;
  /** 0..2: a player; the forger posts the forged card as its own, or (own: true) edits the real card if it wrote it. */
  forger: number;
  editOwn: boolean;
  mutations: Mutation[];
  clicks: { action: "apply" | "undo" | "heal"; key: string }[];
}

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant("retarget" as const), actor: fc.nat(6) }),
  fc.record({ kind: fc.constant("number" as const), value: fc.oneof(fc.integer({ min: -5, max: 40 }), fc.constant(999)) }),
  fc.record({ kind: fc.constant("copyId" as const), from: fc.constantFrom<Kind>("attack", "fall", "heal") }),
  fc.record({ kind: fc.constant("swapParts" as const) }),
);
const forgery: fc.Arbitrary<Forgery> = fc.record({
  base: fc.constantFrom<Kind>("attack", "fall", "heal"),
  forger: fc.nat(2),
  editOwn: fc.boolean(),
  mutations: fc.array(mutation, { minLength: 1, maxLength: 3 }),
  clicks: fc.array(fc.record({ action: fc.constantFrom("apply" as const, "undo" as const, "heal" as const), key: fc.constantFrom("t1", "faller", "target", "rider") }), { minLength: 1, maxLength: 3 }),
});

/** The real card's flags with the mutations applied (plain data, as a console would write them). */
function forged(t: Table, f: Forgery): Any {
  const flags = JSON.parse(JSON.stringify(t.cards[f.base].flags.flex)) as Any;
  const record = flags[f.base];
  for (const m of f.mutations) {
    const actor = t.actors[m.kind === "retarget" ? m.actor : 0];
    const ref = { actorUuid: actor.uuid, tokenUuid: actor.getActiveTokens(false, true)[0]?.uuid ?? null };
    if (f.base === "attack") {
      if (m.kind === "retarget") record.targets = record.targets.map((x: Any) => ({ ...x, ref, kind: actor.type === "creature" ? "creature" : "character", status: "hit" }));
      if (m.kind === "number" && record.damage) record.damage.total = m.value;
      if (m.kind === "swapParts") record.healing = record.damage;
    } else if (f.base === "fall") {
      if (m.kind === "retarget") record.target = { ...record.target, ...ref };
      if (m.kind === "number") [record.faller.damage, record.target.damage] = [m.value, m.value];
      if (m.kind === "swapParts") [record.faller, record.target] = [{ ...record.faller, ...record.target, check: record.faller.check }, { ...record.target, ...record.faller }];
    } else {
      if (m.kind === "retarget") record.target = { ...record.target, ...ref };
      if (m.kind === "number") record.amount = m.value;
    }
    if (m.kind === "copyId") record.id = (t.cards[m.from].flags.flex[m.from] as Any).id;
  }
  return flags;
}

async function click(card: Any, kind: Kind, action: Forgery["clicks"][number], user: Any): Promise<void> {
  if (kind === "attack") await acting(user, () => attackCardAction(card, [action.key === "t1" ? "t1" : action.key], action.action));
  else if (kind === "fall" && action.action !== "heal" && ["faller", "target", "rider"].includes(action.key)) await acting(user, () => fallCardAction(card, action.key as "faller", action.action as "apply"));
  else if (kind === "heal" && action.action !== "heal") await acting(user, () => healCardAction(card, action.action as "apply"));
}

describe("issue 33: forged cards at a table of 2 GMs, an assistant and 3 players", () => {
  it("0 writes a legitimate click by that player could not have caused", { timeout: 300_000 }, async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const notify = vi.spyOn(console, "info").mockImplementation(() => undefined);
    try {
      await fc.assert(
        fc.asyncProperty(forgery, async (f) => {
          const t = await table();
          const forger = t.clients.players[f.forger];
          const real = t.cards[f.base];
          const flags = forged(t, f);
          let card: Any;
          // The real author may edit its own card; anyone may post a copy of any card's flags as its own.
          if (f.editOwn && real.author?.id === forger.id) {
            await as(forger, () => real.update({ [`flags.flex.${f.base}`]: flags[f.base] }));
            card = real;
          } else card = await as(forger, () => g.ChatMessage.create({ content: "…", flags: { flex: flags }, rolls: real.rolls.map((r: Any) => JSON.stringify(r.toJSON())) }));
          for (const c of f.clicks) await click(card, f.base, c, forger);
          await settle();
          for (const actor of t.actors) {
            if (actor.testUserPermission(forger, "OWNER")) continue;
            const allowed = card === real ? t.legit.get(actor.id)! : new Set([[...t.legit.get(actor.id)!][0]]);
            expect(allowed, `${actor.name} after ${JSON.stringify(f)}`).toContain(lebenOf(actor));
          }
        }),
        { numRuns: 120, seed: 20261202, endOnFailure: true },
      );
    } finally {
      warn.mockRestore();
      notify.mockRestore();
    }
  });
});
