// Untrusted objects (JSON from an import, a macro, a forged socket message) may carry keys that reach
// an object's prototype, or have no prototype at all. Data repair turns them into plain objects first.

type Obj = Record<string, unknown>;

/** Keys that change an object's prototype or shadow its constructor when copied: never data. */
export const UNSAFE_KEYS: readonly string[] = ["__proto__", "constructor", "prototype"];

/** A prototype a class gave (Date, Map, a DataModel), as opposed to a data object injected through `__proto__`. */
function isClassPrototype(proto: object): boolean {
  try {
    return Object.prototype.hasOwnProperty.call(proto, "constructor") && typeof (proto as { constructor?: unknown }).constructor === "function";
  } catch {
    return true;
  }
}

/**
 * Makes `value` a plain record in place and returns it, or null when it is not a record (null, an array,
 * a class instance, a frozen oddity). Unsafe own keys are deleted; a null prototype, or a prototype
 * injected by copying an own `__proto__` key, becomes Object.prototype (the injected data is dropped).
 */
export function asRecord(value: unknown): Obj | null {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
  try {
    const proto = Object.getPrototypeOf(value) as object | null;
    if (proto !== Object.prototype) {
      if (proto !== null && isClassPrototype(proto)) return null;
      Object.setPrototypeOf(value, Object.prototype);
    }
    for (const key of UNSAFE_KEYS) if (Object.prototype.hasOwnProperty.call(value, key)) delete (value as Obj)[key];
    return value as Obj;
  } catch {
    return null;
  }
}

/** asRecord at every depth, into arrays too; nested values that are not records or arrays stay as they are. */
export function asRecordDeep(value: unknown, depth = 0): Obj | null {
  const record = asRecord(value);
  if (!record || depth > 32) return record;
  for (const v of Object.values(record)) sanitizeNested(v, depth + 1);
  return record;
}

function sanitizeNested(value: unknown, depth: number): void {
  if (Array.isArray(value)) {
    if (depth <= 32) for (const v of value) sanitizeNested(v, depth + 1);
  } else if (typeof value === "object" && value !== null) asRecordDeep(value, depth);
}
