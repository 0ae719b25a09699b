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
