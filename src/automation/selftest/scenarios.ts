// The self-test's scenarios: the system's key features, each played through its public API (game.flex, the documents'
// methods, the chat cards' actions) on a temporary scene with temporary actors, in the world the system is installed in.
// The same module runs in the stand-in's tests and in a GM's world (one scenario module, two hosts): what passes here
// works there, with whatever modules that world has. A scenario throws when what a table would see is not what it sees.
import { onHook, offHook } from "../../helpers/hooks";
import { attackCardAction, attackWith } from "../combat";
import { attackRecordOf } from "../combat/record";

type ActorDoc = Actor.Implementation;
type TokenDoc = TokenDocument.Implementation;

/** What a scenario may do: make temporary actors and tokens (removed afterwards) and wait for automation to finish. */
export interface SelfTestContext {
  /** A temporary actor (a character or a creature), removed when the self-test ends. */
  actor(data: Actor.CreateData): Promise<ActorDoc>;
  /** The actor's linked token on the self-test's scene, at field `col` of this scenario's row. */
  token(actor: ActorDoc, col: number): Promise<TokenDoc>;
  /** Resolves once `test` holds; fails the scenario with `failure` after a few seconds. */
  until(test: () => boolean, failure: SelfTestFailure): Promise<void>;
}

/** A scenario's failed expectation: a language key (FLEX.SelfTest.Expect.…) and its data, shown on the report card. */
export class SelfTestFailure extends Error {
  constructor(
    readonly key: string,
    readonly data: Record<string, string> = {},
  ) {
    super(key);
  }
}

/** Fails the scenario unless `condition` holds. */
export function expectThat(condition: unknown, key: string, data: Record<string, string> = {}): asserts condition {
  if (!condition) throw new SelfTestFailure(`FLEX.SelfTest.Expect.${key}`, data);
}

export interface Scenario {
  /** Its name on the card: FLEX.SelfTest.Scenario.<id>. */
  id: string;
  run(ctx: SelfTestContext): Promise<void>;
}

// The types give `game` a shape per start-up phase; game.flex is declared on Game (src/types/config.d.ts).
const flex = () => (game as unknown as Game).flex;
const leben = (actor: ActorDoc) => Number((actor.system as { leben?: { value?: unknown } }).leben?.value);
const hero = (ctx: SelfTestContext, name: string, system: Record<string, unknown> = {}) =>
  ctx.actor({ name, type: "character", system: { groesse: "mittel", attributes: { ge: 8, kk: 8, ko: 8 }, leben: { value: 30, max: 30 }, ...system } });
const creature = (ctx: SelfTestContext, name: string, system: Record<string, unknown> = {}) =>
  ctx.actor({ name, type: "creature", system: { groesse: "mittel", ruestung: 0, ausweichen: 0, parade: 0, leben: { value: 20, max: 20 }, attributes: { ge: 4 }, ...system } });

/** R-CORE-4: a talent check against a SW it always reaches posts its card with the result. */
const check: Scenario = {
  id: "check",
  async run(ctx) {
    // The talent comes in the creation data: a world that gives new characters the general talents (R-CORE-3) would
    // otherwise give it an untouched Athletik at Übungswert 0 first.
    const actor = await ctx.actor({ name: "Alrik", type: "character", system: { groesse: "mittel", attributes: { ge: 8, kk: 8, ko: 8 }, leben: { value: 30, max: 30 } }, items: [{ name: "Athletik", type: "talent", system: { attribut: "kk", uebungswert: 3 } }] });
    const outcome = await actor.rollTalent("Athletik", { sw: 4, rollMode: "selfroll" });
    expectThat(outcome?.message, "NoCheck");
    expectThat(outcome.result.success, "CheckMissed", { ew: String(outcome.result.ew), sw: "4" });
  },
};

/** R-CORE-10 / R-CORE-11: an attack that cannot miss hits; Apply takes the damage off, Undo gives it back. */
const attack: Scenario = {
  id: "attack",
  async run(ctx) {
    const attacker = await hero(ctx, "Alrik");
    await attacker.createEmbeddedDocuments("Item", [
      { name: "Klingenwaffen", type: "talent", system: { attribut: "ge", uebungswert: 60, kategorie: "kampfart" } },
      { name: "Kurzschwert", type: "weapon", system: { talent: "Klingenwaffen", schaden: "1W6+2" } },
    ]);
    const goblin = await creature(ctx, "Goblin");
    await ctx.token(attacker, 0);
    const target = await ctx.token(goblin, 1);
    const sword = attacker.items.getName("Kurzschwert")!;
    const message = (await attackWith(sword, attacker, { targets: [target], rollMode: "selfroll" }))?.message;
    const record = attackRecordOf(message);
    expectThat(message && record, "NoAttackCard");
    expectThat(record.targets[0]?.status === "hit" && record.damage, "NotHit");
    const goblinNow = () => target.actor!;
    await attackCardAction(message, "all", "apply");
    const max = 20;
    await ctx.until(() => leben(goblinNow()) === max - record.damage!.total, new SelfTestFailure("FLEX.SelfTest.Expect.NotApplied", { damage: String(record.damage!.total) }));
    await attackCardAction(message, "all", "undo");
    await ctx.until(() => leben(goblinNow()) === max, new SelfTestFailure("FLEX.SelfTest.Expect.NotUndone", { leben: String(leben(goblinNow())), max: String(max) }));
  },
};

