// Where to find an actor again on any client, from a card or a request: its token for unlinked actors
// (their data lives in the token), else the world actor.
import { documentFromUuid } from "../helpers/uuid";

export interface ActorRef {
  actorUuid: string;
  tokenUuid: string | null;
}

/** The reference of an actor, through the given token when it is that token's own (unlinked) actor. */
export function actorRef(actor: Actor.Implementation, token?: { uuid: string; actor?: Actor.Implementation | null } | null): ActorRef {
  const own = actor.token;
  return { actorUuid: actor.uuid, tokenUuid: own?.uuid ?? (token && token.actor === actor ? token.uuid : null) };
}

export function resolveActor(ref: Partial<ActorRef> | null | undefined): Actor.Implementation | null {
  if (!ref || typeof ref !== "object") return null;
  if (typeof ref.tokenUuid === "string") {
    const token = documentFromUuid(ref.tokenUuid) as { actor?: Actor.Implementation | null } | null;
    if (token?.actor) return token.actor;
  }
  const actor = documentFromUuid(ref.actorUuid) as { documentName?: string } | null;
  return actor?.documentName === "Actor" ? (actor as Actor.Implementation) : null;
}

/**
 * Whether `user` may know of this actor (Trust model: a document read by uuid must be one the requester may see):
 * a GM always; else an actor it may at least see (LIMITED), or one with a token not hidden on a scene.
 */
export function visibleTo(user: User.Implementation, actor: Actor.Implementation, token?: TokenDocument.Implementation | null): boolean {
  if (user.isGM || actor.testUserPermission(user, "LIMITED")) return true;
  const tokens = token ? [token] : actor.token ? [actor.token] : (actor.getDependentTokens?.() ?? []);
  return tokens.some((t) => !!t && !t.hidden);
}

/**
 * Whether a public card must not name this actor (audit N6): its token (or every token of it) is hidden, and some
 * player may not see the actor by permission (LIMITED). An actor without a token is the GM's to name.
 */
export function hiddenFromPlayers(actor: Actor.Implementation, token?: TokenDocument.Implementation | null): boolean {
  const tokens = token ? [token] : actor.token ? [actor.token] : (actor.getDependentTokens?.() ?? []);
  if (!tokens.length || tokens.some((t) => !!t && !t.hidden)) return false;
  const players = (game.users?.contents ?? []).filter((u) => !u.isGM) as User.Implementation[];
  return players.some((u) => !actor.testUserPermission(u, "LIMITED"));
}
