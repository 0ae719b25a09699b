// What the user typed into a Flex sheet, checked before core validates the submission. v13's
// DocumentSheetV2 validates the whole submission and refuses all of it for one bad field, and an emptied
// number input (what the browser sends for "abc") reaches the document as null. Here the data layer's
// repair (src/data/repair.ts) runs on the submitted changes first: a bad field keeps its stored value or
// is corrected, the user is told which field and why, and the rest of the form is applied.
import { ATTRIBUTE_KEYS } from "../../config";
import { describeValue } from "../../data/describe";
import { repairData, type RepairNote } from "../../data/repair";
import { fieldLabel } from "../../data/type-data";
import { parseDie } from "../../rules";
import { localDice } from "../../helpers/dice-text";

type Obj = Record<string, unknown>;
type AnyField = foundry.data.fields.DataField.Any;
type Model = { schema: foundry.data.fields.SchemaField.Any; LOCALIZATION_PREFIXES?: string[] };

/** The part of a sheet's document this needs (Actor or Item). */
export interface SubmittedDocument {
  name: string;
  system: unknown;
  _source: unknown;
}

function isRecord(value: unknown): value is Obj {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function modelOf(document: SubmittedDocument): Model | null {
  const ctor = (document.system as { constructor?: unknown } | null)?.constructor as Partial<Model> | undefined;
  return ctor?.schema ? (ctor as Model) : null;
}

function valueAt(data: unknown, path: string): unknown {
  return foundry.utils.getProperty(data as object, path);
}

function fieldAt(model: Model, path: string): AnyField | undefined {
  let fields = model.schema.fields as Record<string, AnyField>;
  let field: AnyField | undefined;
  for (const part of path.split(".")) {
    field = fields?.[part];
    if (!field) return undefined;
    fields = field instanceof foundry.data.fields.SchemaField ? field.fields : {};
  }
  return field;
}

/** R-CORE-1: the attribute dice; their values are shown as dice (W8), not as bare numbers. */
const isDiePath = (path: string) => {
  const [head, key, ...rest] = path.split(".");
  return head === "attributes" && !rest.length && (ATTRIBUTE_KEYS as readonly string[]).includes(key);
};

/** The number a typed text stands for ("12", " 12,5 "), as the repair reads it. */
const asNumber = (typed: unknown) => (typeof typed === "number" ? typed : typeof typed === "string" && typed.trim() ? Number(typed.trim().replace(",", ".")) : NaN);

/** Did the repair only change the type of what was typed ("8" → 8, "W8" → 8, "Gross" → "gross", "on" → true)? */
function sameMeaning(typed: unknown, kept: unknown, die: boolean): boolean {
  if (kept === null) return typed === null || (typeof typed === "string" && !typed.trim());
  if (typeof kept === "number") return (die && parseDie(typed) === kept) || asNumber(typed) === kept;
  if (typeof kept === "string") return (typeof typed === "string" || typeof typed === "number") && String(typed).trim().toLowerCase() === kept.toLowerCase();
  // Booleans come from checkboxes; lists report their dropped entries themselves.
  return true;
}

function message(model: Model, note: RepairNote, kept: unknown, stored: unknown): string | null {
  const i18n = game.i18n!;
  const die = isDiePath(note.path);
  const show = (v: unknown) => (v === undefined || v === null ? "—" : die && typeof v === "number" ? localDice(`W${v}`) : describeValue(v));
  const field = fieldLabel(model, note.path);
  if (note.outcome === "fixed") {
    if (sameMeaning(note.value, kept, die)) return null;
    return i18n.format("FLEX.Input.Adjusted", { field, value: show(note.value), fixed: show(kept) });
  }
  const empty = note.value === null || (typeof note.value === "string" && !note.value.trim());
  const key = !empty ? "FLEX.Input.Invalid" : fieldAt(model, note.path) instanceof foundry.data.fields.NumberField ? "FLEX.Input.NeedsNumber" : "FLEX.Input.Empty";
  return i18n.format(key, { field, value: show(note.value), current: show(stored) });
}

/**
 * Repairs a sheet's submitted changes in place (expanded, as the sheet submits them) against the document's
 * system model, and a blank name. Returns one localised message for each field not taken as typed.
 */
export function checkSubmitData(document: SubmittedDocument, submitData: Obj): string[] {
  const messages: string[] = [];
  if (typeof submitData.name === "string" && !submitData.name.trim()) {
    delete submitData.name;
    messages.push(game.i18n!.format("FLEX.Input.NameBlank", { current: document.name }));
  }
  const model = modelOf(document);
  const system = submitData.system;
  if (!model || !isRecord(system)) return messages;
  const stored = (document._source as { system?: unknown } | null)?.system;
  for (const note of repairData(model.schema.fields as Record<string, AnyField>, system)) {
    const text = message(model, note, valueAt(system, note.path), valueAt(stored, note.path));
    if (text) messages.push(text);
  }
  return messages;
}

/**
 * One submission of a Flex sheet: its form data and any updateData are checked before core validates
 * them; when something was not taken as typed the sheet renders again, so the field shows what is
 * stored (an update that changes nothing would not re-render it).
 */
export class SubmitCheck {
  #rerender = false;

  constructor(private readonly sheet: { document: unknown; render(): Promise<unknown> }) {}

  begin(): void {
    this.#rerender = false;
  }

  check(submitData: Obj): void {
    const messages = checkSubmitData(this.sheet.document as SubmittedDocument, submitData);
    for (const text of messages) ui.notifications?.warn(text);
    if (messages.length) this.#rerender = true;
  }

  /** updateData from `sheet.submit({ updateData })`, expanded and checked like the form's own data. */
  checkUpdateData<T>(updateData: T): T {
    if (!isRecord(updateData)) return updateData;
    const expanded = foundry.utils.expandObject(foundry.utils.deepClone(updateData)) as Obj;
    this.check(expanded);
    return expanded as T;
  }

  async end(): Promise<void> {
    if (!this.#rerender) return;
    this.#rerender = false;
    await this.sheet.render();
  }
}
