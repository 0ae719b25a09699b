// R-POLY-7 (Decision 2026-12-01): the damage a transformed character has received in its form, counted as it
// comes. Every write that lowers its Leben (a card's Apply, a short combat, a fall, the bar edited by hand) adds the
// loss to flags.flex.polymorphTaken in that same write, on the writing client (the preUpdateActor hook); healing
// takes nothing back. An Undo of a card takes back exactly what that card's hit counted. The count names its
// transformation, so one left from an earlier form is never read; the revert removes it with the snapshot.
import { damageReceived, damageUndone } from "../../rules";
import type { PolymorphSnapshot } from "./snapshot";
import { snapshotOf } from "./snapshot";

export const RECEIVED_FLAG = "polymorphTaken";

/** What the form has received: its transformation's id, the damage so far, and what each card's hit counted. */
export interface Received {
  form: string;
  taken: number;
  /** Per applied mark (an array: an update replaces it whole, so an entry taken back is really gone). */
  marks: { key: string; taken: number }[];
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** The count of this transformation on the actor (0 when none, or when it is an earlier form's). */
export function receivedOf(actor: Actor.Implementation, s: PolymorphSnapshot): Received {
  const raw: unknown = actor.getFlag("flex", RECEIVED_FLAG);
  if (!isObject(raw) || raw.form !== s.id || !Number.isFinite(raw.taken)) return { form: s.id, taken: 0, marks: [] };
  const marks = Array.isArray(raw.marks) ? raw.marks.filter((m): m is Received["marks"][number] => isObject(m) && typeof m.key === "string" && Number.isFinite(m.taken)) : [];
  return { form: s.id, taken: Math.max(0, Math.trunc(raw.taken as number)), marks };
}

/** R-POLY-7: the damage received in the form so far. */
export function damageReceivedIn(actor: Actor.Implementation, s: PolymorphSnapshot): number {
  return receivedOf(actor, s).taken;
}

/** The new Leben an update writes, nested or flat; undefined when it writes none. */
function lebenWritten(changed: Record<string, unknown>): number | undefined {
  const value = foundry.utils.getProperty(changed, "system.leben.value") ?? changed["system.leben.value"];
  return value === undefined || value === null || !Number.isFinite(Number(value)) ? undefined : Number(value);
}

/** The applied marks (FlexActor#planDamage / planUndo) an update adds and removes, nested or flat. */
function marksWritten(changed: Record<string, unknown>): { added: string[]; removed: string[] } {
  const out = { added: [] as string[], removed: [] as string[] };
  const visit = (key: string, value: unknown) => {
    if (key.startsWith("-=")) out.removed.push(key.slice(2));
    else if (isObject(value)) out.added.push(key);
  };
  const nested: unknown = foundry.utils.getProperty(changed, "flags.flex.applied");
  if (isObject(nested)) for (const [key, value] of Object.entries(nested)) visit(key, value);
  const prefix = "flags.flex.applied.";
  for (const [key, value] of Object.entries(changed)) if (key.startsWith(prefix)) visit(key.slice(prefix.length), value);
  return out;
}

/** What the count becomes with this update; null when it stays as it is. */
export function receivedAfter(actor: Actor.Implementation, s: PolymorphSnapshot, changed: Record<string, unknown>): Received | null {
  const after = lebenWritten(changed);
  if (after === undefined) return null;
  const current = receivedOf(actor, s);
  const { added, removed } = marksWritten(changed);
  if (removed.length) {
    // An Undo gives back what its card applied: the damage that hit counted goes; its Leben back is no healing,
    // and a healing taken back is no damage received.
    const undone = current.marks.filter((m) => removed.includes(m.key));
    if (!undone.length) return null;
    const taken = undone.reduce((t, m) => damageUndone(t, m.taken), current.taken);
    return { form: s.id, taken, marks: current.marks.filter((m) => !removed.includes(m.key)) };
  }
  const before = Number((actor.system as { leben?: { value?: unknown } }).leben?.value) || 0;
  const taken = damageReceived(current.taken, before, after);
  if (taken === current.taken) return null;
  return { form: s.id, taken, marks: [...current.marks, ...added.map((key) => ({ key, taken: taken - current.taken }))] };
}

export function registerDamageReceived(): void {
  Hooks.on("preUpdateActor", (actor, changed) => {
    const s = snapshotOf(actor as Actor.Implementation);
    if (!s) return;
    const next = receivedAfter(actor as Actor.Implementation, s, changed as Record<string, unknown>);
    if (next) foundry.utils.setProperty(changed as object, `flags.flex.${RECEIVED_FLAG}`, next);
  });
}
