// What moves and ends a pair, as every client sees it (R-RIDE-3, R-RIDE-4):
// - the mount moves (any v13 movement: every waypoint, undo, teleport): the rider's token goes along, written once, by
//   the client that moved the mount when it may write the rider, else by the active GM in its work queue; with
//   neither there, the mount's move is refused before it happens (nothing half moved);
// - the rider's token moved by anything else to another field: it is off in that very write (no cost), the mount stays;
// - either token deleted, or the mount dying or dead: the pair ends.
// Each write is carried out by exactly one client (writes.ts, performerFor); a riding write never counts as a move by
// something else (its operation says `flexRiding`).
import { clientLocal } from "../../helpers/client-local";
import { onHook } from "../../helpers/hooks";
import type { TokenMovementLike } from "../../helpers/hooks";
import { runOnGMQueue } from "../gm-queue";
import { actorIsMounted, mayWrite, MOUNTED_STATUS, pairOf, performerFor, ridingFlag, riderOnMount, tokensOfActor } from "./pair";
import type { Pair, TokenDoc } from "./pair";
import { carryRider, finishEnding, ridingOptions, ridingPurpose, syncStatuses } from "./writes";

const POSITION_KEYS = ["x", "y", "elevation", "width", "height"] as const;
const DOWN = new Set(["dying", "dead"]);

// This client's riding work, one task after the other (each hook's work is its own task).
const sequence = clientLocal("riding.sequence", () => ({ next: 0 }));
const queued = <T>(what: string, work: () => Promise<T>) => runOnGMQueue(`riding.${what}:${(sequence().next += 1)}`, work);

const format = (key: string, data: Record<string, string>) => game.i18n!.format(key, data);
const nameOf = (token: TokenDoc) => token.name || token.actor?.name || "";
const userOf = (id: string | null | undefined) => (game.users?.get(id ?? "") as User.Implementation | undefined) ?? null;

/**
 * The riders a write moves off their mounts (R-RIDE-3), by the rider's token id: the mount's id. One option for the
 * whole update, which every client reads in updateToken: v13 shares one options object among all the tokens of a
 * batched update (a GM dragging several tokens), so each token has its own key.
 */
interface OffMarks {
  flexRidingOff?: Record<string, string>;
}
const offMarks = (options: Record<string, unknown>): Record<string, string> => ((options as OffMarks).flexRidingOff ??= {});

// The position changes of each batched update seen so far on this client, by token id (the update's options are its key).
const batches = new WeakMap<object, Map<string, Record<string, unknown>>>();
function batchOf(options: Record<string, unknown>): Map<string, Record<string, unknown>> {
  let moved = batches.get(options);
  if (!moved) batches.set(options, (moved = new Map()));
  return moved;
}

/** A rider marked off earlier in this update sits on its mount's new place after all: its flag stays, it is no longer off. */
function keepOn(riderChanges: Record<string, unknown>, options: Record<string, unknown>, riderId: string): void {
  const flags = riderChanges.flags as Record<string, unknown> | undefined;
  const flex = flags?.flex as Record<string, unknown> | undefined;
  if (flex) delete flex["-=riding"];
  if (flex && !Object.keys(flex).length) delete flags!.flex;
  if (flags && !Object.keys(flags).length) delete riderChanges.flags;
  delete offMarks(options)[riderId];
}

/**
 * On the client that writes a token's position (before the write), for each token of the update:
 * - a mount: refused when nobody can carry its rider along (this client may not, and no GM is online); its rider moved
 *   onto its new place in the same update stays on;
 * - a rider moved to another field by anything but its mount (R-RIDE-3), its mount's move in the same update counted:
 *   its flag is cleared in this same write (refused when nobody online may clear the mount's side: this client may
 *   not, and no GM is online).
 */
