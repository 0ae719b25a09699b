// Repairs stored or incoming system data against a model's schema before Foundry validates it, so that
// a text in a number field, a negative value, an unknown die or a wrong shape becomes valid data and
// the rest of the document survives. Used by every model's migrateData (stored data) and _preUpdate
// (changes), so the same rules apply to an old world and to a mistyped sheet input.
import { coerceDie } from "../rules";
import type { Die } from "../rules";

type Obj = Record<string, unknown>;
type AnyField = foundry.data.fields.DataField.Any;

/** Fields holding an attribute die (W4–W12): repaired with coerceDie instead of number rules. */
const dieFields = new WeakMap<object, Die>();
export function markDieField<F extends object>(field: F, fallback: Die): F {
  dieFields.set(field, fallback);
  return field;
}

export interface RepairNote {
  path: string;
  value: unknown;
  /** "dropped": the value was unusable and is ignored (the stored value or the default stays). */
  outcome: "fixed" | "dropped";
}

function isObj(v: unknown): v is Obj {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function parseNumber(value: unknown): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value === "string") {
    const t = value.trim().replace(",", ".");
    if (!t) return null;
    const n = Number(t);
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

interface NumberOptions { min?: number; max?: number; integer?: boolean; nullable?: boolean }

function repairNumber(field: NumberOptions, value: unknown): { ok: boolean; value: unknown } {
  if (value === null) return { ok: !!field.nullable, value };
  const n = parseNumber(value);
  if (n === null) return { ok: false, value };
  let v = field.integer ? Math.round(n) : n;
  if (typeof field.min === "number") v = Math.max(field.min, v);
  if (typeof field.max === "number") v = Math.min(field.max, v);
  return { ok: true, value: v };
}

function repairBoolean(value: unknown): { ok: boolean; value: unknown } {
  if (typeof value === "boolean") return { ok: true, value };
  if (value === "true" || value === "on" || value === 1 || value === "1") return { ok: true, value: true };
  if (value === "false" || value === "" || value === 0 || value === "0") return { ok: true, value: false };
  return { ok: false, value };
}

function choicesOf(field: { choices?: unknown }): string[] | null {
  let c = field.choices;
  if (typeof c === "function") c = (c as () => unknown)();
  if (!c) return null;
  return Array.isArray(c) ? c.map(String) : Object.keys(c as Obj);
}

/**
 * Walks `data` along `schema`'s fields and repairs each present value in place. Unusable values are
 * deleted, so Foundry applies the field's initial value (stored data) or keeps the old value (updates).
 */
export function repairData(fields: Record<string, AnyField>, data: Obj, notes: RepairNote[] = [], path = ""): RepairNote[] {
  const f = foundry.data.fields;
  for (const [key, field] of Object.entries(fields)) {
    if (!(key in data) || data[key] === undefined) continue;
    const value = data[key];
    const at = path ? `${path}.${key}` : key;
    let result: { ok: boolean; value: unknown } = { ok: true, value };
    const dieFallback = dieFields.get(field);
    if (dieFallback !== undefined) {
      result = value === null ? { ok: false, value } : { ok: true, value: coerceDie(value, dieFallback) };
    } else if (field instanceof f.SchemaField) {
      if (isObj(value)) repairData(field.fields as Record<string, AnyField>, value, notes, at);
      else result = { ok: false, value };
    } else if (field instanceof f.NumberField) {
      result = repairNumber(field as unknown as NumberOptions, value);
    } else if (field instanceof f.BooleanField) {
      result = repairBoolean(value);
    } else if (field instanceof f.StringField) {
      const nullable = (field as unknown as { nullable?: boolean }).nullable;
      if (value === null) result = { ok: !!nullable, value };
      else if (typeof value === "number") result = { ok: true, value: String(value) };
      else if (typeof value !== "string") result = { ok: false, value };
      const choices = choicesOf(field as unknown as { choices?: unknown });
      if (result.ok && typeof result.value === "string" && choices && !choices.includes(result.value)) {
        const folded = choices.find((c) => c.toLowerCase() === String(result.value).trim().toLowerCase());
        result = folded ? { ok: true, value: folded } : { ok: false, value };
      }
    }
    if (!result.ok) {
      delete data[key];
      notes.push({ path: at, value, outcome: "dropped" });
    } else if (result.value !== value) {
      data[key] = result.value;
      notes.push({ path: at, value, outcome: "fixed" });
    }
  }
  return notes;
}

/** Old data shape: a pool stored as a bare number ("leben: 12") becomes { value: 12, max: 12 }. */
export function migratePoolShape(source: Obj, key: string): void {
  const v = source[key];
  if (typeof v === "number" || (typeof v === "string" && v.trim() !== "")) source[key] = { value: v, max: v };
}

/** Keeps a pool's value within 0..max when both are known. */
export function clampPool(pool: unknown, currentMax?: number): void {
  if (!isObj(pool)) return;
  const max = typeof pool.max === "number" ? pool.max : currentMax;
  if (typeof pool.value === "number" && typeof max === "number" && pool.value > max) pool.value = max;
}
