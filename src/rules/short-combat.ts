// RULES.md §10 R-SHORT-1 … R-SHORT-6: short combats, an easy fight resolved in one exchange of rolls.
// Pure: the EWs, the die results and the enemies' attacks come in; what happened and why goes out.
import { parseAttackCheck } from "./attack";
import type { AttackCheck } from "./attack";
import type { CheckInput } from "./checks";
import { toCount } from "./count";
import { damageFormula, damageRange } from "./damage";
import type { Die } from "./dice";
import { applyHits } from "./healing";
import type { HitsOutcome } from "./healing";
import type { RuleId } from "./ids";

/** R-SHORT-1: the enemies' goal, set by the GM, from fighting their best to fleeing. */
export const SHORT_STANCES = ["fight", "flee"] as const;
export type ShortStance = (typeof SHORT_STANCES)[number];

/** R-SHORT-1: what the players state as their goal (death, capture, knocking out, …); "other" with a note. */
export const SHORT_GOALS = ["kill", "capture", "knockOut", "driveOff", "other"] as const;
export type ShortGoal = (typeof SHORT_GOALS)[number];

/** R-SHORT-2: enemies who do not want to fight use Ausweichen with 3 Vorteile. */
export const FLEE_VORTEILE = 3;
/** R-SHORT-4: one hit is the damage of one enemy attacking with 2 actions. */
export const HIT_ACTIONS = 2;
/** R-SHORT-5: each 4 Fluss spent before rolling is +1 EW. */
export const FLUSS_PER_EW = 4;
/** R-SHORT-6: each Alchemikum used after rolling is +3 EW. */
export const ALCHEMIKUM_EW = 3;

const finite = (name: string, n: number): number => {
  if (typeof n !== "number" || !Number.isFinite(n)) throw new RangeError(`${name} must be a finite number, got ${String(n)}`);
  return n;
};

/** R-SHORT-2: a team's EW is the highest EW among its members; null while nobody has one. */
export function teamEW(ews: readonly (number | null | undefined)[]): number | null {
  const known = ews.filter((ew): ew is number => typeof ew === "number" && Number.isFinite(ew));
  return known.length ? Math.max(...known) : null;
}

/**
 * R-SHORT-2 (Decision): a fleeing creature's Ausweichen is a fixed value, so it rolls its GE die with 3 Vorteile
 * around it, as creatures that roll their defence do (R-CORE-11): value − ⌊GE / 2⌋ + the kept GE die.
 */
export function creatureFleeInput(ausweichen: number, ge: Die): CheckInput {
  return {
    kind: "talent",
    die: ge,
    uebungswert: 0,
    modifier: toCount(ausweichen) - Math.floor(ge / 2),
    vorteile: FLEE_VORTEILE,
    nachteile: 0,
    erschoepfung: 0,
    sw: null,
  };
}

/** R-SHORT-2 (Decision): the attack check a fighting creature rolls: its best one by average, W6 without any. */
export function bestAttackCheck(checks: readonly unknown[]): AttackCheck {
  let best: AttackCheck | null = null;
  const average = (c: AttackCheck) => (c.die + 1) / 2 + c.bonus;
  for (const text of checks) {
    const check = parseAttackCheck(text);
    if (check && (!best || average(check) > average(best) || (average(check) === average(best) && check.die > best.die))) best = check;
  }
  return best ?? { die: 6, bonus: 0 };
}

/** R-SHORT-3: who won the exchange, and what that means. */
export type ShortWinner = "characters" | "enemies";
/**
 * R-SHORT-3: goalReached (characters beat fleeing enemies, no trouble) · goalAttacked (characters beat fighting
 * enemies, but are attacked) · enemiesEscape (fleeing enemies win) · enemiesPrevail (fighting enemies win: they
 * reach their best goal and attack).
 */
export type ShortOutcome = "goalReached" | "goalAttacked" | "enemiesEscape" | "enemiesPrevail";

export interface ShortResolveInput {
  charactersEW: number;
  enemiesEW: number;
  stance: ShortStance;
}

