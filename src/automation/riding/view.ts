// What the sheets and the token HUD show of riding, as plain data: the pair the actor is in, the mounts it could mount
// now (and why others not), and the speed it moves with (R-RIDE-4). Nothing here writes.
import { mountedMovement } from "../../rules";
import type { MountRefusal } from "../../rules";
import { mountDecision } from "./mount";
import { footprintOf, isDown, mayWrite, pairOf, sceneTokenOf } from "./pair";
import type { TokenDoc } from "./pair";

export interface RidingPartnerView {
  tokenUuid: string;
  name: string;
  img: string;
}

export interface RidingView {
  /** The token the buttons act on (the actor's token on the viewed scene). */
  tokenUuid: string;
  /** In a pair: as the rider or as the mount, and the other one. */
  role: "rider" | "mount" | null;
  partner: RidingPartnerView | null;
  /** Mounts this token could mount now (R-RIDE-1), nearest first. */
  mounts: RidingPartnerView[];
  /** Ridable companions on the scene it cannot mount now, each with the reason's text key. */
  blocked: (RidingPartnerView & { reason: string })[];
  /** The user may mount or dismount for this token. */
  canAct: boolean;
}

const partnerView = (token: TokenDoc): RidingPartnerView => ({ tokenUuid: token.uuid, name: token.name || token.actor?.name || "", img: token.actor?.img ?? token.texture?.src ?? "" });

/** Ridable companions on the token's scene (R-RIDE-1 asks the GM's ridable flag and a trainer). */
function ridableOnScene(token: TokenDoc): TokenDoc[] {
  const scene = token.parent as Scene.Implementation | null;
  const candidates = (scene?.tokens.contents ?? []) as TokenDoc[];
  const here = footprintOf(token);
  const distance = (t: TokenDoc) => {
    const f = footprintOf(t);
    return Math.hypot(f.col - here.col, f.row - here.row);
  };
  return candidates
    .filter((t) => t !== token && t.actor?.type === "creature" && (t.actor.system as { reitbar?: unknown }).reitbar === true)
    .sort((a, b) => distance(a) - distance(b) || (a.name ?? "").localeCompare(b.name ?? ""));
}

/** The mounts `rider` may mount now, nearest first; with `others`, the ridable companions it may not, and why. */
export function mountOptions(rider: TokenDoc): { mounts: TokenDoc[]; others: { token: TokenDoc; reason: MountRefusal }[] } {
  const mounts: TokenDoc[] = [];
  const others: { token: TokenDoc; reason: MountRefusal }[] = [];
  for (const token of ridableOnScene(rider)) {
    const decision = mountDecision(rider, token);
    if (decision.allowed) mounts.push(token);
    else if (decision.reason) others.push({ token, reason: decision.reason });
  }
  return { mounts, others };
}

/** The riding part of an actor's sheet, for this user; null when the actor has no token here or nothing to do with riding. */
export function ridingSection(actor: Actor.Implementation, user: User.Implementation = game.user!): RidingView | null {
  const token = sceneTokenOf(actor);
  if (!token) return null;
  const pair = pairOf(token);
  const canAct = mayWrite(user, token);
  if (pair) {
    const role = pair.rider === token ? "rider" : "mount";
    return { tokenUuid: token.uuid, role, partner: partnerView(role === "rider" ? pair.mount : pair.rider), mounts: [], blocked: [], canAct: canAct || mayWrite(user, pair.rider) };
  }
  // Decision: the sheet offers mounting to characters; a creature rides through the token HUD or a macro.
  if (isDown(actor) || actor.type !== "character") return null;
  const { mounts, others } = mountOptions(token);
  if (!mounts.length && !others.length) return null;
  const blocked = others.filter((o) => o.reason !== "self").map((o) => ({ ...partnerView(o.token), reason: `FLEX.Riding.Why.${o.reason}` }));
  if (!mounts.length && !blocked.length) return null;
  return { tokenUuid: token.uuid, role: null, partner: null, mounts: mounts.map(partnerView), blocked, canAct };
}

/** R-RIDE-4: the speed and swimming speed the actor moves with: its mount's while it rides, else its own. */
export function movementOf(actor: Actor.Implementation): { speed: number; swim: number; mount: string | null } {
  const own = speedOf(actor);
  const token = sceneTokenOf(actor);
  const pair = token ? pairOf(token) : null;
  const mountActor = pair && pair.rider === token ? pair.mount.actor : null;
  const movement = mountedMovement(own, mountActor ? speedOf(mountActor) : null);
  return { speed: movement.speed, swim: movement.swim, mount: movement.mounted && pair ? pair.mount.name || mountActor?.name || "" : null };
}

function speedOf(actor: Actor.Implementation): { speed: number; swim: number } {
  const sys = actor.system as { geschwindigkeit?: unknown; derived?: { schwimmen?: unknown } };
  return { speed: Number(sys.geschwindigkeit) || 0, swim: Number(sys.derived?.schwimmen) || 0 };
}
