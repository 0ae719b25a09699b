// R-CORE-14 through core's own initiative: the combatant's initiative roll is an IN attribute check with the
// Erschöpfung malus (so the tracker's buttons, Combat#rollInitiative and the GM's reroll all roll it); the turn
// order breaks ties by the higher GE value, then by a random tiebreak drawn once per combatant.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { initiativeSortKey } from "../../src/automation/combat/initiative";
import { registerCombatantSortKey } from "../../src/documents/combat";
import { as, createActor, dice, messages, queueDice, resetWorld, settle, state, takeErrors, type Clients } from "../harness";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
let clients: Clients;
const g = globalThis as Any;

beforeEach(() => {
  clients = resetWorld({ gms: 2, players: 3 });
});
afterEach(() => {
  g.CONFIG.FLEX.initiative.attribute = "in";
  registerCombatantSortKey(initiativeSortKey);
});

const writesSince = (n: number) => state.writes.slice(n);

async function hero(name: string, system: Record<string, unknown>, owner: Any = clients.players[0]) {
  return (await createActor({ name, type: "character", ownership: { default: 0, [owner.id]: 3 }, system })) as Any;
}

/** A combat with one combatant per actor (no tokens needed), in the order given. */
async function combatOf(actors: Any[], extra: Record<string, unknown>[] = []) {
  const combat = await g.Combat.create({});
  await combat.createEmbeddedDocuments("Combatant", actors.map((a, i) => ({ actorId: a.id, name: a.name, ...(extra[i] ?? {}) })));
  return { combat, combatants: actors.map((a) => combat.combatants.find((c: Any) => c.actorId === a.id)) as Any[] };
}

describe("R-CORE-14 initiative is an IN attribute check with the Erschöpfung malus", () => {
  it("core's Combat#rollInitiative rolls it: the formula, the EW as initiative, one write, one card per roll", async () => {
    const alrik = await hero("Alrik", { attributes: { in: 8 }, erschoepfung: { value: 3 } });
    const goblin = (await createActor({ name: "Goblin", type: "creature", system: { attributes: { in: 10 } } })) as Any;
    const { combat, combatants } = await combatOf([alrik, goblin]);
    const before = state.writes.length;
    queueDice([{ faces: 8, result: 6 }, { faces: 10, result: 4 }]);
    await as(clients.gms[0], () => combat.rollInitiative(combatants.map((c) => c.id)));
    await settle();
    // R-EXH-2: the attribute check's malus is half the Erschöpfung (3 → 1).
    expect(combatants.map((c) => c.initiative)).toEqual([5, 4]);
    expect(writesSince(before).map((w) => [w.action, w.documentName, w.userId, w.ids.length])).toEqual([
      ["update", "Combatant", clients.gms[0].id, 2],
      ["create", "ChatMessage", clients.gms[0].id, 2],
    ]);
    const cards = messages() as Any[];
    expect(cards.map((m) => m.rolls[0].formula)).toEqual(["1d8 - 1", "1d10"]);
    expect(cards.map((m) => m.rolls[0].constructor.name)).toEqual(["CheckRoll", "CheckRoll"]);
    expect(cards[0].rolls[0].check).toMatchObject({ ew: 5, malus: 1 });
    expect(cards[0].rolls[0].options.flex.label).toBe("Initiative (Intuition)");
    expect(cards[0].flavor).toContain("Alrik");
    expect(cards[0].flags).toMatchObject({ "core.initiativeRoll": true });
  });

  it("a player rolls their own combatant from the tracker (Combatant#rollInitiative): one write by their client", async () => {
    const alrik = await hero("Alrik", { attributes: { in: 6 } });
    const { combatants } = await combatOf([alrik]);
    const before = state.writes.length;
    dice(6, 6);
    await as(clients.players[0], () => combatants[0].rollInitiative());
    expect(combatants[0].initiative).toBe(6);
    expect(writesSince(before).map((w) => [w.documentName, w.userId])).toEqual([
      ["Combatant", clients.players[0].id],
      ["ChatMessage", clients.players[0].id],
    ]);
    expect((messages()[0] as Any).rolls[0].formula).toBe("1d6");
  });

  it("the attribute comes from CONFIG.FLEX.initiative, so a group can change it; a hidden combatant's roll goes to the GMs", async () => {
    g.CONFIG.FLEX.initiative.attribute = "ge";
    const goblin = (await createActor({ name: "Goblin", type: "creature", system: { attributes: { in: 10, ge: 12 } } })) as Any;
    const { combat, combatants } = await combatOf([goblin], [{ hidden: true }]);
    dice(12, 7);
    await as(clients.gms[0], () => combat.rollAll());
    const card = messages()[0] as Any;
    expect(card.rolls[0].formula).toBe("1d12");
    expect(card.rolls[0].options.flex.label).toBe("Initiative (Gewandtheit)");
    expect(combatants[0].initiative).toBe(7);
    expect(card.whisper.sort()).toEqual(clients.gms.map((u) => u.id).sort());
  });

  it("the GM's reroll rolls the same check, and the turn stays with the combatant whose turn it is", async () => {
    const alrik = await hero("Alrik", { attributes: { in: 8 }, erschoepfung: { value: 2 } });
    const bela = await hero("Bela", { attributes: { in: 6 } }, clients.players[1]);
    const { combat, combatants } = await combatOf([alrik, bela], [{ initiative: 12 }, { initiative: 3 }]);
    await as(clients.gms[0], () => combat.startCombat());
    await as(clients.gms[0], () => combat.nextTurn());
    await settle();
    expect(combat.combatant.id).toBe(combatants[1].id); // Bela's turn
    dice(8, 1);
    await as(clients.gms[1], () => combat.rollInitiative([combatants[0].id]));
    await settle();
    expect(combatants[0].initiative).toBe(0);
    expect((messages().at(-1) as Any).rolls[0].formula).toBe("1d8 - 1");
    expect(combat.turns.map((c: Any) => c.name)).toEqual(["Bela", "Alrik"]);
    expect(combat.combatant.id).toBe(combatants[1].id);
  });

  it("an explicit formula (a macro's) is rolled as given", async () => {
    const alrik = await hero("Alrik", { attributes: { in: 8 } });
    const { combat, combatants } = await combatOf([alrik]);
    dice(20, 17);
    await as(clients.gms[0], () => combat.rollInitiative([combatants[0].id], { formula: "1d20" }));
    expect(combatants[0].initiative).toBe(17);
  });
});