export interface ShortResolution {
  winner: ShortWinner;
  outcome: ShortOutcome;
  /** The characters' EW − the enemies' EW. */
  difference: number;
  /** Whether the characters are attacked (the enemies fight). */
  attacked: boolean;
  hits: number;
  rules: RuleId[];
}

/**
 * R-SHORT-4: the hits the characters take by (characters' EW − enemies' EW):
 * < 0 → 6; 0–2 → 4; 3–5 → 3; 6–8 → 2; 9–11 → 1; 12+ → 0. A fraction counts as the whole number below.
 */
export function hitsForDifference(difference: number): number {
  const d = Math.floor(finite("difference", difference));
  if (d < 0) return 6;
  if (d <= 2) return 4;
  if (d <= 5) return 3;
  if (d <= 8) return 2;
  if (d <= 11) return 1;
  return 0;
}

/** R-SHORT-3 / R-SHORT-4: the higher team EW wins, a tie goes to the characters (Decision); the four outcomes. */
export function resolveShortCombat({ charactersEW, enemiesEW, stance }: ShortResolveInput): ShortResolution {
  const difference = finite("charactersEW", charactersEW) - finite("enemiesEW", enemiesEW);
  if (!SHORT_STANCES.includes(stance)) throw new RangeError(`stance must be fight or flee, got ${String(stance)}`);
  const winner: ShortWinner = difference >= 0 ? "characters" : "enemies";
  const attacked = stance === "fight";
  const outcome: ShortOutcome = winner === "characters" ? (attacked ? "goalAttacked" : "goalReached") : attacked ? "enemiesPrevail" : "enemiesEscape";
  const rules: RuleId[] = attacked ? ["R-SHORT-2", "R-SHORT-3", "R-SHORT-4"] : ["R-SHORT-2", "R-SHORT-3"];
  return { winner, outcome, difference: difference || 0, attacked, hits: attacked ? hitsForDifference(difference) : 0, rules };
}

/**
 * R-SHORT-4: hits are shared out at random among the characters: one die with as many faces as there are
 * characters per hit (results 1 … characters); returns the index (0-based) of the character each hit lands on.
 */
export function shareHits(hits: number, characters: number, rolls: readonly number[]): number[] {
  const n = toCount(hits);
  const count = toCount(characters);
  if (n === 0) return [];
  if (count === 0) throw new RangeError("hits need at least one character to land on");
  if (rolls.length !== n) throw new RangeError(`${n} hits need ${n} rolls, got ${rolls.length}`);
  return rolls.map((r) => {
    if (!Number.isInteger(r) || r < 1 || r > count) throw new RangeError(`a share roll must be 1 … ${count}, got ${String(r)}`);
    return r - 1;
  });
}

/** R-SHORT-4: an attack an enemy could make: its damage (Flex notation) and the actions it costs. */
export interface ShortAttack {
  name: string;
  damage: string;
  actions: number;
}

export interface ShortEnemyAttacks {
  name: string;
  stufe: number;
  attacks: readonly ShortAttack[];
}

/** R-SHORT-4: between the attacks of one hit in its Flex notation ("1W8; 1W8": two bites, each its own roll). */
export const HIT_ATTACK_SEPARATOR = ";";

/**
 * R-SHORT-4 (Decision 2026-12-01): the Foundry formulas of one hit's attacks, one per attack, from its notation
 * ("1W8; 1W8" → ["1d8", "1d8"]): each attack is rolled on its own, as Rüstung comes off each. Null when any
 * part is not a dice expression.
 */
export function hitFormulas(damage: string): string[] | null {
  const parts = String(damage ?? "").split(HIT_ATTACK_SEPARATOR).map((p) => p.trim());
  const formulas = parts.map((p) => damageFormula(p));
  return formulas.every((f): f is string => !!f) ? formulas : null;
}

/** R-SHORT-4: one hit's damage: the attacks of one enemy that fit into 2 actions, all hitting. */
export interface HitDamage {
  /** The enemy whose attacks make one hit. */
  enemy: string;
  attacks: ShortAttack[];
  /** Flex notation of the whole hit, attack by attack, e.g. "1W6+2; 1W6+2". */
  damage: string;
  /** Foundry formula of each attack of the hit: each is rolled, and Rüstung subtracted, on its own. */
  formulas: string[];
  /** The average damage of one hit (before Rüstung). */
  average: number;
  /** Decision: no attack fits into 2 actions, so its cheapest attack counts once. */
  fallback: boolean;
  rules: RuleId[];
}

