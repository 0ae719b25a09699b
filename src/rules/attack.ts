// RULES.md §0 R-CORE-10: attacks. Pure: the creature's stored text comes in, a CheckInput for checks.ts goes out.
import { evaluateCheck } from "./checks";
import type { CheckInput, CheckResult } from "./checks";
import { coerceDie, isDie } from "./dice";
import type { Die } from "./dice";
import type { RuleId } from "./ids";

/** R-CORE-10: a creature attack's own check, a die and a bonus (`W8+3`). */
export interface AttackCheck {
  die: Die;
  /** A whole number, may be negative. */
  bonus: number;
}

// One die ("W8", "d8", "к8", "1W8"; faces 1+) and at most one whole bonus; "−" (U+2212) counts as a minus.
const ATTACK_CHECK_TEXT = /^1?[wdкК]([1-9]\d*)(?:([+-])(\d+))?$/i;

/**
 * R-CORE-10: reads a creature attack's check ("W8+3", "w8 + 3", "d10-1", "W6", "1W8+2"). Off-ladder dice
 * snap down like coerceDie (W9 → W8, W20 → W12, W2 → W4); null for anything that is not one die and an
 * optional whole bonus ("", "abc", "2W6", "W8+W4").
 */
export function parseAttackCheck(text: unknown): AttackCheck | null {
  if (typeof text !== "string") return null;
  const match = ATTACK_CHECK_TEXT.exec(text.replace(/\s+/g, "").replace(/\u2212/g, "-"));
  if (!match) return null;
  const magnitude = match[3] === undefined ? 0 : Number(match[3]);
  if (!Number.isSafeInteger(magnitude)) return null;
  const bonus = match[2] === "-" && magnitude !== 0 ? -magnitude : magnitude;
  return { die: coerceDie(Number(match[1]), 4), bonus };
}

function checkedDie(check: AttackCheck): Die {
  if (!isDie(check.die)) throw new RangeError(`Attack die must be W4–W12, got ${String(check.die)}`);
  return check.die;
}

// Whole numbers toward zero, no -0; anything unusable counts as 0.
const whole = (n: unknown): number => (typeof n === "number" && Number.isFinite(n) ? Math.trunc(n) || 0 : 0);

/** R-CORE-10: German notation of an attack check: "W8+3", "W6" (bonus 0), "W10-1". */
export function attackCheckLabel(check: AttackCheck): string {
  const die = checkedDie(check);
  const bonus = whole(check.bonus);
  if (bonus === 0) return `W${die}`;
  return bonus > 0 ? `W${die}+${bonus}` : `W${die}-${Math.abs(bonus)}`;
}

export interface CreatureAttackOptions {
  check: AttackCheck;
  /** The roll dialog's modifier, added to the check's bonus. */
  modifier?: number;
  vorteile?: number;
  nachteile?: number;
  /** The defender's defence EW (R-CORE-11), or null for an open check. */
  sw?: number | null;
}

/**
 * R-CORE-10: the CheckInput of a creature's attack for checkFormula / evaluateCheck: its own die, its bonus
 * as a modifier; a creature has no Übungswert and no Erschöpfung here.
 */
export function creatureAttackInput({ check, modifier = 0, vorteile = 0, nachteile = 0, sw = null }: CreatureAttackOptions): CheckInput {
  return {
    kind: "talent",
    die: checkedDie(check),
    uebungswert: 0,
    modifier: whole(check.bonus) + whole(modifier),
    vorteile,
    nachteile,
    erschoepfung: 0,
    sw: typeof sw === "number" && Number.isFinite(sw) ? sw : null,
  };
}

/** R-CORE-10: an attack's check (evaluateCheck), its rules led by R-CORE-10 so the card cites the attack. */
export function evaluateAttack(input: CheckInput, rolled: readonly number[]): CheckResult {
  const result = evaluateCheck(input, rolled);
  const rules: RuleId[] = ["R-CORE-10", ...result.rules];
  return { ...result, rules };
}

/** R-CORE-10 / R-CORE-6: the Aktionen an attack or spell costs: a whole number ≥ 1, 1 for anything unusable. */
export function actionCost(value: unknown): number {
  const n = typeof value === "number" ? value : typeof value === "string" && value.trim() !== "" ? Number(value) : Number.NaN;
  return Number.isFinite(n) && n >= 1 ? Math.floor(n) : 1;
}