describe("R-CORE-14 ties are broken by the higher GE value, then at random", () => {
  it("orders by initiative, then GE, then the stored tiebreak; not yet rolled comes last", async () => {
    const actors = [
      await hero("Ge8-low", { attributes: { ge: 8 } }),
      await hero("Ge10", { attributes: { ge: 10 } }),
      await hero("Ge8-high", { attributes: { ge: 8 } }),
      await hero("Unrolled", { attributes: { ge: 12 } }),
      await hero("Fast", { attributes: { ge: 4 } }),
    ];
    const { combat } = await combatOf(actors, [
      { initiative: 10, flags: { flex: { tiebreak: 0.2 } } },
      { initiative: 10, flags: { flex: { tiebreak: 0.1 } } },
      { initiative: 10, flags: { flex: { tiebreak: 0.9 } } },
      { initiative: null },
      { initiative: 15 },
    ]);
    expect(combat.turns.map((c: Any) => c.name)).toEqual(["Fast", "Ge10", "Ge8-high", "Ge8-low", "Unrolled"]);
  });

  it("each combatant draws its tiebreak once, in the write that creates it", async () => {
    const actors = [await hero("A", {}), await hero("B", {})];
    const before = state.writes.length;
    const { combatants } = await combatOf(actors);
    const creates = writesSince(before).filter((w) => w.documentName === "Combatant");
    expect(creates).toHaveLength(1);
    const tiebreaks = combatants.map((c) => c.flags.flex.tiebreak);
    for (const t of tiebreaks) expect(t).toBeGreaterThanOrEqual(0);
    for (const t of tiebreaks) expect(t).toBeLessThan(1);
    expect((creates[0].data as Any[]).map((d) => d.flags.flex.tiebreak)).toEqual(tiebreaks);
    // Later writes keep it.
    await combatants[0].update({ initiative: 4 });
    expect(combatants[0].flags.flex.tiebreak).toBe(tiebreaks[0]);
  });

  it("the sort key is one registered function (the seam for companions, R-COMP-4)", async () => {
    const actors = [await hero("Trainer", { attributes: { ge: 6 } }), await hero("Fremder", { attributes: { ge: 10 } }), await hero("Begleiter", { attributes: { ge: 4 } })];
    const { combat, combatants } = await combatOf(actors, [{ initiative: 8 }, { initiative: 8 }, { initiative: 20 }]);
    const [trainer, , companion] = combatants;
    expect(combat.turns.map((c: Any) => c.name)).toEqual(["Begleiter", "Fremder", "Trainer"]);
    registerCombatantSortKey((c) => (c.id === companion.id ? { ...initiativeSortKey(trainer), after: 1 } : initiativeSortKey(c)));
    // In play the key is registered at init; here the turns are set up again, as core does on the next change.
    combat.setupTurns();
    expect(combat.turns.map((c: Any) => c.name)).toEqual(["Fremder", "Trainer", "Begleiter"]);
  });
});

describe("R-CORE-14 nobody rolls for another's combatant", () => {
  it("a player's roll for another player's combatant is skipped, and setting its initiative is refused: 0 writes", async () => {
    const alrik = await hero("Alrik", { attributes: { in: 8 } });
    const { combat, combatants } = await combatOf([alrik]);
    const hacker = clients.players[1];
    const before = state.writes.length;
    await as(hacker, () => combat.rollInitiative([combatants[0].id]));
    await expect(as(hacker, () => combatants[0].update({ initiative: 99 }))).rejects.toThrow(/lacks permission/);
    // Even its owner may change only initiative, flags and defeated.
    await expect(as(clients.players[0], () => combatants[0].update({ hidden: true }))).rejects.toThrow(/lacks permission/);
    expect(writesSince(before)).toEqual([]);
    expect(combatants[0].initiative).toBeNull();
    expect(messages()).toHaveLength(0);
    expect(takeErrors()).toEqual([]);
  });
});