function onPreUpdateToken(token: TokenDoc, changes: Record<string, unknown>, options: Record<string, unknown>): boolean | void {
  if (ridingPurpose(options) || !POSITION_KEYS.some((k) => k in changes)) return;
  const moved = batchOf(options);
  moved.set(token.id!, changes);
  const pair = pairOf(token);
  if (!pair) return;
  if (pair.mount === token) {
    if (!mayWrite(game.user, pair.rider) && !game.users?.activeGM) {
      ui.notifications?.warn(format("FLEX.Riding.NoGMToCarry", { mount: nameOf(pair.mount), rider: nameOf(pair.rider) }));
      return false;
    }
    const riderChanges = moved.get(pair.rider.id!);
    if (riderChanges && offMarks(options)[pair.rider.id!] === token.id && riderOnMount(pair, riderChanges, changes)) keepOn(riderChanges, options, pair.rider.id!);
    return;
  }
  if (riderOnMount(pair, changes, moved.get(pair.mount.id!))) return;
  // Nothing half ended: the mount's side is this client's to clean, or the active GM's.
  if (![pair.mount, pair.mount.actor].every((doc) => mayWrite(game.user, doc)) && !game.users?.activeGM) {
    ui.notifications?.warn(format("FLEX.Riding.NoGMToDismount", { mount: nameOf(pair.mount), rider: nameOf(pair.rider) }));
    return false;
  }
  const flags = (changes.flags ??= {}) as Record<string, unknown>;
  const flex = (flags.flex ??= {}) as Record<string, unknown>;
  delete flex.riding;
  flex["-=riding"] = null;
  offMarks(options)[token.id!] = pair.mount.id!;
}

/** Every client: a rider moved off (R-RIDE-3) ends its pair; each client writes its share (the mount's flag, the statuses). */
function onUpdateToken(token: TokenDoc, _changed: unknown, options: Record<string, unknown>, userId: string): Promise<void> | void {
  const mountId = (options as OffMarks).flexRidingOff?.[token.id!];
  if (typeof mountId !== "string" || ridingPurpose(options)) return;
  const scene = token.parent as Scene.Implementation | null;
  const mount = (scene?.tokens.get(mountId) as TokenDoc | undefined) ?? null;
  if (!scene) return;
  return queued("off", () => finishEnding(scene, { rider: token, mount, actors: [token.actor, mount?.actor] }, "off", userOf(userId)));
}

/** Every client: the mount moved; the one client that performs it carries the rider along (R-RIDE-4). */
function onMoveToken(token: TokenDoc, movement: TokenMovementLike, operation: unknown, user: User.Implementation): Promise<unknown> | void {
  if (ridingPurpose(operation)) return;
  const pair = pairOf(token);
  if (!pair || pair.mount !== token) return;
  const performer = performerFor(user, pair.rider);
  if (performer?.isSelf) {
    const waypoints = movement?.passed?.waypoints ?? (movement?.destination ? [movement.destination] : []);
    return runOnGMQueue(`riding.follow:${movement?.id ?? foundry.utils.randomID()}`, () => carryRider(token, waypoints));
  }
  // The GM was lost between the check before the move and the move itself: the mount goes back where it was.
  if (!performer && user?.isSelf && movement?.origin) {
    const { x, y, elevation } = movement.origin;
    ui.notifications?.warn(format("FLEX.Riding.NoGMToCarry", { mount: nameOf(pair.mount), rider: nameOf(pair.rider) }));
    return queued("revert", async () => {
      await token.update({ x, y, elevation }, ridingOptions("revert"));
    });
  }
}

/** The partner a deleted token was paired with (its flags, and the partner's pointing back). */
function formerPartner(token: TokenDoc): { rider: TokenDoc | null; mount: TokenDoc | null } | null {
  const scene = token.parent as Scene.Implementation | null;
  const flag = ridingFlag(token);
  const mount = flag.mount ? ((scene?.tokens.get(flag.mount) as TokenDoc | undefined) ?? null) : null;
  if (mount && ridingFlag(mount).rider === token.id) return { rider: token, mount };
  const rider = flag.rider ? ((scene?.tokens.get(flag.rider) as TokenDoc | undefined) ?? null) : null;
  if (rider && ridingFlag(rider).mount === token.id) return { rider, mount: token };
  return null;
}

/** On the deleting client: a token whose partner nobody online can set free is not deleted (nothing half ended). */
function onPreDeleteToken(token: TokenDoc): boolean | void {
  const pair = pairOf(token);
  if (!pair) return;
  const partner = pair.rider === token ? pair.mount : pair.rider;
  if ([partner, partner.actor].every((doc) => mayWrite(game.user, doc)) || game.users?.activeGM) return;
  ui.notifications?.warn(format("FLEX.Riding.NoGMToDelete", { name: nameOf(token), partner: nameOf(partner) }));
  return false;
}

