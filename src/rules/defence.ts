// RULES.md §0 R-CORE-11: defence. Pure: the attack's EW and the defence's EW come in as numbers.
import { diceCount, netAdvantage } from "./checks";
import type { Die } from "./dice";
import type { RuleId } from "./ids";

/** R-CORE-11: a defence is Ausweichen or Parade (the defender's choice). */
export type DefenceKind = "ausweichen" | "parade";
export const DEFENCE_KINDS: readonly DefenceKind[] = ["ausweichen", "parade"];

export interface DefenceInput {
  /** The attack check's EW: the SW of the defence. */
  attackEW: number;
  /** The defence's EW (a character's roll or a creature's fixed value); null when there is no defence. */
  defenceEW: number | null;
}

export interface DefenceOutcome {
  hit: boolean;
  defended: boolean;
  /** defenceEW − attackEW (≥ 0: defended by that much); null without a defence. */
  margin: number | null;
  rules: RuleId[];
}

function checkedEW(name: string, ew: number): number {
  if (typeof ew !== "number" || !Number.isFinite(ew)) throw new RangeError(`${name} must be a finite number, got ${String(ew)}`);
  return ew;
}

/**
 * R-CORE-11: the attack's EW is the SW of the defence; the defence succeeds when its EW ≥ the attack's EW
 * (a tie goes to the defender), otherwise the attack hits. No defence (null) is a hit.
 */
export function resolveDefence({ attackEW, defenceEW }: DefenceInput): DefenceOutcome {
  const attack = checkedEW("attackEW", attackEW);
  if (defenceEW === null) return { hit: true, defended: false, margin: null, rules: ["R-CORE-11"] };
  const margin = checkedEW("defenceEW", defenceEW) - attack;
  const defended = margin >= 0;
  return { hit: !defended, defended, margin: margin || 0, rules: ["R-CORE-11"] };
}

export interface StoredCreatureDefence {
  ausweichen?: unknown;
  parade?: unknown;
}

// A whole number ≥ 0 from stored data: numbers and numeric text; NaN, negatives and the rest are 0.
function defenceValue(value: unknown): number {
  const n = typeof value === "number" ? value : typeof value === "string" && value.trim() !== "" ? Number(value) : Number.NaN;
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
}

/** R-CORE-11: a creature's fixed Ausweichen or Parade value is its defence EW (whole, ≥ 0). */
export function creatureDefence(stored: StoredCreatureDefence, kind: DefenceKind): number {
  if (!DEFENCE_KINDS.includes(kind)) throw new RangeError(`Defence must be ausweichen or parade, got ${String(kind)}`);
  return defenceValue(stored?.[kind]);
}

export interface CreatureDefenceChoice {
  kind: DefenceKind;
  ew: number;
  rules: RuleId[];
}

/** R-CORE-11: the better of a creature's two defences (Ausweichen on a tie). */
export function bestCreatureDefence(stored: StoredCreatureDefence): CreatureDefenceChoice {
  const ausweichen = creatureDefence(stored, "ausweichen");
  const parade = creatureDefence(stored, "parade");
  return parade > ausweichen ? { kind: "parade", ew: parade, rules: ["R-CORE-11"] } : { kind: "ausweichen", ew: ausweichen, rules: ["R-CORE-11"] };
}

export interface RolledDefenceInput {
  /** The stored Ausweichen or Parade value: the average the roll swings around. */
  value: number;
  /** The GE die. */
  ge: Die;
  /** From the check adjustments of this defence (R-WATER-1: a Nachteil on Ausweichen under water). */
  vorteile?: number;
  nachteile?: number;
  modifier?: number;
}

export interface RolledDefence {
  /** The Foundry formula of the dice alone: `1d8`, `2d8kl` (R-CORE-5: 1 + |net| dice, the lowest or highest kept). */
  formula: string;
  /** Added to the kept die: value − ⌊GE / 2⌋ + modifier. */
  offset: number;
  rules: RuleId[];
}

/**
 * R-CORE-11 (Decision, world setting "creatures roll their defence") with R-CORE-5: a creature's defence rolled
 * around its value: its GE die (1 + |net| of them, the highest kept with Vorteile, the lowest with Nachteile) plus
 * value − ⌊GE / 2⌋ + modifier. The EW (rolledDefenceEW) never goes below 0.
 */
export function rolledDefence({ value, ge, vorteile = 0, nachteile = 0, modifier = 0 }: RolledDefenceInput): RolledDefence {
  const net = netAdvantage(vorteile, nachteile);
  const keep = net > 0 ? "kh" : net < 0 ? "kl" : "";
  const offset = defenceValue(value) - Math.floor(ge / 2) + (Number.isFinite(modifier) ? Math.trunc(modifier) : 0);
  return { formula: `${diceCount(net)}d${ge}${keep}`, offset, rules: net ? ["R-CORE-11", "R-CORE-5"] : ["R-CORE-11"] };
}

/** R-CORE-11: the EW of a rolled defence from the kept die (never below 0). */
export function rolledDefenceEW(defence: Pick<RolledDefence, "offset">, kept: number): number {
  return Math.max(0, defence.offset + (Number.isFinite(kept) ? Math.trunc(kept) : 0));
}
