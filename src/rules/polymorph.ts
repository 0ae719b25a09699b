// RULES.md §6 Polymorph: the snapshot-and-restore contract as data, and the rules of a character in a
// creature's form (R-POLY-1 … R-POLY-8). Pure: plain values in, plain values out.
import { applyHit } from "./damage";
import { applyHealing } from "./healing";
import type { RuleId } from "./ids";

/**
 * R-POLY-1 / R-POLY-2 / R-POLY-6: the character's values the form replaces (its attribute dice, Rüstung,
 * Geschwindigkeit, Größe). They come back from the snapshot at the revert; an edit made in the form
 * changes the form's value and is gone with it.
 */
export const POLY_REPLACED = ["attributes", "ruestung", "geschwindigkeit", "groesse"] as const;
/** R-POLY-1 / R-POLY-5: the character's own pools; damage, spent Fluss and healing in the form stay. */
export const POLY_ROUTED = ["leben", "fluss", "gunst"] as const;
/**
 * Decision: everything else of the character (Level, Meilensteine, Geld, Erschöpfung, today's needs, breath
 * die, hit dice, rests, biography) is not a value of the form: it is kept as it is, and an edit in the form
 * stays after the revert. Listed for the sheet and the README; any field not in POLY_REPLACED is kept.
 */
export const POLY_KEPT = ["level", "meilensteine", "geld", "erschoepfung", "versorgung", "atem", "trefferwuerfel", "biografie", "rast"] as const;

/** R-POLY-2 / R-POLY-4: item types that are abilities: the character's sleep in the form, the form's are usable. */
export const POLY_ABILITY_TYPES = ["talent", "spell", "attack", "passive"] as const;

export type PolyReplacedKey = (typeof POLY_REPLACED)[number];
export type PolyItemRole = "form" | "dormant" | "locked" | "free";

/**
 * What an item is while its actor is transformed. The form's items (R-POLY-4) are usable; the character's
 * abilities are dormant (R-POLY-2); its equipment is locked: not usable, not deletable (R-POLY-3). An item
 * added in the form is the character's and free.
 */
export function polyItemRole(item: { id: string; type: string }, snapshot: { items: readonly { _id: string }[]; formItems: readonly string[] }): { role: PolyItemRole; rule: RuleId | null } {
  if (snapshot.formItems.includes(item.id)) return { role: "form", rule: "R-POLY-4" };
  if (!snapshot.items.some((i) => i._id === item.id)) return { role: "free", rule: null };
  return (POLY_ABILITY_TYPES as readonly string[]).includes(item.type) ? { role: "dormant", rule: "R-POLY-2" } : { role: "locked", rule: "R-POLY-3" };
}

/**
 * R-POLY-3 / R-POLY-2: whether an effect carried by one of the character's items keeps working in the form:
 * the passive benefits of its equipment (magic items) do; its abilities' (path benefits) do not.
 */
export function polyEffectWorks(itemRole: PolyItemRole): { works: boolean; rule: RuleId | null } {
  if (itemRole === "dormant") return { works: false, rule: "R-POLY-2" };
  if (itemRole === "locked") return { works: true, rule: "R-POLY-3" };
  return { works: true, rule: null };
}

export interface FormValues {
  attributes: Record<string, number>;
  ruestung: number;
  geschwindigkeit: number;
  groesse: string;
}

const whole = (n: unknown) => (Number.isFinite(Number(n)) ? Math.max(0, Math.trunc(Number(n))) : 0);
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** R-POLY-1 / R-POLY-2 / R-POLY-6: the values the character takes from the form (never its pools). */
export function formValues(form: Record<string, unknown>): FormValues {
  const attributes = isObject(form.attributes) ? Object.fromEntries(Object.entries(form.attributes).map(([k, v]) => [k, whole(v)])) : {};
  return { attributes, ruestung: whole(form.ruestung), geschwindigkeit: whole(form.geschwindigkeit), groesse: String(form.groesse ?? "mittel") };
}

/** R-POLY-7: the form's total Leben, the damage at which the character turns back (at least 1). */
export function formLeben(form: Record<string, unknown>): number {
  const pool = form.leben;
  const max = isObject(pool) ? whole(pool.max) : whole(pool);
  return Math.max(1, max);
}

/**
 * R-POLY-5 / R-POLY-7 (Decision 2026-12-01): the damage received in the form so far, after the character's own
 * Leben went from `before` to `after`: every loss adds to it, and healing (a gain) takes nothing back. The seed
 * counts damage received ("Bekommt … so viel Schaden"), over the whole time in the form.
 */
export function damageReceived(taken: number, before: number, after: number): number {
  return whole(taken) + Math.max(0, whole(before) - whole(after));
}

