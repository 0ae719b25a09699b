// Stand-ins for the parts of foundry.utils the system uses, with Foundry's semantics.

export type Obj = Record<string, unknown>;

export function isPlainObject(v: unknown): v is Obj {
  return typeof v === "object" && v !== null && Object.getPrototypeOf(v) === Object.prototype;
}

export function deepClone<T>(v: T): T {
  if (Array.isArray(v)) return v.map(deepClone) as T;
  if (v instanceof Set) return new Set([...v].map(deepClone)) as T;
  if (isPlainObject(v)) {
    const out: Obj = {};
    for (const [k, x] of Object.entries(v)) out[k] = deepClone(x);
    return out as T;
  }
  return v;
}

export function getProperty(obj: unknown, path: string): unknown {
  let cur: unknown = obj;
  for (const part of path.split(".")) {
    if (cur === null || cur === undefined || typeof cur !== "object") return undefined;
    cur = (cur as Obj)[part];
  }
  return cur;
}

export function setProperty(obj: Obj, path: string, value: unknown): boolean {
  const parts = path.split(".");
  let cur: Obj = obj;
  for (const part of parts.slice(0, -1)) {
    if (!isPlainObject(cur[part])) cur[part] = {};
    cur = cur[part] as Obj;
  }
  cur[parts.at(-1)!] = value;
  return true;
}

export function hasProperty(obj: unknown, path: string): boolean {
  const parts = path.split(".");
  let cur: unknown = obj;
  for (const part of parts) {
    if (cur === null || typeof cur !== "object" || !(part in (cur as Obj))) return false;
    cur = (cur as Obj)[part];
  }
  return true;
}

/** Foundry's expandObject: {"a.b": 1} → {a: {b: 1}}. */
export function expandObject(obj: Obj): Obj {
  const out: Obj = {};
  for (const [k, v] of Object.entries(obj)) {
    const value = isPlainObject(v) ? expandObject(v) : v;
    if (k.includes(".")) {
      const existing = getProperty(out, k);
      if (isPlainObject(existing) && isPlainObject(value)) mergeObject(existing, value);
      else setProperty(out, k, value);
    } else if (isPlainObject(out[k]) && isPlainObject(value)) mergeObject(out[k] as Obj, value);
    else out[k] = value;
  }
  return out;
}

export function flattenObject(obj: Obj, prefix = ""): Obj {
  const out: Obj = {};
  for (const [k, v] of Object.entries(obj)) {
    if (isPlainObject(v) && Object.keys(v).length) Object.assign(out, flattenObject(v, `${prefix}${k}.`));
    else out[`${prefix}${k}`] = v;
  }
  return out;
}

/** Foundry's mergeObject with its default options (insertKeys, insertValues, overwrite, recursive, inplace). */
export function mergeObject<T extends Obj>(original: T, other: Obj = {}, { inplace = true, performDeletions = false } = {}): T {
  const target = (inplace ? original : deepClone(original)) as Obj;
  for (const [k, v] of Object.entries(expandObject(other))) {
    if (performDeletions && k.startsWith("-=")) {
      delete target[k.slice(2)];
      continue;
    }
    if (isPlainObject(v) && isPlainObject(target[k])) mergeObject(target[k] as Obj, v, { inplace: true, performDeletions });
    else target[k] = deepClone(v);
  }
  return target as T;
}

export function diffObject(original: Obj, other: Obj): Obj {
  const out: Obj = {};
  for (const [k, v] of Object.entries(other)) {
    const o = original[k];
    if (isPlainObject(v) && isPlainObject(o)) {
      const d = diffObject(o, v);
      if (Object.keys(d).length) out[k] = d;
    } else if (JSON.stringify(o) !== JSON.stringify(v)) out[k] = v;
  }
  return out;
}

export function isEmpty(v: unknown): boolean {
  if (v === undefined || v === null) return true;
  if (Array.isArray(v)) return v.length === 0;
  if (isPlainObject(v)) return Object.keys(v).length === 0;
  return false;
}

let idCounter = 0;
const ALNUM = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
/** Deterministic 16-character ids, so test output is stable. */
export function randomID(length = 16): string {
  idCounter += 1;
  let n = idCounter;
  let s = "";
  for (let i = 0; i < length; i++) {
    s = ALNUM[n % ALNUM.length] + s;
    n = Math.floor(n / ALNUM.length);
  }
  return s;
}

export function escapeHTML(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}
