// The writes of riding, each carried out by one client: making a pair (both tokens in one write, then the *beritten*
// status on both), ending one (both tokens in one write where one client may write both, each status where it is
// wrong) and carrying the rider along (one move of the rider's token per move of the mount). Every write names
// its purpose in the operation (`flexRiding`), so that no client mistakes it for a rider moved by something else.
import { addStatuses, removeStatuses } from "../../helpers/status-effects";
import { dismountSpot } from "../../rules";
import { actorIsMounted, footprintOf, gridSizeOf, MOUNTED_STATUS, mayWrite, pairOf, performerFor, ridingFlag, seatOf, spotOf } from "./pair";
import type { TokenDoc } from "./pair";

/** Why a write of riding moves a token: none of these is "moved by something else" (R-RIDE-3). */
export type RidingOperation = "mount" | "follow" | "dismount" | "revert";

/**
 * Options of a riding write: its purpose, and no fall for a token set down or carried (the mount's own move falls).
 * `render` is core's default, named so the options share a key with the update operation's type.
 */
export const ridingOptions = (purpose: RidingOperation) => ({ flexRiding: purpose, flexNoFall: true, render: true });

/** The purpose of a token write, if riding made it. */
export function ridingPurpose(operation: unknown): RidingOperation | null {
  const purpose = (operation as { flexRiding?: unknown } | null | undefined)?.flexRiding;
  return purpose === "mount" || purpose === "follow" || purpose === "dismount" || purpose === "revert" ? purpose : null;
}

export type TokenUpdate = Record<string, unknown> & { _id: string };

async function updateTokens(scene: Scene.Implementation, updates: TokenUpdate[], purpose: RidingOperation): Promise<void> {
  const alive = updates.filter((u) => scene.tokens.has(u._id));
  if (alive.length) await scene.updateEmbeddedDocuments("Token", alive, ridingOptions(purpose));
}

/** The *beritten* status of each actor made to match its tokens: shown while one of them is in a pair. */
export async function syncStatuses(actors: (Actor.Implementation | null | undefined)[]): Promise<void> {
  for (const actor of new Set(actors)) {
    if (!actor || !actorStillThere(actor)) continue;
    if (actorIsMounted(actor)) await addStatuses(actor, [MOUNTED_STATUS]);
    else await removeStatuses(actor, [MOUNTED_STATUS]);
  }
}

function actorStillThere(actor: Actor.Implementation): boolean {
  const token = actor.token;
  if (token) return !!token.parent?.tokens.get(token.id!);
  return !!game.actors?.get(actor.id!);
}

/** A token's riding flag set to name its partner, a stale entry of the other role dropped in the same write. */
function fresh(token: TokenDoc, role: "mount" | "rider", partner: string): Record<string, unknown> {
  const stale = role === "mount" ? "rider" : "mount";
  return { [`flags.flex.riding.${role}`]: partner, ...(ridingFlag(token)[stale] ? { [`flags.flex.riding.-=${stale}`]: null } : {}) };
}

/** R-RIDE-1 / R-RIDE-4: the token writes that make a pair: the rider sits on its mount (on top of it, a little higher). */
export function mountUpdates(rider: TokenDoc, mount: TokenDoc): TokenUpdate[] {
  const scene = mount.parent as Scene.Implementation;
  const seat = seatOf({ scene, rider, mount });
  const sort = Math.max(Number(rider.sort) || 0, (Number(mount.sort) || 0) + 1);
  return [
    { _id: rider.id!, ...seat, sort, ...fresh(rider, "mount", mount.id!) },
    { _id: mount.id!, ...fresh(mount, "rider", rider.id!) },
  ];
}

/** How a pair ends: by choice (R-RIDE-2), the mount down (dying or dead), or the rider moved off (R-RIDE-3) or a token gone. */
export type PairEnd = "dismount" | "down" | "off";