/** Every client: a deleted rider or mount ends the pair; the partner's flag and both statuses are cleaned. */
function onDeleteToken(token: TokenDoc, _options: unknown, userId: string): Promise<void> | void {
  const former = formerPartner(token);
  const scene = token.parent as Scene.Implementation | null;
  if (!former || !scene) return;
  const actors = [former.rider?.actor, former.mount?.actor];
  const partners = { rider: former.rider === token ? null : former.rider, mount: former.mount === token ? null : former.mount };
  return queued("deleted", () => finishEnding(scene, { ...partners, actors }, "off", userOf(userId)));
}

/** Every client: a mount that is dying or dead can carry nobody; its rider is set down beside it. */
function onCreateActiveEffect(effect: ActiveEffect.Implementation, _options: unknown, userId: string): Promise<unknown> | void {
  const actor = effect.parent as Actor.Implementation | null;
  if (actor?.documentName !== "Actor" || ![...(effect.statuses ?? [])].some((s) => DOWN.has(s))) return;
  const tokens = actor.token ? [actor.token as TokenDoc] : (game.scenes?.contents ?? []).flatMap((s) => s.tokens.contents.filter((t) => t.actorLink && t.actorId === actor.id) as TokenDoc[]);
  const work: Promise<void>[] = [];
  for (const token of tokens) {
    const pair = pairOf(token);
    if (!pair || pair.mount !== token) continue;
    work.push(queued("down", () => finishEnding(pair.scene, { rider: pair.rider, mount: pair.mount, actors: [pair.rider.actor, actor] }, "down", userOf(userId))));
  }
  return Promise.all(work);
}

/**
 * Every client: *beritten* switched by hand (the token HUD's status list). Switched off on either of a pair, the pair
 * ends (a GM's or owner's decision: no cost, the rider set down beside); switched on without a pair, it goes again.
 */
function onMountedStatusToggled(effect: ActiveEffect.Implementation, userId: string, on: boolean): Promise<unknown> | void {
  const actor = effect.parent as Actor.Implementation | null;
  if (actor?.documentName !== "Actor" || !effect.statuses?.has(MOUNTED_STATUS) || effect.statuses.size !== 1) return;
  const initiator = userOf(userId);
  if (on) {
    if (!actorIsMounted(actor) && performerFor(initiator, actor)?.isSelf) return queued("status", () => syncStatuses([actor]));
    return;
  }
  const pairs = tokensOfActor(actor).map((t) => pairOf(t)).filter((p): p is Pair => p !== null);
  return Promise.all(pairs.map((pair) => queued("status", () => finishEnding(pair.scene, { rider: pair.rider, mount: pair.mount, actors: [pair.rider.actor, pair.mount.actor] }, "dismount", initiator))));
}

/** Every client: a scene deleted with its tokens (no deleteToken for each) takes its pairs along; the statuses go too. */
function onDeleteScene(scene: Scene.Implementation, _options: unknown, userId: string): Promise<void> | void {
  const pairs = (scene.tokens.contents as TokenDoc[]).map((t) => pairOf(t)).filter((p): p is Pair => p !== null);
  const actors = pairs.flatMap((p) => [p.rider.actor, p.mount.actor]).filter((a) => a && !a.isToken);
  if (actors.length) return queued("scene", () => finishEnding(scene, { rider: null, mount: null, actors }, "off", userOf(userId)));
}

let registered = false;

export function registerRidingTriggers(): void {
  if (registered) return;
  registered = true;
  Hooks.on("preUpdateToken", (token, changes, options) => onPreUpdateToken(token as TokenDoc, changes as Record<string, unknown>, options as Record<string, unknown>));
  Hooks.on("updateToken", (token, changed, options, userId) => onUpdateToken(token as TokenDoc, changed, options as Record<string, unknown>, userId));
  onHook("moveToken", onMoveToken);
  Hooks.on("preDeleteToken", (token) => onPreDeleteToken(token as TokenDoc));
  Hooks.on("deleteToken", (token, options, userId) => onDeleteToken(token as TokenDoc, options, userId));
  Hooks.on("deleteScene", (scene, options, userId) => onDeleteScene(scene as Scene.Implementation, options, userId));
  Hooks.on("createActiveEffect", (effect, options, userId) => onCreateActiveEffect(effect, options, userId));
  Hooks.on("createActiveEffect", (effect, _options, userId) => onMountedStatusToggled(effect, userId, true));
  Hooks.on("deleteActiveEffect", (effect, _options, userId) => onMountedStatusToggled(effect, userId, false));
}
