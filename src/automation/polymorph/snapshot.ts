// The polymorph snapshot (R-POLY-8): what the character was, stored on the actor itself under
// flags.flex.polymorph in the same write as the swap, with a checksum that every revert checks first.
import { checkSnapshot, polyItemRole, snapshotChecksum } from "../../rules";
import type { PolyItemRole, SnapshotFault } from "../../rules";

export const SNAPSHOT_VERSION = 1;
/** The status the transformed character shows (CONFIG.statusEffects, helpers/status-effects.ts). */
export const POLYMORPH_STATUS = "polymorphed";

/** A token's look: what the transformation changes and the revert puts back (only the keys the token had). */
export interface Appearance {
  name?: string;
  texture?: { src?: string | null };
  width?: number;
  height?: number;
}

/** A document's source as stored in the snapshot. */
export type SourceData = { _id: string } & Record<string, unknown>;

export interface PolymorphSnapshot {
  v: typeof SNAPSHOT_VERSION;
  /** This transformation's id: the form's items and the status carry it; the auto-revert is claimed by it. */
  id: string;
  at: number;
  form: { name: string; uuid: string; img: string; ruestung: number; ausweichen: number; parade: number };
  original: {
    name: string;
    /** The character's whole system data when it transformed (R-POLY-1: the replaced fields come back from here). */
    system: Record<string, unknown>;
    /** A linked actor's prototype token; null for an unlinked token's actor. */
    prototypeToken: Appearance | null;
    /** The placed tokens whose look the form changed (a list: uuids contain dots, which flag keys cannot). */
    tokens: { uuid: string; look: Appearance }[];
  };
  /** Every item and actor effect of the character, whole, as they were (R-POLY-8). */
  items: SourceData[];
  effects: SourceData[];
  /** The ids of the items the form brought (R-POLY-4) and of the verwandelt status effect. */
  formItems: string[];
  status: string;
  /** R-POLY-7: the character's Leben when it transformed, and the form's total Leben. */
  lebenAtTransform: number;
  threshold: number;
  checksum: string;
}

export type SnapshotRead = { state: "none" } | { state: "ok"; snapshot: PolymorphSnapshot } | { state: "corrupt"; fault: SnapshotFault };

/** The actor's snapshot, checked: none, sound, or corrupt (and why). */
export function readSnapshot(actor: Actor.Implementation | null | undefined): SnapshotRead {
  const raw: unknown = actor?.getFlag("flex", "polymorph");
  if (raw === undefined || raw === null) return { state: "none" };
  const check = checkSnapshot(raw, SNAPSHOT_VERSION);
  if (!check.ok) return { state: "corrupt", fault: check.fault };
  return { state: "ok", snapshot: raw as PolymorphSnapshot };
}

/** Whether the actor carries a snapshot at all (a corrupt one included: it is still transformed). */
export function isTransformed(actor: Actor.Implementation | null | undefined): boolean {
  return readSnapshot(actor).state !== "none";
}

/** The sound snapshot, or null. */
export function snapshotOf(actor: Actor.Implementation | null | undefined): PolymorphSnapshot | null {
  const read = readSnapshot(actor);
  return read.state === "ok" ? read.snapshot : null;
}

/** Seals the content with its checksum. */
export function sealSnapshot(content: Omit<PolymorphSnapshot, "checksum">): PolymorphSnapshot {
  return { ...content, checksum: snapshotChecksum(content) };
}

/** What an item of a transformed actor is (R-POLY-2 / 3 / 4); "free" when the actor is itself. */
export function itemRoleOf(item: { id: string | null; type: string; parent?: unknown }): PolyItemRole {
  const actor = item.parent as Actor.Implementation | null | undefined;
  if (!actor || (actor as { documentName?: string }).documentName !== "Actor") return "free";
  const snapshot = snapshotOf(actor);
  return snapshot ? polyItemRole({ id: item.id ?? "", type: item.type }, snapshot).role : "free";
}

const LOOK_KEYS = ["name", "width", "height"] as const;

/** The look of a token or prototype token, as stored: exactly the keys it has. */
export function tokenAppearance(token: unknown): Appearance {
  const t = (token ?? {}) as Record<string, unknown> & { texture?: { src?: unknown } };
  const look: Appearance = {};
  for (const key of LOOK_KEYS) if (key in t && t[key] !== undefined) Object.assign(look, { [key]: t[key] });
  if (t.texture && typeof t.texture === "object") look.texture = "src" in t.texture ? { src: (t.texture.src as string | null) ?? null } : {};
  return look;
}

/**
 * Update data that gives a token (or, with `prefix`, the prototype token) this look. With `exact`, a key the
 * look does not have is removed, so that the token is as it was (the revert); otherwise it is left alone.
 */
export function appearanceChanges(look: Appearance, { withName, exact = false, prefix = "" }: { withName: boolean; exact?: boolean; prefix?: string }): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const put = (key: string, present: boolean, value: unknown) => {
    if (present) out[`${prefix}${key}`] = value;
    else if (exact) out[`${prefix}-=${key}`] = null;
  };
  if (look.texture && "src" in look.texture) out[`${prefix}texture.src`] = look.texture.src ?? null;
  else if (look.texture && exact) out[`${prefix}texture.-=src`] = null;
  else put("texture", false, null);
  put("width", look.width !== undefined, look.width);
  put("height", look.height !== undefined, look.height);
  if (withName) put("name", look.name !== undefined, look.name);
  return out;
}
