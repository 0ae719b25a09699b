// Minimal stand-ins for ApplicationV2, HandlebarsApplicationMixin, the v13 document sheets and
// DialogV2: enough to construct the system's sheets, prepare their context and render their parts to
// HTML with the real templates. No DOM: `render` returns the HTML of each part; what a user does on a
// rendered sheet (drag a row, drop onto it, type into its form) reads that HTML with node-html-parser
// and goes through the same steps as v13 core, so what does not work in Foundry does not work here.
import { parse, type HTMLElement as ParsedNode } from "node-html-parser";
import { renderTemplate } from "./handlebars";
import { deepClone, expandObject, mergeObject, type Obj } from "./utils";

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
  /** Each part's HTML as last rendered; once the element exists, what its DOM holds now (a tab's class moved, say). */
  get lastRender(): Record<string, string> {
    const element = this.#element;
    if (!element || this.#elementStale) return this.#html;
    return Object.fromEntries(Object.entries(this.#html).map(([id, html]) => [id, element.node.querySelector(`[data-application-part="${id}"]`)?.outerHTML ?? html]));
  }
  /** Replaces the parts' HTML, as a test that breaks a rendered row on purpose does; the element follows. */
  set lastRender(parts: Record<string, string>) {
    this.#html = { ...parts };
    this.#elementStale = true;
  }
  #html: Record<string, string> = {};
  /** The active tab of each group, kept on the application instance (so per client) across renders. */
  tabGroups: Record<string, string> = {};
  constructor(options: Obj = {}) {
    this.options = mergeObject(collectDefaults(this.constructor as never), options);
  }
  /** Like v13: one entry per configured tab, with the active one marked; the group starts on its `initial` tab when first prepared. */
  _prepareTabs(group: string): Record<string, { id: string; group: string; icon?: string; label: string; active: boolean; cssClass: string }> {
    const cfg = (this.constructor as typeof ApplicationV2).TABS[group];
    if (!cfg) return {};
    const active = (this.tabGroups[group] ??= cfg.initial ?? cfg.tabs[0]?.id);
    return Object.fromEntries(
      cfg.tabs.map((t) => [t.id, { id: t.id, group, icon: t.icon, label: t.label ?? (cfg.labelPrefix ? `${cfg.labelPrefix}.${t.id}` : t.id), active: t.id === active, cssClass: t.id === active ? "active" : "" }]),
    );
  }
  /**
   * Like v13: the group's active tab, and the `active` class moved on its nav links and panels. v13 reads the element
   * for that, so on an application that was closed (no element) it throws, as a browser's console shows (issue 24).
   * (Before the first render the stand-in only notes the tab, as the tests choose a sheet's first tab so.)
   */
  changeTab(tab: string, group: string, _options: Obj = {}): void {
    if (!this.rendered && this.#closes > 0) throw new TypeError("Cannot read properties of null (reading 'querySelectorAll')");
    this.tabGroups[group] = tab;
    const element = this.element;
    if (!element) return;
    for (const el of element.querySelectorAll(`[data-group="${group}"][data-tab]`)) el.classList.toggle("active", el.dataset.tab === tab);
  }
  /** Like v13: the first render renders every part; a later one the parts it names (`render({ parts })`), else all. */
  _configureRenderOptions(options: Obj): void {
    const all = Object.keys(this._configureRenderParts(options));
    options.parts = options.isFirstRender || !Array.isArray(options.parts) ? all : (options.parts as string[]).filter((p) => all.includes(p));
  }
  _configureRenderParts(_options: Obj): Record<string, { template: string }> {
    return { ...((this.constructor as unknown as { PARTS?: Record<string, { template: string }> }).PARTS ?? {}) };
  }
  get title(): string { return String((this.options.window as Obj)?.title ?? ""); }
  async _prepareContext(_options: Obj): Promise<Obj> { return {}; }
  async _preparePartContext(_partId: string, context: Obj, _options: Obj): Promise<Obj> { return context; }
  /** Like v13's `window`: the frame's header, title and close button, once the frame is rendered. */
  window: { header: RenderedElement; title: RenderedElement; close: RenderedElement } | null = null;
  /**
   * v13: the window frame, rendered once before the first content (unless `window.frame` is false): a header with
   * the title and the close button, which a subclass may add header controls to.
   */
  async _renderFrame(_options: Obj): Promise<RenderedElement> {
    const title = String((this.options.window as Obj)?.title ?? this.title).replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
    const frame = new RenderedElement(parse(`<div class="application"><header class="window-header"><h1 class="window-title">${title}</h1><button type="button" class="header-control icon fa-solid fa-xmark" data-action="close" aria-label="Close"></button></header><section class="window-content"></section></div>`).firstElementChild!);
    this.window = { header: frame.querySelector(".window-header")!, title: frame.querySelector(".window-title")!, close: frame.querySelector('[data-action="close"]')! };
    return frame;
  }
  /** Renders under way, so a test can wait for one the application started itself (a tab drawn when shown). */
  readonly rendering = new Set<Promise<unknown>>();
  render(options: Obj | boolean = {}): Promise<this> {
    const run = this.#render(options);
    this.rendering.add(run);
    const done = () => this.rendering.delete(run);
    run.then(done, done);
    return run;
  }
  async #render(options: Obj | boolean): Promise<this> {
    const opts: Obj = typeof options === "boolean" ? { force: options } : { ...options };
    // Like v13: a render that is not forced leaves a closed application closed. (One never rendered still opens, as
    // the tests open their sheets so.)
    if (!this.rendered && this.#closes > 0 && !opts.force) return this;
    opts.isFirstRender = !this.rendered;
    const closes = this.#closes;
    this._configureRenderOptions(opts);
    if (opts.isFirstRender && (this.options.window as Obj | undefined)?.frame !== false) await this._renderFrame(opts);
    const context = await this._prepareContext(opts);
    const rendered = await this._renderHTML(context, opts);
    // Closed while it was being prepared: nothing is placed, the application stays closed.
    if (this.#closes !== closes) return this;
    this.#placeParts(rendered, opts);
    this.rendered = true;
    this.renderCount += 1;
    // Like v13: after the HTML is in place, _onFirstRender once (listeners on the element itself), then _onRender every time.
    if (opts.isFirstRender) await this._onFirstRender(context, opts);
    await this._onRender(context, opts);
    return this;
  }
  async _renderHTML(_context: Obj, _options: Obj): Promise<Record<string, string>> { return {}; }

  /**
   * Like v13's _replaceHTML: each rendered part replaces its element (found by data-application-part); parts this
   * render left out keep theirs, with whatever was done to them since (a tab's `active` class). A first render, or a
   * render of every part, lays them out anew in the configured order.
   */
  #placeParts(rendered: Record<string, string>, opts: Obj): void {
    const marked = Object.fromEntries(Object.entries(rendered).map(([id, html]) => [id, html.replace(/^(\s*<[\w-]+)/, `$1 data-application-part="${id}"`)]));
    const order = Object.keys(this._configureRenderParts(opts));
    const partial = !opts.isFirstRender && order.some((id) => !(id in marked) && id in this.#html);
    if (!partial || !this.#element || this.#elementStale) {
      const prior = this.lastRender;
      this.#html = Object.fromEntries(order.flatMap((id) => (id in marked ? [[id, marked[id]]] : id in prior ? [[id, prior[id]]] : [])));
      this.#elementStale = true;
      return;
    }
    for (const [id, html] of Object.entries(marked)) {
      const prior = this.#element.node.querySelector(`[data-application-part="${id}"]`);
      if (prior) prior.replaceWith(parse(html).firstElementChild ?? html);
      else this.#element.node.appendChild(parse(html).firstElementChild!);
      this.#html[id] = html;
    }
  }
  async _onFirstRender(_context: Obj, _options: Obj): Promise<void> {}
  async _onRender(_context: Obj, _options: Obj): Promise<void> {}
  /** How often the application was closed (a render under way when it closes places nothing). */
  #closes = 0;
  async close(): Promise<this> {
    this.#closes += 1;
    this.rendered = false;
    this.#element = null;
    this.#menus = [];
    return this;
  }

  #element: RenderedElement | null = null;
  #elementStale = true;
  /**
   * Like v13's `element`: one element for the application's life, whose parts each render replaces (so listeners on
   * the element survive a render, listeners on what is inside it do not). Parsed when first read after a render.
   */
  get element(): RenderedElement | null {
    if (!this.rendered) return null;
    if (this.#elementStale) {
      const html = Object.values(this.#html).join("\n");
      if (this.#element) this.#element.node.set_content(html);
      else {
        this.#element = renderedElement(this);
        for (const menu of this.#menus) menu.bind(this.#element);
      }
      this.#elementStale = false;
    }
    return this.#element;
  }

  /**
   * v13's ApplicationV2#_createContextMenu: the entries the handler returns, on a ContextMenu bound to the element
   * (jQuery off). The get…ContextOptions hooks v13 calls for modules are not modelled.
   */
  _createContextMenu(handler: () => ContextMenuEntry[], selector: string, { container, hookName: _hookName, parentClassHooks: _parentClassHooks, ...options }: Obj = {}): ContextMenu {
    if (!this.rendered) throw new Error(`${this.constructor.name}: a context menu needs the rendered element`);
    if (container) return new ContextMenu(container as RenderedElement, selector, handler.call(this), { jQuery: false, ...options });
    // On the application's element, which lives as long as the application. The stand-in builds that element from the
    // HTML only when something reads it, so the menu's listener is added then (a DOM would have it at once, at no cost).
    const menu = new ContextMenu(null, selector, handler.call(this), { jQuery: false, ...options });
    this.#menus.push(menu);
    if (this.#element) menu.bind(this.#element);
    return menu;
  }
  #menus: ContextMenu[] = [];

  /**
   * Like v13: a submit (or, with submitOnChange, a change) reads the whole form into FormDataExtended and
   * calls the form's handler; an error thrown there reaches the user as an error notification and the
   * form stays open.
   */
  async _onSubmitForm(formConfig: Obj, event: StandInEvent): Promise<void> {
    const form = event.currentTarget;
    const formData = new FormDataExtended(form);
    const handler = formConfig.handler as ((...a: unknown[]) => Promise<unknown>) | undefined;
    if (typeof handler === "function") {
      try {
        await handler.call(this, event, form, formData);
      } catch (err) {
        const g = globalThis as unknown as { ui: { notifications: { error: (m: string) => unknown } } };
        g.ui.notifications.error((err as Error).message ?? String(err));
        return;
      }
    }
    if (formConfig.closeOnSubmit) await this.close();
  }

  /** ApplicationV2#submit: submits the rendered form as it stands, with `updateData` merged in by the handler. */
  async submit(submitOptions: Obj = {}): Promise<void> {
    const handler = (this.options.form as Obj | undefined)?.handler as ((...a: unknown[]) => Promise<unknown>) | undefined;
    if (typeof handler !== "function") throw new Error(`${this.constructor.name} has no form handler to submit`);
    const form = renderedElement(this);
    await handler.call(this, standInEvent("submit", form, form), form, new FormDataExtended(form), submitOptions);
  }
}

export function HandlebarsApplicationMixin<T extends Ctor<ApplicationV2>>(Base: T) {
  return class HandlebarsApplication extends Base {
    static PARTS: Record<string, { template: string; templates?: string[]; scrollable?: string[] }> = {};
    override async _renderHTML(context: Obj, options: Obj): Promise<Record<string, string>> {
      const parts = this._configureRenderParts(options);
      const out: Record<string, string> = {};
      for (const [id, part] of Object.entries(parts)) {
        if (Array.isArray(options.parts) && !options.parts.includes(id)) continue;
        const partContext = await this._preparePartContext(id, { ...context }, options);
        out[id] = await renderTemplate(part.template, partContext);
      }
      return out;
    }
  };
}

export class DocumentSheetV2 extends ApplicationV2 {
  static override DEFAULT_OPTIONS: Obj = {
    tag: "form",
    sheetConfig: true,
    form: { handler: DocumentSheetV2.#onSubmitDocumentForm, submitOnChange: false, closeOnSubmit: false },
  };
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

  /** v13's submit steps for a document: process the form data → prepare the submit data (which validates) → update. */
  static async #onSubmitDocumentForm(this: DocumentSheetV2, event: StandInEvent, form: RenderedElement, formData: FormDataExtended, options: Obj = {}): Promise<void> {
    if (!this.isEditable) return;
    const { updateData, ...updateOptions } = options;
    const submitData = this._prepareSubmitData(event, form, formData, updateData as Obj | undefined);
    await this._processSubmitData(event, form, submitData, updateOptions);
  }
  _processFormData(_event: StandInEvent | null, _form: RenderedElement, formData: FormDataExtended): Obj {
    return expandObject(formData.object);
  }
  /** Merges `updateData` and validates the result strictly, as Document#validate({ changes, clean: true, fallback: false }) does: an invalid value throws and nothing is sent. */
  _prepareSubmitData(event: StandInEvent | null, form: RenderedElement, formData: FormDataExtended, updateData?: Obj): Obj {
    const submitData = this._processFormData(event, form, formData);
    if (updateData) mergeObject(submitData, updateData, { performDeletions: true });
    validateChanges(this.document, submitData);
    return submitData;
  }
  async _processSubmitData(_event: StandInEvent | null, _form: RenderedElement, submitData: Obj, options: Obj = {}): Promise<void> {
    await (this.document as unknown as { update: (c: Obj, o: Obj) => Promise<unknown> }).update(submitData, options);
  }
}

/** Validates `changes` on a throw-away copy of the document (clean, then validate strictly, no migration), like v13's Document#validate. */
function validateChanges(document: Obj, changes: Obj): void {
  const clone = Object.create(Object.getPrototypeOf(document)) as { updateSource: (c: Obj) => unknown } & Obj;
  Object.defineProperty(clone, "parent", { value: document.parent });
  Object.defineProperty(clone, "_source", { value: deepClone(document._source), writable: true });
  clone.collectionsByName = document.collectionsByName;
  clone.updateSource(deepClone(changes));
}

type AnyDocument = Obj & { id: string; uuid: string; documentName: string; parent: AnyDocument | null; sort?: number; isOwner: boolean; toObject(): Obj };
type DocCollection = { get(id: string): AnyDocument | undefined; has(id: string): boolean };
interface SheetActor { uuid: string; isOwner: boolean; items: DocCollection; effects: DocCollection; updateEmbeddedDocuments(name: string, updates: Obj[]): Promise<unknown>; createEmbeddedDocuments(name: string, data: Obj[]): Promise<unknown[]> }

/** v13 core binds one DragDrop to every ActorSheetV2 with this drag selector (and no drop selector: the whole sheet). */
export const CORE_DRAG_SELECTOR = ".draggable";

/** Core's Document#toDragData for a stored document; the stand-in's documents do not have the method themselves. */
function toDragData(document: AnyDocument): Obj {
  const own = (document as { toDragData?: () => Obj }).toDragData;
  return typeof own === "function" ? own.call(document) : { type: document.documentName, uuid: document.uuid };
}

export class ActorSheetV2 extends DocumentSheetV2 {
  get actor(): Obj { return this.document; }
  private get sheetActor(): SheetActor { return this.document as unknown as SheetActor; }

  // Drag and drop, as v13 core's ActorSheetV2 does it ---------------------------------------------------
  /** Core lets the user drag from, and drop onto, a sheet they may edit. */
  _canDragStart(_selector: string | null): boolean { return this.isEditable; }
  _canDragDrop(_selector: string | null): boolean { return this.isEditable; }

  /** Core reads the id from the dragged element itself (the one matching the drag selector), not from its ancestors. */
  async _onDragStart(event: StandInEvent): Promise<void> {
    const target = event.currentTarget;
    if ("link" in event.target.dataset) return;
    let dragData: Obj | undefined;
    if (target.dataset.itemId) {
      const item = this.sheetActor.items.get(target.dataset.itemId);
      if (item) dragData = toDragData(item);
    }
    if (target.dataset.effectId) {
      const effect = this.sheetActor.effects.get(target.dataset.effectId);
      if (effect) dragData = toDragData(effect);
    }
    if (!dragData) return;
    event.dataTransfer.setData("text/plain", JSON.stringify(dragData));
  }

  /** Reads the drag data, lets the dropActorSheetData hook refuse it, resolves the document from its uuid and hands it on. */
  async _onDrop(event: StandInEvent): Promise<unknown> {
    const data = TextEditor.implementation.getDragEventData(event);
    const g = globalThis as unknown as { Hooks: { call: (...a: unknown[]) => boolean }; CONFIG: Record<string, { documentClass?: { documentName: string } } | undefined> };
    if (g.Hooks.call("dropActorSheetData", this.actor, this, data) === false) return null;
    const documentClass = g.CONFIG[String(data.type)]?.documentClass;
    if (!documentClass) return null;
    const document = await fromDropData(documentClass.documentName, data);
    if (!document) return null;
    return this._onDropDocument(event, document);
  }

  async _onDropDocument(event: StandInEvent, document: AnyDocument): Promise<unknown> {
    switch (document.documentName) {
      case "Item": return (await this._onDropItem(event, document)) ?? null;
      case "ActiveEffect": return (await this._onDropActiveEffect(event, document)) ?? null;
      case "Actor": return (await this._onDropActor(event, document)) ?? null;
      default: return null;
    }
  }

  /** Core's default: sort within the same actor, otherwise create a copy here. */
  async _onDropItem(event: StandInEvent, item: AnyDocument): Promise<unknown> {
    const actor = this.sheetActor;
    if (!actor.isOwner) return null;
    if (actor.uuid === item.parent?.uuid) return this._onSortItem(event, item);
    const data = item.toObject();
    if (actor.items.has(item.id)) delete data._id;
    const [created] = await actor.createEmbeddedDocuments("Item", [data]);
    return created ?? null;
  }

  async _onDropActiveEffect(_event: StandInEvent, effect: AnyDocument): Promise<unknown> {
    const actor = this.sheetActor;
    if (!actor.isOwner || effect.parent?.uuid === actor.uuid) return null;
    const data = effect.toObject();
    if (actor.effects.has(effect.id)) delete data._id;
    const [created] = await actor.createEmbeddedDocuments("ActiveEffect", [data]);
    return created ?? null;
  }

  async _onDropActor(_event: StandInEvent, _actor: AnyDocument): Promise<unknown> { return null; }

  /** Core's sort: the drop target is the closest row with an item id; its siblings in the list are re-sorted in one update. */
  async _onSortItem(event: StandInEvent, item: AnyDocument): Promise<unknown> {
    const items = this.sheetActor.items;
    const source = items.get(item.id);
    const dropTarget = event.target.closest("[data-item-id]");
    if (!source || !dropTarget) return null;
    const target = items.get(dropTarget.dataset.itemId ?? "");
    if (!target || target.id === source.id) return null;
    const siblings = (dropTarget.parentElement?.children ?? [])
      .map((el) => el.dataset.itemId)
      .filter((id): id is string => !!id && id !== source.id)
      .map((id) => items.get(id))
      .filter((d): d is AnyDocument => !!d);
    return this.sheetActor.updateEmbeddedDocuments("Item", integerSort(source, target, siblings));
  }
}

/** SortingHelpers.performIntegerSort, simplified: `source` goes before `target` when dragged upwards, else after it. */
function integerSort(source: AnyDocument, target: AnyDocument, siblings: AnyDocument[]): Obj[] {
  const DENSITY = 100000;
  const ordered = [...siblings].sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0));
  const before = (source.sort ?? 0) > (target.sort ?? 0);
  const at = ordered.indexOf(target);
  ordered.splice(before ? at : at + 1, 0, source);
  return ordered.map((d, i) => ({ _id: d.id, sort: (i + 1) * DENSITY })).filter((u, i) => ordered[i].sort !== u.sort);
}

/** Document.fromDropData for drag data that names a stored document: fromUuid, and the type must match. */
async function fromDropData(documentName: string, data: Obj): Promise<AnyDocument | null> {
  if (typeof data.uuid !== "string") return null;
  const found = (await (globalThis as unknown as { fromUuid: (u: string) => Promise<unknown> }).fromUuid(data.uuid)) as AnyDocument | null;
  if (found && found.documentName !== documentName) throw new Error(`Invalid ${documentName} drag data: ${data.uuid} is a ${found.documentName}`);
  return found;
}

export class ItemSheetV2 extends DocumentSheetV2 {
  get item(): Obj { return this.document; }
}

/** v13's foundry.applications.instances: the open applications by id (here: the open dialogs that have one). */
export const openApplications = new Map<string, { close(): Promise<void> }>();

export class DialogV2 extends ApplicationV2 {
  static prompts: Obj[] = [];
  /** Tests answer dialogs up front: DialogV2.answers.push(value) (a promise: answered when it resolves). */
  static answers: unknown[] = [];
  /**
   * Whether a dialog with no answer queued stays open until a test answers or closes it (v13: a dialog waits for
   * its user, who may answer late or never; audit SD4, issue 33). Off: it answers null at once, as before.
   */
  static stayOpen = false;
  /** The dialogs open now, with how a test answers each (as its user would, late). */
  static open = new Map<Obj, (value: unknown) => void>();
  /**
   * The test's answer; a dialog with an id stays open (in foundry.applications.instances) until it is answered or
   * closed, and closed it answers null, as v13's DialogV2.wait does with rejectClose false. Like v13's instances,
   * the id is a key: a second dialog under the same id takes the first one's place there.
   */
  static async wait(config: Obj): Promise<unknown> {
    this.prompts.push(config);
    const queued = this.answers.length ? this.answers.shift() : undefined;
    const later = new Promise<unknown>((resolve) => this.open.set(config, resolve));
    const answer = queued !== undefined || !this.stayOpen ? Promise.resolve(queued ?? null) : later;
    const id = typeof config.id === "string" ? config.id : null;
    const closed = id ? new Promise<null>((resolve) => openApplications.set(id, { close: async () => resolve(null) })) : new Promise<never>(() => undefined);
    try {
      return await Promise.race([answer, closed]);
    } finally {
      this.open.delete(config);
      if (id) openApplications.delete(id);
    }
  }
  /** A test answers the open dialog whose id (or title) is `key`, as its user would. */
  static answerOpen(key: string, value: unknown): void {
    const entry = [...this.open].find(([config]) => config.id === key || (config.window as Obj | undefined)?.title === key);
    if (!entry) throw new Error(`no open dialog "${key}"`);
    entry[1](value);
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

/**
 * foundry.applications.ux.TextEditor: enrichment returns the text as is (no links to resolve here), except that
 * `secrets: false` drops the secret blocks, as the option does in v13.
 */
export const TextEditor = {
  implementation: {
    async enrichHTML(content: string, options: Obj = {}): Promise<string> {
      const text = content ?? "";
      return options.secrets === false ? text.replace(/<section[^>]*class="[^"]*\bsecret\b[^"]*"[^>]*>[\s\S]*?<\/section>/g, "") : text;
    },
    /** The JSON a drag start put on the DataTransfer as text/plain; {} when there is none. */
    getDragEventData(event: { dataTransfer: { getData(type: string): string } | null }): Obj {
      try {
        const parsed = JSON.parse(event.dataTransfer?.getData("text/plain") || "{}") as unknown;
        return parsed && typeof parsed === "object" ? (parsed as Obj) : {};
      } catch {
        return {};
      }
    },
  },
};

// What a user does on a rendered application ---------------------------------------------------------

/** Waits for every render the application has under way, including those it started itself. */
export async function renderSettled(app: ApplicationV2): Promise<void> {
  while (app.rendering.size) await Promise.allSettled([...app.rendering]);
}

/** A user's click on a tab of the sheet: core's changeTab, then whatever render the sheet starts for it. */
export async function showTab(app: ApplicationV2, tab: string, group = "primary"): Promise<void> {
  app.changeTab(tab, group);
  await renderSettled(app);
}

/** An element of an application's rendered HTML with the DOM members that sheets and core's handlers read. */
export class RenderedElement {
  constructor(readonly node: ParsedNode) {}
  get tagName(): string { return this.node.tagName; }
  /** data-item-id → dataset.itemId, as the DOM does. */
  get dataset(): Record<string, string | undefined> {
    const out: Record<string, string> = {};
    for (const [name, value] of Object.entries(this.node.attributes)) {
      if (name.startsWith("data-")) out[name.slice(5).replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())] = value;
    }
    return out;
  }
  getAttribute(name: string): string | null { return this.node.getAttribute(name) ?? null; }
  setAttribute(name: string, value: string): void { this.node.setAttribute(name, value); }
  hasAttribute(name: string): boolean { return this.node.hasAttribute(name); }
  get classList(): { contains(c: string): boolean; toggle(c: string, force?: boolean): boolean } {
    const list = this.node.classList;
    return {
      contains: (c) => list.contains(c),
      toggle: (c, force = !list.contains(c)) => {
        if (force) list.add(c);
        else list.remove(c);
        return force;
      },
    };
  }
  matches(selector: string): boolean { return this.node.matches(selector); }
  closest(selector: string): RenderedElement | null {
    const found = this.node.closest(selector);
    return found ? new RenderedElement(found) : null;
  }
  get parentElement(): RenderedElement | null {
    const parent = this.node.parentNode;
    return parent?.tagName ? new RenderedElement(parent) : null;
  }
  get children(): RenderedElement[] { return this.node.children.map((c) => new RenderedElement(c)); }
  querySelector(selector: string): RenderedElement | null {
    const found = this.node.querySelector(selector);
    return found ? new RenderedElement(found) : null;
  }
  querySelectorAll(selector: string): RenderedElement[] { return this.node.querySelectorAll(selector).map((n) => new RenderedElement(n)); }
  /** Disabled itself or inside a disabled fieldset: the browser leaves it out of the form data. */
  get disabled(): boolean { return this.node.hasAttribute("disabled") || !!this.node.closest("fieldset[disabled]"); }
  /** A button the card's handler disables while its click runs: the attribute, as in the DOM. */
  set disabled(value: boolean) {
    if (value) this.node.setAttribute("disabled", "");
    else this.node.removeAttribute("disabled");
  }
  /** `hidden` reflects the attribute, as in the DOM. */
  get hidden(): boolean { return this.node.hasAttribute("hidden"); }
  set hidden(value: boolean) {
    if (value) this.node.setAttribute("hidden", "");
    else this.node.removeAttribute("hidden");
  }
  /** An input's current value (kept in its value attribute here). */
  get value(): string { return this.node.getAttribute("value") ?? ""; }
  set value(value: string) { this.node.setAttribute("value", String(value)); }
  get textContent(): string { return this.node.text; }
  set textContent(text: string) { this.node.set_content(text.replace(/&/g, "&amp;").replace(/</g, "&lt;")); }
  /** A checkbox's or radio's state (kept in its checked attribute here). */
  get checked(): boolean { return this.node.hasAttribute("checked"); }
  set checked(value: boolean) {
    if (value) this.node.setAttribute("checked", "");
    else this.node.removeAttribute("checked");
  }
  /** The element's own markup, as the DOM's outerHTML. */
  get outerHTML(): string { return this.node.toString(); }
  insertAdjacentHTML(position: "beforebegin" | "afterend" | "afterbegin" | "beforeend", html: string): void { this.node.insertAdjacentHTML(position, html); }
  /** Moves `element` (not a copy) next to this one, as the DOM's insertAdjacentElement does. */
  insertAdjacentElement(position: "beforebegin" | "afterend", element: RenderedElement): RenderedElement {
    const parent = this.node.parentNode;
    element.node.remove();
    const at = parent.childNodes.indexOf(this.node);
    parent.childNodes.splice(position === "afterend" ? at + 1 : at, 0, element.node);
    element.node.parentNode = parent;
    return element;
  }
  remove(): void { this.node.remove(); }
  addEventListener(type: string, listener: Listener): void {
    let byType = listenersOf.get(this.node);
    if (!byType) listenersOf.set(this.node, (byType = new Map()));
    byType.set(type, [...(byType.get(type) ?? []), listener]);
  }
}

// Events on a rendered element ---------------------------------------------------------------------

type Listener = (event: StandInEvent) => unknown;
/** Listeners by node, as the DOM keeps them: a node replaced by a render takes its listeners with it. */
const listenersOf = new WeakMap<ParsedNode, Map<string, Listener[]>>();

/**
 * The user does `type` (input, contextmenu, click, keydown) on `target`: like the DOM, the event bubbles from the
 * target through its ancestors, calling each one's listeners, until one stops it. Listeners' promises are awaited.
 */
export async function dispatch(target: RenderedElement, type: string, init: Modifiers & { key?: string } = {}): Promise<StandInEvent & { defaultPrevented: boolean }> {
  let stopped = false;
  const event = { ...standInEvent(type, target, target, undefined, init), key: init.key ?? "", defaultPrevented: false };
  event.preventDefault = () => { event.defaultPrevented = true; };
  event.stopPropagation = () => { stopped = true; };
  for (let node: ParsedNode | null = target.node; node && !stopped; node = node.parentNode?.tagName ? node.parentNode : null) {
    event.currentTarget = new RenderedElement(node);
    for (const fn of listenersOf.get(node)?.get(type) ?? []) await fn(event);
  }
  return event;
}

/** v13's ContextMenu entry as systems write it (name is an i18n key; icon is HTML). */
export interface ContextMenuEntry {
  name: string;
  icon?: string;
  condition?: boolean | ((target: RenderedElement) => boolean);
  callback: (target: RenderedElement) => unknown;
}

/** What a user sees of an open context menu: the entries' localised names, and a click on one of them. */
export interface OpenContextMenu {
  names: string[];
  choose(name: string): Promise<unknown>;
}
let openedMenu: OpenContextMenu | null = null;

/**
 * foundry.applications.ux.ContextMenu with jQuery off: one listener for `eventName` (contextmenu by default) on the
 * container; an event inside an element matching `selector` opens the menu for that element, showing the entries
 * whose condition holds for it, by their localised names; a chosen entry's callback gets that element.
 */
export class ContextMenu {
  static get implementation() { return ContextMenu; }
  readonly eventName: string;
  constructor(container: RenderedElement | null, readonly selector: string, readonly menuItems: ContextMenuEntry[], readonly options: Obj = {}) {
    this.eventName = String(options.eventName ?? "contextmenu");
    if (container) this.bind(container);
  }
  /** Listens on the container (once it exists: see ApplicationV2#_createContextMenu). */
  bind(container: RenderedElement): void {
    container.addEventListener(this.eventName, (event) => this.#open(event));
  }
  #open(event: StandInEvent): void {
    const target = event.target.closest(this.selector);
    if (!target) return;
    event.preventDefault();
    event.stopPropagation();
    const shown = this.menuItems.filter((e) => (typeof e.condition === "function" ? e.condition(target) : (e.condition ?? true)));
    const i18n = (globalThis as unknown as { game: { i18n: { localize: (k: string) => string } } }).game.i18n;
    openedMenu = {
      names: shown.map((e) => i18n.localize(e.name)),
      async choose(name: string) {
        const entry = shown.find((e) => i18n.localize(e.name) === name);
        if (!entry) throw new Error(`the context menu offers no "${name}" (it offers ${shown.map((e) => i18n.localize(e.name)).join(", ")})`);
        return entry.callback(target);
      },
    };
  }
}

/** The user right-clicks (or, with eventName "click", clicks) the element `selector` finds on the rendered app: the menu that opens, or null. */
export async function openContextMenu(app: ApplicationV2, selector: string, { eventName = "contextmenu" }: { eventName?: string } = {}): Promise<OpenContextMenu | null> {
  const target = app.element?.querySelector(selector);
  if (!target) throw new Error(`nothing on the rendered ${app.constructor.name} matches ${selector}`);
  openedMenu = null;
  await dispatch(target, eventName);
  return openedMenu;
}

/** The user types `text` into the input `selector` finds on the rendered app (each keystroke fires "input"; here the last one). */
export async function typeInto(app: ApplicationV2, selector: string, text: string): Promise<void> {
  const input = app.element?.querySelector(selector);
  if (!input) throw new Error(`nothing on the rendered ${app.constructor.name} matches ${selector}`);
  input.value = text;
  await dispatch(input, "input");
}

/** The application's element: its rendered parts inside the element it renders into (a <form> for document sheets). */
export function renderedElement(app: ApplicationV2): RenderedElement {
  const tag = String(app.options.tag ?? "div");
  const root = parse(`<${tag} class="application">${Object.values(app.lastRender).join("\n")}</${tag}>`).firstElementChild;
  if (!root) throw new Error(`${app.constructor.name} has not rendered anything`);
  return new RenderedElement(root);
}

/** FormDataExtended: each enabled named control of the form, cast the way v13 casts it (an empty number input is null). */
export class FormDataExtended {
  object: Obj = {};
  constructor(form: RenderedElement) {
    for (const control of form.querySelectorAll("input[name], select[name], textarea[name], prose-mirror[name]")) {
      if (control.disabled) continue;
      const name = control.getAttribute("name")!;
      const value = controlValue(control);
      if (value === undefined) continue;
      this.object[name] = control.getAttribute("data-dtype") === "Number" && value !== null ? Number(value) : value;
    }
  }
}

function controlValue(control: RenderedElement): unknown {
  switch (control.tagName) {
    case "SELECT": {
      const option = control.querySelector("option[selected]") ?? control.querySelector("option");
      return option?.getAttribute("value") ?? option?.node.text ?? "";
    }
    case "TEXTAREA": return control.node.text;
    case "PROSE-MIRROR": return control.getAttribute("value") ?? "";
  }
  const type = (control.getAttribute("type") ?? "text").toLowerCase();
  const raw = control.getAttribute("value") ?? "";
  if (type === "checkbox") return control.hasAttribute("checked");
  if (type === "radio") return control.hasAttribute("checked") ? raw : undefined;
  if (type === "number" || type === "range") return raw === "" ? null : Number(raw);
  return raw;
}

/** What the browser keeps of a text typed into a number input: only a valid floating-point number, else "". */
const VALID_NUMBER = /^-?(?:\d+(?:\.\d+)?|\.\d+)(?:[eE][-+]?\d+)?$/;

function setControlValue(control: RenderedElement, name: string, value: unknown): void {
  const node = control.node;
  if (control.tagName === "SELECT") {
    const options = control.querySelectorAll("option");
    const wanted = options.find((o) => o.getAttribute("value") === String(value));
    if (!wanted) throw new Error(`the select ${name} offers no option ${String(value)}`);
    for (const o of options) o.node.removeAttribute("selected");
    wanted.node.setAttribute("selected", "");
    return;
  }
  if (control.tagName === "TEXTAREA") {
    node.set_content(String(value));
    return;
  }
  const type = (control.getAttribute("type") ?? "text").toLowerCase();
  if (type === "checkbox") {
    if (value) node.setAttribute("checked", "");
    else node.removeAttribute("checked");
    return;
  }
  const text = String(value);
  node.setAttribute("value", type === "number" && !VALID_NUMBER.test(text.trim()) ? "" : text.trim());
}

/** A DataTransfer: what a drag start puts on it is what the drop reads. */
export class DataTransferStandIn {
  #data = new Map<string, string>();
  setData(type: string, value: string): void { this.#data.set(type, value); }
  getData(type: string): string { return this.#data.get(type) ?? ""; }
  get types(): string[] { return [...this.#data.keys()]; }
}

export interface StandInEvent {
  type: string;
  target: RenderedElement;
  currentTarget: RenderedElement;
  dataTransfer: DataTransferStandIn;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  preventDefault(): void;
  stopPropagation(): void;
}

export interface Modifiers { altKey?: boolean; ctrlKey?: boolean; metaKey?: boolean; shiftKey?: boolean }

function standInEvent(type: string, target: RenderedElement, currentTarget: RenderedElement, dataTransfer = new DataTransferStandIn(), keys: Modifiers = {}): StandInEvent {
  return {
    type, target, currentTarget, dataTransfer,
    altKey: !!keys.altKey, ctrlKey: !!keys.ctrlKey, metaKey: !!keys.metaKey, shiftKey: !!keys.shiftKey,
    preventDefault() {}, stopPropagation() {},
  };
}

type DragSheet = ActorSheetV2;

/**
 * The user starts dragging the element `selector` finds on a rendered sheet. As in Foundry, core's DragDrop
 * listens on the elements matching CORE_DRAG_SELECTOR only (and only when `_canDragStart` allows), so the
 * drag reaches core's `_onDragStart` only from inside such an element, which then reads that element's
 * data attributes. Returns the filled DataTransfer, or null when Foundry would carry nothing.
 */
export async function dragStart(sheet: DragSheet, selector: string): Promise<DataTransferStandIn | null> {
  const root = renderedElement(sheet);
  const grabbed = root.querySelector(selector);
  if (!grabbed) throw new Error(`nothing on the rendered sheet matches ${selector}`);
  const row = grabbed.closest(CORE_DRAG_SELECTOR);
  if (!row || !sheet._canDragStart(CORE_DRAG_SELECTOR)) return null;
  const event = standInEvent("dragstart", grabbed, row);
  await sheet._onDragStart(event);
  return event.dataTransfer.types.length ? event.dataTransfer : null;
}

/** The user drops what they drag onto a rendered sheet, onto the element `onto` finds (the whole sheet by default), holding `keys`. */
export async function drop(sheet: DragSheet, dataTransfer: DataTransferStandIn, { onto, ...keys }: Modifiers & { onto?: string } = {}): Promise<unknown> {
  const root = renderedElement(sheet);
  const target = onto ? root.querySelector(onto) : root;
  if (!target) throw new Error(`nothing on the rendered sheet matches ${onto}`);
  if (!sheet._canDragDrop(null)) return null;
  return sheet._onDrop(standInEvent("drop", target, root, dataTransfer, keys));
}

/**
 * The user types into named controls of a rendered form (only controls the sheet renders, enabled ones),
 * then the change submits the whole form as submitOnChange does in v13.
 */
export async function fillIn(app: ApplicationV2, values: Record<string, string | number | boolean>): Promise<void> {
  const form = renderedElement(app);
  for (const [name, value] of Object.entries(values)) {
    const control = form.querySelector(`[name="${name}"]`);
    if (!control) throw new Error(`the rendered form has no control named ${name}`);
    if (control.disabled) throw new Error(`the control ${name} is disabled`);
    setControlValue(control, name, value);
  }
  await app._onSubmitForm((app.options.form as Obj | undefined) ?? {}, standInEvent("submit", form, form));
}
