// RULES.md §0 R-CORE-14: initiative. Pure: the check goes through checks.ts; the tiebreak number comes in.
import type { CheckInput } from "./checks";
import { coerceDie } from "./dice";
import type { Die } from "./dice";

/** R-CORE-14: the IN die a creature without a usable one rolls (the floor of the ladder). */
export const FALLBACK_INITIATIVE_DIE: Die = 4;

export interface InitiativeOptions {
  /** The IN attribute die; off-ladder data snaps down like coerceDie. */
  inDie: Die;
  erschoepfung: number;
}

/**
 * R-CORE-14 (Decision): initiative is an IN attribute check (R-CORE-4), with the halved Erschöpfung malus of
 * R-EXH-2 for attribute checks, and no SW. Use it with checkFormula / evaluateCheck.
 */
export function initiativeInput({ inDie, erschoepfung }: InitiativeOptions): CheckInput {
  return {
    kind: "attribute",
    die: coerceDie(inDie, FALLBACK_INITIATIVE_DIE),
    uebungswert: 0,
    modifier: 0,
    vorteile: 0,
    nachteile: 0,
    erschoepfung,
    sw: null,
  };
}

export interface InitiativeEntry {
  /** The rolled initiative; null before it is rolled. */
  initiative: number | null;
  /** The GE value (R-CORE-1: the GE die's faces). */
  ge: number;
  /** A random number the caller draws once per combatant and stores. */
  tiebreak: number;
}

// Non-finite values are treated as missing, so the order stays total whatever is stored.
const initiativeOf = (e: InitiativeEntry): number | null => (typeof e.initiative === "number" && Number.isFinite(e.initiative) ? e.initiative : null);
const numberOf = (n: number): number => (typeof n === "number" && Number.isFinite(n) ? n : 0);

function descending(a: number, b: number): number {
  return a > b ? -1 : a < b ? 1 : 0;
}

/**
 * R-CORE-14: the order of combatants, as an Array#sort comparator: higher initiative first, not yet rolled
 * last; ties by the higher GE value, then by the higher stored tiebreak (the random part).
 */
export function compareInitiative(a: InitiativeEntry, b: InitiativeEntry): number {
  const ia = initiativeOf(a);
  const ib = initiativeOf(b);
  if (ia === null && ib !== null) return 1;
  if (ia !== null && ib === null) return -1;
  if (ia !== null && ib !== null && ia !== ib) return descending(ia, ib);
  return descending(numberOf(a.ge), numberOf(b.ge)) || descending(numberOf(a.tiebreak), numberOf(b.tiebreak));
}
