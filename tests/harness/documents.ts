// Stand-in for Foundry's client documents: create / update / delete go through one simulated server
// that checks permissions, records every request in `state.writes` (one record per request, however
// many documents it carries) and then lets every connected client run its _onX callbacks and hooks.
import { DocumentSheetV2 } from "./applications";
import { DataModel, type ModelContext } from "./data-model";
import {
  ArrayField,
  BooleanField,
  DataField,
  DataModelValidationError,
  NumberField,
  ObjectField,
  SchemaField,
  SetField,
  StringField,
  type CleanOptions,
  type FieldOptions,
  type ValidateOptions,
} from "./fields";
import { deepClone, expandObject, isPlainObject, mergeObject, randomID, type Obj } from "./utils";
import { beforeWrite, onClient, recordError, sendGate, state, track } from "./world";

export const OWNERSHIP = { INHERIT: -1, NONE: 0, LIMITED: 1, OBSERVER: 2, OWNER: 3 } as const;
export const ROLES = { NONE: 0, PLAYER: 1, TRUSTED: 2, ASSISTANT: 3, GAMEMASTER: 4 } as const;

export class Collection<V> extends Map<string, V> {
  get contents(): V[] { return [...this.values()]; }
  filter(fn: (v: V) => boolean): V[] { return this.contents.filter(fn); }
  find(fn: (v: V) => boolean): V | undefined { return this.contents.find(fn); }
  map<T>(fn: (v: V) => T): T[] { return this.contents.map(fn); }
  some(fn: (v: V) => boolean): boolean { return this.contents.some(fn); }
  getName(name: string): V | undefined { return this.find((v) => (v as { name?: string }).name === name); }
  /** Foundry's Collection iterates its values, not [key, value] pairs like a Map. */
  // @ts-expect-error: deliberately narrower than Map's iterator, as in Foundry.
  [Symbol.iterator](): MapIterator<V> { return this.values(); }
}

/** The `system` field: cleans and validates with the subtype's model from CONFIG.<Doc>.dataModels. */
class TypeDataField extends DataField {
  constructor(private documentName: string) { super({ required: true }); }
  model(type: unknown): typeof DataModel | undefined {
    const cfg = (globalThis as unknown as { CONFIG: Obj }).CONFIG[this.documentName] as { dataModels?: Obj } | undefined;
    return cfg?.dataModels?.[String(type)] as typeof DataModel | undefined;
  }
  override clean(value: unknown, options: CleanOptions = {}): unknown {
    const model = this.model(options.source?.type);
    if (!model) {
      const data = isPlainObject(value) ? value : {};
      return options.partial ? data : deepClone(data);
    }
    if (options.partial) return model.schema.clean(isPlainObject(value) ? value : {}, { partial: true });
    // Like Foundry, the model migrates whatever object it is given (a null prototype included) before cleaning.
    const data = isRecordLike(value) ? (isPlainObject(value) ? deepClone(value) : value) : {};
    return model.cleanData(model.migrateDataSafe(data));
  }
  /** Foundry migrates an update's `system` changes with the subtype's migrateData before _preUpdate. */
  migrateChanges(changes: Obj, type: unknown): void {
    const model = this.model(type);
    if (model && isRecordLike(changes.system)) model.migrateDataSafe(changes.system as Obj);
  }
  override validate(value: unknown, options: ValidateOptions = {}): string | undefined {
    return isPlainObject(value) ? undefined : super.validate(value, options);
  }
  override initialize(value: unknown, doc?: unknown): unknown {
    const model = this.model((doc as { _source?: Obj })?._source?.type);
    if (!model) return value;
    return new (model as unknown as new (d: unknown, c: ModelContext) => unknown)(value, { parent: doc, strict: false });
  }
}

/** Embedded collections are kept as stable document instances, not re-initialized from source. */
class EmbeddedCollectionField extends ArrayField {
  constructor(public documentName: string) { super(new ObjectField()); }
}

export type DocClass = typeof Document;
const docClasses = (): Record<string, DocClass> =>
  Object.fromEntries(
    Object.entries((globalThis as unknown as { CONFIG: Record<string, { documentClass?: DocClass }> }).CONFIG)
      .filter(([, v]) => v?.documentClass)
      .map(([k, v]) => [k, v.documentClass!]),
  );

/** The stats Foundry's server writes on a created document: which system, at which version. */
function systemStats(): Obj {
  const system = (globalThis as unknown as { game?: { system?: { id: string; version: string } } }).game?.system;
  return system ? { systemId: system.id, systemVersion: system.version } : {};
}

function currentUser(): User {
  return worldCollections.users.get(state.currentUserId)!;
}

/** The user whose client sends a write: a client that lost its connection cannot send one. */
function writingUser(): User {
  const user = currentUser();
  beforeWrite(user);
  return user;
}

export class Document extends DataModel {
  static documentName = "Document";
  static hasTypeData = false;
  static embedded: Record<string, string> = {};
  static defaultImg = "icons/svg/mystery-man.svg";
  declare _id: string;
  declare name: string;
  declare type: string;
  declare img: string;
  declare flags: Obj;
  declare ownership: Record<string, number>;
  declare system: unknown;
  declare collectionsByName: Record<string, Collection<Document>>;

  static get metadata() { return { name: this.documentName, embedded: this.embedded }; }
  /** Foundry's default: the class's icon; systems override it per type. */
  static getDefaultArtwork(_data: Obj): { img: string } { return { img: this.defaultImg }; }
  static get implementation(): DocClass { return docClasses()[this.documentName] ?? this; }

  static override defineSchema(): Record<string, DataField> {
    const s: Record<string, DataField> = {
      _id: new StringField({ required: true, blank: false, initial: () => randomID() }),
      name: new StringField({ required: true, blank: false, initial: "" }),
      // As in Foundry: a new document's picture is its class's getDefaultArtwork for the data being created.
      img: new StringField({ required: false, initial: (data: unknown) => this.implementation.getDefaultArtwork((data ?? {}) as Obj).img }),
      flags: new ObjectField(),
      ownership: new ObjectField({ initial: () => ({ default: OWNERSHIP.NONE }) }),
      sort: new NumberField({ required: true, nullable: false, integer: true, initial: 0 }),
      folder: new StringField({ required: false, nullable: true, initial: null }),
      // Foundry's document stats (systemVersion: the system version that stored it), kept as a stored world gives them;
      // a created document that has them is stamped with this version; one without them is one of this version's.
      _stats: new ObjectField({ required: false, initial: undefined }),
    };
    if (this.hasTypeData) {
      s.type = new StringField({ required: true, blank: false });
      s.system = new TypeDataField(this.documentName);
    }
    for (const [name, field] of Object.entries(this.embedded)) s[field] = new EmbeddedCollectionField(name);
    return s;
  }

  /** The compendium this document was read from, null for a world document (as Foundry's Document#pack). */
  declare readonly pack: string | null;

  constructor(data: Obj = {}, { parent = null, strict = true, pack = null }: ModelContext = {}) {
    const cls = new.target as unknown as DocClass;
    if (cls.hasTypeData && !(globalThis as unknown as { CONFIG: Record<string, { dataModels?: Obj }> }).CONFIG[cls.documentName]?.dataModels?.[String(data?.type)]) {
      throw new Error(`"${String(data?.type)}" is not a valid type for the ${cls.documentName} Document class`);
    }
    super(data, { parent, strict });
    Object.defineProperty(this, "pack", { value: pack ?? (parent as Document | null)?.pack ?? null, configurable: true });
    this.collectionsByName = {};
    for (const [name, field] of Object.entries(cls.embedded)) {
      const sub = docClasses()[name] ?? Document;
      const coll = new Collection<Document>();
      const sources = (this._source[field] as Obj[]) ?? [];
      this._source[field] = sources;
      for (const src of sources) {
        const d = new sub(src, { parent: this, strict: false });
        sources[sources.indexOf(src)] = d._source;
        coll.set(d.id, d);
      }
      this.collectionsByName[name] = coll;
      Object.defineProperty(this, field, { value: coll, writable: false, configurable: true });
    }
  }

