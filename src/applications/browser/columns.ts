// The numbers a result row shows beside its name, per tab, and how each column sorts: for creatures Stufe · Leben ·
// Rüstung · what a hit deals, for items price · damage · Aktionen · what its type adds (Rüstung, Stufe, Fluss), for
// talents the attribute, for rest entries for which rests · what they cost. The texts are made once per row when the
// rows are loaded; which columns show, and their heads, follow the results in view (visibleColumns).
import { localDice } from "../../helpers/dice-text";
import { currencyLabel } from "../../helpers/settings";
import { stufeText } from "../../helpers/units";
import { wertHead } from "./filters";
import type { FilterState } from "./filters";
import type { BrowseRow, BrowseTab } from "./rows";

export interface Column {
  id: string;
  label: string;
  /** Its share of the row (a CSS grid track). */
  width: string;
  /** Left out when no result in view has a value for it (a column of "—" says nothing). */
  optional?: boolean;
  /** Left out when the filters already say what it would (one rest type ticked: every row says the same). */
  hiddenWhen?: (state: FilterState) => boolean;
  /** The head for the results in view, when it depends on them (an i18n key). */
  headFor?: (rows: readonly BrowseRow[]) => string;
  /** What sorts the column (null last). */
  sort: (row: BrowseRow) => number | string | null;
  text: (row: BrowseRow) => string;
}

const i18n = () => game.i18n!;
/** A cell with nothing to say, the same on every tab. */
export const NO_VALUE = "—";
const n = (v: number | null) => (v === null ? NO_VALUE : String(v));
const stufe = (v: number | null) => (v === null ? NO_VALUE : stufeText(v));

/** A row's kind in words: an item's type (with its Kampfart or Zauberschule), a talent's category, a rest entry's kind. */
export function rowKind(row: BrowseRow, schule: (german: string) => string): string {
  if (row.tab === "rest") return i18n().localize(`FLEX.Browser.RestKind.${row.restKind}`);
  // G-6: the category is said here only; the columns give the attribute.
  if (row.tab === "talents") return i18n().localize(`FLEX.TalentCategory.${row.kategorie}`);
  const type = i18n().localize(`TYPES.${row.documentName}.${row.type}`);
  if (row.tab === "creatures") return `${i18n().localize(`FLEX.CreatureKind.${row.art}`)} · ${i18n().localize(`FLEX.Size.${row.groesse}`)}`;
  // G-6: Rüstung and an Alchemikum's Stufe have the Wert column now; the kind line names the Kampfart or Zauberschule.
  return row.schule ? `${type} · ${schule(row.schule)}` : type;
}

/** G-5: an activity's price as it is: "—" for nothing, "ab 50 ¥", "5 / 25 / 100 ¥", "1 ¥ je Tag", "½ Preis (Projekt)". */
export function priceText(row: BrowseRow): string {
  const p = row.price;
  const money = (n: number) => `${n} ${currencyLabel()}`;
  if (!p) return row.kosten === null ? NO_VALUE : money(row.kosten);
  switch (p.kind) {
    case "none": return NO_VALUE;
    case "fixed": return money(p.amount);
    case "from": return i18n().format("FLEX.Browser.Price.from", { price: money(p.amount) });
    case "perDay": return i18n().format("FLEX.Browser.Price.perDay", { price: money(p.amount) });
    case "variants": return `${p.amounts.join(" / ")} ${currencyLabel()}`;
    case "project": return i18n().localize("FLEX.Browser.Price.project");
  }
}

const weaponOrSpell = (r: BrowseRow) => r.type === "weapon" || r.type === "spell";

