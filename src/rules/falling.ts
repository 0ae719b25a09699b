// RULES.md §7 Fallschaden: R-FALL-1..3. Heights are in Schritt (one grid square, R-OPT-GRID).
import type { RuleId } from "./ids";

/** R-FALL-1: only a fall deeper than this ("tiefer als 2 Schritt") counts; exactly 2 is no fall. */
export const FALL_MIN_HEIGHT = 2;
/** R-FALL-1: the Athletik check's SW is the height × 3. */
export const FALL_SW_PER_SCHRITT = 3;
/** R-FALL-1: 1W4 damage per Schritt fallen. */
export const FALL_DAMAGE_DIE = 4;
/** R-FALL-1: the faller's check; Decision: without the talent, a bare KK check. */
export const FALL_CHECK = { talent: "Athletik", attribute: "kk" } as const;
/** R-FALL-3: the target's dodge; Decision: without the talent, a bare GE check. */
export const FALL_DODGE = { talent: "Ausweichen", attribute: "ge" } as const;
/** Decision: a token this close in elevation (Schritt) to the landing spot is "there" to be landed on. */
export const LANDING_ELEVATION_TOLERANCE = 0.5;

/** Decision: a fall counts in whole Schritt, fractions rounded down; a rise, NaN or ∞ is no fall (0). */
export function fallHeight(drop: number): number {
  return Number.isFinite(drop) && drop > 0 ? Math.floor(drop) : 0;
}

export interface FallPlan {
  /** Whole Schritt fallen. */
  height: number;
  /** R-FALL-1: more than 2 Schritt. */
  falls: boolean;
  /** The Athletik SW (0 when there is no fall). */
  sw: number;
  /** Number of W4 on a failed check. */
  dice: number;
  /** Foundry formula of the damage, e.g. "5d4" ("" when there is no fall). */
  formula: string;
  rules: RuleId[];
}

/** R-FALL-1: whether a drop is a fall, its SW (height × 3) and its damage (1W4 per Schritt). */
export function planFall(drop: number): FallPlan {
  const height = fallHeight(drop);
  const falls = height > FALL_MIN_HEIGHT;
  return {
    height,
    falls,
    sw: falls ? height * FALL_SW_PER_SCHRITT : 0,
    dice: falls ? height : 0,
    formula: falls ? `${height}d${FALL_DAMAGE_DIE}` : "",
    rules: ["R-FALL-1"],
  };
}

/** What the fall dialog says before the fall (R-FALL-1): a fall with its SW and damage, no fall, or no height at all. */
export type FallPreview =
  | { kind: "fall"; height: number; sw: number; formula: string; average: number; rules: RuleId[] }
  | { kind: "noFall"; height: number; rules: RuleId[] }
  | { kind: "invalid" };

/**
 * R-FALL-1 for the dialog's live line, from what the height field holds: more than 2 Schritt is a fall with its SW
 * (height × 3) and its damage on a failed check (one W4 per Schritt, on average 2.5 each); 2 or less is none. An
 * empty field or text is no height (the dialog asks for one); a negative one is no fall (fallHeight).
 */
export function fallPreview(entry: unknown): FallPreview {
  const typed = typeof entry === "string" ? entry.trim() : entry;
  if (typed === "" || typed === null || typed === undefined || typeof typed === "boolean") return { kind: "invalid" };
  const drop = Number(typed);
  if (!Number.isFinite(drop)) return { kind: "invalid" };
  const plan = planFall(drop);
  if (!plan.falls) return { kind: "noFall", height: plan.height, rules: ["R-FALL-1"] };
  return { kind: "fall", height: plan.height, sw: plan.sw, formula: plan.formula, average: (plan.dice * (FALL_DAMAGE_DIE + 1)) / 2, rules: ["R-FALL-1"] };
}

/**
 * R-FALL-1: the damage of a failed check, the sum of one W4 per Schritt. Throws a RangeError when the
 * dice do not fit the fall (caller error, not user data).
 */
export function fallDamage(height: number, rolled: readonly number[]): number {
  const plan = planFall(height);
  if (rolled.length !== plan.dice) throw new RangeError(`A fall of ${plan.height} Schritt needs ${plan.dice} W4, got ${rolled.length}`);
  const bad = rolled.find((r) => !Number.isInteger(r) || r < 1 || r > FALL_DAMAGE_DIE);
  if (bad !== undefined) throw new RangeError(`Die result ${bad} is not an integer in 1..${FALL_DAMAGE_DIE}`);
  return rolled.reduce((s, r) => s + r, 0);
}