  override _initialize(): void {
    const cls = this.constructor as DocClass;
    const embeddedFields = new Set(Object.values(cls.embedded));
    for (const [k, f] of Object.entries(this.schema.fields)) {
      if (embeddedFields.has(k)) continue;
      (this as unknown as Obj)[k] = f.initialize(k === "system" ? this._source[k] : deepClone(this._source[k]), this);
    }
  }

  protected override _initializeSource(data: Obj, strict: boolean): Obj {
    const cls = this.constructor as DocClass;
    const source = isPlainObject(data) ? deepClone(data) : {};
    cls.migrateDataSafe(source);
    // The system field is cleaned (and migrated) by its TypeDataField along with the rest.
    const cleaned = cls.schema.clean(source, { source }) as Obj;
    const model = (cls.schema.fields.system as TypeDataField | undefined)?.model(cleaned.type);
    const failures = cls.schema.validateFields(cleaned, { fallback: !strict });
    if (model) Object.assign(failures, prefix("system", model.schema.validateFields(cleaned.system as Obj, { fallback: !strict })));
    if (Object.keys(failures).length) throw new DataModelValidationError(failures);
    return cleaned;
  }

  get id(): string { return this._id; }
  get documentName(): string { return (this.constructor as DocClass).documentName; }
  get uuid(): string {
    const parent = this.parent as Document | null;
    if (parent) return `${parent.uuid}.${this.documentName}.${this.id}`;
    return this.pack ? `Compendium.${this.pack}.${this.documentName}.${this.id}` : `${this.documentName}.${this.id}`;
  }
  get collection(): Collection<Document> | undefined {
    const parent = this.parent as Document | null;
    if (parent) return parent.collectionsByName[this.documentName];
    return this.pack ? packCollection(this.pack) : worldCollectionFor(this.documentName);
  }
  get isEmbedded(): boolean { return !!this.parent; }

  getFlag(scope: string, key: string): unknown {
    return (this.flags?.[scope] as Obj | undefined)?.[key];
  }
  async setFlag(scope: string, key: string, value: unknown) { return this.update({ [`flags.${scope}.${key}`]: value }); }
  async unsetFlag(scope: string, key: string) { return this.update({ [`flags.${scope}.-=${key}`]: null }); }

  testUserPermission(user: User, level: keyof typeof OWNERSHIP | number, { exact = false } = {}): boolean {
    const wanted = typeof level === "number" ? level : OWNERSHIP[level];
    const have = this.getUserLevel(user);
    return exact ? have === wanted : have >= wanted;
  }
  getUserLevel(user: User): number {
    if (user.isGM) return OWNERSHIP.OWNER;
    const parent = this.parent as Document | null;
    if (parent) return parent.getUserLevel(user);
    const own = this.ownership ?? {};
    return own[user.id] ?? own.default ?? OWNERSHIP.NONE;
  }
  get isOwner(): boolean { return this.testUserPermission(currentUser(), "OWNER"); }
  get limited(): boolean { return this.getUserLevel(currentUser()) === OWNERSHIP.LIMITED; }
  get visible(): boolean { return this.getUserLevel(currentUser()) >= OWNERSHIP.LIMITED; }
  canUserModify(user: User, action: "create" | "update" | "delete"): boolean {
    // The server keeps a player from posting a message in another user's name.
    if (action === "create" && this.documentName === "ChatMessage") return user.isGM || (this as unknown as ChatMessage)._source.author === user.id;
    // Players make their own hotbar macros (core's "Use script macros" is on for players by default).
    if (action === "create" && this.documentName === "Macro") return true;
    if (action === "create" && !this.parent) return user.role >= ROLES.ASSISTANT;
    if (this.documentName === "ChatMessage" && action !== "create") return user.isGM || (this as unknown as ChatMessage)._source.author === user.id;
    return this.testUserPermission(user, "OWNER");
  }

  // Lifecycle ------------------------------------------------------------------------------------
  prepareData(): void {
    const sys = this.system as { prepareBaseData?: () => void; prepareDerivedData?: () => void } | undefined;
    sys?.prepareBaseData?.();
    this.prepareBaseData();
    this.prepareEmbeddedDocuments();
    sys?.prepareDerivedData?.();
    this.prepareDerivedData();
  }
  prepareBaseData(): void {}
  prepareEmbeddedDocuments(): void {
    for (const coll of Object.values(this.collectionsByName ?? {})) for (const d of coll.values()) d.prepareData();
  }
  prepareDerivedData(): void {}

  async _preCreate(data: Obj, options: Obj, user: User): Promise<boolean | void> {
    const sys = this.system as { _preCreate?: (...a: unknown[]) => Promise<boolean | void> } | undefined;
    return sys?._preCreate?.(data, options, user);
  }
  _onCreate(data: Obj, options: Obj, userId: string): void {
    (this.system as { _onCreate?: (...a: unknown[]) => void } | undefined)?._onCreate?.(data, options, userId);
  }
  async _preUpdate(changes: Obj, options: Obj, user: User): Promise<boolean | void> {
    const sys = this.system as { _preUpdate?: (...a: unknown[]) => Promise<boolean | void> } | undefined;
    return sys?._preUpdate?.(changes, options, user);
  }
  _onUpdate(changed: Obj, options: Obj, userId: string): void {
    (this.system as { _onUpdate?: (...a: unknown[]) => void } | undefined)?._onUpdate?.(changed, options, userId);
  }
  async _preDelete(options: Obj, user: User): Promise<boolean | void> {
    const sys = this.system as { _preDelete?: (...a: unknown[]) => Promise<boolean | void> } | undefined;
    return sys?._preDelete?.(options, user);
  }
  _onDelete(options: Obj, userId: string): void {
    (this.system as { _onDelete?: (...a: unknown[]) => void } | undefined)?._onDelete?.(options, userId);
  }

  // Source changes -------------------------------------------------------------------------------
  override updateSource(changes: Obj = {}): Obj {
    const cls = this.constructor as DocClass;
    const expanded = expandObject(changes);
    const { system, ...rest } = expanded;
    const cleaned = cls.schema.clean(rest, { partial: true }) as Obj;
    for (const f of Object.values(cls.embedded)) delete cleaned[f];
    const candidate = mergeObject(deepClone(this._source), cleaned, { performDeletions: true });
    if (isPlainObject(rest.flags)) candidate.flags = mergeObject(deepClone(this._source.flags as Obj), rest.flags, { performDeletions: true });
    const failures = cls.schema.validateFields(candidate, {});
    const model = (cls.schema.fields.system as TypeDataField | undefined)?.model(this._source.type);
    if (system !== undefined && model) {
      const cleanSys = model.schema.clean(system, { partial: true }) as Obj;
      candidate.system = mergeObject(deepClone(this._source.system as Obj), cleanSys, { performDeletions: true });
      Object.assign(failures, prefix("system", model.schema.validateFields(candidate.system as Obj, {})));
    }
    if (Object.keys(failures).length) throw new DataModelValidationError(failures);
    const diff = diffDeep(this._source, candidate);
    for (const k of Object.keys(candidate)) this._source[k] = candidate[k];
    for (const [name, field] of Object.entries(cls.embedded)) if (Array.isArray(rest[field])) this.replaceEmbedded(name, field, rest[field] as Obj[]);
    this._initialize();
    return diff;
  }

  /**
   * `updateSource({ items: [...] })` replaces an embedded collection's source and contents, as v13 does: systems
   * give a new actor its starting items so in `_preCreate` (issue 33, N12; e.g. the Fallout system's skills).
   */
  private replaceEmbedded(name: string, field: string, sources: Obj[]): void {
    const sub = docClasses()[name] ?? Document;
    const coll = this.collectionsByName[name];
    const built = sources.map((src) => new sub(deepClone(src), { parent: this, strict: true }));
    this._source[field] = built.map((d) => d._source);
    coll?.clear();
    for (const d of built) coll?.set(d.id, d);
  }

