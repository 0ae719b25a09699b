// The system's compendium documents carry their own translations: German is the document itself, and
// flags.flex.i18n.<lang> mirrors its fields with translated strings (tools/pack-i18n.mjs checks the shape).
// A document read from one of the system's locked packs is shown in the world's language: its index entry
// (the sidebar list and search) and the document built from the pack (its sheet, and what is imported).
// Why here and not a Babele-style mapping module: the translation cannot drift from its document (same file,
// same id), needs no extra module, and a test sees every document translated.
type Obj = Record<string, unknown>;

const isPlainObject = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);

/** The language the documents are written in. */
export const SOURCE_LANGUAGE = "de";
/** The languages every pack document carries a translation into (tools/pack-i18n.mjs checks the same list). */
export const PACK_LANGUAGES = ["en", "ru"] as const;

/** The pack id prefix of this system's compendiums ("flex.talente"). */
export const SYSTEM_PACK = /^flex\./;

/** The translation a document carries for `lang`, or null (none, German, or a corrupt flag). */
export function translationOf(source: unknown, lang: string): Obj | null {
  if (lang === SOURCE_LANGUAGE || !isPlainObject(source)) return null;
  const flags = (source as Obj).flags;
  const i18n = isPlainObject(flags) ? ((flags as Obj).flex as Obj | undefined)?.i18n : undefined;
  const t = isPlainObject(i18n) ? (i18n as Obj)[lang] : undefined;
  return isPlainObject(t) ? (t as Obj) : null;
}

/**
 * The fields a translation may replace: names and texts, and the talent names that link items to talents.
 * Anything else in a translation (a damage formula, a number) is ignored, so a translation never changes play.
 */
export const TRANSLATABLE_PATHS = [
  "name",
  "description",
  "system.beschreibung",
  "system.talent",
  "system.zauberschule",
  "system.umgangTalent",
  "system.pflanze",
  "text.content",
] as const;

const pathValue = (obj: Obj, path: string): unknown =>
  path.split(".").reduce<unknown>((o, k) => (isPlainObject(o) ? (o as Obj)[k] : undefined), obj);

/** Writes the translation's strings over the translatable paths of `target` where it holds a string. */
function overlay(target: Obj, translation: Obj): void {
  for (const path of TRANSLATABLE_PATHS) {
    const value = pathValue(translation, path);
    if (typeof value !== "string" || !value.trim()) continue;
    const keys = path.split(".");
    const holder = pathValue(target, keys.slice(0, -1).join(".")) ?? (keys.length === 1 ? target : undefined);
    const last = keys.at(-1)!;
    if (isPlainObject(holder) && typeof (holder as Obj)[last] === "string") (holder as Obj)[last] = value;
  }
}

/**
 * A copy of a pack document's source in `lang`, its embedded items and pages too. The German name stays in
 * flags.flex.sourceName, so the automation still finds a talent by the name the rules use ("Athletik").
 * Anything unusable (no translation, a corrupt flag) leaves the document as it is.
 */
export function translateSource<T>(source: T, lang: string): T {
  if (!isPlainObject(source)) return source;
  try {
    const copy = structuredClone(source) as Obj;
    translateInPlace(copy, lang);
    return copy as T;
  } catch {
    return source; // not cloneable data: shown untranslated rather than not at all
  }
}

function translateInPlace(doc: Obj, lang: string): void {
  const t = translationOf(doc, lang);
  const original = doc.name;
  if (t) {
    overlay(doc, t);
    const flex = ((doc.flags as Obj).flex ??= {}) as Obj;
    if (typeof original === "string" && original !== doc.name) flex.sourceName ??= original;
    const token = doc.prototypeToken;
    if (isPlainObject(token) && (token as Obj).name === original) (token as Obj).name = doc.name;
  }
  for (const field of ["items", "pages"]) {
    const children = doc[field];
    if (Array.isArray(children)) for (const child of children) if (isPlainObject(child)) translateInPlace(child as Obj, lang);
  }
}

/** The world's language when the system's packs are to be shown translated; null in a German world or before i18n. */
export function packLanguage(): string | null {
  const lang = (globalThis as { game?: { i18n?: { lang?: string } } }).game?.i18n?.lang;
  return typeof lang === "string" && lang !== SOURCE_LANGUAGE ? lang : null;
}

/** True for a locked pack of this system: its documents are shown translated (an unlocked one is being edited). */
export function isTranslatedPack(pack: unknown): pack is string {
  if (typeof pack !== "string" || !SYSTEM_PACK.test(pack)) return false;
  const collection = (globalThis as { game?: { packs?: { get(id: string): { locked?: boolean } | undefined } } }).game?.packs?.get(pack);
  return collection?.locked !== false;
}

/** The language a document built with these arguments is shown in: one of the system's locked packs, another world language. */
function translatingTo(args: unknown[]): string | null {
  const context = args[1];
  const lang = packLanguage();
  return lang && isPlainObject(context) && isTranslatedPack((context as Obj).pack) ? lang : null;
}

/**
 * The construction arguments of a document, with its source translated when it comes from one of the
 * system's packs (Foundry passes `{ pack }` in the context of a document built from a compendium).
 */
export function packTranslatedArgs<A extends unknown[]>(args: A): A {
  const lang = translatingTo(args);
  if (!lang) return args;
  const out = [...args] as A;
  out[0] = translateSource(args[0], lang);
  return out;
}

// The documents this client built translated (held by their pack's cache, or a sheet): never written back.
const translatedDocuments = new WeakSet<object>();

/** After construction: remembers a document that packTranslatedArgs translated (called with the same arguments). */
export function noteTranslated(doc: object, args: unknown[]): void {
  if (translatingTo(args)) translatedDocuments.add(doc);
}

/** Whether the document, or the one it is part of (a creature's attack, a journal's page), was built translated. */
export function isTranslatedInstance(doc: { parent?: unknown } | null | undefined): boolean {
  for (let d: { parent?: unknown } | null | undefined = doc; d; d = d.parent as { parent?: unknown } | null | undefined) {
    if (translatedDocuments.has(d)) return true;
  }
  return false;
}

/** Drops the translations from a document that is created in the world (imported from a pack): they serve the pack. */
export function withoutPackTranslations(source: Obj): Obj | null {
  const flex = isPlainObject(source.flags) ? ((source.flags as Obj).flex as Obj | undefined) : undefined;
  return isPlainObject(flex) && "i18n" in (flex as Obj) ? { "flags.flex.-=i18n": null } : null;
}
