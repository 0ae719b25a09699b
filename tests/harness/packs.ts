// Stand-in for v13's compendium packs (game.packs): the system's packs from system.json, each a collection of the
// documents this client has read from it, with its index. What the stand-in models, and where it was learnt:
// - The server holds the German source (`stored`); the index is built from it by an index request with the pack's
//   index fields (core's defaults and CONFIG.<Document>.compendiumIndexFields). `getIndex({ fields })` asks the
//   server again whenever a field is not indexed yet, and merges what comes back into the entries it has, so a name
//   changed on the client is the server's again (Babele v13 translates every index request, `_getDocuments` with
//   `index`, for this reason; the issue reports it for `system.kategorie`).
// - Reading a document (getDocument) builds it with `{ pack }` in its context, keeps it, and writes it over its index
//   entry (`indexDocument`: Babele's "replacement of the index, even if already present, after reading the document").
// - fromUuidSync of a compendium uuid gives the document when read, else its index entry; an embedded document of
//   one not read throws (core cannot read it synchronously; src/applications/sheets/effects-tab.ts notes the same).
// - A pack's lock is the world setting core.compendiumConfiguration (CompendiumCollection#configure writes it); each
//   change reaches every client as an updateSetting hook (modules watch exactly that key). A document of a locked
//   pack cannot be written; of an unlocked one, its changes are written into the pack's source.
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import yaml from "js-yaml";
import { Collection, type DocClass, type Document } from "./documents";
import { ROOT } from "./handlebars";
import { deepClone, getProperty, isPlainObject, mergeObject, setProperty, type Obj } from "./utils";

interface PackMetadata { id: string; name: string; label: string; type: string; system: string; packageType: string; packageName: string; ownership?: Record<string, string> }

/** A compendium folder as a pack holds it: its name, shown translated by the system. */
export interface PackFolder { _id: string; name: string; _source: Obj; updateSource(changes: Obj): void }

/** Core's index fields of every document kind (the name, image, type, sort and folder). */
const CORE_INDEX_FIELDS = ["_id", "name", "img", "type", "sort", "folder"];

const g = () => globalThis as unknown as {
  CONFIG: Record<string, { documentClass?: DocClass; compendiumIndexFields?: string[] } | undefined>;
  game: { i18n: { localize(key: string): string }; settings: { get(ns: string, key: string): unknown; set(ns: string, key: string, value: unknown): Promise<unknown> } };
};

/** Writes `data`'s values over the keys `target` already has (mergeObject with insertKeys false). */
function overwriteKnown(target: Obj, data: Obj): void {
  for (const [k, v] of Object.entries(target)) {
    if (!(k in data)) continue;
    if (isPlainObject(v) && isPlainObject(data[k])) overwriteKnown(v, data[k] as Obj);
    else target[k] = deepClone(data[k]);
  }
}

/**
 * The server's index of a field inside an embedded collection ("items.type"): one entry per embedded document, with its
 * id and the fields asked for (foundryvtt#8773, in core since v11). False when the field is not of that kind.
 */
function projectEmbedded(entry: Obj, source: Obj, field: string): boolean {
  const [collection, ...rest] = field.split(".");
  const list = source[collection];
  if (!Array.isArray(list) || !rest.length) return false;
  const known = Array.isArray(entry[collection]) ? (entry[collection] as Obj[]) : [];
  entry[collection] = list.map((child: Obj, i) => {
    const out: Obj = known[i] ?? { _id: child._id };
    const value = getProperty(child, rest.join("."));
    if (value !== undefined) setProperty(out, rest.join("."), deepClone(value));
    return out;
  });
  return true;
}

export class CompendiumCollection extends Collection<Document> {
  readonly metadata: PackMetadata;
  /** The index: one entry per document, with the indexed fields. */
  readonly index = new Collection<Obj>();
  readonly folders = new Collection<PackFolder>();
  /** What the server holds: each document's source as written (German). */
  readonly stored = new Map<string, Obj>();
  /** How many index requests reached the server. */
  indexRequests = 0;
  #indexedFields: Set<string> | null = null;