  // Database operations ---------------------------------------------------------------------------
  static async create(data: Obj, options: Obj = {}) {
    const [doc] = await this.createDocuments([data], options);
    return doc;
  }

  static async createDocuments(data: Obj[], { parent = null, ...options }: Obj & { parent?: Document | null } = {}): Promise<Document[]> {
    const user = writingUser();
    const cls = this.implementation;
    const docs: Document[] = [];
    const existing = parent ? parent.collectionsByName[cls.documentName] : worldCollectionFor(cls.documentName);
    for (const given of data) {
      // Like Foundry: a given _id is kept only with keepId (else the document gets a new one), and the server
      // refuses an id its collection holds already.
      const d = options.keepId ? given : { ...given, _id: undefined };
      if (options.keepId && typeof d._id === "string" && (existing?.has(d._id) || docs.some((x) => x.id === d._id))) {
        throw new Error(`${cls.documentName} [${d._id}] already exists`);
      }
      // Like Foundry's client backend: data that fails validation creates nothing and says so; the rest of the batch proceeds.
      let doc: Document;
      try {
        doc = new cls(d, { parent, strict: true }); // the constructor works on its own copy of the data
      } catch (err) {
        notifyInvalid(err);
        continue;
      }
      if (!doc.canUserModify(user, "create")) {
        throw new Error(`User ${user.name} lacks permission to create ${cls.documentName}`);
      }
      if ((await doc._preCreate(doc._source, options, user)) === false) continue;
      if ((globalThis as unknown as { Hooks: { call: (...a: unknown[]) => boolean } }).Hooks.call(`preCreate${cls.documentName}`, doc, doc._source, options, user.id) === false) continue;
      // The server stamps a created document with the system's version (a copy from a pack brings the pack's stats).
      if (isPlainObject(doc._source._stats)) Object.assign(doc._source._stats, systemStats());
      docs.push(doc);
    }
    if (!docs.length) return [];
    // A socket that is down for a while: the write leaves with what the client had then, when it is back.
    const gate = sendGate(user);
    if (gate) await gate;
    state.writes.push({ userId: user.id, action: "create", documentName: cls.documentName, parent: parent?.uuid ?? null, ids: docs.map((d) => d.id), data: docs.map((d) => deepClone(d._source)) });
    const coll = parent ? parent.collectionsByName[cls.documentName] : worldCollectionFor(cls.documentName);
    for (const doc of docs) {
      if (parent) (parent._source[embeddedField(parent, cls.documentName)] as Obj[]).push(doc._source);
      coll!.set(doc.id, doc);
    }
    (parent ?? null)?.prepareData();
    syncDelta(parent);
    for (const doc of docs) if (!parent) doc.prepareData();
    broadcast(() => {
      for (const doc of docs) {
        doc._onCreate(doc._source, options, user.id);
        if (parent) (parent as unknown as { _onCreateDescendantDocuments?: (...a: unknown[]) => void })._onCreateDescendantDocuments?.(parent, cls.documentName, [doc], [doc._source], options, user.id);
        track((globalThis as unknown as { Hooks: { callAll: (...a: unknown[]) => void } }).Hooks.callAll(`create${cls.documentName}`, doc, options, user.id));
      }
    });
    return docs;
  }

  static async updateDocuments(updates: Obj[], { parent = null, ...options }: Obj & { parent?: Document | null } = {}): Promise<Document[]> {
    const user = writingUser();
    const cls = this.implementation;
    const pack = typeof options.pack === "string" && !parent ? packCollection(options.pack) : undefined;
    if (pack?.locked) throw new Error(`You cannot modify the ${pack.collection} Compendium which is currently locked`);
    const coll = parent ? parent.collectionsByName[cls.documentName] : (pack ?? worldCollectionFor(cls.documentName));
    const planned: { doc: Document; changes: Obj }[] = [];
    for (const u of updates) {
      const changes = expandObject(deepClone(u));
      const doc = coll?.get(String(changes._id));
      if (!doc) throw new Error(`${cls.documentName} [${String(changes._id)}] does not exist`);
      if (!doc.canUserModify(user, "update")) throw new Error(`User ${user.name} lacks permission to update ${cls.documentName} [${doc.id}]`);
      delete changes._id;
      // Foundry migrates the changes (system ones with the subtype's model), then runs _preUpdate and the hook.
      cls.migrateDataSafe(changes);
      if (cls.hasTypeData) (cls.schema.fields.system as TypeDataField).migrateChanges(changes, doc._source.type);
      if ((await doc._preUpdate(changes, options, user)) === false) continue;
      if ((globalThis as unknown as { Hooks: { call: (...a: unknown[]) => boolean } }).Hooks.call(`preUpdate${cls.documentName}`, doc, changes, options, user.id) === false) continue;
      // Changes that still fail validation skip this one document, with an error notification; the batch goes on.
      try {
        dryRun(doc, changes);
      } catch (err) {
        notifyInvalid(err);
        continue;
      }
      planned.push({ doc, changes });
    }
    if (!planned.length) return [];
    // A socket that is down for a while: the write leaves with what the client had then, when it is back.
    const gate = sendGate(user);
    if (gate) await gate;
    state.writes.push({ userId: user.id, action: "update", documentName: cls.documentName, parent: parent?.uuid ?? null, ids: planned.map((p) => p.doc.id), data: planned.map((p) => deepClone(p.changes)) });
    const diffs = planned.map(({ doc, changes }) => ({ doc, diff: doc.updateSource(changes) }));
    // A document of a pack: the server writes the change into the pack's source.
    for (const { doc, diff } of diffs) if (doc.pack) packCollection(doc.pack)?.writeStored(doc, diff);
    // An unlinked token's actor keeps its changes in the token's delta, written by the same request.
    for (const { doc } of diffs) syncDelta(doc);
    for (const { doc } of diffs) {
      const p = doc.parent as Document | null;
      if (p) p.prepareData();
      else doc.prepareData();
    }
    broadcast(() => {
      for (const { doc, diff } of diffs) {
        if (!Object.keys(diff).length) continue;
        doc._onUpdate({ ...diff, _id: doc.id }, options, user.id);
        if (parent) (parent as unknown as { _onUpdateDescendantDocuments?: (...a: unknown[]) => void })._onUpdateDescendantDocuments?.(parent, cls.documentName, [doc], [{ ...diff, _id: doc.id }], options, user.id);
        track((globalThis as unknown as { Hooks: { callAll: (...a: unknown[]) => void } }).Hooks.callAll(`update${cls.documentName}`, doc, { ...diff, _id: doc.id }, options, user.id));
      }
    });
    return diffs.map((d) => d.doc);
  }

  static async deleteDocuments(ids: string[], { parent = null, ...options }: Obj & { parent?: Document | null } = {}): Promise<Document[]> {
    const user = writingUser();
    const cls = this.implementation;
    const coll = parent ? parent.collectionsByName[cls.documentName] : worldCollectionFor(cls.documentName);
    const docs: Document[] = [];
    for (const id of ids) {
      const doc = coll?.get(id);
      if (!doc) throw new Error(`${cls.documentName} [${id}] does not exist`);
      if (!doc.canUserModify(user, "delete")) throw new Error(`User ${user.name} lacks permission to delete ${cls.documentName} [${id}]`);
      if ((await doc._preDelete(options, user)) === false) continue;
      // Like Foundry, the deleting client's preDelete hooks may cancel the deletion of a document.
      if ((globalThis as unknown as { Hooks: { call: (...a: unknown[]) => boolean } }).Hooks.call(`preDelete${cls.documentName}`, doc, options, user.id) === false) continue;
      docs.push(doc);
    }
    if (!docs.length) return [];
    // A socket that is down for a while: the write leaves with what the client had then, when it is back.
    const gate = sendGate(user);
    if (gate) await gate;
    state.writes.push({ userId: user.id, action: "delete", documentName: cls.documentName, parent: parent?.uuid ?? null, ids: docs.map((d) => d.id), data: [] });
    for (const doc of docs) {
      coll!.delete(doc.id);
      if (parent) {
        const arr = parent._source[embeddedField(parent, cls.documentName)] as Obj[];
        arr.splice(arr.indexOf(doc._source), 1);
      }
    }
    parent?.prepareData();
    syncDelta(parent);
    broadcast(() => {
      for (const doc of docs) {
        doc._onDelete(options, user.id);
        if (parent) (parent as unknown as { _onDeleteDescendantDocuments?: (...a: unknown[]) => void })._onDeleteDescendantDocuments?.(parent, cls.documentName, [doc], [doc.id], options, user.id);
        track((globalThis as unknown as { Hooks: { callAll: (...a: unknown[]) => void } }).Hooks.callAll(`delete${cls.documentName}`, doc, options, user.id));
      }
    });
    return docs;
  }

