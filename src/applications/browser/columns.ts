// The numbers a result row shows beside its name, per tab, and how each column sorts: for creatures Stufe · Leben ·
// Rüstung · best attack, for items price · damage · Aktionen, for talents category · attribute, for rest entries what
// they are · for which rests · what they cost. The texts are made once per row when the rows are loaded.
import { localDice } from "../../helpers/dice-text";
import { currencyLabel } from "../../helpers/settings";
import { stufeText } from "../../helpers/units";
import type { BrowseRow, BrowseTab } from "./rows";

export interface Column {
  id: string;
  label: string;
  /** What sorts the column (null last). */
  sort: (row: BrowseRow) => number | string | null;
  text: (row: BrowseRow) => string;
}

const i18n = () => game.i18n!;
const n = (v: number | null) => (v === null ? "–" : String(v));
const stufe = (v: number | null) => (v === null ? "–" : stufeText(v));

/** A row's kind in words: an item's type (with its Kampfart or Zauberschule), a talent's category, a rest entry's kind. */
export function rowKind(row: BrowseRow, schule: (german: string) => string): string {
  if (row.tab === "rest") return i18n().localize(`FLEX.Browser.RestKind.${row.restKind}`);
  if (row.tab === "talents") return i18n().localize(`FLEX.TalentCategory.${row.kategorie}`);
  const type = i18n().localize(`TYPES.${row.documentName}.${row.type}`);
  if (row.tab === "creatures") return `${i18n().localize(`FLEX.CreatureKind.${row.art}`)} · ${i18n().localize(`FLEX.Size.${row.groesse}`)}`;
  const extra = row.schule ? schule(row.schule) : row.type === "armor" && row.wert !== null ? i18n().format("FLEX.Browser.Armor", { n: String(row.wert) }) : row.type === "alchemical" ? i18n().format("FLEX.Browser.Stufe", { n: stufe(row.stufe) }) : "";
  return extra ? `${type} · ${extra}` : type;
}

/** G-5: an activity's price as it is: "—" for nothing, "ab 50 ¥", "5 / 25 / 100 ¥", "1 ¥ je Tag", "½ Preis (Projekt)". */
export function priceText(row: BrowseRow): string {
  const p = row.price;
  const money = (n: number) => `${n} ${currencyLabel()}`;
  if (!p) return row.kosten === null ? "–" : money(row.kosten);
  switch (p.kind) {
    case "none": return "—";
    case "fixed": return money(p.amount);
    case "from": return i18n().format("FLEX.Browser.Price.from", { price: money(p.amount) });
    case "perDay": return i18n().format("FLEX.Browser.Price.perDay", { price: money(p.amount) });
    case "variants": return `${p.amounts.join(" / ")} ${currencyLabel()}`;
    case "project": return i18n().localize("FLEX.Browser.Price.project");
  }
}

export const COLUMNS: Record<BrowseTab, Column[]> = {
  creatures: [
    { id: "stufe", label: "FLEX.Browser.Filter.stufe", sort: (r) => r.stufe, text: (r) => stufe(r.stufe) },
    { id: "leben", label: "FLEX.Browser.Filter.leben", sort: (r) => r.leben, text: (r) => n(r.leben) },
    { id: "ruestung", label: "FLEX.Browser.Filter.ruestung", sort: (r) => r.ruestung, text: (r) => n(r.ruestung) },
    // G-3 / R-SHORT-4: what its attacks deal within 2 actions, sorted by its average (not one heavy, slow attack).
    { id: "attack", label: "FLEX.Browser.Column.hit", sort: (r) => (r.attack?.hit ? r.attack.hitAverage : null), text: (r) => (r.attack?.hit ? localDice(r.attack.hit) : "–") },
  ],
  items: [
    { id: "preis", label: "FLEX.Browser.Filter.preis", sort: (r) => r.preis, text: (r) => (r.preis === null ? "–" : `${r.preis} ${currencyLabel()}`) },
    { id: "schaden", label: "FLEX.Browser.Column.schaden", sort: (r) => r.schadenAvg, text: (r) => (r.schaden ? localDice(r.schaden) : "–") },
    { id: "aktionen", label: "FLEX.Browser.Filter.aktionen", sort: (r) => (r.type === "weapon" || r.type === "spell" ? r.aktionen : null), text: (r) => (r.type === "weapon" || r.type === "spell" ? n(r.aktionen) : "–") },
  ],
  talents: [
    { id: "kategorie", label: "FLEX.Browser.Filter.kategorie", sort: (r) => r.kategorie, text: (r) => i18n().localize(`FLEX.TalentCategory.${r.kategorie}`) },
    { id: "attribut", label: "FLEX.Browser.Filter.attribut", sort: (r) => r.attribut, text: (r) => (r.attribut ? i18n().localize(`FLEX.Attribute.${r.attribut}.abbr`) : "–") },
  ],
  rest: [
    { id: "restType", label: "FLEX.Browser.Filter.restType", sort: (r) => r.restTypes.length ? r.restTypes[0] : null, text: (r) => r.restTypes.map((t) => i18n().localize(`FLEX.Rest.Type.${t}`)).join(", ") || "–" },
    { id: "kosten", label: "FLEX.Browser.Filter.kosten", sort: (r) => r.kosten, text: (r) => priceText(r) },
  ],
};

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
