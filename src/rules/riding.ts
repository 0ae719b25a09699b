// RULES.md §5: riding (Reiten / berittener Kampf), R-RIDE-1 … R-RIDE-5. Pure: sizes, flags and positions come in.
import { sharedSquares } from "./falling";
import type { Footprint } from "./falling";
import type { RuleId } from "./ids";

/** R-CORE-7 / R-RIDE-1: the size ladder, smallest first (the same keys as CONFIG.FLEX.sizes). */
export const RIDING_SIZE_LADDER = ["winzig", "klein", "mittel", "gross", "riesig"] as const;
/** Decision: a size that is not on the ladder counts as "mittel", the default of every actor. */
const DEFAULT_SIZE_STEP = 2;

/** R-RIDE-2: mounting costs 2 Aktionen, dismounting 1; being moved off the mount (R-RIDE-3) costs nothing. */
export const RIDING_COSTS = { mount: 2, dismount: 1, thrownOff: 0 } as const;

/** Decision: a rider mounts from a field next to the mount (1 Schritt, R-OPT-GRID), or from under or over it. */
export const MOUNT_REACH = 1;

/** Decision: the rider's token sits this share of a field above the mount's centre, so both stay visible. */
export const RIDER_OFFSET = 0.2;

/** The step of a size on the ladder (0 = winzig); anything unknown is "mittel". */
export function sizeStep(size: unknown): number {
  const step = RIDING_SIZE_LADDER.indexOf(size as (typeof RIDING_SIZE_LADDER)[number]);
  return step < 0 ? DEFAULT_SIZE_STEP : step;
}

/** One side of a would-be pair, as the automation reads it from the documents. */
export interface RidingParty {
  /** Its identity (a token id): a creature cannot ride itself. */
  id: string;
  size: unknown;
  /** At 0 Leben: dying or dead (R-CORE-8). */
  down: boolean;
  /** It rides something already. */
  riding: boolean;
  /** Something rides it already. */
  carrying: boolean;
}

export interface MountCandidate extends RidingParty {
  /** R-RIDE-1 / R-COMP-1: a trained companion (its trainer exists). */
  companion: boolean;
  /** R-RIDE-1: the GM marked it as ridable. */
  ridable: boolean;
}

export type MountRefusal =
  | "self"
  | "notCompanion"
  | "notRidable"
  | "tooSmall"
  | "mountDown"
  | "riderDown"
  | "riderRiding"
  | "riderCarrying"
  | "mountCarrying"
  | "mountRiding"
  | "tooFar";

export interface MountDecision {
  allowed: boolean;
  /** Why not (null when allowed): the first reason found, in the order of the rule. */
  reason: MountRefusal | null;
  /** The Aktionen it costs (R-RIDE-2). */
  cost: number;
  rules: RuleId[];
}

/**
 * R-RIDE-1 / R-RIDE-2: whether `rider` may mount `mount`: a ridable companion of at least the rider's size, within
 * reach. Decisions: nobody mounts while dying or dead, onto a dying or dead mount, onto a mount that carries a rider
 * or rides itself, or while it rides or carries one itself (one rider per mount, no towers).
 */
export function mayMount(rider: RidingParty, mount: MountCandidate, { inReach }: { inReach: boolean }): MountDecision {
  const rules: RuleId[] = ["R-RIDE-1", "R-RIDE-2"];
  const refuse = (reason: MountRefusal): MountDecision => ({ allowed: false, reason, cost: RIDING_COSTS.mount, rules });
  if (rider.id === mount.id) return refuse("self");
  if (!mount.companion) return refuse("notCompanion");
  if (!mount.ridable) return refuse("notRidable");
  if (sizeStep(mount.size) < sizeStep(rider.size)) return refuse("tooSmall");
  if (mount.down) return refuse("mountDown");
  if (rider.down) return refuse("riderDown");
  if (rider.riding) return refuse("riderRiding");
  if (rider.carrying) return refuse("riderCarrying");
  if (mount.carrying) return refuse("mountCarrying");
  if (mount.riding) return refuse("mountRiding");
  if (!inReach) return refuse("tooFar");
  return { allowed: true, reason: null, cost: RIDING_COSTS.mount, rules };
}

/** R-RIDE-2: what getting off costs: 1 Aktion by choice, nothing when the mount is left behind by force (R-RIDE-3). */
export function dismountCost(byChoice: boolean): { cost: number; rules: RuleId[] } {
  return byChoice ? { cost: RIDING_COSTS.dismount, rules: ["R-RIDE-2"] } : { cost: RIDING_COSTS.thrownOff, rules: ["R-RIDE-3"] };
}

/** Decision (MOUNT_REACH): two footprints at most `reach` fields apart, sideways and in elevation. */
export function withinReach(a: Footprint, b: Footprint, reach: number = MOUNT_REACH): boolean {
  const gap = (start1: number, size1: number, start2: number, size2: number) => Math.max(0, start2 - (start1 + size1), start1 - (start2 + size2));
  const dx = gap(a.col, a.cols, b.col, b.cols);
  const dy = gap(a.row, a.rows, b.row, b.rows);
  return Math.max(dx, dy) <= reach + 1e-9 && Math.abs(a.elevation - b.elevation) <= reach + 1e-9;
}

/** A token's place: pixels, its size in fields, its elevation in Schritt. */
export interface TokenSpot {
  x: number;
  y: number;
  width: number;
  height: number;
  elevation: number;
}