  async update(changes: Obj, options: Obj = {}) {
    const cls = this.constructor as DocClass;
    const [doc] = await cls.updateDocuments([{ ...changes, _id: this.id }], { ...options, parent: this.parent as Document | null, ...(this.pack ? { pack: this.pack } : {}) });
    return doc;
  }
  async delete(options: Obj = {}) {
    const cls = this.constructor as DocClass;
    const [doc] = await cls.deleteDocuments([this.id], { ...options, parent: this.parent as Document | null });
    return doc;
  }
  async createEmbeddedDocuments(name: string, data: Obj[], options: Obj = {}) {
    return (docClasses()[name] ?? Document).createDocuments(data, { ...options, parent: this });
  }
  async updateEmbeddedDocuments(name: string, updates: Obj[], options: Obj = {}) {
    return (docClasses()[name] ?? Document).updateDocuments(updates, { ...options, parent: this });
  }
  async deleteEmbeddedDocuments(name: string, ids: string[], options: Obj = {}) {
    return (docClasses()[name] ?? Document).deleteDocuments(ids, { ...options, parent: this });
  }
  getEmbeddedCollection(name: string) { return this.collectionsByName[name]; }

  override toObject(source = true): Obj {
    const out = super.toObject(source);
    for (const [name, field] of Object.entries((this.constructor as DocClass).embedded)) out[field] = this.collectionsByName[name].map((d) => d.toObject(source));
    return out;
  }
  toJSON(): Obj { return this.toObject(); }
  getRollData(): Obj { return deepClone(((this.system as { toObject?: () => Obj })?.toObject?.() ?? {}) as Obj); }
}

/**
 * Like Foundry's ActorDelta: everything an unlinked token's actor changes (its system, name, image, flags,
 * items and effects, and the items' effects) is stored on its token, so that the token's actor is built
 * from the base actor and this delta again after a reload. Called with any document inside such an actor.
 */
function syncDelta(doc: Document | null): void {
  let d: Document | null = doc;
  while (d && !(d.documentName === "Actor" && (d.parent as Document | null)?.documentName === "Token")) d = d.parent as Document | null;
  if (!d) return;
  const { system, name, img, flags, items, effects } = d.toObject();
  (d.parent as Document)._source.delta = deepClone({ system, name, img, flags, items, effects });
}

function prefix(p: string, failures: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(failures).map(([k, v]) => [`${p}.${k}`, v]));
}

/** An object Foundry treats as one (getType "Object"): not null, not an array; a null prototype counts. */
function isRecordLike(v: unknown): v is Obj {
  return typeof v === "object" && v !== null && !Array.isArray(v) && !(v instanceof Set) && !(v instanceof Map);
}

/** Foundry's backend reports a document that fails validation as an error notification and goes on. */
function notifyInvalid(err: unknown): void {
  const message = err instanceof Error ? err.message : String(err);
  (globalThis as unknown as { ui: { notifications: { error: (m: string) => void } } }).ui.notifications.error(message);
}

function dryRun(doc: Document, changes: Obj): void {
  const clone = Object.create(Object.getPrototypeOf(doc)) as Document;
  Object.defineProperty(clone, "parent", { value: doc.parent });
  Object.defineProperty(clone, "_source", { value: deepClone(doc._source), writable: true });
  clone.collectionsByName = doc.collectionsByName;
  Document.prototype.updateSource.call(clone, deepClone(changes));
}

function diffDeep(a: Obj, b: Obj): Obj {
  const out: Obj = {};
  for (const k of Object.keys(b)) {
    if (isPlainObject(a[k]) && isPlainObject(b[k])) {
      const d = diffDeep(a[k] as Obj, b[k] as Obj);
      if (Object.keys(d).length) out[k] = d;
    } else if (JSON.stringify(a[k]) !== JSON.stringify(b[k])) out[k] = deepClone(b[k]);
  }
  return out;
}

function embeddedField(parent: Document, name: string): string {
  return (parent.constructor as DocClass).embedded[name];
}

/**
 * Runs fn once on every connected client, as each would on receiving the server's broadcast. The order of
 * arrival is the network's: each broadcast starts at another client, so no code may count on the GMs (or the
 * writer) hearing of a change first.
 */
export function broadcast(fn: () => void): void {
  const connected = worldCollections.users.filter((u) => u.active);
  const start = connected.length ? state.broadcasts++ % connected.length : 0;
  for (const u of [...connected.slice(start), ...connected.slice(0, start)]) {
    // One client's failing callback is that client's error; the others still get the broadcast.
    try {
      onClient(u.id, fn);
    } catch (err) {
      recordError(err);
    }
  }
}

// Concrete documents ----------------------------------------------------------------------------

export class User extends Document {
  static override documentName = "User";
  declare role: number;
  declare active: boolean;
  /** The tokens this user targets (v13: Token objects; here their documents stand in as `{ document }`). */
  targets = new Set<{ document: Document }>();
  /** Hotbar slot → macro id (User#hotbar); assignHotbarMacro writes it, as core does, on the user. */
  hotbar: Record<string, string> = {};
  async assignHotbarMacro(macro: Document | null, slot: number | string): Promise<void> {
    this.hotbar = { ...this.hotbar, [String(slot)]: macro?.id ?? "" };
    state.writes.push({ userId: state.currentUserId, action: "update", documentName: "User", parent: null, ids: [this.id], data: [{ hotbar: this.hotbar }] });
  }
  static override defineSchema() {
    return {
      ...super.defineSchema(),
      role: new NumberField({ required: true, nullable: false, integer: true, initial: ROLES.PLAYER }),
      active: new BooleanField({ initial: false }),
      character: new StringField({ nullable: true, initial: null }),
    };
  }
  get isGM(): boolean { return this.role >= ROLES.ASSISTANT; }
  get isSelf(): boolean { return this.id === state.currentUserId; }
  /**
   * Like v13 (issue 33, audit SD2): any user may update its own User's flags, since dnd5e calls
   * `game.user.setFlag` from every client (base-actor-sheet.mjs); another user's User only a GM may change.
   */
  override canUserModify(user: User, action: "create" | "update" | "delete"): boolean {
    if (action === "update" && user.id === this.id) return true;
    return super.canUserModify(user, action);
  }
  /** What a player may change on its own User (v13 keeps role and the rest to the GM). */
  static readonly selfUpdatable = new Set(["flags"]);
  /** No user changes its own role, a player changes nothing but its own flags, an assistant never makes a full GM. */
  // Not async: an extra await here would shift every User write a tick against the other clients' work.
  static override updateDocuments(updates: Obj[], options: Obj & { parent?: Document | null } = {}): Promise<Document[]> {
    const user = currentUser();
    for (const u of updates) {
      const changes = expandObject(deepClone(u));
      const keys = Object.keys(changes).filter((k) => k !== "_id");
      const self = String(changes._id) === user?.id;
      const forbidden = !user ? [] : self && "role" in changes ? ["role"]
        : !user.isGM ? keys.filter((k) => !User.selfUpdatable.has(k))
        : user.role < ROLES.GAMEMASTER && Number(changes.role) > user.role ? ["role"] : [];
      if (forbidden.length) return Promise.reject(new Error(`User ${user!.name} lacks permission to update User [${String(changes._id)}] fields ${forbidden.join(", ")}`));
    }
    return super.updateDocuments(updates, options);
  }
  hasRole(role: number | keyof typeof ROLES): boolean { return this.role >= (typeof role === "number" ? role : ROLES[role]); }
  can(_action: string): boolean { return this.isGM; }
  /**
   * User#query: runs CONFIG.queries[name] on this user's client and returns its result. Like Foundry it
   * rejects when the user is not connected, when `timeout` (ms) passes first, and when the user drops
   * before answering. The handler learns nothing about who asked: only the data.
   */
  async query(name: string, data: Obj, { timeout }: { timeout?: number } = {}): Promise<unknown> {
    if (!this.active) throw new Error(`User ${this.name} is not connected`);
    const handler = (globalThis as unknown as { CONFIG: { queries: Record<string, (d: Obj, o: Obj) => unknown> } }).CONFIG.queries[name];
    if (!handler) throw new Error(`No query handler "${name}"`);
    queryCount.sent += 1;
    // The handler runs on this user's client; data crosses the socket as JSON.
    const work = onClient(this.id, async () => handler(JSON.parse(JSON.stringify(data)), { timeout }));
    let timer: ReturnType<typeof setTimeout> | undefined;
    const outcome = new Promise<unknown>((resolve, reject) => {
      const pending = { reject };
      pendingQueries.set(pending, this.id);
      if (timeout) timer = setTimeout(() => reject(new Error(`Query "${name}" to ${this.name} timed out`)), timeout);
      work.then(resolve, reject).finally(() => {
        clearTimeout(timer);
        pendingQueries.delete(pending);
      });
    });
    // A throwing handler is an error on the receiving client too (the asker gets the rejection).
    work.catch((err) => recordError(err));
    return JSON.parse(JSON.stringify((await outcome) ?? null));
  }
}