/** R-POLY-7: an Undo of a card takes back exactly the damage that card's hit counted against the form. */
export function damageUndone(taken: number, counted: number): number {
  return Math.max(0, whole(taken) - whole(counted));
}

export interface RevertCheck {
  taken: number;
  threshold: number;
  revert: boolean;
  rule: "R-POLY-7";
}

/** R-POLY-7: the character turns back once the damage received in the form reaches the form's total Leben. */
export function revertDue({ taken, threshold }: { taken: number; threshold: number }): RevertCheck {
  const t = Math.max(1, whole(threshold));
  const received = whole(taken);
  return { taken: received, threshold: t, revert: received >= t, rule: "R-POLY-7" };
}

export interface FormOutlook {
  /** R-POLY-1: the character's own Leben (now and maximum) stays, with Fluss and Gunst. */
  leben: number;
  lebenMax: number;
  /** R-POLY-6: only the form's armour counts. */
  ruestung: number;
  /** R-POLY-7: the damage received in the form at which the character turns back. */
  revertAfter: number;
  rules: readonly ["R-POLY-1", "R-POLY-3", "R-POLY-6", "R-POLY-7"];
}

/** What a transformation into a form means for the character, before choosing it (R-POLY-1, -3, -6, -7). */
export function formOutlook(character: { leben: number; lebenMax: number }, form: { leben: number | null; ruestung: number | null }): FormOutlook {
  return {
    leben: whole(character.leben),
    lebenMax: whole(character.lebenMax),
    ruestung: whole(form.ruestung),
    revertAfter: formLeben({ leben: form.leben ?? 0 }),
    rules: ["R-POLY-1", "R-POLY-3", "R-POLY-6", "R-POLY-7"],
  };
}

/** R-POLY-6: the armour that counts in the form: the form's, never the character's worn armour. */
export function armourInForm({ formRuestung, wornArmour }: { formRuestung: number; wornArmour: number }): { ruestung: number; ignored: number; rule: "R-POLY-6" } {
  return { ruestung: whole(formRuestung), ignored: whole(wornArmour), rule: "R-POLY-6" };
}

/**
 * R-POLY-8: the system data after the revert: the replaced values from the snapshot, everything else (the
 * routed pools R-POLY-5 and the kept fields) as it is now.
 */
export function restoredSystem(current: Record<string, unknown>, original: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = structuredClone(current);
  for (const key of POLY_REPLACED) {
    if (key in original) out[key] = structuredClone(original[key]);
    else delete out[key];
  }
  return out;
}

/** R-POLY-1: the system changes of the swap: the form's values over the character's; pools and the rest untouched. */
export function swappedSystem(current: Record<string, unknown>, form: FormValues): Record<string, unknown> {
  const out: Record<string, unknown> = structuredClone(current);
  const attributes = isObject(current.attributes) ? { ...current.attributes } : {};
  for (const [k, v] of Object.entries(form.attributes)) attributes[k] = v;
  out.attributes = attributes;
  out.ruestung = form.ruestung;
  out.geschwindigkeit = form.geschwindigkeit;
  out.groesse = form.groesse;
  return out;
}

// The state machine: (character, form, events) → state. The Foundry layer is tested against it.

export interface PolyCharacter {
  system: Record<string, unknown>;
}

export type PolyEvent =
  | { type: "transform"; form: Record<string, unknown> }
  | { type: "damage"; amount: number }
  | { type: "spendFluss"; amount: number }
  | { type: "heal"; amount: number }
  | { type: "edit"; key: string; value: unknown }
  | { type: "revert" };

export interface PolyState {
  system: Record<string, unknown>;
  /** While transformed: what was replaced, the damage received in the form so far and the revert threshold. */
  snapshot: { original: Record<string, unknown>; taken: number; threshold: number } | null;
  /** What the last event did, and the rule that decided it. */
  last: { event: PolyEvent["type"]; outcome: "done" | "refused" | "reverted"; rules: RuleId[] } | null;
}

const pool = (system: Record<string, unknown>, key: string) => (isObject(system[key]) ? (system[key] as { value?: unknown; max?: unknown }) : {});

