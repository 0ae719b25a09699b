// The compendium browser (issue 26): browser.ts the window; rows.ts what one entry holds (from its index); filters.ts
// and filter-panel.ts the filters; columns.ts and preview.ts what a result shows; sources.ts which packs it reads (and
// the world setting), pack-choice.ts the GM's choice of them. Opened from the Compendium sidebar, from the sheets'
// inventory groups and Talente tab, by game.flex.browse(options); the features' pickers use its select mode (pick).
import { clientLocal } from "../../helpers/client-local";
import { FlexBrowser } from "./browser";
import type { BrowseOptions } from "./options";
import { BROWSE_ITEM_TYPES } from "./rows";
import { registerBrowserSetting } from "./sources";

export { FlexBrowser, dragData, PAGE_SIZE } from "./browser";
export type { BrowseOptions } from "./options";
export type { BrowseRow, BrowseTab } from "./rows";

/** The browsers open on this client (a macro or a test finds the picker it waits on). */
export const openBrowsers = clientLocal("browser.open", () => new Set<FlexBrowser>());

/** Opens the browser. */
export async function openBrowser(options: BrowseOptions = {}): Promise<FlexBrowser> {
  const app = new FlexBrowser({ ...options, select: null });
  const open = openBrowsers();
  open.add(app);
  void app.answer().then(() => open.delete(app));
  await app.render({ force: true });
  return app;
}

/**
 * Select mode: the browser as a picker. Resolves with the chosen UUIDs (one unless `select.multiple`), none when it is
 * closed. Only what the user may see is offered, and only what was offered can be chosen; the feature that acts on
 * the answer still checks it on its own side (the Trust model).
 */
export async function pick(options: BrowseOptions): Promise<string[]> {
  const app = new FlexBrowser({ ...options, select: options.select ?? {} });
  if (options.signal?.aborted) return [];
  // Nothing to offer: it says so (the picker's own words) instead of opening empty.
  await app.load();
  if (!app.offered) {
    ui.notifications?.warn(game.i18n!.localize(options.select?.empty ?? "FLEX.Browser.None"));
    return [];
  }
  const open = openBrowsers();
  open.add(app);
  const answer = app.answer().finally(() => open.delete(app));
  options.signal?.addEventListener("abort", () => void app.close(), { once: true });
  await app.render({ force: true });
  return answer;
}

/** game.flex.browse: with `select` a picker answering with UUIDs, else the browser window. */
export function browse(options: BrowseOptions & { select: NonNullable<BrowseOptions["select"]> }): Promise<string[]>;
export function browse(options?: BrowseOptions): Promise<FlexBrowser>;
export function browse(options: BrowseOptions = {}): Promise<FlexBrowser | string[]> {
  return options.select ? pick(options) : openBrowser(options);
}

/** The item types a sheet's group can take from the browser (the '+' of an inventory group, the Talente tab). */
export const isBrowsableType = (type: string): boolean => type === "talent" || type === "resource" || (BROWSE_ITEM_TYPES as readonly string[]).includes(type);

/**
 * The sheet's "from the compendium" button beside a group's '+' (data-type, data-category): the browser on the tab that
 * holds that type, filtered to it, for this character (a result dragged onto the sheet is added as from a pack).
 */
export async function browseFromSheet(this: { document: Actor.Implementation }, _event: Event, target: HTMLElement): Promise<void> {
  const { type = "", category } = target.dataset;
  const actor = this.document;
  if (type === "talent") await openBrowser({ tab: "talents", actor, preset: category ? { sets: { kategorie: [category] } } : {} });
  else if (type === "resource") await openBrowser({ tab: "rest", actor, preset: { sets: { restKind: ["resource"] } } });
  else await openBrowser({ tab: "items", actor, preset: isBrowsableType(type) ? { sets: { type: [type] } } : {} });
}

/** The button in the Compendium sidebar's header. */
function sidebarButton(html: HTMLElement): void {
  if (html.querySelector(".flex-open-browser")) return;
  const label = foundry.utils.escapeHTML(game.i18n!.localize("FLEX.Browser.Open"));
  html.querySelector(".header-actions")?.insertAdjacentHTML("beforeend", `<button type="button" class="flex-open-browser"><i class="fa-solid fa-book-open-reader" inert></i> ${label}</button>`);
  html.querySelector(".flex-open-browser")?.addEventListener("click", () => void openBrowser());
}

/** At init: the world setting and the sidebar's button. */
export function registerBrowser(): void {
  registerBrowserSetting();
  Hooks.on("renderCompendiumDirectory", (_app, html) => sidebarButton(html));
}