/** R-BREATH-1: a character under water rolls its breath die, on one card. */
const breath: Scenario = {
  id: "breath",
  async run(ctx) {
    const diver = await hero(ctx, "Pia");
    const token = await ctx.token(diver, 0);
    await diver.toggleStatusEffect("underwater", { active: true });
    const report = await flex().advanceBreath([token], { private: true });
    expectThat(report?.messageId && report.entries.some((e) => e.name === diver.name), "NoBreath");
  },
};

/** R-FALL-1 / R-FALL-2: a fall of 3 Schritt onto a creature posts one card naming both. */
const fall: Scenario = {
  id: "fall",
  async run(ctx) {
    const faller = await hero(ctx, "Bela");
    const wolf = await creature(ctx, "Wolf");
    const token = await ctx.token(faller, 0);
    const below = await ctx.token(wolf, 1);
    const report = await flex().fall(token, 3, { onto: below, rollMode: "selfroll" });
    expectThat(report?.fell && report.messageId, "NoFall");
    const content = String((game.messages!.get(report.messageId) as ChatMessage.Implementation | undefined)?.content ?? "");
    expectThat(content.includes(wolf.name), "NoTarget", { name: wolf.name });
  },
};

/** R-RIDE-1 / R-RIDE-4: a rider mounts its companion, and goes along when the mount moves; then it dismounts. */
const riding: Scenario = {
  id: "riding",
  async run(ctx) {
    const rider = await hero(ctx, "Rikka");
    const horse = await ctx.actor({ name: "Schimmel", type: "creature", system: { groesse: "gross", reitbar: true, trainierbar: true, trainer: rider.uuid, leben: { value: 20, max: 20 } } });
    const riderToken = await ctx.token(rider, 0);
    const horseToken = await ctx.token(horse, 1);
    const mounted = await flex().mountUp!(riderToken, horseToken);
    expectThat(mounted.status === "mounted", "NotMounted", { status: `${mounted.status}${mounted.reason ? ` (${mounted.reason})` : ""}` });
    const size = Number(horseToken.parent?.grid?.size) || 100;
    const to = { x: Number(horseToken.x) + 3 * size, y: Number(horseToken.y) };
    await horseToken.update(to);
    const onHorse = () => Math.abs(Number(riderToken.x) - to.x) < size && Math.abs(Number(riderToken.y) - to.y) < size;
    await ctx.until(onHorse, new SelfTestFailure("FLEX.SelfTest.Expect.NotCarried"));
    const off = await flex().dismount!(riderToken);
    expectThat(off.status === "dismounted", "NotDismounted", { status: off.status });
  },
};

/** R-POLY-1 / R-POLY-8: a character becomes a creature and turns back exactly. */
const polymorph: Scenario = {
  id: "polymorph",
  async run(ctx) {
    const actor = await hero(ctx, "Mira", { attributes: { ge: 8, kk: 6 } });
    const bear = await creature(ctx, "Bär", { attributes: { ge: 6, kk: 12 }, leben: { value: 40, max: 40 } });
    await ctx.token(actor, 0);
    const before = JSON.stringify(actor.toObject().system);
    await flex().polymorph.transform(actor, bear);
    const kk = () => (actor.system as { attributes?: { kk?: unknown } }).attributes?.kk;
    expectThat(actor.getFlag("flex", "polymorph") && String(kk()).includes("12"), "NotTransformed");
    await flex().polymorph.revert(actor, { private: true });
    await ctx.until(() => !actor.getFlag("flex", "polymorph"), new SelfTestFailure("FLEX.SelfTest.Expect.NotReverted"));
    expectThat(JSON.stringify(actor.toObject().system) === before, "NotRestored");
  },
};

/** RULES.md §11: a short rest (no answer asked for) is taken, and the world time is left alone. */
const rest: Scenario = {
  id: "rest",
  async run(ctx) {
    const actor = await hero(ctx, "Nora", { leben: { value: 20, max: 30 } });
    // The public hook of a rest: the self-test keeps the world's time as it is.
    const keepTime = onHook("flex.preRest", (data) => {
      if (data.actorIds?.includes(actor.id!)) data.advanceTime = false;
    });
    try {
      const report = await flex().rest({ type: "shortRest", actors: [actor], ask: false, private: true });
      expectThat(report?.entries.some((e) => e.actorId === actor.id && e.taken.taken), "NoRest");
    } finally {
      offHook("flex.preRest", keepTime);
    }
  },
};

/** The scenarios, in the order the card lists them. */
export const SCENARIOS: readonly Scenario[] = [check, attack, breath, fall, riding, polymorph, rest];

// Scenarios of the integrations (issue 34, scope 7): each module's adapter adds its own when its module is active in
// this world (integrations/*/selftest.ts), so the card shows what works with the modules the table runs.
const added: Scenario[] = [];

/** Adds a scenario after the system's own (once per id). */
export function registerSelfTestScenario(scenario: Scenario): void {
  if (!added.some((s) => s.id === scenario.id)) added.push(scenario);
}

/** The system's scenarios, then those of the active integrations. */
export function selfTestScenarios(): readonly Scenario[] {
  return [...SCENARIOS, ...added];
}
