// The Flex compendium browser (issue 26): four tabs (Kreaturen, Gegenstände, Talente, Rast und Auszeit) over every
// pack of this system the user may see, read from the indexes only; filters that combine, each choice with its count;
// a sortable list with the numbers that matter; a preview with a link to the sheet; entries drag onto a sheet, the
// canvas or the sidebar as from a pack. In select mode it is the picker the features use: it offers only what the
// user may see and answers with the chosen UUIDs.
import { applyFilters, choiceCounts, emptyFilters } from "./filters";
import type { FilterContext, FilterState } from "./filters";
import { COLUMNS, listName, rowKind, sortRows, visibleColumns } from "./columns";
import { previewOf } from "./preview";
import { TalentDescriptions } from "./talent-description";
import { sizeStep } from "../../rules";
import { BROWSE_TABS } from "./rows";
import type { BrowseRow, BrowseTab } from "./rows";
import { loadRows, talentNames } from "./sources";
import type { BrowseOptions } from "./options";
import { configureBrowserPacks } from "./pack-choice";
import { filterPanel, readFilterForm } from "./filter-panel";
import { addToActor, mayAddTo } from "./add-to-actor";

import ApplicationV2 = foundry.applications.api.ApplicationV2;

const { HandlebarsApplicationMixin } = foundry.applications.api;
const BrowserBase = HandlebarsApplicationMixin(ApplicationV2);
type Base = InstanceType<typeof BrowserBase>;

const TEMPLATES = "systems/flex/templates/browser";
/** How many result rows are drawn at once (more on request): a keystroke redraws no more than these. */
export const PAGE_SIZE = 100;

interface RowView {
  row: BrowseRow;
  /** The name the list shows (without a suffix the Rast column says). */
  label: string;
  kind: string;
  /** Each column's text by its id. */
  cells: Record<string, string>;
}

