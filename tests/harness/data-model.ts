// Stand-in for foundry.abstract.DataModel / TypeDataModel: migrate → clean → validate → initialize.
import { DataModelValidationError, SchemaField, type DataField } from "./fields";
import { deepClone, diffObject, isPlainObject, mergeObject, type Obj } from "./utils";

const schemas = new WeakMap<object, SchemaField>();

/** `pack`: the compendium a document is read from ("flex.talente"), as Foundry passes it when it builds one from a pack. */
export interface ModelContext { parent?: unknown; strict?: boolean; pack?: string | null }

export class DataModel {
  static LOCALIZATION_PREFIXES: string[] = [];
  declare _source: Obj;
  declare parent: unknown;

  static defineSchema(): Record<string, DataField> { return {}; }
  static get schema(): SchemaField {
    let s = schemas.get(this);
    if (!s) {
      s = new SchemaField(this.defineSchema());
      schemas.set(this, s);
    }
    return s;
  }
  get schema(): SchemaField { return (this.constructor as typeof DataModel).schema; }

  static migrateData(source: Obj): Obj { return source; }
  /** Foundry wraps migrateData so that a throwing migration never stops a document from loading. */
  static migrateDataSafe(source: Obj): Obj {
    try {
      this.migrateData(source);
    } catch (err) {
      console.warn(`${this.name}.migrateData failed`, err);
    }
    return source;
  }
  static cleanData(source: Obj = {}, options: { partial?: boolean } = {}): Obj {
    return this.schema.clean(source, options) as Obj;
  }

  constructor(data: Obj = {}, { parent = null, strict = true }: ModelContext = {}) {
    Object.defineProperty(this, "parent", { value: parent, writable: false, enumerable: false });
    Object.defineProperty(this, "_source", { value: this._initializeSource(data, strict), writable: true, enumerable: false });
    this._initialize();
  }

  protected _initializeSource(data: Obj, strict: boolean): Obj {
    const cls = this.constructor as typeof DataModel;
    const source = isPlainObject(data) ? deepClone(data) : {};
    cls.migrateDataSafe(source);
    const cleaned = cls.cleanData(source);
    const failures = cls.schema.validateFields(cleaned, { fallback: !strict });
    if (Object.keys(failures).length) throw new DataModelValidationError(failures);
    return cleaned;
  }

  _initialize(): void {
    for (const [k, f] of Object.entries(this.schema.fields)) {
      (this as unknown as Obj)[k] = f.initialize(deepClone(this._source[k]), this);
    }
  }

  reset(): void { this._initialize(); }

  /** Cleans and validates changes strictly (an invalid change throws and changes nothing), then applies them. */
  updateSource(changes: Obj = {}): Obj {
    const cls = this.constructor as typeof DataModel;
    const cleaned = cls.schema.clean(changes, { partial: true }) as Obj;
    const candidate = mergeObject(deepClone(this._source), cleaned);
    const failures = cls.schema.validateFields(candidate, {});
    if (Object.keys(failures).length) throw new DataModelValidationError(failures);
    const diff = diffObject(this._source, candidate);
    this._source = candidate;
    this._initialize();
    return diff;
  }

  toObject(source = true): Obj {
    if (source) return deepClone(this._source);
    const out: Obj = {};
    for (const [k, f] of Object.entries(this.schema.fields)) out[k] = f.toObject((this as unknown as Obj)[k]);
    return out;
  }
}

export class TypeDataModel extends DataModel {
  prepareBaseData(): void {}
  prepareDerivedData(): void {}
  async _preCreate(_data: Obj, _options: Obj, _user: unknown): Promise<boolean | void> {}
  _onCreate(_data: Obj, _options: Obj, _userId: string): void {}
  async _preUpdate(_changes: Obj, _options: Obj, _user: unknown): Promise<boolean | void> {}
  _onUpdate(_changed: Obj, _options: Obj, _userId: string): void {}
  async _preDelete(_options: Obj, _user: unknown): Promise<boolean | void> {}
  _onDelete(_options: Obj, _userId: string): void {}
}