/** Queries waiting for an answer, by the user who must answer. */
const pendingQueries = new Map<{ reject: (e: Error) => void }, string>();
export const queryCount = { sent: 0 };

/** Whether the user is connected, in its source too: a later update of the User must not bring it back. */
export function setActive(user: User, active: boolean): void {
  (user._source as Obj).active = active;
  (user as unknown as { active: boolean }).active = active;
}

/** The user's browser drops: it stops answering, and its open queries fail on the asking side. */
export function dropConnection(user: User): void {
  setActive(user, false);
  for (const [pending, id] of pendingQueries) if (id === user.id) pending.reject(new Error(`User ${user.name} disconnected`));
}

export class Users extends Collection<User> {
  /** The designated GM: a connected full GM with the lowest id, else a connected assistant GM. */
  get activeGM(): User | null {
    const byId = (a: User, b: User) => a.id.localeCompare(b.id);
    const gms = this.filter((u) => u.active && u.role === ROLES.GAMEMASTER).sort(byId);
    const assistants = this.filter((u) => u.active && u.role === ROLES.ASSISTANT).sort(byId);
    return gms[0] ?? assistants[0] ?? null;
  }
  get current(): User | undefined { return this.get(state.currentUserId); }
  get players(): User[] { return this.filter((u) => !u.isGM); }
}

/** Core's ActiveEffectConfig as far as a sheet uses it: `effect.sheet.render(true)` opens it. */
export class ActiveEffectConfig extends DocumentSheetV2 {}
const effectSheets = new WeakMap<ActiveEffect, ActiveEffectConfig>();

interface EffectDuration { startTime: number | null; seconds: number | null; combat: string | null; rounds: number | null; turns: number | null; startRound: number | null; startTurn: number | null }

export class ActiveEffect extends Document {
  static override documentName = "ActiveEffect";
  static override defaultImg = "icons/svg/aura.svg";
  declare statuses: Set<string>;
  declare disabled: boolean;
  declare origin: string | null;
  declare transfer: boolean;
  declare duration: EffectDuration;
  static override defineSchema() {
    const count = () => new NumberField({ integer: true, min: 0 });
    return {
      ...super.defineSchema(),
      changes: new ArrayField(new ObjectField()),
      disabled: new BooleanField({ initial: false }),
      description: new StringField({ initial: "" }),
      origin: new StringField({ nullable: true, initial: null }),
      statuses: new SetField(new StringField({ required: true, blank: false })),
      // v13's duration: world time in seconds, or rounds and turns of a combat counted from its start.
      duration: new SchemaField({
        startTime: new NumberField({ initial: null }),
        seconds: count(),
        combat: new StringField({ nullable: true, initial: null }),
        rounds: count(),
        turns: count(),
        startRound: count(),
        startTurn: count(),
      }),
      transfer: new BooleanField({ initial: true }),
    };
  }
  /** Core: whether system logic keeps this effect from applying; a system's effect class overrides it. */
  get isSuppressed(): boolean { return false; }
  get active(): boolean { return !this.disabled && !this.isSuppressed; }
  /** Core: an effect with a duration in seconds, rounds or turns, or one that carries a status. */
  get isTemporary(): boolean {
    const d = this.duration;
    const length = d.seconds ?? (d.rounds || d.turns) ?? 0;
    return length > 0 || this.statuses.size > 0;
  }
  /** ClientDocument#sheet: the one config sheet of this effect, made on first use. */
  get sheet(): ActiveEffectConfig {
    let sheet = effectSheets.get(this);
    if (!sheet) effectSheets.set(this, (sheet = new ActiveEffectConfig({ document: this })));
    return sheet;
  }
  /**
   * ClientDocument#deleteDialog: asks "Are you sure?" with DialogV2.confirm, whose Yes button deletes. The
   * stand-in's confirm returns the test's answer without running button callbacks, so Yes is run here.
   */
  async deleteDialog(options: Obj = {}, operation: Obj = {}): Promise<unknown> {
    const { DialogV2 } = (globalThis as unknown as { foundry: { applications: { api: { DialogV2: { confirm: (c: Obj) => Promise<unknown> } } } } }).foundry.applications.api;
    const answer = await DialogV2.confirm({ window: { title: `Delete ActiveEffect: ${this.name}` }, content: "<p><strong>Are you sure?</strong></p>", ...options });
    return answer ? this.delete(operation) : answer;
  }
  /** Core: an effect created on an actor starts its duration now (world time, and the round and turn of a running combat). */
  override async _preCreate(data: Obj, options: Obj, user: User): Promise<boolean | void> {
    if ((await super._preCreate(data, options, user)) === false) return false;
    if ((this.parent as Document | null)?.documentName !== "Actor") return;
    const g = globalThis as unknown as { game: { time: { worldTime: number }; combat: Combat | null } };
    const given = (data.duration ?? {}) as Obj;
    const start: Obj = { startTime: g.game.time.worldTime };
    if (g.game.combat) Object.assign(start, { startRound: g.game.combat.round, startTurn: g.game.combat.turn ?? 0 });
    for (const k of Object.keys(start)) if (typeof given[k] === "number") delete start[k];
    this.updateSource({ duration: start });
  }
  /** ActiveEffect.fromStatusEffect: an unsaved effect built from a CONFIG.statusEffects entry, its name localised. */
  static async fromStatusEffect(statusId: string, options: ModelContext = {}): Promise<ActiveEffect> {
    const g = globalThis as unknown as { CONFIG: { statusEffects: Obj[] }; game: { i18n: { localize: (k: string) => string } } };
    const status = g.CONFIG.statusEffects.find((s) => s.id === statusId);
    if (!status) throw new Error(`Invalid status ID "${statusId}" provided to ActiveEffect#fromStatusEffect`);
    const { id: _id, ...data } = deepClone(status);
    void _id;
    const cls = (this as unknown as DocClass).implementation as unknown as typeof ActiveEffect;
    return new cls({ ...data, name: g.game.i18n.localize(String(data.name)), statuses: [...new Set([statusId, ...((data.statuses as string[]) ?? [])])] }, options);
  }
}

