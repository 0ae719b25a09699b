// R-REST-1 … R-REST-4, R-REST-HEAL-2 / 3: hit dice spent during a rest, their healing, a healer's kit, a full
// rest's care. Pure: the dice rolled come in as arguments.
import { toCount } from "./count";
import type { RuleId } from "./ids";
import type { RestType } from "./rest";

/**
 * How many hit dice a rest lets a character spend (never more than it has left): a breather 1 (R-REST-1), a
 * short rest up to ⌈Level / 2⌉ (R-REST-2), a long rest all remaining (R-REST-3). A full rest restores Leben
 * outright (R-REST-4) and spends none.
 */
export function hitDiceAllowance(type: RestType, level: number, remaining: number): number {
  const left = toCount(remaining);
  const byType = { breather: 1, shortRest: Math.ceil(Math.max(1, toCount(level)) / 2), longRest: left, fullRest: 0 }[type];
  return Math.min(left, byType);
}

/**
 * R-REST-HEAL-2: Leben from hit dice only when an ally uses one charge of a healer's kit on the character
 * (one charge per character and rest, however many dice: the seed's "одну расходную ячейку") or it visits a
 * healer. Returns the kit charges this costs: 0 with a healer or without dice.
 */
export function hitDiceCare(dice: number, healer: boolean): number {
  return toCount(dice) > 0 && !healer ? 1 : 0;
}

export interface HitDiceHealing {
  /** Leben from each die: its roll plus the Constitution modifier, never below 0 (Decision). */
  perDie: number[];
  /** Added once (R-REST-TAL, creative breather). */
  inspiration: number;
  total: number;
  rules: RuleId[];
}

/** R-REST-HEAL-3: each spent hit die heals its roll + the Constitution modifier (never below 0). */
export function hitDiceHealing(rolls: readonly number[], koModifikator: number, inspiration = 0): HitDiceHealing {
  const mod = Number.isFinite(koModifikator) ? Math.trunc(koModifikator) : 0;
  const perDie = rolls.map((r) => Math.max(0, toCount(r) + mod));
  const bonus = toCount(inspiration);
  const rules: RuleId[] = bonus ? ["R-REST-HEAL-3", "R-REST-TAL"] : ["R-REST-HEAL-3"];
  return { perDie, inspiration: bonus, total: perDie.reduce((s, n) => s + n, 0) + bonus, rules };
}

/** What spending hit dice can do to Leben, before a die is rolled: the lowest, average and highest result. */
export interface HitDiceOutlook {
  from: number;
  min: number;
  avg: number;
  max: number;
}

/**
 * R-REST-HEAL-3 ahead of the roll, for the rest dialog: `dice` dice of size `die`, each + the KO modifier and never
 * below 0 (as `hitDiceHealing`), added to Leben and capped at its maximum. The average is rounded down.
 */
export function hitDiceOutlook(dice: number, die: number, koModifikator: number, leben: { value: number; max: number }): HitDiceOutlook {
  const n = toCount(dice);
  const size = Math.max(1, toCount(die));
  const mod = Number.isFinite(koModifikator) ? Math.trunc(koModifikator) : 0;
  const max = toCount(leben.max);
  const from = Math.min(max, toCount(leben.value));
  const perDie = (face: number) => Math.max(0, face + mod);
  // The mean of max(0, face + mod) over the die's faces, summed over the dice.
  let faces = 0;
  for (let f = 1; f <= size; f++) faces += perDie(f);
  const cap = (healed: number) => Math.min(max, from + healed);
  return { from, min: cap(n * perDie(1)), avg: cap(Math.floor((n * faces) / size)), max: cap(n * perDie(size)) };
}

/**
 * Decision (hit dice return): after the rest's dice are spent, a short rest gives back 1 spent hit die, a
 * long and a full rest all of them (R-REST-2 … 4), a breather none. Returns the spent count afterwards.
 */
export function hitDiceAfterRest(type: RestType, spent: number): number {
  const s = toCount(spent);
  if (type === "shortRest") return Math.max(0, s - 1);
  if (type === "longRest" || type === "fullRest") return 0;
  return s;
}

export interface FullRestCare {
  healed: number;
  /** Kit charges the healing used (R-REST-HEAL-2: one per 10 Leben restored). */
  charges: number;
  rules: RuleId[];
}

/** Leben restored per kit charge after a full rest. */
export const LEBEN_PER_KIT_CHARGE = 10;

/**
 * R-REST-4 with R-REST-HEAL-2: a full rest restores Leben fully. With `careRequired` (the GM's say, a world
 * setting) that takes a healer, or one kit charge per 10 Leben restored: with fewer charges, 10 per charge.
 */
export function fullRestCare({ missing, healer, charges, careRequired }: { missing: number; healer: boolean; charges: number; careRequired: boolean }): FullRestCare {
  const need = toCount(missing);
  if (!careRequired || healer || need === 0) return { healed: need, charges: 0, rules: ["R-REST-4"] };
  const used = Math.min(toCount(charges), Math.ceil(need / LEBEN_PER_KIT_CHARGE));
  return { healed: Math.min(need, used * LEBEN_PER_KIT_CHARGE), charges: used, rules: ["R-REST-4", "R-REST-HEAL-2"] };
}

/** Kit charges a full rest asks for to restore `missing` Leben (R-REST-HEAL-2). */
export const fullRestCharges = (missing: number): number => Math.ceil(toCount(missing) / LEBEN_PER_KIT_CHARGE);