const averageOf = (damage: string): number | null => {
  const range = damageRange(damage);
  return range ? (range.min + range.max) / 2 : null;
};

const usable = (a: ShortAttack) => !!damageFormula(a.damage) && Number.isFinite(a.actions) && a.actions >= 1;

/**
 * R-SHORT-4 (Decision): the attacks that fit into `budget` actions with the highest average damage (an attack
 * may be made more than once); on a tie, the fewer attacks. Null when the enemy has no usable attack. When none
 * fits, the attack with the fewest actions counts once (the hit still deals something).
 */
export function attacksWithin(attacks: readonly ShortAttack[], budget = HIT_ACTIONS): { attacks: ShortAttack[]; average: number; fallback: boolean } | null {
  const options = attacks.filter(usable).map((a) => ({ attack: { ...a, actions: Math.floor(a.actions) }, average: averageOf(a.damage)! }));
  if (!options.length) return null;
  const limit = toCount(budget);
  const best: { attacks: ShortAttack[]; average: number }[] = [{ attacks: [], average: 0 }];
  for (let b = 1; b <= limit; b++) {
    let here = best[b - 1];
    for (const o of options) {
      if (o.attack.actions > b) continue;
      const before = best[b - o.attack.actions];
      const candidate = { attacks: [...before.attacks, o.attack], average: before.average + o.average };
      if (candidate.average > here.average || (candidate.average === here.average && candidate.attacks.length < here.attacks.length)) here = candidate;
    }
    best.push(here);
  }
  const chosen = best[limit];
  if (chosen.attacks.length) return { ...chosen, fallback: false };
  const cheapest = options.reduce((a, b) => (b.attack.actions < a.attack.actions ? b : a));
  return { attacks: [cheapest.attack], average: cheapest.average, fallback: true };
}

/**
 * R-SHORT-4 (Decision): a hit is dealt by the strongest enemy (highest Stufe; on a tie, the harder-hitting one)
 * that has an attack: its attacks that fit into 2 actions, every one hitting. Null when no enemy has an attack.
 */
export function hitDamage(enemies: readonly ShortEnemyAttacks[], budget = HIT_ACTIONS): HitDamage | null {
  let best: HitDamage | null = null;
  let bestStufe = -Infinity;
  for (const enemy of enemies) {
    const within = attacksWithin(enemy.attacks, budget);
    if (!within) continue;
    const stufe = Number.isFinite(enemy.stufe) ? enemy.stufe : 0;
    if (best && (stufe < bestStufe || (stufe === bestStufe && within.average <= best.average))) continue;
    const damage = within.attacks.map((a) => a.damage.replace(/\s+/g, "")).join(`${HIT_ATTACK_SEPARATOR} `);
    best = { enemy: enemy.name, attacks: within.attacks, damage, formulas: within.attacks.map((a) => damageFormula(a.damage)!), average: within.average, fallback: within.fallback, rules: ["R-SHORT-4"] };
    bestStufe = stufe;
  }
  return best;
}

/** R-SHORT-5: the EW that Fluss spent before rolling buys: +1 for each 4, without limit. */
export function flussBonus(spent: number): number {
  return Math.floor(toCount(spent) / FLUSS_PER_EW);
}

export interface FlussSpendOutcome {
  allowed: boolean;
  /** Fluss spent (4 per step; 0 when refused). */
  spent: number;
  /** Fluss left. */
  fluss: number;
  bonus: number;
  rules: RuleId[];
}

/** R-SHORT-5: spending Fluss for `steps` × +1 EW (4 Fluss each); refused (nothing spent) when Fluss is short. */
export function spendFluss(fluss: number, steps: number): FlussSpendOutcome {
  const have = toCount(fluss);
  const cost = toCount(steps) * FLUSS_PER_EW;
  if (cost > have) return { allowed: false, spent: 0, fluss: have, bonus: 0, rules: ["R-SHORT-5"] };
  return { allowed: true, spent: cost, fluss: have - cost, bonus: cost / FLUSS_PER_EW, rules: ["R-SHORT-5"] };
}

