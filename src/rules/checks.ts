import { toCount } from "./count";
import { isDie } from "./dice";
import type { Die } from "./dice";
import { exhaustionMalus } from "./exhaustion";
import type { CheckKind } from "./exhaustion";
import type { RuleId } from "./ids";

export interface CheckInput {
  kind: CheckKind;
  die: Die;
  /** Talent checks only; ignored (0) for a bare attribute check. */
  uebungswert: number;
  modifier: number;
  vorteile: number;
  nachteile: number;
  erschoepfung: number;
  /** null for an open check (no SW). */
  sw: number | null;
}

export interface CheckResult {
  formula: string;
  dice: number[];
  kept: number;
  net: number;
  uebungswert: number;
  modifier: number;
  malus: number;
  ew: number;
  sw: number | null;
  success: boolean | null;
  rules: RuleId[];
}

/** R-CORE-5: Vorteile and Nachteile count and cancel; net = Vorteile − Nachteile. */
export function netAdvantage(vorteile: number, nachteile: number): number {
  return toCount(vorteile) - toCount(nachteile);
}

/** R-CORE-5: with net ≠ 0 roll 1 + |net| dice (keep one of them); otherwise a single die. */
export function diceCount(net: number): number {
  return 1 + toCount(Math.abs(Math.trunc(net)));
}

// Whole-number terms for the formula and the EW; modifiers round toward zero so they never grow.
interface Terms {
  net: number;
  uebungswert: number;
  modifier: number;
  malus: number;
}

function terms(input: CheckInput): Terms {
  const modifier = Number.isFinite(input.modifier) ? Math.trunc(input.modifier) : 0;
  return {
    net: netAdvantage(input.vorteile, input.nachteile),
    uebungswert: input.kind === "talent" ? toCount(input.uebungswert) : 0,
    modifier: modifier === 0 ? 0 : modifier, // no -0 in results
    malus: exhaustionMalus(input.erschoepfung, input.kind),
  };
}

function formulaOf(die: Die, t: Terms): string {
  const keep = t.net > 0 ? "kh" : t.net < 0 ? "kl" : "";
  let formula = `${diceCount(t.net)}d${die}${keep}`;
  if (t.uebungswert > 0) formula += ` + ${t.uebungswert}`;
  if (t.modifier > 0) formula += ` + ${t.modifier}`;
  if (t.modifier < 0) formula += ` - ${Math.abs(t.modifier)}`;
  if (t.malus > 0) formula += ` - ${t.malus}`;
  return formula;
}

/** R-CORE-4 / R-CORE-5 / R-EXH-2: the Foundry roll formula of a check, e.g. `3d8kh + 2 - 1`. */
export function checkFormula(input: CheckInput): string {
  return formulaOf(input.die, terms(input));
}

/**
 * R-CORE-4 / R-CORE-5 / R-EXH-2: the EW of a check from the rolled dice, and whether it meets the SW.
 * Throws a RangeError when the dice do not fit the check (caller error, not user data).
 */
export function evaluateCheck(input: CheckInput, rolled: readonly number[]): CheckResult {
  if (!isDie(input.die)) throw new RangeError(`Check die must be W4–W12, got ${String(input.die)}`);
  const t = terms(input);
  const expected = diceCount(t.net);
  if (rolled.length !== expected) {
    throw new RangeError(`Check needs ${expected} dice for net ${t.net}, got ${rolled.length}`);
  }
  const bad = rolled.find((r) => !Number.isInteger(r) || r < 1 || r > input.die);
  if (bad !== undefined) throw new RangeError(`Die result ${bad} is not an integer in 1..${input.die}`);

  // R-CORE-5: keep the highest with Vorteil, the lowest with Nachteil.
  const kept = t.net > 0 ? Math.max(...rolled) : t.net < 0 ? Math.min(...rolled) : rolled[0];
  const ew = kept + t.uebungswert + t.modifier - t.malus;
  const success = input.sw === null ? null : ew >= input.sw;

  const rules: RuleId[] = ["R-CORE-4"];
  if (t.net !== 0) rules.push("R-CORE-5");
  if (t.malus > 0) rules.push("R-EXH-2");
  return {
    formula: formulaOf(input.die, t),
    dice: [...rolled],
    kept,
    net: t.net,
    uebungswert: t.uebungswert,
    modifier: t.modifier,
    malus: t.malus,
    ew,
    sw: input.sw,
    success,
    rules,
  };
}

/** What a check can reach before it is rolled: the lowest and highest EW, and the chance to meet the SW. */
export interface CheckOutlook {
  min: number;
  max: number;
  /** 0 … 1; null for an open check. */
  chance: number | null;
}

/**
 * R-CORE-4 / R-CORE-5 / R-EXH-2 ahead of the roll, for the dialogs that spend time or money on checks: the EW
 * range and the exact chance of EW ≥ SW. With Vorteil the highest of k dice is kept (P(kept ≥ t) = 1 − ((t−1)/d)^k),
 * with Nachteil the lowest (P = ((d−t+1)/d)^k).
 */
export function checkOutlook(input: CheckInput): CheckOutlook {
  const die = isDie(input.die) ? input.die : 4;
  const t = terms(input);
  const flat = t.uebungswert + t.modifier - t.malus;
  const out = { min: 1 + flat, max: die + flat };
  if (input.sw === null) return { ...out, chance: null };
  const need = Math.min(die + 1, Math.max(1, input.sw - flat));
  const k = diceCount(t.net);
  const single = (die - need + 1) / die;
  const chance = t.net > 0 ? 1 - ((need - 1) / die) ** k : t.net < 0 ? single ** k : single;
  return { ...out, chance };
}

/** One EW a check can reach and the chance of exactly that EW. */
export interface EwChance {
  ew: number;
  p: number;
}

/**
 * R-CORE-4 / R-CORE-5 / R-EXH-2: the chance of each EW a check can reach, lowest first (the chances add up to 1).
 * The kept die of k shows at most f with ((f)/d)^k under Vorteil, at least f with ((d−f+1)/d)^k under Nachteil.
 */
export function checkEwChances(input: CheckInput): EwChance[] {
  const die = isDie(input.die) ? input.die : 4;
  const t = terms(input);
  const flat = t.uebungswert + t.modifier - t.malus;
  const k = diceCount(t.net);
  const atMost = (f: number) => (f / die) ** k;
  const atLeast = (f: number) => ((die - f + 1) / die) ** k;
  return Array.from({ length: die }, (_, i) => {
    const f = i + 1;
    const p = t.net > 0 ? atMost(f) - atMost(f - 1) : t.net < 0 ? atLeast(f) - atLeast(f + 1) : 1 / die;
    return { ew: f + flat, p };
  });
}
