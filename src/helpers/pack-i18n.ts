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

/** The pack id prefix of this system's compendiums ("flex.talente"). */
const SYSTEM_PACK = /^flex\./;

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
function isTranslatedPack(pack: unknown): pack is string {
  if (typeof pack !== "string" || !SYSTEM_PACK.test(pack)) return false;
  const collection = (globalThis as { game?: { packs?: { get(id: string): { locked?: boolean } | undefined } } }).game?.packs?.get(pack);
  return collection?.locked !== false;
}

/**
 * The construction arguments of a document, with its source translated when it comes from one of the
 * system's packs (Foundry passes `{ pack }` in the context of a document built from a compendium).
 */
export function packTranslatedArgs<A extends unknown[]>(args: A): A {
  const [data, context] = args;
  const lang = packLanguage();
  if (!lang || !isPlainObject(context) || !isTranslatedPack((context as Obj).pack)) return args;
  const out = [...args] as A;
  out[0] = translateSource(data, lang);
  return out;
}

/** The translated name of a compendium index entry (the index holds flags.flex.i18n, see registerPackI18n). */
export function translateIndexEntry(entry: Obj, lang: string): void {
  const t = translationOf(entry, lang);
  if (t && typeof t.name === "string" && t.name.trim() && typeof entry.name === "string") entry.name = t.name;
}

interface PackLike {
  collection: string;
  metadata?: { name?: string; label?: string };
  locked?: boolean;
  index: Iterable<Obj>;
  folders?: Iterable<{ name: string; _source: Obj; updateSource?(changes: Obj): unknown }>;
  getIndex?(options?: { fields?: string[] }): Promise<unknown>;
}

/** Translates the index entries and folders of the system's locked packs in place (nothing is written). */
export async function translatePacks(packs: Iterable<PackLike>, lang: string): Promise<number> {
  let count = 0;
  for (const pack of packs) {
    if (!SYSTEM_PACK.test(pack.collection) || pack.locked === false) continue;
    for (const entry of pack.index) {
      const before = entry.name;
      translateIndexEntry(entry, lang);
      if (entry.name !== before) count++;
    }
    for (const folder of pack.folders ?? []) {
      const t = translationOf(folder._source, lang);
      if (t && typeof t.name === "string" && t.name.trim()) folder.updateSource?.({ name: t.name });
    }
  }
  return count;
}

/** The system's packs get their label in the world's language (FLEX.Pack.<name>); the manifest's is German. */
export function labelPacks(packs: Iterable<PackLike>, localize: (key: string) => string | null): void {
  for (const pack of packs) {
    if (!SYSTEM_PACK.test(pack.collection) || !pack.metadata?.name) continue;
    const label = localize(`FLEX.Pack.${pack.metadata.name}`);
    try {
      if (label) pack.metadata.label = label;
    } catch {
      // A read-only metadata object keeps the manifest's label.
    }
  }
}

/** Drops the translations from a document that is created in the world (imported from a pack): they serve the pack. */
export function withoutPackTranslations(source: Obj): Obj | null {
  const flex = isPlainObject(source.flags) ? ((source.flags as Obj).flex as Obj | undefined) : undefined;
  return isPlainObject(flex) && "i18n" in (flex as Obj) ? { "flags.flex.-=i18n": null } : null;
}

interface PreCreated {
  _source: Obj;
  updateSource(changes: Obj): unknown;
  items?: Iterable<{ _source: Obj; updateSource(changes: Obj): unknown }>;
}

/** The document kinds of the system's packs: their index carries the translations. */
const PACK_DOCUMENTS = ["Actor", "Item", "JournalEntry", "Macro"] as const;

/**
 * At init: the packs' index entries carry their translations (so the sidebar lists them translated), and a
 * document imported into the world leaves them behind. At ready: the index names and pack folders are translated.
 */
export function registerPackI18n(): void {
  const config = CONFIG as unknown as Record<string, { compendiumIndexFields?: string[] } | undefined>;
  for (const name of PACK_DOCUMENTS) {
    const entry = config[name];
    if (entry) entry.compendiumIndexFields = [...new Set([...(entry.compendiumIndexFields ?? []), "flags.flex.i18n"])];
    Hooks.on(`preCreate${name}` as "preCreateItem", (doc: PreCreated) => {
      const changes = withoutPackTranslations(doc._source);
      if (changes) doc.updateSource(changes);
      // An actor's own items (a creature's attacks) come along in its source, built before this hook.
      for (const item of doc.items ?? []) {
        const own = withoutPackTranslations(item._source);
        if (own) item.updateSource(own);
      }
    });
  }
  Hooks.once("setup", () => {
    const packs = (game as unknown as { packs?: Iterable<PackLike> }).packs;
    if (packs) labelPacks(packs, (key) => (game.i18n!.has(key) ? game.i18n!.localize(key) : null));
  });
  Hooks.once("ready", async () => {
    const lang = packLanguage();
    const packs = (game as unknown as { packs?: Iterable<PackLike> }).packs;
    if (!lang || !packs) return;
    if (await translatePacks(packs, lang)) (ui as unknown as { compendium?: { render(): unknown } }).compendium?.render();
  });
}