/** One event applied to the state; a refused event changes nothing but `last`. */
export function polymorphStep(state: PolyState, event: PolyEvent): PolyState {
  const refused = (rules: RuleId[]): PolyState => ({ ...state, last: { event: event.type, outcome: "refused", rules } });
  switch (event.type) {
    case "transform": {
      if (state.snapshot) return refused(["R-POLY-8"]);
      const values = formValues(event.form);
      return {
        system: swappedSystem(state.system, values),
        snapshot: { original: structuredClone(state.system), taken: 0, threshold: formLeben(event.form) },
        last: { event: "transform", outcome: "done", rules: ["R-POLY-1", "R-POLY-2"] },
      };
    }
    case "damage": {
      const leben = pool(state.system, "leben");
      // R-POLY-6: in the form, system.ruestung is the form's (an edit in the form changes the form's armour).
      const ruestung = whole(state.system.ruestung);
      const hit = applyHit({ leben: whole(leben.value), ruestung, damage: event.amount });
      const system = { ...state.system, leben: { ...leben, value: hit.leben } };
      const rules: RuleId[] = state.snapshot ? [...hit.rules, "R-POLY-5", "R-POLY-6"] : hit.rules;
      const snapshot = state.snapshot ? { ...state.snapshot, taken: damageReceived(state.snapshot.taken, whole(leben.value), hit.leben) } : null;
      const next: PolyState = { ...state, system, snapshot, last: { event: "damage", outcome: "done", rules } };
      if (snapshot && revertDue(snapshot).revert) {
        const reverted = polymorphStep(next, { type: "revert" });
        return { ...reverted, last: { event: "damage", outcome: "reverted", rules: [...rules, "R-POLY-7", "R-POLY-8"] } };
      }
      return next;
    }
    case "spendFluss": {
      const fluss = pool(state.system, "fluss");
      const have = whole(fluss.value);
      if (whole(event.amount) > have) return refused(["R-CORE-13"]);
      const rules: RuleId[] = state.snapshot ? ["R-CORE-13", "R-POLY-5"] : ["R-CORE-13"];
      return { ...state, system: { ...state.system, fluss: { ...fluss, value: have - whole(event.amount) } }, last: { event: "spendFluss", outcome: "done", rules } };
    }
    case "heal": {
      // R-POLY-7 (Decision 2026-12-01): healing raises the character's Leben, not what the form has received.
      const leben = pool(state.system, "leben");
      const healed = applyHealing({ leben: whole(leben.value), max: whole(leben.max), amount: event.amount });
      return { ...state, system: { ...state.system, leben: { ...leben, value: healed.leben } }, last: { event: "heal", outcome: "done", rules: healed.rules } };
    }
    case "edit": {
      // An edit in the form changes the form's value (replaced fields) or the character's own (the rest).
      const system = { ...state.system, [event.key]: structuredClone(event.value) };
      return { ...state, system, last: { event: "edit", outcome: "done", rules: state.snapshot ? ["R-POLY-1"] : [] } };
    }
    case "revert": {
      if (!state.snapshot) return refused([]);
      return { system: restoredSystem(state.system, state.snapshot.original), snapshot: null, last: { event: "revert", outcome: "reverted", rules: ["R-POLY-8"] } };
    }
  }
}

/** Runs the events from a character's state: the rules of §6 as a function of (character, form, events). */
export function polymorphRun(character: PolyCharacter, events: readonly PolyEvent[]): PolyState {
  return events.reduce(polymorphStep, { system: structuredClone(character.system), snapshot: null, last: null } as PolyState);
}

// The snapshot's integrity: a checksum over its content, checked before anything is restored (R-POLY-8).

/** JSON with sorted keys, so that the same content always gives the same text. */
export function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(",")}]`;
  if (isObject(value)) {
    return `{${Object.keys(value)
      .filter((k) => value[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stableJson(value[k])}`)
      .join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}

/** A 53-bit hash (cyrb53) of the snapshot's content, as 14 hex digits. */
export function snapshotChecksum(content: unknown): string {
  const text = stableJson(content);
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16).padStart(14, "0");
}

export type SnapshotFault = "missing" | "version" | "shape" | "checksum";

/** The checks a stored snapshot must pass before a revert may use it; `fault` says which failed. */
export function checkSnapshot(raw: unknown, version: number): { ok: true } | { ok: false; fault: SnapshotFault } {
  if (!isObject(raw)) return { ok: false, fault: "missing" };
  if (raw.v !== version) return { ok: false, fault: "version" };
  const original = raw.original;
  const shapeOk =
    typeof raw.id === "string" &&
    isObject(raw.form) &&
    isObject(original) &&
    isObject(original.system) &&
    POLY_REPLACED.every((k) => k in (original.system as Record<string, unknown>)) &&
    typeof original.name === "string" &&
    Array.isArray(raw.items) &&
    raw.items.every((i) => isObject(i) && typeof i._id === "string" && typeof i.type === "string" && typeof i.name === "string") &&
    Array.isArray(raw.effects) &&
    raw.effects.every((e) => isObject(e) && typeof e._id === "string") &&
    Array.isArray(raw.formItems) &&
    raw.formItems.every((id) => typeof id === "string") &&
    Number.isFinite(raw.lebenAtTransform) &&
    Number.isFinite(raw.threshold) &&
    typeof raw.checksum === "string";
  if (!shapeOk) return { ok: false, fault: "shape" };
  const { checksum, ...content } = raw;
  return snapshotChecksum(content) === checksum ? { ok: true } : { ok: false, fault: "checksum" };
}
