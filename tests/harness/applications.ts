// Minimal stand-ins for ApplicationV2, HandlebarsApplicationMixin, the v13 document sheets and
// DialogV2: enough to construct the system's sheets, prepare their context and render their parts to
// HTML with the real templates. No DOM: `render` returns the HTML of each part.
import { renderTemplate } from "./handlebars";
import { mergeObject, type Obj } from "./utils";

type Ctor<T = object> = new (...args: any[]) => T; // eslint-disable-line @typescript-eslint/no-explicit-any

function collectDefaults(cls: { DEFAULT_OPTIONS?: Obj } & object): Obj {
  const chain: Obj[] = [];
  for (let c: unknown = cls; c && c !== Function.prototype; c = Object.getPrototypeOf(c)) {
    if (Object.prototype.hasOwnProperty.call(c, "DEFAULT_OPTIONS")) chain.unshift((c as { DEFAULT_OPTIONS: Obj }).DEFAULT_OPTIONS);
  }
  // Like Foundry, `classes` accumulate along the inheritance chain; everything else merges.
  const classes = [...new Set(chain.flatMap((o) => (o.classes as string[] | undefined) ?? []))];
  return { ...chain.reduce<Obj>((acc, o) => mergeObject(acc, o), {}), classes };
}

interface TabsConfig { tabs: { id: string; icon?: string; label?: string }[]; initial?: string; labelPrefix?: string }

export class ApplicationV2 {
  static DEFAULT_OPTIONS: Obj = { id: "app-{id}", classes: [], tag: "div", window: { title: "", frame: true }, actions: {}, form: {}, position: {} };
  static TABS: Record<string, TabsConfig> = {};
  options: Obj;
  rendered = false;
  renderCount = 0;
  lastRender: Record<string, string> = {};
  /** The active tab of each group, kept on the application instance (so per client) across renders. */
  tabGroups: Record<string, string> = {};
  constructor(options: Obj = {}) {
    this.options = mergeObject(collectDefaults(this.constructor as never), options);
    for (const [group, cfg] of Object.entries((this.constructor as typeof ApplicationV2).TABS)) this.tabGroups[group] = cfg.initial ?? cfg.tabs[0]?.id;
  }
  /** Like v13: one entry per configured tab, with the active one marked. */
  _prepareTabs(group: string): Record<string, { id: string; group: string; icon?: string; label: string; active: boolean; cssClass: string }> {
    const cfg = (this.constructor as typeof ApplicationV2).TABS[group];
    if (!cfg) return {};
    const active = this.tabGroups[group] ?? cfg.initial;
    return Object.fromEntries(
      cfg.tabs.map((t) => [t.id, { id: t.id, group, icon: t.icon, label: t.label ?? (cfg.labelPrefix ? `${cfg.labelPrefix}.${t.id}` : t.id), active: t.id === active, cssClass: t.id === active ? "active" : "" }]),
    );
  }
  changeTab(tab: string, group: string): void { this.tabGroups[group] = tab; }
  _configureRenderOptions(options: Obj): void {
    options.parts ??= Object.keys((this.constructor as unknown as { PARTS?: Obj }).PARTS ?? {});
  }
  _configureRenderParts(_options: Obj): Record<string, { template: string }> {
    return { ...((this.constructor as unknown as { PARTS?: Record<string, { template: string }> }).PARTS ?? {}) };
  }
  get title(): string { return String((this.options.window as Obj)?.title ?? ""); }
  async _prepareContext(_options: Obj): Promise<Obj> { return {}; }
  async _preparePartContext(_partId: string, context: Obj, _options: Obj): Promise<Obj> { return context; }
  async render(options: Obj | boolean = {}): Promise<this> {
    const opts: Obj = typeof options === "boolean" ? { force: options } : { ...options };
    opts.isFirstRender = !this.rendered;
    this._configureRenderOptions(opts);
    const context = await this._prepareContext(opts);
    this.lastRender = await this._renderHTML(context, opts);
    this.rendered = true;
    this.renderCount += 1;
    return this;
  }
  async _renderHTML(_context: Obj, _options: Obj): Promise<Record<string, string>> { return {}; }
  async close(): Promise<this> {
    this.rendered = false;
    return this;
  }
}

export function HandlebarsApplicationMixin<T extends Ctor<ApplicationV2>>(Base: T) {
  return class HandlebarsApplication extends Base {
    static PARTS: Record<string, { template: string; templates?: string[]; scrollable?: string[] }> = {};
    override async _renderHTML(context: Obj, options: Obj): Promise<Record<string, string>> {
      const parts = this._configureRenderParts(options);
      const out: Record<string, string> = {};
      for (const [id, part] of Object.entries(parts)) {
        const partContext = await this._preparePartContext(id, { ...context }, options);
        out[id] = await renderTemplate(part.template, partContext);
      }
      return out;
    }
  };
}

export class DocumentSheetV2 extends ApplicationV2 {
  static override DEFAULT_OPTIONS: Obj = { sheetConfig: true, form: { submitOnChange: false, closeOnSubmit: false } };
  get document(): Obj { return this.options.document as Obj; }
  get isEditable(): boolean {
    const doc = this.document as { isOwner?: boolean; pack?: string | null };
    return Boolean(doc?.isOwner) && !doc?.pack;
  }
  override async _prepareContext(options: Obj): Promise<Obj> {
    const ctx = await super._prepareContext(options);
    const doc = this.document as { system?: unknown };
    return { ...ctx, document: doc, source: (doc as { _source?: unknown })._source, fields: (doc as { schema?: { fields?: unknown } }).schema?.fields, editable: this.isEditable, user: (globalThis as unknown as { game: { user: unknown } }).game.user, rootId: "sheet" };
  }
}
export class ActorSheetV2 extends DocumentSheetV2 {
  get actor(): Obj { return this.document; }
}
export class ItemSheetV2 extends DocumentSheetV2 {
  get item(): Obj { return this.document; }
}

export class DialogV2 extends ApplicationV2 {
  static prompts: Obj[] = [];
  /** Tests answer dialogs up front: DialogV2.answers.push(value). */
  static answers: unknown[] = [];
  static async wait(config: Obj): Promise<unknown> {
    this.prompts.push(config);
    return this.answers.shift() ?? null;
  }
  static async confirm(config: Obj): Promise<unknown> { return this.wait(config); }
  static async input(config: Obj): Promise<unknown> { return this.wait(config); }
  static async prompt(config: Obj): Promise<unknown> { return this.wait(config); }
}

export const sheetRegistry: { documentClass: unknown; scope: string; sheetClass: unknown; options: Obj }[] = [];
export const DocumentSheetConfig = {
  registerSheet(documentClass: unknown, scope: string, sheetClass: unknown, options: Obj = {}) {
    sheetRegistry.push({ documentClass, scope, sheetClass, options });
  },
  unregisterSheet(documentClass: unknown, scope: string, sheetClass?: unknown) {
    for (let i = sheetRegistry.length - 1; i >= 0; i--) {
      const s = sheetRegistry[i];
      if (s.documentClass === documentClass && s.scope === scope && (!sheetClass || s.sheetClass === sheetClass)) sheetRegistry.splice(i, 1);
    }
  },
};

/** foundry.applications.ux.TextEditor: enrichment returns the text as is (no links to resolve here). */
export const TextEditor = {
  implementation: {
    async enrichHTML(content: string, _options: Obj = {}): Promise<string> {
      return content ?? "";
    },
  },
};
