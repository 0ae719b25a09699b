// Stand-in for foundry.data.fields: the initial / clean / validate / initialize behaviour the system's
// models rely on. Cleaning casts (a text in a number field becomes a number or NaN); validation then
// decides: documents read from the database fall back to the initial value of an invalid field, while
// a create or an update with an invalid value is refused for that document, like Foundry does.
import { deepClone, isPlainObject, type Obj } from "./utils";

export class DataModelValidationError extends Error {
  constructor(public failures: Record<string, string>) {
    super(`Validation failed: ${Object.entries(failures).map(([k, v]) => `${k}: ${v}`).join("; ")}`);
    this.name = "DataModelValidationError";
  }
}

export interface FieldOptions {
  required?: boolean;
  nullable?: boolean;
  initial?: unknown;
  label?: string;
  hint?: string;
  choices?: unknown;
  validate?: (v: unknown) => unknown;
  [k: string]: unknown;
}

export interface CleanOptions { partial?: boolean; source?: Obj }
export interface ValidateOptions { fallback?: boolean; partial?: boolean }

export class DataField {
  options: FieldOptions;
  name = "";
  parent: DataField | null = null;
  constructor(options: FieldOptions = {}) {
    this.options = { ...(this.constructor as typeof DataField).defaults, ...options };
    // Foundry exposes every option as a property of the field (field.min, field.integer, field.choices …).
    for (const [k, v] of Object.entries(this.options)) if (!(k in this)) Object.defineProperty(this, k, { value: v, enumerable: true });
  }
  static get defaults(): FieldOptions { return { required: false, nullable: false, initial: undefined }; }
  get required() { return !!this.options.required; }
  get nullable() { return !!this.options.nullable; }
  get initial() { return this.options.initial; }
  get label() { return this.options.label ?? ""; }
  get fieldPath(): string { return this.parent?.fieldPath ? `${this.parent.fieldPath}.${this.name}` : this.name; }

  getInitialValue(data?: unknown): unknown {
    const init = this.options.initial;
    return typeof init === "function" ? (init as (d: unknown) => unknown)(data) : deepClone(init);
  }

  clean(value: unknown, options: CleanOptions = {}): unknown {
    if (value === undefined) return options.partial ? undefined : this.getInitialValue(options.source);
    if (value === null) return this.nullable ? null : this.getInitialValue(options.source);
    return this._cleanType(this._cast(value), options);
  }
  protected _cast(value: unknown): unknown { return value; }
  protected _cleanType(value: unknown, _options: CleanOptions): unknown { return value; }

  /** Returns a failure message, or undefined when valid. */
  validate(value: unknown, _options: ValidateOptions = {}): string | undefined {
    if (value === undefined) return this.required ? "is required" : undefined;
    if (value === null) return this.nullable ? undefined : "may not be null";
    const own = this._validateType(value);
    if (own) return own;
    if (this.options.validate) {
      try {
        const r = this.options.validate(value);
        if (r === false) return "failed custom validation";
      } catch (err) {
        return (err as Error).message;
      }
    }
    return undefined;
  }
  protected _validateType(_value: unknown): string | undefined { return undefined; }

  initialize(value: unknown, _model?: unknown): unknown { return value; }
  toObject(value: unknown): unknown { return deepClone(value); }
  protected _choices(): unknown[] | null {
    let c = this.options.choices;
    if (typeof c === "function") c = (c as () => unknown)();
    if (!c) return null;
    return Array.isArray(c) ? c : Object.keys(c as Obj);
  }
}