  constructor(metadata: PackMetadata) {
    super();
    this.metadata = metadata;
  }
  get collection(): string { return this.metadata.id; }
  get documentName(): string { return this.metadata.type; }
  get documentClass(): DocClass { return g().CONFIG[this.documentName]!.documentClass!; }
  /** The pack's label as the sidebar shows it: a language key is localised. */
  get title(): string { return g().game.i18n.localize(this.metadata.label); }
  get config(): { locked?: boolean; ownership?: Record<string, string> } {
    const all = (g().game.settings.get("core", "compendiumConfiguration") ?? {}) as Record<string, { locked?: boolean; ownership?: Record<string, string> }>;
    return all[this.collection] ?? {};
  }
  /**
   * Like v13's CompendiumCollection: who may see a pack goes by role (its `ownership` in the manifest, which a GM
   * may change with configure), a GM owns every pack.
   */
  get ownership(): Record<string, string> {
    return this.config.ownership ?? this.metadata.ownership ?? { PLAYER: "OBSERVER", ASSISTANT: "OWNER" };
  }
  testUserPermission(user: { role: number; isGM: boolean }, level: "NONE" | "LIMITED" | "OBSERVER" | "OWNER"): boolean {
    const LEVELS = { NONE: 0, LIMITED: 1, OBSERVER: 2, OWNER: 3 } as const;
    const ROLE_NAMES = ["NONE", "PLAYER", "TRUSTED", "ASSISTANT", "GAMEMASTER"];
    if (user.isGM && user.role >= 4) return true;
    const granted = ROLE_NAMES.slice(1, user.role + 1).map((r) => LEVELS[this.ownership[r] as keyof typeof LEVELS] ?? -1);
    return Math.max(-1, ...granted) >= LEVELS[level];
  }
  /** A pack of a system or module is locked until a GM unlocks it. */
  get locked(): boolean { return this.config.locked ?? this.metadata.packageType !== "world"; }
  /** CompendiumCollection#configure: the pack's entry of the world setting core.compendiumConfiguration. */
  async configure(settings: { locked?: boolean; ownership?: Record<string, string> }): Promise<unknown> {
    const all = deepClone((g().game.settings.get("core", "compendiumConfiguration") ?? {}) as Obj);
    all[this.collection] = { ...(all[this.collection] as Obj | undefined), ...settings };
    return g().game.settings.set("core", "compendiumConfiguration", all);
  }
  get indexFields(): Set<string> {
    return new Set([...CORE_INDEX_FIELDS, ...(g().CONFIG[this.documentName]?.compendiumIndexFields ?? [])]);
  }
  get indexed(): boolean { return this.#indexedFields !== null; }
  getUuid(id: string): string { return `Compendium.${this.collection}.${this.documentName}.${id}`; }

  /** The index, from the server when a field asked for is not indexed yet; what comes back is merged into the entries. */
  async getIndex({ fields = [] }: { fields?: string[] } = {}): Promise<Collection<Obj>> {
    const wanted = new Set([...this.indexFields, ...fields]);
    if (this.#indexedFields && [...wanted].every((f) => this.#indexedFields!.has(f))) return this.index;
    this.indexRequests += 1;
    await Promise.resolve(); // a round trip to the server
    for (const source of this.stored.values()) {
      const entry: Obj = {};
      for (const field of wanted) {
        if (projectEmbedded(entry, source, field)) continue;
        const value = getProperty(source, field);
        if (value !== undefined) setProperty(entry, field, deepClone(value));
      }
      const known = this.index.get(String(source._id));
      const indexed = known ? mergeObject(known, entry) : entry;
      indexed.uuid = this.getUuid(String(source._id));
      this.index.set(String(source._id), indexed);
    }
    this.#indexedFields = wanted;
    return this.index;
  }

  /** A document read from the pack is written over its index entry (or makes one of the indexed fields). */
  indexDocument(document: Document): void {
    const data = document.toObject();
    let entry = this.index.get(document.id);
    if (entry) overwriteKnown(entry, data);
    else {
      entry = {};
      for (const field of this.#indexedFields ?? this.indexFields) {
        const value = getProperty(data, field);
        if (value !== undefined) setProperty(entry, field, deepClone(value));
      }
    }
    // v13 (foundryvtt#14576): an index field inside an embedded collection is read with a plain getProperty here, so
    // the entry's list of embedded entries becomes an object holding undefined ("items: {}").
    for (const field of this.#indexedFields ?? this.indexFields) {
      if (Array.isArray(data[field.split(".")[0]]) && field.includes(".")) setProperty(entry, field, getProperty(data, field));
    }
    entry._id = document.id;
    entry.uuid = this.getUuid(document.id);
    this.index.set(document.id, entry);
  }

  /**
   * A read from the server waits for this when a test sets it (slowPackReads): on a real table a pack read takes a
   * round trip, and the client's own next writes can land before it (issue 33, audit SD5/N12).
   */
  slowReads: Promise<unknown> | null = null;
  /** The document as this client has it, else read from the server (built with `{ pack }`, kept and indexed). */
  async getDocument(id: string): Promise<Document | null> {
    const cached = this.get(id);
    if (cached) return cached;
    await (this.slowReads ?? Promise.resolve());
    return this.read(id);
  }
  async getDocuments(): Promise<Document[]> {
    await (this.slowReads ?? Promise.resolve());
    return [...this.stored.keys()].map((id) => this.get(id) ?? this.read(id)!);
  }
  /** Builds a stored document as a client receives it, keeps it and indexes it (synchronous: the data has arrived). */
  read(id: string): Document | null {
    const source = this.stored.get(id);
    if (!source) return null;
    const Cls = this.documentClass as unknown as new (d: Obj, c: { strict: boolean; pack: string }) => Document;
    const doc = new Cls(deepClone(source), { strict: true, pack: this.collection });
    (doc as unknown as { prepareData(): void }).prepareData();
    this.set(id, doc);
    this.indexDocument(doc);
    return doc;
  }

  /** The server writes a change of a pack document (or of one it holds) into the stored source. */
  writeStored(doc: Document, diff: Obj): void {
    const parent = doc.parent as Document | null;
    const rootId = parent ? parent.id : doc.id;
    const root = this.stored.get(rootId);
    if (!root) return;
    // The diff carries no deletions ("-=" keys): flags an update changed are stored as the update left them.
    const own = (target: Obj) => {
      mergeObject(target, diff, { performDeletions: true });
      if ("flags" in diff && doc._source.flags) target.flags = deepClone(doc._source.flags);
    };
    if (!parent) {
      own(root);
      return;
    }
    const field = (parent.constructor as DocClass).embedded[doc.documentName];
    const child = ((root[field] as Obj[] | undefined) ?? []).find((c) => c._id === doc.id);
    if (child) own(child);
  }

  /** A new world: nothing read, nothing indexed, nothing stored. */
  reset(): void {
    this.slowReads = null;
    this.clear();
    this.index.clear();
    this.folders.clear();
    this.stored.clear();
    this.#indexedFields = null;
    this.indexRequests = 0;
  }
}

/** game.packs: the system's packs by their collection id ("flex.talente"). */
export const packs = new Collection<CompendiumCollection>();

/** The system's packs, as system.json declares them. */
export function installPacks(): Collection<CompendiumCollection> {
  const manifest = JSON.parse(readFileSync(join(ROOT, "system.json"), "utf8")) as { id: string; packs: { name: string; label: string; type: string; system?: string; ownership?: Record<string, string> }[] };
  for (const p of manifest.packs) {
    const id = `${manifest.id}.${p.name}`;
    packs.set(id, new CompendiumCollection({ id, name: p.name, label: p.label, type: p.type, system: p.system ?? manifest.id, packageType: "system", packageName: manifest.id, ownership: p.ownership }));
  }
  return packs;
}

/**
 * A pack of the world or of a module (`world.kreaturen`, `beasts.monsters`): a GM's own compendium, or a content module's
 * for this system. Gone again with the next resetWorld.
 */
export function installPack({ id, label = id, type, packageType = "world", system = "flex", ownership }: { id: string; label?: string; type: "Actor" | "Item"; packageType?: "world" | "module"; system?: string; ownership?: Record<string, string> }): CompendiumCollection {
  const [packageName, name] = id.split(".");
  const pack = new CompendiumCollection({ id, name, label, type, system, packageType, packageName, ownership: ownership ?? (packageType === "world" ? { PLAYER: "OBSERVER", ASSISTANT: "OWNER" } : undefined) });
  packs.set(id, pack);
  return pack;
}

/** Every read of the pack from the server waits until the returned function is called (then reads are quick again). */
export function slowPackReads(name: string): () => void {
  const pack = packs.get(name.includes(".") ? name : `flex.${name}`);
  if (!pack) throw new Error(`no pack ${name}`);
  let release!: () => void;
  pack.slowReads = new Promise<void>((resolve) => (release = resolve));
  return () => {
    release();
    pack.slowReads = null;
  };
}

export function resetPacks(): void {
  for (const pack of [...packs]) {
    if (pack.metadata.packageType === "system") pack.reset();
    else packs.delete(pack.collection);
  }
}

/** The pack of a compendium uuid ("Compendium.flex.talente.Item.<id>…") and the path after it. */
function packPath(uuid: string): { pack: CompendiumCollection; parts: string[] } | null {
  const [scope, pkg, name, ...parts] = uuid.split(".");
  const pack = scope === "Compendium" ? packs.get(`${pkg}.${name}`) : undefined;
  return pack ? { pack, parts } : null;
}

/** Follows the embedded path below a pack document (Item.<id>, …). */
function embedded(doc: Document, parts: string[]): Document | null {
  let cur: Document | undefined = doc;
  for (let i = 0; cur && i < parts.length; i += 2) cur = cur.collectionsByName[parts[i]]?.get(parts[i + 1]);
  return cur ?? null;
}

/** fromUuidSync of a compendium uuid: the document read already, else its index entry; below one not read, it throws. */
export function compendiumUuidSync(uuid: string): Document | Obj | null {
  const found = packPath(uuid);
  if (!found) return null;
  const [, id, ...rest] = found.parts;
  const doc = found.pack.get(id);
  if (rest.length) {
    if (!doc) throw new Error(`fromUuidSync was invoked on UUID '${uuid}' which references an Embedded Document and cannot be retrieved synchronously`);
    return embedded(doc, rest);
  }
  return doc ?? found.pack.index.get(id) ?? null;
}

/** fromUuid of a compendium uuid: the document, read from its pack when this client has not read it yet. */
export async function compendiumUuid(uuid: string): Promise<Document | null> {
  const found = packPath(uuid);
  if (!found) return null;
  const [, id, ...rest] = found.parts;
  const doc = await found.pack.getDocument(id);
  return doc && rest.length ? embedded(doc, rest) : doc;
}

// The system's real pack sources, read once per test process.
const sourceCache = new Map<string, { documents: Obj[]; folders: Obj[] }>();
function systemPackSources(name: string): { documents: Obj[]; folders: Obj[] } {
  let cached = sourceCache.get(name);
  if (!cached) {
    const dir = join(ROOT, "packs", "_source", name);
    const docs = readdirSync(dir, { recursive: true, encoding: "utf8" })
      .filter((f) => f.endsWith(".yml"))
      .sort()
      .map((f) => yaml.load(readFileSync(join(dir, f), "utf8")) as Obj);
    cached = { documents: docs.filter((d) => !String(d._key).startsWith("!folders!")), folders: docs.filter((d) => String(d._key).startsWith("!folders!")) };
    sourceCache.set(name, cached);
  }
  return cached;
}

/** Fills a pack's server with sources (German, with their translation flags) and folders; nothing read or indexed. */
export function storeInPack(name: string, documents: Obj[], folders: Obj[] = []): CompendiumCollection {
  const id = name.includes(".") ? name : `flex.${name}`;
  const pack = packs.get(id);
  if (!pack) throw new Error(`no pack ${id}`);
  for (const source of documents) pack.stored.set(String(source._id), deepClone(source));
  for (const source of folders) {
    const folder: PackFolder = {
      _id: String(source._id),
      name: String(source.name),
      _source: deepClone(source),
      updateSource(changes: Obj) {
        mergeObject(this._source, changes);
        this.name = String(this._source.name);
      },
    };
    pack.folders.set(folder._id, folder);
  }
  return pack;
}

/** Fills a pack with the system's own sources (packs/_source/<name>). */
export function storeSystemPack(name: string): CompendiumCollection {
  const { documents, folders } = systemPackSources(name);
  return storeInPack(name, documents, folders);
}
