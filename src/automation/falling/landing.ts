// Where a fall ends (R-FALL-2): the faller's landing squares, and what is found there — a creature, or
// a destructible object (a token or a tile the GM flagged `flags.flex.destructible`). Also how to find the
// actors of a fall again on another client (the active GM's) from their uuids.
import { chooseLanding } from "../../rules";
import type { Footprint, LandingCandidate } from "../../rules";
import { documentFromUuid } from "../../helpers/uuid";
import type { ActorRef } from "../actor-ref";
export { resolveActor } from "../actor-ref";

/** The parts of a TokenDocument falling reads (a narrow view; the full types are not needed here). */
export interface TokenLike {
  id: string;
  uuid: string;
  name: string;
  x: number;
  y: number;
  width: number;
  height: number;
  elevation: number;
  actor: Actor.Implementation | null;
  parent: { grid: { size: number }; tokens: Iterable<TokenLike>; tiles?: Iterable<TileLike> } | null;
  getFlag(scope: string, key: string): unknown;
}

/** The parts of a TileDocument falling reads: position and size in pixels, elevation in Schritt. */
export interface TileLike {
  id: string;
  x: number;
  y: number;
  width: number;
  height: number;
  elevation: number;
  getFlag(scope: string, key: string): unknown;
}

/** A position in pixels (x, y), grid squares (width, height) and Schritt (elevation). */
export interface SpotLike {
  x: number;
  y: number;
  width: number;
  height: number;
  elevation: number;
}

export interface Landing {
  kind: "creature" | "object";
  name: string;
  token: TokenLike | null;
  actor: Actor.Implementation | null;
}

export function footprint(spot: SpotLike, gridSize: number): Footprint {
  const size = gridSize > 0 ? gridSize : 100;
  const n = (v: unknown, fallback: number) => (Number.isFinite(Number(v)) ? Number(v) : fallback);
  return {
    col: Math.round(n(spot.x, 0) / size),
    row: Math.round(n(spot.y, 0) / size),
    cols: Math.max(1, n(spot.width, 1)),
    rows: Math.max(1, n(spot.height, 1)),
    elevation: n(spot.elevation, 0),
  };
}

export function isDestructible(doc: TokenLike | TileLike): boolean {
  return doc.getFlag("flex", "destructible") === true;
}

/** A flagged tile as a landing target; its size in pixels becomes squares. */
function tileCandidate(tile: TileLike, gridSize: number): LandingCandidate<Landing> {
  const size = gridSize > 0 ? gridSize : 100;
  const landing: Landing = { kind: "object", name: game.i18n!.localize("FLEX.Fall.ObjectName"), token: null, actor: null };
  return { ref: landing, footprint: footprint({ x: tile.x, y: tile.y, width: tile.width / size, height: tile.height / size, elevation: tile.elevation }, size), kind: "object" };
}

/** A token as a landing target: a flagged object, a creature with an actor, or nothing at all. */
export function landingOf(token: TokenLike): Landing | null {
  if (isDestructible(token)) return { kind: "object", name: token.name, token, actor: null };
  const actor = token.actor;
  return actor ? { kind: "creature", name: token.name || actor.name, token, actor } : null;
}

/** R-FALL-2: the token at the faller's landing squares and elevation, never the faller itself. */
export function findLanding(faller: TokenLike, spot: SpotLike = faller): Landing | null {
  const scene = faller.parent;
  if (!scene) return null;
  const fallerActor = faller.actor;
  // A mount and its rider fall together (R-RIDE-4): neither lands on the other, whenever the landing is worked out.
  const riding = faller.getFlag("flex", "riding") as { mount?: unknown; rider?: unknown } | null | undefined;
  const partners = new Set([riding?.mount, riding?.rider].filter((id): id is string => typeof id === "string"));
  const candidates: LandingCandidate<Landing>[] = [];
  for (const token of scene.tokens) {
    if (token.id === faller.id || partners.has(token.id)) continue;
    const landing = landingOf(token);
    // Another token of the same linked actor is the faller too.
    if (!landing || (landing.actor && fallerActor && landing.actor === fallerActor)) continue;
    candidates.push({ ref: landing, footprint: footprint(token, scene.grid.size), kind: landing.kind });
  }
  for (const tile of scene.tiles ?? []) if (isDestructible(tile)) candidates.push(tileCandidate(tile, scene.grid.size));
  return chooseLanding(footprint(spot, scene.grid.size), candidates)?.ref ?? null;
}

/** The landing named by the caller: a token (flagged object or creature) or an actor (creature). */
export function landingFromDocument(doc: unknown): Landing | null {
  const d = doc as { documentName?: string } | null;
  if (d?.documentName === "Token") return landingOf(d as TokenLike);
  if (d?.documentName === "Actor") {
    const actor = d as Actor.Implementation;
    return { kind: "creature", name: actor.name, token: (actor.token as TokenLike | null) ?? null, actor };
  }
  return null;
}

export function refOf(actor: Actor.Implementation, token: TokenLike | null): ActorRef {
  // An unlinked token's actor lives in the token: find it through the token on other clients.
  const own = actor.token as TokenLike | null;
  return { actorUuid: actor.uuid, tokenUuid: own?.uuid ?? (token && token.actor === actor ? token.uuid : null) };
}

export function resolveToken(uuid: string | null | undefined): TokenLike | null {
  return uuid ? ((documentFromUuid(uuid) as TokenLike | null) ?? null) : null;
}

/** The faller's token: its own (unlinked) token, else one of its tokens on the scene being viewed. */
export function tokenOfActor(actor: Actor.Implementation): TokenLike | null {
  const own = actor.token as TokenLike | null;
  if (own) return own;
  const tokens = actor.getActiveTokens(false, true) as TokenLike[];
  return tokens[0] ?? null;
}