export class SchemaField extends DataField {
  fields: Record<string, DataField>;
  constructor(fields: Record<string, DataField>, options: FieldOptions = {}) {
    super(options);
    this.fields = fields;
    for (const [name, field] of Object.entries(fields)) {
      field.name = name;
      field.parent = this;
    }
  }
  static override get defaults(): FieldOptions { return { required: true, nullable: false }; }
  override getInitialValue(data?: unknown): unknown {
    if (this.options.initial !== undefined) return super.getInitialValue(data);
    const out: Obj = {};
    for (const [k, f] of Object.entries(this.fields)) out[k] = f.getInitialValue(data);
    return out;
  }
  protected override _cast(value: unknown): unknown { return isPlainObject(value) ? value : {}; }
  protected override _cleanType(value: unknown, options: CleanOptions): unknown {
    const data = value as Obj;
    const out: Obj = {};
    for (const [k, f] of Object.entries(this.fields)) {
      if (options.partial && !(k in data)) continue;
      const v = f.clean(data[k], { ...options, partial: options.partial, source: options.source ?? data });
      if (v !== undefined) out[k] = v;
    }
    // Keys not in the schema are dropped, like Foundry does.
    return out;
  }
  override validate(value: unknown, options: ValidateOptions = {}): string | undefined {
    const base = super.validate(value, options);
    if (base) return base;
    if (value === null || value === undefined) return undefined;
    const failures = this.validateFields(value as Obj, options);
    const keys = Object.keys(failures);
    return keys.length ? keys.map((k) => `${k} ${failures[k]}`).join("; ") : undefined;
  }
  /** Validates each field; with `fallback`, an invalid value is replaced in place by the field's initial value. */
  validateFields(data: Obj, options: ValidateOptions): Record<string, string> {
    const failures: Record<string, string> = {};
    for (const [k, f] of Object.entries(this.fields)) {
      if (options.partial && !(k in data)) continue;
      const failure = f.validate(data[k], options);
      if (!failure) continue;
      if (options.fallback) data[k] = f.getInitialValue(data);
      else failures[k] = failure;
    }
    return failures;
  }
  override initialize(value: unknown, model?: unknown): unknown {
    if (!isPlainObject(value)) return value;
    const out: Obj = {};
    for (const [k, f] of Object.entries(this.fields)) out[k] = f.initialize(deepClone(value[k]), model);
    return out;
  }
  getField(path: string): DataField | undefined {
    const [head, ...rest] = path.split(".");
    const f = this.fields[head];
    if (!rest.length || !f) return f;
    return f instanceof SchemaField ? f.getField(rest.join(".")) : undefined;
  }
}

export class NumberField extends DataField {
  static override get defaults(): FieldOptions { return { required: false, nullable: true, initial: null }; }
  protected override _cast(value: unknown): unknown {
    if (typeof value === "string" && !value.trim()) return this.nullable ? null : NaN;
    return typeof value === "number" ? value : Number(value);
  }
  protected override _cleanType(value: unknown): unknown {
    if (typeof value !== "number" || Number.isNaN(value)) return value;
    return this.options.integer ? Math.round(value) : value;
  }
  override clean(value: unknown, options: CleanOptions = {}): unknown {
    const v = super.clean(value, options);
    return v === null && !this.nullable ? this.getInitialValue(options.source) : v;
  }
  protected override _validateType(value: unknown): string | undefined {
    if (typeof value !== "number" || !Number.isFinite(value)) return "must be a finite number";
    if (this.options.integer && !Number.isInteger(value)) return "must be an integer";
    if (typeof this.options.min === "number" && value < this.options.min) return `must be at least ${this.options.min}`;
    if (typeof this.options.max === "number" && value > this.options.max) return `must be at most ${this.options.max}`;
    if (this.options.positive && value <= 0) return "must be positive";
    const choices = this._choices();
    if (choices && !choices.map(Number).includes(value)) return `${value} is not a valid choice`;
    return undefined;
  }
}

export class StringField extends DataField {
  static override get defaults(): FieldOptions {
    return { required: false, nullable: false, initial: undefined, blank: true, trim: true };
  }
  override getInitialValue(data?: unknown): unknown {
    const v = super.getInitialValue(data);
    if (v !== undefined) return v;
    if (this.required) return this.nullable ? null : this.options.blank ? "" : undefined;
    return this.options.blank ? "" : undefined;
  }
  protected override _cast(value: unknown): unknown { return typeof value === "string" ? value : String(value); }
  protected override _cleanType(value: unknown): unknown {
    return this.options.trim && typeof value === "string" ? value.trim() : value;
  }
  protected override _validateType(value: unknown): string | undefined {
    if (typeof value !== "string") return "must be a string";
    if (!value && this.options.blank === false) return "may not be a blank string";
    const choices = this._choices();
    if (choices && !(value === "" && this.options.blank !== false && !this.required) && !choices.includes(value)) {
      return `${value} is not a valid choice`;
    }
    return undefined;
  }
}

