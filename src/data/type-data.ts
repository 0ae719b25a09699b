// The base of every Flex system model: repairs stored data on load (migrateData) and changes on
// update (_preUpdate) against the model's own schema, so bad input never breaks a document.
import { repairData, type RepairNote } from "./repair";

type Obj = Record<string, unknown>;

export function repairSystemSource(model: { schema: foundry.data.fields.SchemaField.Any }, source: unknown): RepairNote[] {
  if (!source || typeof source !== "object") return [];
  return repairData(model.schema.fields as Record<string, foundry.data.fields.DataField.Any>, source as Obj);
}

/** Repairs `changes.system` in place; tells the user about a value that had to be ignored. */
export function repairSystemChanges(model: { schema: foundry.data.fields.SchemaField.Any }, changes: unknown): RepairNote[] {
  const system = (changes as { system?: unknown } | null)?.system;
  if (!system || typeof system !== "object") return [];
  const notes = repairData(model.schema.fields as Record<string, foundry.data.fields.DataField.Any>, system as Obj);
  for (const note of notes.filter((n) => n.outcome === "dropped")) {
    ui.notifications?.warn(
      game.i18n!.format("FLEX.Repair.Dropped", { field: note.path, value: String(note.value) }),
    );
  }
  return notes;
}