export class FlexBrowser extends BrowserBase {
  static override DEFAULT_OPTIONS = {
    id: "flex-browser-{id}",
    classes: ["flex", "flex-browser"],
    tag: "form",
    window: { title: "FLEX.Browser.Title", icon: "fa-solid fa-book-open-reader", resizable: true },
    position: { width: 980, height: 700 },
    form: { handler: FlexBrowser.#onChangeFilters, submitOnChange: true, closeOnSubmit: false },
    actions: {
      tab: FlexBrowser.#onTab,
      sort: FlexBrowser.#onSort,
      select: FlexBrowser.#onSelect,
      open: FlexBrowser.#onOpen,
      toggleChoice: FlexBrowser.#onToggleChoice,
      choose: FlexBrowser.#onChoose,
      more: FlexBrowser.#onMore,
      clearFilters: FlexBrowser.#onClearFilters,
      configurePacks: FlexBrowser.#onConfigurePacks,
      addToActor: FlexBrowser.#onAddToActor,
    },
  };

  static override PARTS = {
    tabs: { template: `${TEMPLATES}/tabs.hbs` },
    search: { template: `${TEMPLATES}/search.hbs` },
    filters: { template: `${TEMPLATES}/filters.hbs`, scrollable: [""] },
    results: { template: `${TEMPLATES}/results.hbs`, scrollable: [".flex-browser-list"] },
    preview: { template: `${TEMPLATES}/preview.hbs`, scrollable: [""] },
    footer: { template: `${TEMPLATES}/footer.hbs` },
  };

  readonly browse: Required<Pick<BrowseOptions, "tabs" | "packs">> & BrowseOptions;
  tab: BrowseTab;
  /** Each tab's own filters and sort, kept while the window is open. */
  readonly filters = {} as Record<BrowseTab, FilterState>;
  readonly sorting = {} as Record<BrowseTab, { by: string; descending: boolean }>;
  /** Every row offered, by tab, sorted as the tab's sort says. */
  #rows: Record<BrowseTab, BrowseRow[]> | null = null;
  #views = new Map<string, RowView>();
  /** The talents' names in the world's language by their German name (a Kampfart, a Zauberschule), read with the rows. */
  #schools = new Map<string, string>();
  #loading: Promise<void> | null = null;
  /** The entry in the preview; the entries chosen in select mode. */
  selected: string | null = null;
  readonly chosen = new Set<string>();
  shown = PAGE_SIZE;
  #answer: ((uuids: string[]) => void) | null = null;
  /** The entries being added to the character now (a second click meanwhile adds nothing). */
  readonly #adding = new Set<string>();
  readonly #descriptions = new TalentDescriptions();

  constructor(options: BrowseOptions = {}) {
    super({});
    const tabs = options.tabs?.length ? options.tabs.filter((t) => BROWSE_TABS.includes(t)) : [...BROWSE_TABS];
    this.browse = { ...options, tabs, packs: options.packs ?? true };
    this.tab = options.tab && tabs.includes(options.tab) ? options.tab : tabs[0];
    for (const tab of BROWSE_TABS) {
      this.filters[tab] = emptyFilters();
      this.sorting[tab] = { by: tab === "creatures" ? "stufe" : "name", descending: false };
    }
    Object.assign(this.filters[this.tab], structuredClone(options.preset ?? {}));
  }

  override get title(): string {
    return this.browse.select?.title ?? game.i18n!.localize("FLEX.Browser.Title");
  }

  get selectMode(): boolean {
    return !!this.browse.select;
  }

  /** Resolves with the chosen UUIDs when the user chooses, with none when the window closes (select mode). */
  answer(): Promise<string[]> {
    return new Promise((resolve) => (this.#answer = resolve));
  }

  /** The rows of every tab, read once (the indexes; the world's documents a picker offers). */
  async load(): Promise<void> {
    this.#loading ??= (async () => {
      const rows = await loadRows({ user: game.user!, tabs: this.browse.tabs, packs: this.browse.packs, world: this.browse.world ?? null, candidates: this.browse.candidates ?? [] });
      const { types, accept } = this.browse;
      const byTab = Object.fromEntries(BROWSE_TABS.map((t) => [t, [] as BrowseRow[]])) as Record<BrowseTab, BrowseRow[]>;
      const schools = (this.#schools = talentNames());
      for (const row of rows) {
        if ((types && !types.includes(row.type)) || (accept && !accept(row))) continue;
        byTab[row.tab].push(row);
        this.#views.set(row.uuid, { row, label: listName(row), kind: rowKind(row, (g) => schools.get(g) ?? g), cells: Object.fromEntries(COLUMNS[row.tab].map((c) => [c.id, c.text(row)])) });
      }
      for (const tab of BROWSE_TABS) sortRows(byTab[tab], tab, this.sorting[tab].by, this.sorting[tab].descending);
      this.#rows = byTab;
    })();
    return this.#loading;
  }

  /** How many entries it offers on all its tabs (after load). */
  get offered(): number {
    return BROWSE_TABS.reduce((n, tab) => n + this.rowsOf(tab).length, 0);
  }

  /** Every row offered on a tab (after load). */
  rowsOf(tab: BrowseTab): BrowseRow[] {
    return this.#rows?.[tab] ?? [];
  }

  /** The size of the character who would ride (R-RIDE-1), when the browser was opened for one. */
  get filterContext(): FilterContext {
    const actor = this.browse.actor ?? (game.user?.character as Actor.Implementation | null | undefined) ?? null;
    return { riderSize: actor ? sizeStep((actor.system as { groesse?: unknown }).groesse) : null };
  }

  /** The rows of the tab in view that pass its filters, in its sort order. */
  results(): BrowseRow[] {
    return applyFilters(this.rowsOf(this.tab), this.tab, this.filters[this.tab], this.filterContext);
  }

  /** A keystroke in the search field: the counts and the list follow at once. */
  async search(text: string): Promise<void> {
    this.filters[this.tab].text = text;
    this.shown = PAGE_SIZE;
    await this.render({ parts: ["filters", "results"] });
  }

  override async _prepareContext(options: Parameters<Base["_prepareContext"]>[0]) {
    const context = await super._prepareContext(options);
    await this.load();
    return Object.assign(context, { tab: this.tab, selectMode: this.selectMode });
  }

  override async _preparePartContext(partId: string, context: Parameters<Base["_preparePartContext"]>[1], options: Parameters<Base["_preparePartContext"]>[2]) {
    const part = (await super._preparePartContext(partId, context, options)) as Record<string, unknown>;
    const state = this.filters[this.tab];
    switch (partId) {
      case "tabs":
        return Object.assign(part, { tabs: this.browse.tabs.map((id) => ({ id, label: `FLEX.Browser.Tab.${id}`, active: id === this.tab, count: this.rowsOf(id).length })) });
      case "search":
        return Object.assign(part, { text: state.text, isGM: !!game.user?.isGM });
      case "filters": {
        const counts = choiceCounts(this.rowsOf(this.tab), this.tab, state, this.filterContext);
        return Object.assign(part, filterPanel(this.tab, state, counts, this.filterContext, this.rowsOf(this.tab), this.#schools, this.browse.actor?.name ?? game.user?.character?.name ?? "", this.browse.hideFilters ?? []));
      }
      case "results": {
        const results = this.results();
        const sort = this.sorting[this.tab];
        const columns = visibleColumns(this.tab, results, state);
        return Object.assign(part, {
          total: this.rowsOf(this.tab).length,
          count: results.length,
          columns: columns.map((c) => ({ id: c.id, head: c.head, sorted: sort.by === c.id, descending: sort.descending })),
          tracks: columns.map((c) => c.width).join(" "),
          nameSorted: sort.by === "name",
          descending: sort.descending,
          rows: results.slice(0, this.shown).map((row) => {
            const view = this.#views.get(row.uuid)!;
            return { row, label: view.label, kind: view.kind, cells: columns.map((c) => view.cells[c.id]), selected: row.uuid === this.selected, chosen: this.chosen.has(row.uuid) };
          }),
          more: Math.max(0, results.length - this.shown),
          multiple: !!this.browse.select?.multiple,
        });
      }
      case "preview": {
        const view = this.selected ? this.#views.get(this.selected) : null;
        // G-6: opened from a sheet (not as a picker), an item goes onto that character with one click, if the user may.
        const actor = this.browse.actor;
        const addTo = !this.selectMode && view && actor && mayAddTo(view.row, actor) ? game.i18n!.format("FLEX.Browser.AddTo", { name: actor.name }) : "";
        const description = view?.row.tab === "talents" ? await this.#descriptions.of(view.row.uuid) : "";
        return Object.assign(part, { preview: view ? previewOf(view.row, view.kind, this.#schools) : null, description, chosen: !!view && this.chosen.has(view.row.uuid), addTo });
      }
      case "footer":
        return Object.assign(part, {
          button: this.browse.select?.button ?? "FLEX.Browser.Choose",
          icon: this.browse.select?.icon ?? "fa-solid fa-check",
          chosenCount: this.chosen.size,
          multiple: !!this.browse.select?.multiple,
          canChoose: this.chosen.size > 0,
          note: this.browse.select?.note?.(this.#views.get([...this.chosen][0] ?? this.selected ?? "")?.row ?? null) ?? "",
        });
    }
    return part;
  }

  protected override _configureRenderParts(options: Parameters<Base["_configureRenderParts"]>[0]) {
    const parts = super._configureRenderParts(options);
    if (!this.selectMode) delete parts.footer;
    return parts;
  }

  protected override async _onFirstRender(context: Parameters<Base["_onFirstRender"]>[0], options: Parameters<Base["_onFirstRender"]>[1]) {
    await super._onFirstRender(context, options);
    // On the element, which outlives every render of its parts: the search field and dragging a result.
    this.element.addEventListener("input", (event: Event) => {
      const input = event.target as HTMLInputElement | null;
      if (input?.getAttribute?.("name") === "text") void this.search(input.value);
    });
    this.element.addEventListener("dragstart", (event: Event) => this.#onDragStart(event as DragEvent));
  }

  /** A result dragged away carries what a pack's entry carries: the document's type and uuid. */
  #onDragStart(event: DragEvent): void {
    const target = (event.target as HTMLElement | null)?.closest?.("[data-uuid]") as HTMLElement | null;
    const view = target ? this.#views.get(target.dataset.uuid ?? "") : null;
    if (!view || !event.dataTransfer) return;
    event.dataTransfer.setData("text/plain", JSON.stringify(dragData(view.row)));
  }

  /** A filter changed (the whole form comes along). */
  static async #onChangeFilters(this: FlexBrowser, _event: Event | SubmitEvent, _form: HTMLFormElement, formData: foundry.applications.ux.FormDataExtended) {
    const data = formData.object as Record<string, unknown>;
    this.filters[this.tab] = readFilterForm(this.tab, data, this.filters[this.tab].text, this.rowsOf(this.tab), this.#schools);
    this.shown = PAGE_SIZE;
    await this.render({ parts: ["filters", "results"] });
  }

  static async #onTab(this: FlexBrowser, _event: Event, target: HTMLElement) {
    const tab = target.dataset.tab as BrowseTab;
    if (!this.browse.tabs.includes(tab) || tab === this.tab) return;
    this.tab = tab;
    this.shown = PAGE_SIZE;
    await this.render({ parts: ["tabs", "search", "filters", "results", "preview"] });
  }

  static async #onSort(this: FlexBrowser, _event: Event, target: HTMLElement) {
    const by = target.dataset.sort ?? "name";
    const sort = this.sorting[this.tab];
    sort.descending = sort.by === by ? !sort.descending : false;
    sort.by = by;
    sortRows(this.rowsOf(this.tab), this.tab, sort.by, sort.descending);
    await this.render({ parts: ["results"] });
  }

  /** A click on a result shows it in the preview; in a single-choice picker it is also the choice. */
  static async #onSelect(this: FlexBrowser, _event: Event, target: HTMLElement) {
    const uuid = target.closest<HTMLElement>("[data-uuid]")?.dataset.uuid ?? "";
    if (!this.#views.has(uuid)) return;
    this.selected = uuid;
    if (this.selectMode && !this.browse.select?.multiple) {
      this.chosen.clear();
      this.chosen.add(uuid);
    }
    await this.render({ parts: this.selectMode ? ["results", "preview", "footer"] : ["results", "preview"] });
  }

  static async #onToggleChoice(this: FlexBrowser, _event: Event, target: HTMLElement) {
    const uuid = target.closest<HTMLElement>("[data-uuid]")?.dataset.uuid ?? "";
    if (!this.#views.has(uuid)) return;
    if (this.chosen.has(uuid)) this.chosen.delete(uuid);
    else this.chosen.add(uuid);
    this.selected = uuid;
    await this.render({ parts: ["results", "preview", "footer"] });
  }

  /** The link to the sheet: the document is read now (the only time one is). */
  static async #onOpen(this: FlexBrowser, _event: Event, target: HTMLElement) {
    const uuid = target.closest<HTMLElement>("[data-uuid]")?.dataset.uuid ?? "";
    if (!this.#views.has(uuid)) return;
    const doc = (await fromUuid(uuid as `Actor.${string}`)) as { sheet?: { render(force: boolean): unknown } } | null;
    await doc?.sheet?.render(true);
  }

  /** Select mode: answers with the chosen entries (only ones it offered) and closes. */
  static async #onChoose(this: FlexBrowser) {
    const uuids = [...this.chosen].filter((u) => this.#views.has(u));
    if (!uuids.length) return;
    this.#answer?.(uuids);
    this.#answer = null;
    await this.close();
  }

  /** G-6: the preview's "Zu Rikka hinzufügen": one item per click, however often it is clicked while it is made. */
  static async #onAddToActor(this: FlexBrowser, _event: Event, target: HTMLElement) {
    const uuid = target.closest<HTMLElement>("[data-uuid]")?.dataset.uuid ?? "";
    const view = this.#views.get(uuid);
    const actor = this.browse.actor;
    if (this.selectMode || !view || !actor || this.#adding.has(uuid)) return;
    this.#adding.add(uuid);
    try {
      await addToActor(view.row, actor);
    } finally {
      this.#adding.delete(uuid);
    }
  }

  static async #onMore(this: FlexBrowser) {
    this.shown += PAGE_SIZE;
    await this.render({ parts: ["results"] });
  }

  static async #onClearFilters(this: FlexBrowser) {
    this.filters[this.tab] = emptyFilters();
    this.shown = PAGE_SIZE;
    await this.render({ parts: ["search", "filters", "results"] });
  }

  /** GM: which packs the browser reads (a world setting); the rows are read again. */
  static async #onConfigurePacks(this: FlexBrowser) {
    if (!(await configureBrowserPacks())) return;
    this.#loading = null;
    this.#views.clear();
    this.#rows = null;
    await this.render({ parts: ["tabs", "filters", "results", "preview"] });
  }

  override async close(options?: Parameters<ApplicationV2["close"]>[0]) {
    this.#answer?.([]);
    this.#answer = null;
    return super.close(options);
  }
}

/** The drag data of a result: the same as a pack's entry dragged from the compendium sidebar. */
export function dragData(row: BrowseRow): { type: string; uuid: string } {
  return { type: row.documentName, uuid: row.uuid };
}