/** What is under the faller: nothing but ground, a creature, or a destructible object. */
export type LandingKind = "ground" | "creature" | "object";

/** R-FALL-2: the target is hit only when the faller failed its Athletik check and landed on something. */
export function targetAtRisk(athletikSuccess: boolean, landing: LandingKind): boolean {
  return !athletikSuccess && landing !== "ground";
}

/** R-FALL-3: only a creature may try to dodge (an object cannot). */
export function mayDodge(landing: LandingKind): boolean {
  return landing === "creature";
}

export interface FallInput {
  /** The drop in Schritt (fractions are rounded down). */
  height: number;
  /** The faller's Athletik check succeeded. */
  athletik: boolean;
  /** The W4 results; needed only when the Athletik check failed. */
  damageDice?: readonly number[];
  landing: LandingKind;
  /** The creature's Ausweichen check: true = dodged, false = failed, null/omitted = not tried. */
  dodge?: boolean | null;
}

export interface FallTargetOutcome {
  kind: Exclude<LandingKind, "ground">;
  /** R-FALL-2: it would be hit (the faller failed). */
  atRisk: boolean;
  /** R-FALL-3: it dodged. */
  dodged: boolean;
  damage: number;
}

export interface FallOutcome {
  height: number;
  sw: number;
  falls: boolean;
  fallerDamage: number;
  target: FallTargetOutcome | null;
  rules: RuleId[];
}

/** R-FALL-1..3: who takes how much damage from one fall. Rüstung plays no part (Decision: not an attack). */
export function resolveFall(input: FallInput): FallOutcome {
  const plan = planFall(input.height);
  const rules: RuleId[] = ["R-FALL-1"];
  if (!plan.falls) return { height: plan.height, sw: 0, falls: false, fallerDamage: 0, target: null, rules };

  const damage = input.athletik ? 0 : fallDamage(plan.height, input.damageDice ?? []);
  let target: FallTargetOutcome | null = null;
  if (input.landing !== "ground") {
    const atRisk = targetAtRisk(input.athletik, input.landing);
    if (atRisk) rules.push("R-FALL-2");
    const tried = atRisk && mayDodge(input.landing) && input.dodge !== null && input.dodge !== undefined;
    if (tried) rules.push("R-FALL-3");
    const dodged = tried && input.dodge === true;
    target = { kind: input.landing, atRisk, dodged, damage: atRisk && !dodged ? damage : 0 };
  }
  return { height: plan.height, sw: plan.sw, falls: true, fallerDamage: damage, target, rules };
}

/** A token's footprint in grid squares and its elevation in Schritt. */
export interface Footprint {
  col: number;
  row: number;
  cols: number;
  rows: number;
  elevation: number;
}

/** Squares two footprints share (0 when they do not overlap). */
export function sharedSquares(a: Footprint, b: Footprint): number {
  const w = Math.min(a.col + a.cols, b.col + b.cols) - Math.max(a.col, b.col);
  const h = Math.min(a.row + a.rows, b.row + b.rows) - Math.max(a.row, b.row);
  return w > 0 && h > 0 ? w * h : 0;
}

/** R-FALL-2: a token is landed on when it shares a square with the landing spot at (about) its elevation. */
export function isLandedOn(spot: Footprint, other: Footprint): boolean {
  return sharedSquares(spot, other) > 0 && Math.abs(spot.elevation - other.elevation) <= LANDING_ELEVATION_TOLERANCE;
}

export interface LandingCandidate<T> {
  ref: T;
  footprint: Footprint;
  kind: Exclude<LandingKind, "ground">;
}

/**
 * R-FALL-2: what the faller lands on: of the tokens landed on, the one sharing the most squares, a
 * creature before an object on a tie, else the first (Decision). Null when there is none.
 */
export function chooseLanding<T>(spot: Footprint, candidates: readonly LandingCandidate<T>[]): LandingCandidate<T> | null {
  let best: LandingCandidate<T> | null = null;
  let bestScore = 0;
  for (const c of candidates) {
    if (!isLandedOn(spot, c.footprint)) continue;
    const score = sharedSquares(spot, c.footprint) * 2 + (c.kind === "creature" ? 1 : 0);
    if (score > bestScore) {
      best = c;
      bestScore = score;
    }
  }
  return best;
}
