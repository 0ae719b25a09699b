// RULES.md §2: swimming and fighting in water. Pure: statuses and values come in as plain data.
import { toCount } from "./count";
import type { DefenceKind } from "./defence";
import type { RuleId } from "./ids";

/**
 * R-SWIM-1 (Decision: rounded down): swim speed is half the speed. Decision (issue 35): a creature that lives in
 * water (*schwimmt*) swims at its own Geschwindigkeit; a character, and a creature without *schwimmt*, at half.
 */
export function swimSpeed(speed: number, swimmer = false): number {
  return swimmer ? toCount(speed) : Math.floor(toCount(speed) / 2);
}

/**
 * Decision (B-7, R-CORE-6 movement): a creature that lives only in water (the Bestiarium's *Wasserwesen*: "an Land
 * hilflos, höchstens 1 Schritt pro Aktion") moves 1 Schritt per Aktion on land; its Geschwindigkeit is its swimming.
 */
export const WATER_ONLY_LAND_SPEED = 1;

/** What one Aktion of moving covers on land: the Geschwindigkeit, or 1 Schritt for a creature that lives only in water. */
export function landSpeed(speed: number, waterOnly = false): number {
  return waterOnly ? Math.min(WATER_ONLY_LAND_SPEED, toCount(speed)) : toCount(speed);
}

/**
 * Decision (B-7): the movement cost of a stretch walked, given its cost on foot: for a creature that lives only in water
 * each Schritt costs as much of its Geschwindigkeit as makes one Aktion cover its land speed (Tiefenkrake, 24: 24 a
 * Schritt), so the token ruler counts 1 Schritt per Aktion on land. Others walk at their cost on foot.
 */
export function walkCost(cost: number, speed: number, waterOnly = false): number {
  const full = toCount(speed);
  const land = landSpeed(full, waterOnly);
  return waterOnly && land > 0 && full > land && Number.isFinite(cost) && cost > 0 ? cost * (full / land) : cost;
}

/** R-SWIM-1: half speed means every Schritt swum costs two of the speed. */
export const SWIM_COST_FACTOR = 2;

/** R-SWIM-1: the movement cost of a stretch swum, given its cost on foot (terrain included); a swimmer's is its cost on foot. */
export function swimCost(cost: number, swimmer = false): number {
  return !swimmer && Number.isFinite(cost) && cost > 0 ? cost * SWIM_COST_FACTOR : cost;
}

/** R-WATER-1: the talent whose checks get a Nachteil under water. */
export const DODGE_TALENT = "Ausweichen";

export interface WaterAdjustment {
  nachteile: number;
  rule: RuleId;
}

/**
 * R-WATER-1: an Ausweichen check under water gets one Nachteil: the talent (by name, any case), or a creature's
 * Ausweichen rolled around its value (`defence`, the world setting "creatures roll their defence").
 */
export function waterCheckAdjustment({ talent, defence, underwater }: { talent: string | null | undefined; defence?: DefenceKind | null; underwater: boolean }): WaterAdjustment | null {
  if (!underwater) return null;
  const dodge = defence === "ausweichen" || (typeof talent === "string" && talent.trim().toLowerCase() === DODGE_TALENT.toLowerCase());
  return dodge ? { nachteile: 1, rule: "R-WATER-1" } : null;
}

export interface RangedInput {
  underwater: boolean;
  /** The weapon's range in Schritt; 0 (or less) is a melee weapon. */
  reichweite: number;
  /** The distance to the target in Schritt, if known. */
  distance?: number | null;
}

export interface RangedOutcome {
  allowed: boolean;
  /** The range is a hard limit here (under water, ranged weapon): the card says so. */
  limited: boolean;
  rule: RuleId | null;
}

/**
 * R-WATER-2: under water a ranged weapon cannot shoot beyond its range (on land Flex allows it with an
 * Erschwernis, which is not in the digest and left to the GM). Melee weapons are not concerned.
 */
export function rangedAttack({ underwater, reichweite, distance }: RangedInput): RangedOutcome {
  const range = toCount(reichweite);
  if (!underwater || range === 0) return { allowed: true, limited: false, rule: null };
  const known = typeof distance === "number" && Number.isFinite(distance);
  return { allowed: !known || distance <= range, limited: true, rule: "R-WATER-2" };
}

/** R-WATER-3: a spell not cast *Still* under water uses one more KR of breath: one extra breath check. */
export function spellBreathChecks({ underwater, still }: { underwater: boolean; still: boolean }): number {
  return underwater && !still ? 1 : 0;
}

/** R-WATER-4: damage types whose effects do not occur under water: (F) Feuer and (Lava). */
export const WATER_QUENCHED_DAMAGE_TYPES: readonly string[] = ["feuer", "lava"];

/** R-WATER-4: the damage always applies; the effects of (F) and (Lava) damage not under water. */
export function damageEffectsApply({ type, underwater }: { type: string | null | undefined; underwater: boolean }): { effects: boolean; rule: RuleId | null } {
  const quenched = underwater && typeof type === "string" && WATER_QUENCHED_DAMAGE_TYPES.includes(type.trim().toLowerCase());
  return quenched ? { effects: false, rule: "R-WATER-4" } : { effects: true, rule: null };
}

/** R-WATER-5: a creature under water counts as wet, all the time. */
export function isWet({ underwater, wet }: { underwater: boolean; wet: boolean }): boolean {
  return underwater || wet;
}

/**
 * R-WATER-5: whether a creature may stop being wet: not while it is under water ("Jede Kreatur zählt permanent
 * als Nass"); out of the water it stays wet until someone dries it (Decision).
 */
export function mayDry({ underwater }: { underwater: boolean }): { allowed: boolean; rule: RuleId | null } {
  return underwater ? { allowed: false, rule: "R-WATER-5" } : { allowed: true, rule: null };
}

/** R-WATER-5: the statuses a creature that goes under water lacks ("underwater" and "wet"). */
export function statusesEnteringWater(current: Iterable<string>): ("underwater" | "wet")[] {
  const has = new Set(current);
  return (["underwater", "wet"] as const).filter((s) => !has.has(s));
}
