// A character's rests as the rules read them: the start times of its last rests per type (stored in fixed
// slots, see data/actor/character.ts), the talents it used since its last long rest, the no-rest clock.
import { CharacterData } from "../../data/actor/character";
import { isRestTalent, REST_LIMITS, REST_TYPES, restWindow } from "../../rules";
import type { RestType, RestWindow } from "../../rules";

export interface RestState {
  starts: Record<RestType, number[]>;
  talentsUsed: string[];
  /** When the last rest that stops the no-rest clock ended; null: the clock has not started. */
  last: number | null;
  /** Erschöpfung this stretch without rest has given. */
  counted: number;
}

const finite = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);

/** The character model of an actor, or null for any other actor. */
export function characterData(actor: Actor.Implementation | null | undefined): CharacterData | null {
  return actor?.type === "character" && actor.system instanceof CharacterData ? actor.system : null;
}

export function restStateOf(sys: CharacterData): RestState {
  const rast = sys.rast;
  const history = rast.historie as Record<string, Record<string, unknown>>;
  const starts = Object.fromEntries(REST_TYPES.map((t) => [t, Object.values(history[t] ?? {}).filter(finite)])) as Record<RestType, number[]>;
  const talentsUsed = Object.entries(rast.talente as Record<string, unknown>).flatMap(([id, used]) => (used === true ? [id] : []));
  return { starts, talentsUsed, last: finite(rast.letzte) ? rast.letzte : null, counted: sys.rast.ohneRast };
}

/** The stored slots for a type's start times (latest first; empty slots null). */
export function startsSource(type: RestType, starts: readonly number[]): Record<string, number | null> {
  return Object.fromEntries(Array.from({ length: REST_LIMITS[type].count }, (_, i) => [`s${i + 1}`, starts[i] ?? null]));
}

/** The stored talents-used flags after a rest. */
export function talentsSource(sys: CharacterData, used: readonly string[]): Record<string, boolean> {
  return Object.fromEntries(Object.keys(sys.rast.talente as Record<string, unknown>).map((id) => [id, used.includes(id)]));
}

/** R-REST-1 … 4: whether the character may take a rest of `type` now, and when it may if not. */
export function windowOf(sys: CharacterData, type: RestType, now: number): RestWindow {
  return restWindow(type, restStateOf(sys).starts[type], now);
}

/** The rest requests this character has had applied, latest last (the mark on the target). */
export function restsDone(actor: Actor.Implementation): string[] {
  const done = actor.getFlag("flex", "restsDone");
  return Array.isArray(done) ? done.filter((d): d is string => typeof d === "string") : [];
}

/** R-REST-TAL: the rest talents this character has (its items from Rast und Auszeit, flags.flex.restTalent). */
export function ownedRestTalents(actor: Actor.Implementation): string[] {
  const ids = actor.items.map((i) => (i.flags as { flex?: { restTalent?: unknown } } | undefined)?.flex?.restTalent);
  return [...new Set(ids.filter((id): id is string => isRestTalent(id)))];
}
