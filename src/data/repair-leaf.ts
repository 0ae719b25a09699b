// Repairs of single values by field type, for repair.ts. Each returns the usable value or says it has none.

export type LeafResult = { ok: true; value: unknown } | { ok: false };

const DROP: LeafResult = { ok: false };
const keep = (value: unknown): LeafResult => ({ ok: true, value });

/** A finite number from a number or a text ("12", " 12,5 "); null otherwise. */
export function parseNumber(value: unknown): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value === "string") {
    const t = value.trim().replace(",", ".");
    if (!t) return null;
    const n = Number(t);
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

interface NumberOptions { min?: number; max?: number; integer?: boolean }

/** Reads the number, rounds it for an integer field and clamps it to the field's bounds. */
export function repairNumber(field: NumberOptions, value: unknown): LeafResult {
  const n = parseNumber(value);
  if (n === null) return DROP;
  let v = field.integer ? Math.round(n) : n;
  if (typeof field.min === "number") v = Math.max(field.min, v);
  if (typeof field.max === "number") v = Math.min(field.max, v);
  return keep(v);
}

export function repairBoolean(value: unknown): LeafResult {
  if (typeof value === "boolean") return keep(value);
  if (value === "true" || value === "on" || value === 1 || value === "1") return keep(true);
  if (value === "false" || value === "" || value === 0 || value === "0") return keep(false);
  return DROP;
}

function choicesOf(field: { choices?: unknown }): string[] | null {
  try {
    let c = field.choices;
    if (typeof c === "function") c = (c as () => unknown)();
    if (!c || typeof c !== "object") return null;
    return Array.isArray(c) ? c.map(String) : Object.keys(c);
  } catch {
    return null; // the field's own validation decides
  }
}

interface StringOptions { choices?: unknown; blank?: boolean; nullable?: boolean; trim?: boolean }

/**
 * Texts are trimmed like Foundry cleans them; a number becomes its text; an empty text in a field
 * that allows no blank becomes null where null is allowed (a cleared trainer); a choice matches
 * regardless of case ("Gross" → "gross").
 */
export function repairString(field: StringOptions, value: unknown): LeafResult {
  let text: string;
  if (typeof value === "string") text = value;
  else if (typeof value === "number" && Number.isFinite(value)) text = String(value);
  else return DROP;
  if (field.trim !== false) text = text.trim();
  if (text === "" && field.blank === false) return field.nullable ? keep(null) : DROP;
  const choices = choicesOf(field);
  if (choices && text !== "" && !choices.includes(text)) {
    const folded = choices.find((c) => c.toLowerCase() === text.toLowerCase());
    return folded === undefined ? DROP : keep(folded);
  }
  return keep(text);
}
