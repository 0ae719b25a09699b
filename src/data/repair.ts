// Repairs stored or incoming system data against a model's schema before Foundry validates it, so that
// a text in a number field, a negative value, an unknown die or a wrong shape becomes valid data and
// the rest of the document survives. Used by every model's migrateData (stored data, created data and
// the changes of an update) and _preUpdate (changes), so the same rules apply to an old world and to a
// mistyped sheet input. It works field by field: every value it keeps passes its field's own validation.
import { coerceDie, DIE_LADDER } from "../rules";
import { asRecord, asRecordDeep } from "./plain-object";
import { repairBoolean, repairNumber, repairString, type LeafResult } from "./repair-leaf";

type Obj = Record<string, unknown>;
type AnyField = foundry.data.fields.DataField.Any;

/** Fields holding an attribute die (W4–W12): off-ladder numbers snap to the ladder (R-CORE-1/2). */
const dieFields = new WeakSet<object>();
export function markDieField<F extends object>(field: F): F {
  dieFields.add(field);
  return field;
}

export interface RepairNote {
  path: string;
  value: unknown;
  /** "dropped": the value was unusable and is ignored (the stored value or the default stays). */
  outcome: "fixed" | "dropped";
}

const DROP: LeafResult = { ok: false };
const keep = (value: unknown): LeafResult => ({ ok: true, value });

/** coerceDie falls back only when it cannot read the value at all; such a value is dropped, not defaulted. */
function repairDie(value: unknown): LeafResult {
  const low = coerceDie(value, DIE_LADDER[0]);
  return low === coerceDie(value, DIE_LADDER[DIE_LADDER.length - 1]) ? keep(low) : DROP;
}

/** The field's own validation (custom validators, choices, UUIDs, bounds); a throwing validator fails. */
function passes(field: AnyField, value: unknown): boolean {
  try {
    return !(field as { validate(v: unknown): unknown }).validate(value);
  } catch {
    return false;
  }
}

function repairList(field: { element: unknown }, value: unknown, notes: RepairNote[], at: string): LeafResult {
  let items: unknown[];
  if (Array.isArray(value)) items = value;
  else if (value instanceof Set) items = [...value];
  else if (typeof value === "object") return DROP;
  else items = [value];
  const out: unknown[] = [];
  items.forEach((item, i) => {
    const result = repairValue(field.element as AnyField, item, notes, `${at}.${i}`);
    if (result.ok) out.push(result.value);
    else notes.push({ path: `${at}.${i}`, value: item, outcome: "dropped" });
  });
  const same = Array.isArray(value) && out.length === value.length && out.every((v, i) => v === value[i]);
  return keep(same ? value : out);
}

function repairValue(field: AnyField, value: unknown, notes: RepairNote[], at: string): LeafResult {
  const f = foundry.data.fields;
  if (value === null) return (field as { nullable?: boolean }).nullable ? keep(null) : DROP;
  if (field instanceof f.SchemaField) {
    const record = asRecord(value);
    if (!record) return DROP;
    repairData(field.fields as Record<string, AnyField>, record, notes, at);
    return keep(record);
  }
  let result: LeafResult;
  if (dieFields.has(field)) result = repairDie(value);
  else if (field instanceof f.ArrayField) result = repairList(field, value, notes, at);
  else if (field instanceof f.ObjectField) result = asRecordDeep(value) ? keep(value) : DROP;
  else if (field instanceof f.NumberField) result = repairNumber(field, value);
  else if (field instanceof f.BooleanField) result = repairBoolean(value);
  else if (field instanceof f.StringField) result = repairString(field, value);
  else result = keep(value);
  return result.ok && !passes(field, result.value) ? DROP : result;
}

/**
 * Walks `data` along `schema`'s fields and repairs each present value in place. Unusable values are
 * deleted, so Foundry applies the field's initial value (stored data) or keeps the old value (updates).
 * Works on full sources and on partial data (the changes of an update) alike.
 */
export function repairData(fields: Record<string, AnyField>, data: Obj, notes: RepairNote[] = [], path = ""): RepairNote[] {
  for (const [key, field] of Object.entries(fields)) {
    if (!Object.prototype.hasOwnProperty.call(data, key) || data[key] === undefined) continue;
    const value = data[key];
    const at = path ? `${path}.${key}` : key;
    const result = repairValue(field, value, notes, at);
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

/**
 * Keeps a pool's value within 0..max. `current` is the stored pool when `pool` holds changes: a new
 * value is held to the stored max, and a lowered max takes the stored value down with it.
 */
export function clampPool(pool: unknown, current?: { value: number; max: number }): void {
  const record = asRecord(pool);
  if (!record) return;
  const max = typeof record.max === "number" ? record.max : current?.max;
  if (typeof max !== "number") return;
  const value = typeof record.value === "number" ? record.value : current?.value;
  if (typeof value === "number" && value > max) record.value = max;
}