export class HTMLField extends StringField {}
export class FilePathField extends StringField {}

/**
 * A document UUID: "Actor.<id>", embedded "Scene.<id>.Token.<id>.Actor.<id>" or in a compendium
 * "Compendium.<package>.<pack>.Actor.<id>"; with the `type` option the document it names must be of that type.
 */
export class DocumentUUIDField extends StringField {
  static override get defaults(): FieldOptions { return { ...super.defaults, nullable: true, initial: null, blank: false }; }
  protected override _validateType(value: unknown): string | undefined {
    if (typeof value !== "string") return "must be a valid document UUID";
    let parts = value.split(".");
    if (parts[0] === "Compendium") {
      if (parts.length < 5 || !/^[\w-]+$/.test(parts[1]) || !/^[\w-]+$/.test(parts[2])) return "must be a valid document UUID";
      parts = parts.slice(3);
    }
    if (parts.length < 2 || parts.length % 2) return "must be a valid document UUID";
    for (let i = 0; i < parts.length; i += 2) {
      if (!/^[A-Z][A-Za-z]*$/.test(parts[i]) || !/^[A-Za-z0-9]{16}$/.test(parts[i + 1])) return "must be a valid document UUID";
    }
    const type = this.options.type;
    if (typeof type === "string" && parts.at(-2) !== type) return `must be the UUID of a ${type} document`;
    return undefined;
  }
}

export class BooleanField extends DataField {
  static override get defaults(): FieldOptions { return { required: true, nullable: false, initial: false }; }
  protected override _cast(value: unknown): unknown {
    if (typeof value === "string") return value === "true";
    if (typeof value === "object") return false;
    return Boolean(value);
  }
  protected override _validateType(value: unknown): string | undefined {
    return typeof value === "boolean" ? undefined : "must be a boolean";
  }
}

export class ObjectField extends DataField {
  static override get defaults(): FieldOptions { return { required: true, nullable: false, initial: () => ({}) }; }
  protected override _cast(value: unknown): unknown { return isPlainObject(value) ? value : {}; }
  protected override _validateType(value: unknown): string | undefined {
    return isPlainObject(value) ? undefined : "must be an object";
  }
}

export class ArrayField extends DataField {
  element: DataField;
  constructor(element: DataField, options: FieldOptions = {}) {
    super(options);
    this.element = element;
    element.parent = this;
  }
  static override get defaults(): FieldOptions { return { required: true, nullable: false, initial: () => [] }; }
  protected override _cast(value: unknown): unknown {
    if (value instanceof Set) return [...value];
    return Array.isArray(value) ? value : [value];
  }
  protected override _cleanType(value: unknown, options: CleanOptions): unknown {
    return (value as unknown[]).map((v) => this.element.clean(v, { ...options, partial: false }));
  }
  protected override _validateType(value: unknown): string | undefined {
    if (!Array.isArray(value)) return "must be an array";
    for (const [i, v] of value.entries()) {
      const f = this.element.validate(v);
      if (f) return `element ${i} ${f}`;
    }
    return undefined;
  }
  override initialize(value: unknown, model?: unknown): unknown {
    return Array.isArray(value) ? value.map((v) => this.element.initialize(v, model)) : value;
  }
}

export class SetField extends ArrayField {
  override initialize(value: unknown, model?: unknown): unknown {
    return new Set(super.initialize(value, model) as unknown[]);
  }
  override toObject(value: unknown): unknown { return value instanceof Set ? [...value] : deepClone(value); }
}

/** A field holding another data model (`system` of a document uses TypeDataField below). */
export class EmbeddedDataField extends SchemaField {
  model: { schema: SchemaField };
  constructor(model: { schema: SchemaField; defineSchema(): Record<string, DataField> }, options: FieldOptions = {}) {
    super(model.defineSchema(), options);
    this.model = model;
  }
}

export const fields = {
  DataField,
  SchemaField,
  NumberField,
  StringField,
  HTMLField,
  FilePathField,
  DocumentUUIDField,
  BooleanField,
  ObjectField,
  ArrayField,
  SetField,
  EmbeddedDataField,
};