export class Item extends Document {
  static override documentName = "Item";
  static override hasTypeData = true;
  static override embedded = { ActiveEffect: "effects" };
  static override defaultImg = "icons/svg/item-bag.svg";
  get actor(): Actor | null { return (this.parent as Actor | null) ?? null; }
  get effects(): Collection<ActiveEffect> { return this.collectionsByName.ActiveEffect as Collection<ActiveEffect>; }
}

export class Actor extends Document {
  static override documentName = "Actor";
  static override hasTypeData = true;
  static override embedded = { Item: "items", ActiveEffect: "effects" };
  declare statuses: Set<string>;
  static override defineSchema() {
    return { ...super.defineSchema(), prototypeToken: new ObjectField() };
  }
  get items(): Collection<Item> { return this.collectionsByName.Item as Collection<Item>; }
  get effects(): Collection<ActiveEffect> { return this.collectionsByName.ActiveEffect as Collection<ActiveEffect>; }
  get itemTypes(): Record<string, Item[]> {
    const out: Record<string, Item[]> = {};
    for (const i of this.items.values()) (out[i.type] ??= []).push(i);
    return out;
  }
  override prepareEmbeddedDocuments(): void {
    super.prepareEmbeddedDocuments();
    this.statuses = new Set();
    for (const e of this.allApplicableEffects()) if (e.active) for (const s of e.statuses) this.statuses.add(s);
  }
  /** Core: the actor's own effects, then those its items transfer to it. */
  *allApplicableEffects(): Generator<ActiveEffect> {
    yield* this.effects?.values() ?? [];
    for (const item of this.items?.values() ?? []) for (const e of item.effects.values()) if (e.transfer) yield e;
  }
  get hasPlayerOwner(): boolean {
    return worldCollections.users.some((u) => !u.isGM && this.testUserPermission(u, "OWNER"));
  }
  /**
   * Like v13: the tokens of this actor on the canvas, i.e. on the scene this client views (a synthetic actor's own
   * token, or the linked ones there); tokens on other scenes are not active (foundryvtt/foundryvtt#9422, #14023).
   */
  getActiveTokens(_linked = false, document = false): unknown[] {
    const parent = this.parent as Document | null;
    const viewed = worldCollections.scenes.viewed;
    const tokens = parent?.documentName === "Token"
      ? [parent].filter((t) => t.parent === viewed)
      : (viewed?.collectionsByName.Token?.filter((t) => (t as unknown as { actorId: string }).actorId === this.id && (t as unknown as { actorLink: boolean }).actorLink) ?? []);
    return document ? tokens : tokens.map((t) => (t as unknown as { object?: unknown }).object ?? t);
  }
  /** Like v13: the tokens on every scene (or those given) that this actor's data shows on: its own, or its base actor's tokens (`linked`: only linked ones). */
  getDependentTokens({ scenes, linked = false }: { scenes?: Document | Document[]; linked?: boolean } = {}): Document[] {
    const parent = this.parent as Document | null;
    if (parent?.documentName === "Token") return [parent];
    const among = scenes ? [scenes].flat() : worldCollections.scenes.contents;
    return among.flatMap((s) => s.collectionsByName.Token?.filter((t) => (t as unknown as { actorId: string }).actorId === this.id && (!linked || (t as unknown as { actorLink: boolean }).actorLink)) ?? []);
  }
  get token(): Document | null {
    const parent = this.parent as Document | null;
    return parent?.documentName === "Token" ? parent : null;
  }
  get isToken(): boolean { return !!this.token; }
  /** Actor#toggleStatusEffect: creates or deletes the ActiveEffect of a CONFIG.statusEffects entry. */
  async toggleStatusEffect(statusId: string, { active }: { active?: boolean } = {}): Promise<ActiveEffect | boolean | undefined> {
    const existing = this.effects.filter((e) => e.statuses.has(statusId) && e.statuses.size === 1);
    const on = active ?? !existing.length;
    if (!on) {
      if (existing.length) await this.deleteEmbeddedDocuments("ActiveEffect", existing.map((e) => e.id));
      return false;
    }
    if (existing.length) return true;
    const cfg = (globalThis as unknown as { CONFIG: { statusEffects: { id: string; name: string; img: string }[] } }).CONFIG.statusEffects.find((s) => s.id === statusId);
    if (!cfg) throw new Error(`Invalid status ID "${statusId}" provided to Actor#toggleStatusEffect`);
    const name = (globalThis as unknown as { game: { i18n: { localize: (k: string) => string } } }).game.i18n.localize(cfg.name);
    const [effect] = await this.createEmbeddedDocuments("ActiveEffect", [{ name, img: cfg.img, statuses: [statusId] }]);
    return effect as ActiveEffect;
  }
}

export class ChatMessage extends Document {
  static override documentName = "ChatMessage";
  /** Like v13's foreign-document field: the author User (its id is `_source.author`). */
  get author(): User | null { return worldCollections.users.get(String(this._source.author)) ?? null; }
  set author(_value: unknown) { /* initialised from _source.author */ }
  declare content: string;
  declare flavor: string;
  declare speaker: Obj;
  declare whisper: string[];
  declare blind: boolean;
  declare rolls: unknown[];
  static override defineSchema() {
    const base = super.defineSchema();
    delete base.name;
    delete base.img;
    return {
      ...base,
      author: new StringField({ nullable: true, initial: () => state.currentUserId }),
      content: new StringField({ initial: "" }),
      flavor: new StringField({ initial: "" }),
      speaker: new ObjectField(),
      whisper: new ArrayField(new StringField()),
      blind: new BooleanField({ initial: false }),
      rolls: new ArrayField(new StringField()),
      style: new NumberField({ required: true, nullable: false, integer: true, initial: 0 }),
      sound: new StringField({ nullable: true, initial: null }),
      timestamp: new NumberField({ nullable: false, initial: () => Date.now() }),
    };
  }
  override _initialize(): void {
    super._initialize();
    const RollCls = (globalThis as unknown as { Roll: { fromJSON: (s: string) => unknown } }).Roll;
    this.rolls = (this._source.rolls as string[]).map((r) => RollCls.fromJSON(r));
  }
  get isRoll(): boolean { return this.rolls.length > 0; }
  get isAuthor(): boolean { return this._source.author === state.currentUserId; }
  /**
   * Whether the current user's chat log shows this message. Like v13 (issue 33, audit SD3; foundryvtt#9888): a
   * whispered roll reaches every client (drawn private where its content is hidden, as Crucible ef93c919 does);
   * any other whisper only its author and recipients see: a GM who is neither does not.
   */
  get visible(): boolean {
    if (!this.whisper.length || this.isRoll) return true;
    return this.isAuthor || this.whisper.includes(state.currentUserId);
  }
  /** Whether the current user may read the content: a whispered roll's only its recipients and (unless blind) its author. */
  get isContentVisible(): boolean {
    if (!this.isRoll) return this.visible;
    if (!this.whisper.length) return true;
    return this.whisper.includes(state.currentUserId) || (this.isAuthor && !this.blind);
  }
  static getSpeaker({ actor, alias }: { actor?: Document | null; alias?: string } = {}): Obj {
    return { scene: null, token: null, actor: actor?.id ?? null, alias: alias ?? actor?.name ?? currentUser().name };
  }
  static applyRollMode(data: Obj, rollMode: string): Obj {
    const gmIds = worldCollections.users.filter((u) => u.isGM).map((u) => u.id);
    if (rollMode === "gmroll" || rollMode === "blindroll") data.whisper = gmIds;
    if (rollMode === "selfroll") data.whisper = [state.currentUserId];
    data.blind = rollMode === "blindroll";
    return data;
  }
  static override async create(data: Obj, options: Obj = {}) {
    const d = { ...data };
    if (Array.isArray(d.rolls)) d.rolls = d.rolls.map((r) => (typeof r === "string" ? r : JSON.stringify(r)));
    if (options.rollMode) ChatMessage.applyRollMode(d, String(options.rollMode));
    return super.create(d, options);
  }
}

