// Riding's state, read from the documents (RULES.md §5). A pair lives on its two tokens: the rider's token names its
// mount (flags.flex.riding.mount), the mount's token names its rider (flags.flex.riding.rider). The pair stands only
// while both agree, so a half written or half cleaned pair is no pair anywhere: every reader here ignores it.
import { documentFromUuid } from "../../helpers/uuid";
import { onMount, riderSpot, withinReach } from "../../rules";
import type { Footprint, MountCandidate, RidingParty, TokenSpot } from "../../rules";
import { isCompanion } from "../companions/link";

export type TokenDoc = TokenDocument.Implementation;

/** The status both tokens show while mounted (*beritten*, R-RIDE-4). */
export const MOUNTED_STATUS = "mounted";
/** R-CORE-8: statuses of a creature at 0 Leben that can carry nobody. */
const DOWN_STATUSES = ["dying", "dead"];

/** What a token's riding flag says, whatever was stored. */
export function ridingFlag(token: TokenDoc | null | undefined): { mount: string | null; rider: string | null } {
  const raw = token?.flags?.flex?.riding;
  const id = (v: unknown) => (typeof v === "string" && v ? v : null);
  return { mount: id(raw?.mount), rider: id(raw?.rider) };
}

export interface Pair {
  scene: Scene.Implementation;
  rider: TokenDoc;
  mount: TokenDoc;
}

const sceneOf = (token: TokenDoc | null | undefined): Scene.Implementation | null => (token?.parent as Scene.Implementation | null | undefined) ?? null;

/** The pair the token belongs to (as rider or as mount); null when its flags have no partner that agrees. */
export function pairOf(token: TokenDoc | null | undefined): Pair | null {
  const scene = sceneOf(token);
  if (!token || !scene) return null;
  const flag = ridingFlag(token);
  if (flag.mount) {
    const mount = scene.tokens.get(flag.mount) as TokenDoc | undefined;
    if (mount && ridingFlag(mount).rider === token.id) return { scene, rider: token, mount };
  }
  if (flag.rider) {
    const rider = scene.tokens.get(flag.rider) as TokenDoc | undefined;
    if (rider && ridingFlag(rider).mount === token.id) return { scene, rider, mount: token };
  }
  return null;
}

/** The token behind a uuid, if it is one. */
export function tokenFromUuid(uuid: unknown): TokenDoc | null {
  const doc = documentFromUuid(uuid) as { documentName?: string } | null;
  return doc?.documentName === "Token" ? (doc as TokenDoc) : null;
}

/** A token's place in pixels, size in fields, elevation in Schritt. */
export function spotOf(token: TokenDoc, changes: Record<string, unknown> = {}): TokenSpot {
  const pick = (key: "x" | "y" | "width" | "height" | "elevation") => {
    const v = Number(key in changes ? changes[key] : token[key]);
    return Number.isFinite(v) ? v : 0;
  };
  return { x: pick("x"), y: pick("y"), width: pick("width") || 1, height: pick("height") || 1, elevation: pick("elevation") };
}

export const gridSizeOf = (token: TokenDoc): number => Number(sceneOf(token)?.grid?.size) || 100;

/** Where the rider's token belongs on its mount (R-RIDE-4). */
export function seatOf(pair: Pair, mount: TokenSpot = spotOf(pair.mount)): { x: number; y: number; elevation: number } {
  return riderSpot(mount, spotOf(pair.rider), gridSizeOf(pair.mount));
}

/** R-RIDE-3 / R-RIDE-4: whether the rider's token, here or at the changed position, is on its mount's field (where it is, or is being moved). */
export function riderOnMount(pair: Pair, riderChanges: Record<string, unknown> = {}, mountChanges: Record<string, unknown> = {}): boolean {
  return onMount(spotOf(pair.rider, riderChanges), spotOf(pair.mount, mountChanges), gridSizeOf(pair.mount));
}

