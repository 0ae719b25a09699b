// The base of every Flex system model: repairs stored data on load (migrateData) and changes on
// update (_preUpdate) against the model's own schema, so bad input never breaks a document.
import { describeValue } from "./describe";
import { asRecord } from "./plain-object";
import { clampPool, migratePoolShape, repairData, type RepairNote } from "./repair";

type Obj = Record<string, unknown>;
type ModelClass = { schema: foundry.data.fields.SchemaField.Any; LOCALIZATION_PREFIXES?: string[] };

/** Warnings beyond this many for one update are summed up in one more. */
const MAX_WARNINGS = 3;

/**
 * Foundry runs migrateData on an update's changes before _preUpdate: what it had to drop there is
 * kept here, keyed by the changes' system object, so that _preUpdate can still tell the user.
 */
const droppedBeforeUpdate = new WeakMap<object, RepairNote[]>();

function fieldsOf(model: ModelClass): Record<string, foundry.data.fields.DataField.Any> {
  return model.schema.fields as Record<string, foundry.data.fields.DataField.Any>;
}

/** Repairs a full source or partial data in place; unsafe keys and odd prototypes go first. */
export function repairSystemSource(model: ModelClass, source: unknown): RepairNote[] {
  const record = asRecord(source);
  if (!record) return [];
  const notes = repairData(fieldsOf(model), record);
  const dropped = notes.filter((n) => n.outcome === "dropped");
  if (dropped.length) droppedBeforeUpdate.set(record, dropped);
  return notes;
}

/**
 * migrateData of every Flex model: old pool shapes, then the repair, then pools held to their max.
 * `source` is a full source or an update's changes (Foundry migrates those too).
 */
export function migrateSystemSource(model: ModelClass, source: unknown, pools: readonly string[] = []): void {
  const record = asRecord(source);
  if (!record) return;
  for (const pool of pools) migratePoolShape(record, pool);
  repairSystemSource(model, record);
  for (const pool of pools) clampPool(record[pool]);
}

/**
 * _preCreate of every Flex model: a pool whose value lies above its max (a default max included, which
 * migrateData cannot see in partial creation data) comes down to it. Reads the document's source (the
 * model itself may show values its own migration already held); returns the source changes, if any.
 */
export function poolClampsOnCreate(system: object, pools: readonly string[]): Record<string, number> | null {
  const changes: Record<string, number> = {};
  for (const pool of pools) {
    const p = (system as Record<string, { value?: unknown; max?: unknown } | undefined>)[pool];
    if (typeof p?.value === "number" && typeof p.max === "number" && p.value > p.max) changes[`system.${pool}.value`] = p.max;
  }
  return Object.keys(changes).length ? changes : null;
}

/** Repairs `changes.system` in place; tells the user about every value that had to be ignored. */
export function repairSystemChanges(model: ModelClass, changes: unknown): RepairNote[] {
  const holder = changes as Obj | null;
  if (!holder || typeof holder !== "object" || !Object.prototype.hasOwnProperty.call(holder, "system")) return [];
  const system = asRecord(holder.system);
  if (!system) {
    // A bare value where the whole system data belongs: ignore it rather than reset the document.
    const value = holder.system;
    delete holder.system;
    const notes: RepairNote[] = [{ path: "system", value, outcome: "dropped" }];
    warnDropped(model, notes);
    return notes;
  }
  const earlier = droppedBeforeUpdate.get(system) ?? [];
  droppedBeforeUpdate.delete(system);
  const notes = [...earlier, ...repairData(fieldsOf(model), system)];
  warnDropped(model, notes.filter((n) => n.outcome === "dropped"));
  return notes;
}

function warnDropped(model: ModelClass, dropped: RepairNote[]): void {
  try {
    const i18n = game.i18n;
    if (!dropped.length || !i18n || !ui.notifications) return;
    for (const note of dropped.slice(0, MAX_WARNINGS)) {
      ui.notifications.warn(i18n.format("FLEX.Repair.Dropped", { field: fieldLabel(model, note.path), value: describeValue(note.value) }));
    }
    if (dropped.length > MAX_WARNINGS) ui.notifications.warn(i18n.format("FLEX.Repair.DroppedMore", { n: String(dropped.length - MAX_WARNINGS) }));
  } catch (err) {
    // Telling the user must never cost the rest of the update.
    console.warn("Flex | could not report ignored values", err);
  }
}

/** The field's label as the sheet shows it ("Maximum Leben", "Konstitution"), else its path. */
export function fieldLabel(model: ModelClass, path: string): string {
  const i18n = game.i18n!;
  if (path === "system") return i18n.localize("FLEX.Repair.System");
  const prefixes = model.LOCALIZATION_PREFIXES ?? [];
  const find = (p: string): string | null => {
    for (const prefix of prefixes) {
      const key = `${prefix}.FIELDS.${p}.label`;
      if (i18n.has(key)) return i18n.localize(key);
    }
    return null;
  };
  const exact = find(path);
  if (exact) return exact;
  const [head, ...rest] = path.split(".");
  const attribute = head === "attributes" && rest.length === 1 ? CONFIG.FLEX?.attributes?.[rest[0] as keyof typeof CONFIG.FLEX.attributes] : undefined;
  if (attribute) return i18n.localize(attribute.label);
  const parent = find(head);
  if (!parent || !rest.length) return parent ?? path;
  if (rest.join(".") === "value") return parent;
  if (rest.join(".") === "max") return i18n.format("FLEX.Pool.max", { pool: parent });
  return `${parent} (${rest.join(".")})`;
}