export class Combatant extends Document {
  static override documentName = "Combatant";
  /** What v13 lets a player change on a combatant of an actor they own; everything else is the GM's. */
  static playerUpdatable = new Set(["_id", "initiative", "flags", "defeated"]);
  declare actorId: string | null;
  declare initiative: number | null;
  declare defeated: boolean;
  declare hidden: boolean;
  static override defineSchema() {
    return {
      ...super.defineSchema(),
      name: new StringField({ initial: "" }),
      actorId: new StringField({ nullable: true, initial: null }),
      tokenId: new StringField({ nullable: true, initial: null }),
      sceneId: new StringField({ nullable: true, initial: null }),
      initiative: new NumberField({ nullable: true, initial: null }),
      defeated: new BooleanField({ initial: false }),
      hidden: new BooleanField({ initial: false }),
    };
  }
  declare tokenId: string | null;
  declare sceneId: string | null;
  get combat(): Combat { return this.parent as Combat; }
  /** v13: core's one notion of a defeated combatant: marked defeated, or its actor has the defeated status (dead). */
  get isDefeated(): boolean {
    const dead = (globalThis as unknown as { CONFIG: { specialStatusEffects: { DEFEATED: string } } }).CONFIG.specialStatusEffects.DEFEATED;
    return this.defeated || !!this.actor?.statuses?.has(dead);
  }
  get token(): Document | null {
    const scene = worldCollections.scenes.get(this.sceneId ?? "");
    return scene?.collectionsByName.Token?.get(this.tokenId ?? "") ?? null;
  }
  /** The token's actor (synthetic for an unlinked token), else the world actor. */
  get actor(): Actor | null {
    const token = this.token as unknown as { actor?: Actor | null } | null;
    if (token) return token.actor ?? null;
    return (worldCollections.actors.get(this.actorId ?? "") as Actor | undefined) ?? null;
  }
  /** Like v13: a combatant's ownership is its actor's (a GM owns every one). */
  override getUserLevel(user: User): number {
    if (user.isGM) return OWNERSHIP.OWNER;
    return this.actor?.getUserLevel(user) ?? OWNERSHIP.NONE;
  }
  /** Like v13's server: a player who owns the combatant may change only its initiative, flags and defeated state. */
  static override async updateDocuments(updates: Obj[], options: Obj & { parent?: Document | null } = {}): Promise<Document[]> {
    const user = currentUser();
    if (user && !user.isGM) {
      for (const u of updates) {
        const forbidden = Object.keys(expandObject(deepClone(u))).filter((k) => !Combatant.playerUpdatable.has(k));
        if (forbidden.length) throw new Error(`User ${user.name} lacks permission to update Combatant [${String(u._id)}] fields ${forbidden.join(", ")}`);
      }
    }
    return super.updateDocuments(updates, options);
  }
  /** Core's default: CONFIG.Combat.initiative.formula, else the system's, else 1d20. */
  _getInitiativeFormula(): string {
    const cfg = (globalThis as unknown as { CONFIG: { Combat: { initiative?: { formula?: string | null } } } }).CONFIG.Combat.initiative;
    return String(cfg?.formula || "1d20");
  }
  /** Core: a Roll of the formula with the actor's roll data, not yet evaluated. */
  getInitiativeRoll(formula?: string | null): unknown {
    const RollCls = (globalThis as unknown as { CONFIG: { Dice: { rolls: (new (f: string, d: Obj) => unknown)[] } } }).CONFIG.Dice.rolls[0];
    return new RollCls(formula || this._getInitiativeFormula(), this.actor?.getRollData() ?? {});
  }
  /** Core: rolls through the combat, like the tracker's button. */
  async rollInitiative(formula?: string | null): Promise<Combat> {
    return this.combat.rollInitiative([this.id], { formula: formula ?? null });
  }
}

interface InitiativeRollLike { total?: number; evaluate(): Promise<unknown>; toMessage(data: Obj, options: { create: false }): Promise<unknown> }