export function footprintOf(token: TokenDoc): Footprint {
  const s = spotOf(token);
  const size = gridSizeOf(token);
  return { col: s.x / size, row: s.y / size, cols: s.width, rows: s.height, elevation: s.elevation };
}

/** R-CORE-8: dying or dead. */
export function isDown(actor: Actor.Implementation | null | undefined): boolean {
  return !!actor && DOWN_STATUSES.some((s) => actor.statuses?.has(s));
}

const systemOf = (actor: Actor.Implementation | null | undefined) => (actor?.system ?? {}) as { groesse?: unknown; reitbar?: unknown };

function party(token: TokenDoc): RidingParty {
  const flag = ridingFlag(token);
  const pair = pairOf(token);
  return { id: token.id!, size: systemOf(token.actor).groesse, down: isDown(token.actor), riding: !!flag.mount && pair?.rider === token, carrying: !!flag.rider && pair?.mount === token };
}

/** R-RIDE-1: the would-be rider and mount as the rules read them. */
export function partiesOf(rider: TokenDoc, mount: TokenDoc): { rider: RidingParty; mount: MountCandidate; inReach: boolean } {
  const actor = mount.actor;
  return {
    rider: party(rider),
    mount: { ...party(mount), companion: actor?.type === "creature" && isCompanion(actor), ridable: actor?.type === "creature" && systemOf(actor).reitbar === true },
    inReach: sceneOf(rider) === sceneOf(mount) && withinReach(footprintOf(rider), footprintOf(mount)),
  };
}

/** The actor's tokens on the scenes of this world (an unlinked actor: its own token). */
export function tokensOfActor(actor: Actor.Implementation): TokenDoc[] {
  if (actor.token) return [actor.token as TokenDoc];
  return (game.scenes?.contents ?? []).flatMap((s) => s.tokens.contents.filter((t) => t.actorLink && t.actorId === actor.id)) as TokenDoc[];
}

/** Whether any of the actor's tokens is in a pair (its *beritten* status should show). */
export function actorIsMounted(actor: Actor.Implementation): boolean {
  return tokensOfActor(actor).some((t) => pairOf(t) !== null);
}

/** Whether `user` may write this document (tokens and actors: their owners and the GMs). */
export function mayWrite(user: User.Implementation | null | undefined, doc: { testUserPermission(user: User.Implementation, level: "OWNER"): boolean } | null | undefined): boolean {
  return !!user && !!doc && (user.isGM || doc.testUserPermission(user, "OWNER"));
}

/**
 * Who carries out a write that `initiator` set off on every client: the initiator while connected when it may write
 * the document, else the active GM (in its work queue); with no GM online, the connected owner with the lowest id
 * (a GM who dropped mid-move leaves the rider to its own player). Null when nobody connected may write it.
 */
export function performerFor(initiator: User.Implementation | null | undefined, doc: Parameters<typeof mayWrite>[1]): User.Implementation | null {
  if (initiator && initiator.active !== false && mayWrite(initiator, doc)) return initiator;
  const gm = game.users?.activeGM as User.Implementation | null | undefined;
  if (gm) return gm;
  const owners = ((game.users?.contents ?? []) as User.Implementation[]).filter((u) => u.active && mayWrite(u, doc));
  return owners.sort((a, b) => a.id!.localeCompare(b.id!))[0] ?? null;
}

/** The token that stands for the actor: its own (unlinked), else its token on the viewed scene (one in a pair first), else any. */
export function sceneTokenOf(actor: Actor.Implementation): TokenDoc | null {
  if (actor.token) return actor.token as TokenDoc;
  const scene = game.scenes?.viewed ?? game.scenes?.active ?? null;
  const onScene = scene?.tokens.contents.filter((t) => t.actorLink && t.actorId === actor.id) as TokenDoc[] | undefined;
  const anywhere = tokensOfActor(actor);
  return onScene?.find((t) => pairOf(t)) ?? onScene?.[0] ?? anywhere.find((t) => pairOf(t)) ?? anywhere[0] ?? null;
}
