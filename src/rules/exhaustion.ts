import { toCount } from "./count";
import type { RuleId } from "./ids";

export type CheckKind = "talent" | "attribute";

/**
 * R-EXH-2 / R-CORE-4: the Erschöpfung malus on a check. The full value on talent checks (and on any
 * check that is part of another); half, rounded down (Decision), on a bare attribute check.
 */
export function exhaustionMalus(erschoepfung: number, kind: CheckKind): number {
  const value = toCount(erschoepfung);
  return kind === "attribute" ? Math.floor(value / 2) : value;
}

/** R-EXH-3: Erschöpfung ≥ KO-Wert kills the character at once. */
export function isDeadFromExhaustion(erschoepfung: number, koWert: number): boolean {
  return toCount(erschoepfung) >= koWert;
}

export type ExhaustionLevel = "rested" | "tired" | "near" | "deadly";

/**
 * R-EXH-2 / R-EXH-3: how the sheet shows an Erschöpfung against the KO-Wert: none, some (a malus), near death (two
 * thirds of the way, rounded up), or deadly (at or above the KO-Wert: the character died of it).
 */
export function exhaustionLevel(erschoepfung: number, koWert: number): ExhaustionLevel {
  const value = toCount(erschoepfung);
  const threshold = toCount(koWert);
  if (value <= 0) return "rested";
  if (isDeadFromExhaustion(value, threshold)) return "deadly";
  return value >= Math.ceil((threshold * 2) / 3) ? "near" : "tired";
}

/**
 * R-EXH-3 (Decision): Erschöpfung gained stops at death: it rises to the KO-Wert at most (a value already above it,
 * from an older world or a hand edit, does not rise further).
 */
export function exhaustionAfterGain(erschoepfung: number, gain: number, koWert: number): number {
  const before = toCount(erschoepfung);
  return Math.min(before + toCount(gain), Math.max(before, toCount(koWert)));
}

export interface DayInput {
  erschoepfung: number;
  koWert: number;
  meal: boolean;
  water: boolean;
  sleep: boolean;
  /** The character already gained Erschöpfung during this day from other sources. */
  gainedToday: boolean;
}

export interface DayOutcome {
  erschoepfung: number;
  gained: number;
  recovered: number;
  dead: boolean;
  rules: RuleId[];
}

/**
 * R-EXH-1, R-EXH-4, R-EXH-3: the end of a day (~24 h). +1 Erschöpfung per missing meal, water and
 * sleep; sleeping after a day with no new Erschöpfung removes 1; reaching the KO-Wert is death.
 */
export function endOfDay(input: DayInput): DayOutcome {
  const before = toCount(input.erschoepfung);
  const gained = Number(!input.meal) + Number(!input.water) + Number(!input.sleep);
  const restful = input.sleep && gained === 0 && !input.gainedToday;
  const recovered = restful && before > 0 ? 1 : 0;
  const erschoepfung = exhaustionAfterGain(before, gained, input.koWert) - recovered;
  const dead = isDeadFromExhaustion(erschoepfung, input.koWert);
  const rules: RuleId[] = [];
  if (gained > 0) rules.push("R-EXH-1");
  if (recovered > 0) rules.push("R-EXH-4");
  if (dead) rules.push("R-EXH-3");
  return { erschoepfung, gained, recovered, dead, rules };
}