/**
 * R-RIDE-4: where the rider's token sits on its mount: centred on the mount, RIDER_OFFSET of a field higher, at the
 * mount's elevation. Whole pixels, so that following lands on exactly the same spot every time.
 */
export function riderSpot(mount: TokenSpot, rider: Pick<TokenSpot, "width" | "height">, gridSize: number): { x: number; y: number; elevation: number } {
  const cx = mount.x + (mount.width * gridSize) / 2;
  const cy = mount.y + (mount.height * gridSize) / 2;
  return {
    x: Math.round(cx - (rider.width * gridSize) / 2),
    y: Math.round(cy - (rider.height * gridSize) / 2 - RIDER_OFFSET * gridSize),
    elevation: mount.elevation,
  };
}

/**
 * R-RIDE-3 / R-RIDE-4: a rider is on its mount while its token's centre lies on one of the mount's fields at the
 * mount's elevation. A move that ends anywhere else has taken it to another field: it is no longer mounted.
 */
export function onMount(rider: TokenSpot, mount: TokenSpot, gridSize: number): boolean {
  const cx = rider.x + (rider.width * gridSize) / 2;
  const cy = rider.y + (rider.height * gridSize) / 2;
  const inside = cx >= mount.x && cx < mount.x + mount.width * gridSize && cy >= mount.y - RIDER_OFFSET * gridSize && cy < mount.y + mount.height * gridSize;
  return inside && Math.abs(rider.elevation - mount.elevation) < 1e-9;
}

/**
 * Decision: getting off by choice (R-RIDE-2) or off a mount at 0 Leben, the rider steps onto the first free field beside
 * the mount, at the mount's elevation: right, left, below, above, then the corners; with all of them taken, the right one.
 */
export function dismountSpot(mount: TokenSpot, rider: Pick<TokenSpot, "width" | "height">, taken: readonly Footprint[], gridSize: number): { x: number; y: number; elevation: number } {
  const s = gridSize;
  const [right, left, below, above] = [mount.x + mount.width * s, mount.x - rider.width * s, mount.y + mount.height * s, mount.y - rider.height * s];
  const places = [[right, mount.y], [left, mount.y], [mount.x, below], [mount.x, above], [right, above], [left, above], [right, below], [left, below]];
  const free = places.find(([x, y]) => {
    const here: Footprint = { col: x / s, row: y / s, cols: rider.width, rows: rider.height, elevation: mount.elevation };
    return !taken.some((t) => sharedSquares(here, t) > 0 && Math.abs(t.elevation - mount.elevation) <= 0.5);
  }) ?? places[0];
  return { x: Math.round(free[0]), y: Math.round(free[1]), elevation: mount.elevation };
}

/** What can happen to a pair while mounted. */
export type RidingEvent =
  | { kind: "mountMoved" }
  | { kind: "riderMoved"; stillOnMount: boolean }
  | { kind: "riderDeleted" }
  | { kind: "mountDeleted" }
  | { kind: "mountDown" }
  | { kind: "riderDown" }
  | { kind: "damaged"; who: "rider" | "mount" };

export interface RidingEventOutcome {
  /** The pair is no longer mounted. */
  ends: boolean;
  /** The rider's token goes with the mount's (R-RIDE-4). */
  riderFollows: boolean;
  /** Aktionen it costs anyone (R-RIDE-3: none). */
  cost: number;
  rules: RuleId[];
}

/**
 * R-RIDE-3 … R-RIDE-5: what an event does to a mounted pair. The mount carries its rider; a rider moved to another
 * field by anything else (a trick, a spell, a push, a GM's drag) is off at no cost and the mount stays; a rider or
 * mount that is gone ends it; a mount at 0 Leben (dying or dead) can carry nobody (Decision); a dying rider stays in
 * the saddle until moved (Decision: RULES.md names only the mount); damage changes nothing about the pair (R-RIDE-5).
 */
export function ridingEvent(event: RidingEvent): RidingEventOutcome {
  const keep = (rules: RuleId[], riderFollows = false): RidingEventOutcome => ({ ends: false, riderFollows, cost: 0, rules });
  const end = (rules: RuleId[]): RidingEventOutcome => ({ ends: true, riderFollows: false, cost: RIDING_COSTS.thrownOff, rules });
  switch (event.kind) {
    case "mountMoved":
      return keep(["R-RIDE-4"], true);
    case "riderMoved":
      return event.stillOnMount ? keep(["R-RIDE-3"]) : end(["R-RIDE-3"]);
    case "riderDeleted":
    case "mountDeleted":
    case "mountDown":
      return end(["R-RIDE-1"]);
    case "riderDown":
    case "damaged":
      return keep(["R-RIDE-5"]);
  }
}

/** R-RIDE-5: a hit on one of the pair is taken by that creature alone, which defends itself. */
export function hitTakenBy(target: "rider" | "mount"): { takes: "rider" | "mount"; defends: "rider" | "mount"; rules: RuleId[] } {
  return { takes: target, defends: target, rules: ["R-RIDE-5"] };
}

export interface RidingMovement {
  speed: number;
  swim: number;
}

/** R-RIDE-4: mounted, the rider moves with the mount's speed and movement (swimming included) instead of its own. */
export function mountedMovement(own: RidingMovement, mount: RidingMovement | null): RidingMovement & { rules: RuleId[]; mounted: boolean } {
  return mount ? { ...mount, mounted: true, rules: ["R-RIDE-4"] } : { ...own, mounted: false, rules: [] };
}