export const COLUMNS: Record<BrowseTab, Column[]> = {
  creatures: [
    { id: "stufe", label: "FLEX.Browser.Filter.stufe", width: "6rem", sort: (r) => r.stufe, text: (r) => stufe(r.stufe) },
    { id: "leben", label: "FLEX.Browser.Filter.leben", width: "4rem", sort: (r) => r.leben, text: (r) => n(r.leben) },
    { id: "ruestung", label: "FLEX.Browser.Filter.ruestung", width: "4.5rem", sort: (r) => r.ruestung, text: (r) => n(r.ruestung) },
    // G-3 / R-SHORT-4: what its attacks deal within 2 actions, sorted by its average (not one heavy, slow attack).
    { id: "attack", label: "FLEX.Browser.Column.hit", width: "7rem", sort: (r) => (r.attack?.hit ? r.attack.hitAverage : null), text: (r) => (r.attack?.hit ? localDice(r.attack.hit) : NO_VALUE) },
  ],
  items: [
    { id: "preis", label: "FLEX.Browser.Filter.preis", width: "5.5rem", sort: (r) => r.preis, text: (r) => (r.preis === null ? NO_VALUE : `${r.preis} ${currencyLabel()}`) },
    { id: "schaden", label: "FLEX.Browser.Column.schaden", width: "6rem", optional: true, sort: (r) => r.schadenAvg, text: (r) => (r.schaden ? localDice(r.schaden) : NO_VALUE) },
    { id: "aktionen", label: "FLEX.Browser.Filter.aktionen", width: "4.5rem", optional: true, sort: (r) => (weaponOrSpell(r) ? r.aktionen : null), text: (r) => (weaponOrSpell(r) ? n(r.aktionen) : NO_VALUE) },
    // G-6: Rüstung for armour, Stufe for an Alchemikum, Fluss for a spell, named so when only one of them is in view.
    { id: "wert", label: "FLEX.Browser.Column.wert", width: "4.5rem", optional: true, headFor: (rows) => wertHead(rows), sort: (r) => r.wert, text: (r) => (r.wert === null ? NO_VALUE : r.type === "alchemical" ? stufeText(r.wert) : String(r.wert)) },
  ],
  talents: [
    { id: "attribut", label: "FLEX.Browser.Filter.attribut", width: "9rem", sort: (r) => r.attribut, text: (r) => (r.attribut ? i18n().localize(`FLEX.Attribute.${r.attribut}.long`) : NO_VALUE) },
  ],
  rest: [
    // G-5: with one rest ticked every row would say it; the column goes.
    { id: "restType", label: "FLEX.Browser.Filter.restType", width: "9rem", hiddenWhen: (s) => s.sets.restType?.length === 1, sort: (r) => (r.restTypes.length ? r.restTypes[0]! : null), text: (r) => r.restTypes.map((t) => i18n().localize(`FLEX.Rest.Type.${t}`)).join(", ") || NO_VALUE },
    { id: "kosten", label: "FLEX.Browser.Filter.kosten", width: "7.5rem", sort: (r) => r.kosten, text: (r) => priceText(r) },
  ],
};

/** The columns shown for the results in view, each with its head: optional ones only when a result has a value. */
export function visibleColumns(tab: BrowseTab, rows: readonly BrowseRow[], state: FilterState): (Column & { head: string })[] {
  return COLUMNS[tab]
    .filter((c) => !c.hiddenWhen?.(state) && (!c.optional || !rows.length || rows.some((r) => c.sort(r) !== null)))
    .map((c) => ({ ...c, head: c.headFor?.(rows) ?? c.label }));
}

/** G-5: a downtime activity's name in the list without the rest it is for ("Zechen (volle Rast)"): the column or the filter says it. */
export function listName(row: BrowseRow): string {
  if (row.restKind !== "downtime" || row.restTypes.length !== 1) return row.name;
  const rest = i18n().localize(`FLEX.Rest.Type.${row.restTypes[0]}`);
  const suffix = /^(.*\S)\s*\(([^()]+)\)$/.exec(row.name);
  return suffix && suffix[2]!.toLocaleLowerCase() === rest.toLocaleLowerCase() ? suffix[1]! : row.name;
}

/** Sorts rows by a column (or the name), ascending or descending; rows without a value go last either way. */
export function sortRows(rows: BrowseRow[], tab: BrowseTab, by: string, descending: boolean): BrowseRow[] {
  const collator = new Intl.Collator(i18n().lang || "en");
  const column = COLUMNS[tab].find((c) => c.id === by);
  const byName = (a: BrowseRow, b: BrowseRow) => collator.compare(a.name, b.name);
  if (!column) return rows.sort((a, b) => (descending ? -1 : 1) * byName(a, b));
  return rows.sort((a, b) => {
    const x = column.sort(a);
    const y = column.sort(b);
    if (x === null || y === null) return x === y ? byName(a, b) : x === null ? 1 : -1;
    const order = typeof x === "number" && typeof y === "number" ? x - y : collator.compare(String(x), String(y));
    return order ? (descending ? -order : order) : byName(a, b);
  });
}
