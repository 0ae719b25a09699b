// The targets of an attack: the user's targeted tokens (v13 user targets), or those a macro passes. And the
// distance between two tokens in Schritt, for ranges (R-WATER-2).
import { actorRef } from "../actor-ref";
import type { ActorRef } from "../actor-ref";

export interface TargetPick {
  token: TokenDocument.Implementation | null;
  actor: Actor.Implementation;
  ref: ActorRef;
  name: string;
  img: string;
}

type TokenOrObject = TokenDocument.Implementation | { document: TokenDocument.Implementation };

/** The user's current targets as token documents. */
function userTargets(): TokenDocument.Implementation[] {
  const targets = game.user?.targets as Iterable<{ document?: TokenDocument.Implementation }> | undefined;
  return [...(targets ?? [])].map((t) => t.document).filter((d): d is TokenDocument.Implementation => !!d);
}

/** What an attack is aimed at: one pick per actor; the attacker itself only when `allowSelf` (a healing spell). */
export function pickTargets(attacker: Actor.Implementation, given?: Iterable<TokenOrObject | Actor.Implementation> | null, { allowSelf = false } = {}): TargetPick[] {
  const picks: TargetPick[] = [];
  const seen = new Set<string>();
  const list = given ? [...given] : userTargets();
  for (const entry of list) {
    const doc = entry instanceof Actor ? null : "document" in entry && !(entry instanceof TokenDocument) ? entry.document : (entry as TokenDocument.Implementation);
    const actor = entry instanceof Actor ? (entry as Actor.Implementation) : (doc?.actor ?? null);
    if (!actor || (actor === attacker && !allowSelf) || seen.has(actor.uuid)) continue;
    seen.add(actor.uuid);
    picks.push({ token: doc, actor, ref: actorRef(actor, doc), name: doc?.name || actor.name, img: actor.img ?? "" });
  }
  return picks;
}

/** The token standing for an actor on its scene (its own for unlinked actors). */
export function tokenFor(actor: Actor.Implementation): TokenDocument.Implementation | null {
  if (actor.token) return actor.token;
  const [first] = actor.getActiveTokens(false, true) as TokenDocument.Implementation[];
  return first ?? null;
}

/** Schritt between two tokens on one scene: squares between their edges, counted as Foundry counts steps. */
export function distanceBetween(a: TokenDocument.Implementation | null, b: TokenDocument.Implementation | null): number | null {
  if (!a || !b || a.parent !== b.parent || !a.parent) return null;
  const grid = a.parent.grid;
  const size = grid.size > 0 ? grid.size : 100;
  const axis = (pa: number, wa: number, pb: number, wb: number) => {
    const delta = Math.abs(pa + (wa * size) / 2 - (pb + (wb * size) / 2)) / size;
    return Math.max(0, Math.round(delta - (wa + wb) / 2 + 1));
  };
  const steps = Math.max(axis(a.x, Number(a.width), b.x, Number(b.width)), axis(a.y, Number(a.height), b.y, Number(b.height)));
  return steps * (grid.distance > 0 ? grid.distance : 1);
}
