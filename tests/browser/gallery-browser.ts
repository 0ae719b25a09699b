// Gallery pages of the compendium browser (issue 26): each tab with filters in use and an entry in the preview, and
// the browser as polymorph's form picker (select mode, a creature chosen), the browser opened from a character's sheet
// (its "add to" button), light and dark. tests/browser/gallery.ts
// calls `await browserPages(add, { hero })` inside its language loop, after resetWorld and i18n.lang are set; it fills
// the system's packs of this world (their indexes shown in the language, as a client builds them).
import { FlexBrowser } from "../../src/applications/browser";
import type { BrowseOptions, BrowseTab } from "../../src/applications/browser";
import type { FilterState } from "../../src/applications/browser/filters";
import { formPickerOptions } from "../../src/applications/dialogs/polymorph-form-dialog";
import { packs } from "../harness";
import { renderSettled } from "../harness/applications";
import { storeSystemPack } from "../harness/packs";
import type { AddPage } from "./gallery-rest";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any

const PACKS = ["bestiarium", "begleiter", "ausruestung", "talente", "rast"];

interface View {
  page: string;
  tab: BrowseTab;
  filters: Partial<FilterState>;
  sort?: { by: string; descending: boolean };
  /** The German name of the entry in the preview. */
  preview: string;
  options?: BrowseOptions;
}

const VIEWS: View[] = [
  // "A ridable animal around Stufe 1 to 3" — the Stufe ladder and the kind in use, a creature in the preview.
  { page: "browser-creatures", tab: "creatures", filters: { ranges: { stufe: { min: 1, max: 3 } }, sets: { art: ["tier"] } }, preview: "Riesenadler" },
  // Blades and axes by damage, the strongest first.
  { page: "browser-items", tab: "items", filters: { sets: { type: ["weapon"], schule: ["Klingenwaffen", "Hiebwaffen"] } }, sort: { by: "schaden", descending: true }, preview: "Zweihänder" },
  { page: "browser-talents", tab: "talents", filters: { sets: { kategorie: ["kampfart", "zauberschule"] } }, preview: "Elementarmagie" },
  { page: "browser-rest", tab: "rest", filters: { sets: { restKind: ["downtime"], restType: ["fullRest"] } }, sort: { by: "kosten", descending: true }, preview: "Kampfturnier" },
];

async function photograph(add: AddPage, page: string, app: Any): Promise<void> {
  await app.render(true);
  await renderSettled(app);
  const body = Object.values(app.lastRender as Record<string, string>).join("\n");
  const classes = [...new Set(app.options.classes as string[])].join(" ");
  for (const theme of ["light", "dark"] as const) add(page, body, classes, [], app.options.position.width, app.options.position.height, theme, app.title);
}

/** Adds the browser's pages for the current language. */
export async function browserPages(add: AddPage, { hero }: { hero: Any }): Promise<void> {
  for (const name of PACKS) await storeSystemPack(name).getIndex();
  for (const view of VIEWS) {
    const app = new FlexBrowser({ tab: view.tab, preset: view.filters, ...view.options }) as Any;
    if (view.sort) app.sorting[view.tab] = view.sort;
    await app.load();
    app.selected = app.rowsOf(view.tab).find((r: Any) => r.german === view.preview)?.uuid ?? null;
    if (!app.selected) throw new Error(`${view.page}: no ${view.preview}`);
    await photograph(add, view.page, app);
  }

  // Opened from Rikka's sheet (the armour group's "from the compendium"): Rüstung as a column of its own, the preview
  // offering to add the armour to her (G-6).
  const fromSheet = new FlexBrowser({ tab: "items", actor: hero, preset: { sets: { type: ["armor"] } } }) as Any;
  await fromSheet.load();
  fromSheet.selected = fromSheet.rowsOf("items").find((r: Any) => r.german === "Lederrüstung")?.uuid ?? null;
  if (!fromSheet.selected) throw new Error("browser-from-sheet: no Lederrüstung");
  await photograph(add, "browser-from-sheet", fromSheet);

  // Switching verwandelt on: the picker on its creatures, flyers wanted, the eagle chosen.
  const picker = new FlexBrowser({ ...formPickerOptions(hero), preset: { flags: { fliegt: true } } }) as Any;
  await picker.load();
  const eagle = picker.rowsOf("creatures").find((r: Any) => r.german === "Riesenadler");
  picker.selected = eagle.uuid;
  picker.chosen.add(eagle.uuid);
  await photograph(add, "browser-polymorph-pick", picker);
  for (const name of PACKS) packs.get(`flex.${name}`)!.reset();
}