/** The token writes that end a pair: each token's flag cleared, the rider set down beside its mount unless it is gone or off already. */
export function endingUpdates(rider: TokenDoc | null, mount: TokenDoc | null, how: PairEnd): TokenUpdate[] {
  const updates: TokenUpdate[] = [];
  if (rider && ridingFlag(rider).mount) {
    const update: TokenUpdate = { _id: rider.id!, "flags.flex.-=riding": null };
    if (mount && how !== "off") {
      const taken = (mount.parent as Scene.Implementation).tokens.contents.filter((t) => t !== rider && t !== mount).map((t) => footprintOf(t as TokenDoc));
      Object.assign(update, dismountSpot(spotOf(mount), spotOf(rider), taken, gridSizeOf(mount)));
    }
    updates.push(update);
  }
  if (mount && ridingFlag(mount).rider) updates.push({ _id: mount.id!, "flags.flex.-=riding": null });
  return updates;
}

/**
 * Ends a pair, on the client of `initiator` and on the active GM's: each carries out the writes it is the performer of
 * (performerFor), so that exactly one client writes each token and each status, none of them twice.
 */
export async function finishEnding(scene: Scene.Implementation, parts: { rider: TokenDoc | null; mount: TokenDoc | null; actors: (Actor.Implementation | null | undefined)[] }, how: PairEnd, initiator: User.Implementation | null): Promise<void> {
  const me = game.user;
  const mine = (doc: TokenDoc | Actor.Implementation | null | undefined) => !!doc && performerFor(initiator, doc)?.id === me?.id;
  const rider = parts.rider && scene.tokens.get(parts.rider.id!) ? parts.rider : null;
  const mount = parts.mount && scene.tokens.get(parts.mount.id!) ? parts.mount : null;
  const updates = endingUpdates(rider, mount, how).filter((u) => mine(scene.tokens.get(u._id) as TokenDoc));
  await updateTokens(scene, updates, "dismount");
  await syncStatuses(parts.actors.filter((a) => mine(a)));
}

/** Whether this user may write everything a pair's making or ending touches. */
export function mayWriteAll(user: User.Implementation | null | undefined, rider: TokenDoc, mount: TokenDoc): boolean {
  return [rider, mount, rider.actor, mount.actor].every((doc) => mayWrite(user, doc));
}

interface WaypointLike {
  x?: number;
  y?: number;
  elevation?: number;
  width?: number;
  height?: number;
  action?: string;
}

/**
 * R-RIDE-4: the rider's token goes where the mount's went, waypoint by waypoint with the mount's movement actions, and
 * ends on the mount where it stands now (a later move of the mount may have overtaken this one). One move, no fall of
 * its own, by a method of its own ("api"): the mount's ("undo", say) means something for the mount's movement history
 * only. Nothing when the pair is gone or the rider sits there already.
 */
export async function carryRider(mountToken: TokenDoc, waypoints: readonly WaypointLike[]): Promise<boolean> {
  const pair = pairOf(mountToken);
  if (!pair || pair.mount !== mountToken) return false;
  const last = seatOf(pair);
  const path = waypoints.slice(0, -1).map((w) => {
    const seat = seatOf(pair, { ...spotOf(pair.mount), ...definedOnly(w) });
    return { ...seat, action: w.action ?? "walk" };
  });
  const action = waypoints.at(-1)?.action ?? "walk";
  const route = [...path, { ...last, action }];
  const here = spotOf(pair.rider);
  if (route.length === 1 && here.x === last.x && here.y === last.y && here.elevation === last.elevation) return false;
  await pair.rider.move(route, { method: "api", ...ridingOptions("follow") });
  return true;
}

function definedOnly(w: WaypointLike): Partial<Record<"x" | "y" | "elevation" | "width" | "height", number>> {
  const out: Partial<Record<"x" | "y" | "elevation" | "width" | "height", number>> = {};
  for (const key of ["x", "y", "elevation", "width", "height"] as const) if (typeof w[key] === "number" && Number.isFinite(w[key])) out[key] = w[key];
  return out;
}