export class Combat extends Document {
  static override documentName = "Combat";
  static override embedded = { Combatant: "combatants" };
  declare round: number;
  declare turn: number | null;
  static override defineSchema() {
    const base = super.defineSchema();
    delete base.name;
    return {
      ...base,
      round: new NumberField({ required: true, nullable: false, integer: true, min: 0, initial: 0 }),
      turn: new NumberField({ nullable: true, integer: true, min: 0, initial: null }),
      active: new BooleanField({ initial: true }),
    };
  }
  get combatants(): Collection<Combatant> { return this.collectionsByName.Combatant as Collection<Combatant>; }
  /**
   * Like v13: the turn order as last set up, not sorted again on each read. Core sets it up when the combat is made or
   * changed and when a combatant is added, changed or removed; a change elsewhere (an actor's data that the sort reads)
   * leaves it as it was until someone calls setupTurns or debounceSetup (Crucible calls debounceSetup for that).
   */
  #turns: Combatant[] | null = null;
  get turns(): Combatant[] {
    return (this.#turns ??= this.setupTurns());
  }
  /** Like core's setupTurns: the combatants sorted with `_sortCombatants`, which core passes unbound. */
  setupTurns(): Combatant[] {
    const sort = this._sortCombatants as (a: Combatant, b: Combatant) => number;
    return (this.#turns = this.combatants.contents.sort((a, b) => sort.call(undefined, a, b)));
  }
  /** Core's debounced setupTurns (on the client that calls it). */
  debounceSetup(): void {
    track(new Promise<void>((resolve) => setTimeout(() => {
      this.setupTurns();
      resolve();
    }, 0)));
  }
  _onCreateDescendantDocuments(): void { this.setupTurns(); }
  _onUpdateDescendantDocuments(): void { this.setupTurns(); }
  _onDeleteDescendantDocuments(): void { this.setupTurns(); }
  /** Core's order: higher initiative first, not yet rolled last, then by id. */
  _sortCombatants(a: Combatant, b: Combatant): number {
    const ia = typeof a.initiative === "number" && Number.isFinite(a.initiative) ? a.initiative : -Infinity;
    const ib = typeof b.initiative === "number" && Number.isFinite(b.initiative) ? b.initiative : -Infinity;
    return ib - ia || (a.id > b.id ? 1 : -1);
  }
  get combatant(): Combatant | undefined { return this.turn === null ? undefined : this.turns[this.turn]; }
  get started(): boolean { return this.round > 0; }
  async startCombat() { return this.update({ round: 1, turn: 0 }, { direction: 1 }); }
  async nextRound() { return this.update({ round: this.round + 1, turn: 0 }, { direction: 1 }); }
  async previousRound() { return this.update({ round: Math.max(this.round - 1, 0), turn: 0 }, { direction: -1 }); }
  async nextTurn() {
    const next = (this.turn ?? -1) + 1;
    if (next >= this.turns.length) return this.nextRound();
    return this.update({ turn: next }, { direction: 1 });
  }

  /**
   * Core's Combat#rollInitiative: each combatant the user owns rolls its getInitiativeRoll; one update writes
   * every initiative, the turn stays with the combatant whose turn it is, and one create posts a chat message
   * per roll (flavor "… rolls for Initiative!", flag core.initiativeRoll, a hidden combatant's roll to the GMs).
   */
  async rollInitiative(ids: string | string[], { formula = null, updateTurn = true, messageOptions = {} }: { formula?: string | null; updateTurn?: boolean; messageOptions?: Obj } = {}): Promise<this> {
    const g = globalThis as unknown as { game: { settings: { get: (a: string, b: string) => unknown }; i18n: { has: (k: string) => boolean; format: (k: string, d: Obj) => string } }; ChatMessage: typeof ChatMessage };
    const list = typeof ids === "string" ? [ids] : ids;
    const currentId = this.combatant?.id;
    const chatRollMode = String(g.game.settings.get("core", "rollMode"));
    const updates: Obj[] = [];
    const messages: Obj[] = [];
    for (const [i, id] of list.entries()) {
      const combatant = this.combatants.get(id);
      if (!combatant?.isOwner) continue;
      const roll = combatant.getInitiativeRoll(formula) as InitiativeRollLike;
      await roll.evaluate();
      updates.push({ _id: id, initiative: roll.total });
      const name = combatant.name || combatant.actor?.name || "";
      const flavor = g.game.i18n.has("COMBAT.RollsInitiative") ? g.game.i18n.format("COMBAT.RollsInitiative", { name }) : `${name} rolls for Initiative!`;
      const data = mergeObject({ speaker: ChatMessage.getSpeaker({ actor: combatant.actor, alias: name }), flavor, flags: { "core.initiativeRoll": true } }, messageOptions);
      const chatData = (await roll.toMessage(data, { create: false })) as Obj;
      const rollMode = "rollMode" in messageOptions ? String(messageOptions.rollMode) : combatant.hidden ? "gmroll" : chatRollMode;
      delete chatData.rollMode;
      ChatMessage.applyRollMode(chatData, rollMode);
      if (i > 0) chatData.sound = null;
      messages.push(chatData);
    }
    if (!updates.length) return this;
    await this.updateEmbeddedDocuments("Combatant", updates);
    if (updateTurn && currentId) {
      const turn = this.turns.findIndex((t) => t.id === currentId);
      if (turn !== this.turn) await this.update({ turn }, { turnEvents: false });
    }
    await g.ChatMessage.implementation.createDocuments(messages);
    return this;
  }
  /** Core: every combatant the user owns that has not rolled yet. */
  async rollAll(options: Obj = {}): Promise<this> {
    const ids = this.combatants.filter((c) => c.isOwner && c.initiative === null).map((c) => c.id);
    return this.rollInitiative(ids, options);
  }

  /**
   * Core runs the turn and round events on one designated client only (the active GM), and only when
   * the combat moves forward; rewinding runs none of them, nor does an update with `turnEvents: false`.
   */
  override _onUpdate(changed: Obj, options: Obj, userId: string): void {
    super._onUpdate(changed, options, userId);
    if ("combatants" in changed) this.setupTurns();
    if (!("round" in changed || "turn" in changed)) return;
    if (options.turnEvents === false) return;
    if (worldCollections.users.activeGM?.id !== state.currentUserId) return;
    if (Number(options.direction ?? 1) < 0) return;
    const prev = (options.flexHarnessPrevious ?? { round: 0, turn: null }) as { round: number; turn: number | null };
    const ctx = { round: this.round, turn: this.turn, skipped: false };
    const prevCombatant = prev.turn === null ? undefined : this.turns[prev.turn];
    track(
      (async () => {
        if (prev.round > 0 && prevCombatant) await this._onEndTurn(prevCombatant, { round: prev.round, turn: prev.turn, skipped: false });
        if (this.round > prev.round && prev.round > 0) await this._onEndRound({ round: prev.round, turn: prev.turn, skipped: false });
        if (this.round > prev.round) await this._onStartRound(ctx);
        if (this.combatant) await this._onStartTurn(this.combatant, ctx);
      })(),
    );
  }
  override async _preUpdate(changes: Obj, options: Obj, user: User): Promise<boolean | void> {
    options.flexHarnessPrevious = { round: this.round, turn: this.turn };
    return super._preUpdate(changes, options, user);
  }
  async _onStartRound(_context: Obj): Promise<void> {}
  async _onEndRound(_context: Obj): Promise<void> {}
  async _onStartTurn(_combatant: Combatant, _context: Obj): Promise<void> {}
  async _onEndTurn(_combatant: Combatant, _context: Obj): Promise<void> {}
}

/** A macro on the hotbar: a script (its command) or a chat text. Players may create their own. */
export class Macro extends Document {
  static override documentName = "Macro";
  static override defaultImg = "icons/svg/dice-target.svg";
  declare command: string;
  /** Like v13's foreign-document field: the author User (its id is `_source.author`). */
  get author(): User | null { return worldCollections.users.get(String(this._source.author)) ?? null; }
  set author(_value: unknown) { /* initialised from _source.author */ }
  static override defineSchema() {
    return {
      ...super.defineSchema(),
      type: new StringField({ required: true, initial: "script", choices: ["script", "chat"] }),
      scope: new StringField({ initial: "global" }),
      command: new StringField({ initial: "" }),
      author: new StringField({ nullable: true, initial: () => state.currentUserId }),
    };
  }
  /** Runs a script macro on this client, as Macro#execute does (the command sees `game`). */
  async execute(): Promise<unknown> {
    if ((this as unknown as { type: string }).type !== "script") return undefined;
    const fn = new Function("game", `return (async () => { ${this.command} })();`) as (g: unknown) => Promise<unknown>;
    return fn((globalThis as unknown as { game: unknown }).game);
  }
}

/** A journal entry (the rules journal of the system's packs): its pages are embedded documents. */
export class JournalEntry extends Document {
  static override documentName = "JournalEntry";
  static override embedded = { JournalEntryPage: "pages" };
  static override defaultImg = "icons/svg/book.svg";
  get pages(): Collection<JournalEntryPage> { return this.collectionsByName.JournalEntryPage as Collection<JournalEntryPage>; }
}

/** A page of a journal entry: a text page holds HTML in text.content (v13's "text" page type). */
export class JournalEntryPage extends Document {
  static override documentName = "JournalEntryPage";
  declare text: { content: string; format?: number };
  static override defineSchema() {
    return {
      ...super.defineSchema(),
      type: new StringField({ required: true, initial: "text", choices: ["text", "image", "pdf", "video"] }),
      title: new ObjectField(),
      text: new ObjectField({ initial: () => ({ content: "", format: 1 }) }),
    };
  }
}

/**
 * game.scenes: the active scene (flagged `active`), and the one a client views: the active one, as a client that has
 * not navigated away; with none active, the first scene made (the stand-in's clients all look at it).
 */
class Scenes extends Collection<Document> {
  get active(): Document | null {
    return this.find((s) => (s as unknown as { active: boolean }).active) ?? null;
  }
  get viewed(): Document | null {
    return this.active ?? this.contents[0] ?? null;
  }
}

export const worldCollections = {
  macros: new Collection<Macro>(),
  journal: new Collection<JournalEntry>(),
  users: new Users(),
  actors: new Collection<Actor>(),
  items: new Collection<Item>(),
  messages: new Collection<ChatMessage>(),
  combats: new Collection<Combat>(),
  scenes: new Scenes(),
};

/** A pack of game.packs by its collection id (tests/harness/packs.ts); none before the packs are installed. */
function packCollection(id: string): (Collection<Document> & { locked: boolean; collection: string; writeStored(doc: Document, diff: Obj): void }) | undefined {
  const packs = (globalThis as unknown as { game?: { packs?: Map<string, unknown> } }).game?.packs;
  return packs?.get(id) as ReturnType<typeof packCollection>;
}

function worldCollectionFor(documentName: string): Collection<Document> | undefined {
  const map: Record<string, Collection<Document>> = {
    User: worldCollections.users as unknown as Collection<Document>,
    Actor: worldCollections.actors as unknown as Collection<Document>,
    Item: worldCollections.items as unknown as Collection<Document>,
    ChatMessage: worldCollections.messages as unknown as Collection<Document>,
    Combat: worldCollections.combats as unknown as Collection<Document>,
    Scene: worldCollections.scenes,
    Macro: worldCollections.macros as unknown as Collection<Document>,
    JournalEntry: worldCollections.journal as unknown as Collection<Document>,
  };
  return map[documentName];
}

export type { FieldOptions };
export { SchemaField };