/** R-SHORT-6: the Stufe of the strongest enemy (0 without one). */
export function strongestStufe(stufen: readonly number[]): number {
  const known = stufen.filter((s) => Number.isFinite(s) && s > 0);
  return known.length ? Math.max(...known) : 0;
}

/** R-SHORT-6: an Alchemikum counts only if its Stufe is at least the strongest enemy's. */
export function alchemikumCounts(stufe: number, strongest: number): boolean {
  return Number.isFinite(stufe) && stufe >= (Number.isFinite(strongest) ? strongest : 0);
}

export interface AlchemikumUse {
  name: string;
  stufe: number;
  /** How many of it were used after rolling. */
  count: number;
}

export interface AlchemikaBonus {
  bonus: number;
  counted: AlchemikumUse[];
  /** Used, but too weak against these enemies: no EW. */
  refused: AlchemikumUse[];
  rules: RuleId[];
}

/** R-SHORT-6: +3 EW for each Alchemikum used after rolling whose Stufe is at least the strongest enemy's. */
export function alchemikaBonus(used: readonly AlchemikumUse[], strongest: number): AlchemikaBonus {
  const counted: AlchemikumUse[] = [];
  const refused: AlchemikumUse[] = [];
  for (const u of used) {
    const count = toCount(u.count);
    if (!count) continue;
    (alchemikumCounts(u.stufe, strongest) ? counted : refused).push({ ...u, count });
  }
  return { bonus: counted.reduce((s, u) => s + u.count * ALCHEMIKUM_EW, 0), counted, refused, rules: ["R-SHORT-6"] };
}

export interface CharacterEWInput {
  /** The EW the check rolled. */
  roll: number;
  flussSpent: number;
  alchemika: readonly AlchemikumUse[];
  strongest: number;
}

/** R-SHORT-5 / R-SHORT-6: a character's EW in a short combat: the roll, +1 per 4 Fluss, +3 per Alchemikum that counts. */
export function characterEW({ roll, flussSpent, alchemika, strongest }: CharacterEWInput): { ew: number; fluss: number; alchemika: AlchemikaBonus; rules: RuleId[] } {
  const fluss = flussBonus(flussSpent);
  const alch = alchemikaBonus(alchemika, strongest);
  const rules: RuleId[] = ["R-SHORT-2"];
  if (fluss) rules.push("R-SHORT-5");
  if (alch.counted.length || alch.refused.length) rules.push("R-SHORT-6");
  return { ew: finite("roll", roll) + fluss + alch.bonus, fluss, alchemika: alch, rules };
}

export interface ShortHitsOutcome extends HitsOutcome {
  /** R-SHORT-1: the hits would have taken the character below 0: it stops at dying (0 Leben), never dead. */
  stoppedAtDying: boolean;
}

/**
 * R-SHORT-4 / R-SHORT-1: the hits one character takes, one by one. A hit is the damage of each attack of the
 * enemy's 2 actions (a number for a hit of one attack), and Rüstung is subtracted from each attack (R-CORE-7;
 * Decision 2026-12-01), never once from their sum; `perHit` lists the attacks in order. A short combat never
 * kills: Leben stops at 0, where the character is dying (R-CORE-8), and later hits do nothing.
 */
export function shortCombatHits({ leben, ruestung, hits }: { leben: number; ruestung: number; hits: readonly (number | readonly number[])[] }): ShortHitsOutcome {
  const outcome = applyHits({ leben, ruestung, hits: hits.flatMap((hit) => (typeof hit === "number" ? [hit] : [...hit])) });
  const stoppedAtDying = outcome.leben === 0 && hits.length > 0;
  const rules = new Set<RuleId>(["R-SHORT-4", ...outcome.rules]);
  if (stoppedAtDying) rules.add("R-SHORT-1");
  return { ...outcome, stoppedAtDying, rules: [...rules] };
}
