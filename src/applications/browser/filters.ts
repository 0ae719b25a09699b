// The compendium browser's filters, per tab: what a Flex table asks for ("a ridable animal of at least medium size",
// "an enemy around Stufe 2 that swims", "an Alchemikum of Stufe 3"). Each is a range, a set of choices or a yes/no;
// all of them combine, and each choice shows how many entries it would leave. Labels are i18n keys.
import { ATTRIBUTE_KEYS, CREATURE_KINDS, SIZE_KEYS, TALENT_CATEGORIES } from "../../config";
import { REST_TYPES } from "../../rules";
import { BROWSE_ITEM_TYPES, foldText, REST_KINDS } from "./rows";
import type { BrowseRow, BrowseTab } from "./rows";

interface Choice {
  value: string;
  label: string;
}

/** What filters depend on besides the row: the size of the character who would ride (R-RIDE-1). */
export interface FilterContext {
  riderSize: number | null;
}

interface Base {
  id: string;
  label: string;
}
export interface RangeFilter extends Base {
  kind: "range";
  value: (row: BrowseRow) => number | null;
  /** The label for the rows of the types ticked, when it depends on them (an i18n key). */
  head?: (rows: readonly BrowseRow[]) => string;
  /** Offered as the Stufe ladder (¼, ½, 1 …) rather than typed. */
  ladder?: boolean;
}
export interface SetFilter extends Base {
  kind: "set";
  value: (row: BrowseRow) => string | readonly string[];
  /** Fixed choices (label keys); without them the choices are the values the rows hold. */
  choices?: readonly Choice[];
}
export interface FlagFilter extends Base {
  kind: "flag";
  test: (row: BrowseRow, context: FilterContext) => boolean;
  /** Offered only when it can be answered (ridable by this character: only with a character). */
  needs?: (context: FilterContext) => boolean;
}
export type FilterDef = RangeFilter | SetFilter | FlagFilter;

export interface FilterState {
  text: string;
  ranges: Record<string, { min: number | null; max: number | null }>;
  sets: Record<string, string[]>;
  flags: Record<string, boolean>;
}

export const emptyFilters = (): FilterState => ({ text: "", ranges: {}, sets: {}, flags: {} });

/** G-6: what an item's `wert` is, by its type (Rüstung, Stufe, Fluss); the other types have none. */
const WERT_HEADS: Readonly<Record<string, string>> = { armor: "FLEX.Browser.Filter.ruestung", alchemical: "FLEX.Browser.Filter.stufe", spell: "FLEX.Browser.Preview.fluss" };

/** The word for the `wert` of these rows: their one type's when only one type has a value, else the generic one. */
export function wertHead(rows: readonly BrowseRow[], generic = "FLEX.Browser.Column.wert"): string {
  const types = new Set(rows.filter((r) => r.wert !== null).map((r) => r.type));
  return types.size === 1 ? (WERT_HEADS[[...types][0]!] ?? generic) : generic;
}

const choices = (keys: readonly string[], prefix: string, suffix = ""): Choice[] => keys.map((k) => ({ value: k, label: `${prefix}.${k}${suffix}` }));
const field = (name: string) => `FLEX.Actor.creature.FIELDS.${name}.label`;

export const FILTERS: Record<BrowseTab, FilterDef[]> = {
  creatures: [
    { id: "stufe", kind: "range", label: "FLEX.Browser.Filter.stufe", value: (r) => r.stufe, ladder: true },
    // G-4: the family is the folder (the Bestiarium's Tiere, Untote …), the source the pack or the world.
    { id: "familie", kind: "set", label: "FLEX.Browser.Filter.familie", value: (r) => r.family },
    { id: "quelle", kind: "set", label: "FLEX.Browser.Filter.quelle", value: (r) => r.source },
    { id: "art", kind: "set", label: "FLEX.Browser.Filter.art", value: (r) => r.art, choices: choices(CREATURE_KINDS, "FLEX.CreatureKind") },
    { id: "groesse", kind: "set", label: "FLEX.Browser.Filter.groesse", value: (r) => r.groesse, choices: choices(SIZE_KEYS, "FLEX.Size") },
    { id: "schwimmt", kind: "flag", label: field("schwimmt"), test: (r) => r.schwimmt },
    { id: "fliegt", kind: "flag", label: field("fliegt"), test: (r) => r.fliegt },
    { id: "trainierbar", kind: "flag", label: field("trainierbar"), test: (r) => r.trainierbar },
    { id: "reitbar", kind: "flag", label: field("reitbar"), test: (r) => r.reitbar },
    // R-RIDE-1: ridable and at least the rider's size.
    { id: "reitbarFuer", kind: "flag", label: "FLEX.Browser.Filter.ridableBy", test: (r, c) => r.reitbar && c.riderSize !== null && r.size >= c.riderSize, needs: (c) => c.riderSize !== null },
    { id: "misstrauen", kind: "range", label: field("misstrauen"), value: (r) => r.misstrauen },
    { id: "leben", kind: "range", label: "FLEX.Browser.Filter.leben", value: (r) => r.leben },
    { id: "ruestung", kind: "range", label: "FLEX.Browser.Filter.ruestung", value: (r) => r.ruestung },
  ],
  items: [
    { id: "type", kind: "set", label: "FLEX.Browser.Filter.type", value: (r) => r.type, choices: choices(BROWSE_ITEM_TYPES, "TYPES.Item") },
    { id: "preis", kind: "range", label: "FLEX.Browser.Filter.preis", value: (r) => r.preis },
    { id: "schule", kind: "set", label: "FLEX.Browser.Filter.schule", value: (r) => r.schule },
    { id: "reichweite", kind: "range", label: "FLEX.Browser.Filter.reichweite", value: (r) => r.reichweite },
    { id: "aktionen", kind: "set", label: "FLEX.Browser.Filter.aktionen", value: (r) => (r.aktionen === null ? "" : String(r.aktionen)) },
    { id: "schaden", kind: "range", label: "FLEX.Browser.Filter.schaden", value: (r) => r.schadenAvg },
    { id: "alchemikum", kind: "range", label: "FLEX.Browser.Filter.alchemikum", value: (r) => (r.type === "alchemical" ? r.stufe : null), ladder: true },
    // G-6: Rüstung and Fluss as a range (an Alchemikum's Stufe has its ladder above).
    { id: "wert", kind: "range", label: "FLEX.Browser.Filter.wert", value: (r) => (r.type === "alchemical" ? null : r.wert), head: (rows) => wertHead(rows.filter((r) => r.type !== "alchemical"), "FLEX.Browser.Filter.wert") },
    // G-6, R-WATER-3: the spells a caster under water can cast without another breath check.
    { id: "still", kind: "flag", label: "FLEX.Item.spell.FIELDS.still.label", test: (r) => r.still },
    { id: "verbrauchbar", kind: "flag", label: "FLEX.Browser.Filter.verbrauchbar", test: (r) => r.verbrauchbar },
    { id: "ladungen", kind: "flag", label: "FLEX.Browser.Filter.ladungen", test: (r) => r.ladungen },
  ],
  talents: [
    { id: "kategorie", kind: "set", label: "FLEX.Browser.Filter.kategorie", value: (r) => r.kategorie, choices: choices(TALENT_CATEGORIES, "FLEX.TalentCategory") },
    { id: "attribut", kind: "set", label: "FLEX.Browser.Filter.attribut", value: (r) => r.attribut, choices: choices(ATTRIBUTE_KEYS, "FLEX.Attribute", ".long") },
  ],
  rest: [
    { id: "restKind", kind: "set", label: "FLEX.Browser.Filter.restKind", value: (r) => r.restKind, choices: choices(REST_KINDS, "FLEX.Browser.RestKind") },
    { id: "restType", kind: "set", label: "FLEX.Browser.Filter.restType", value: (r) => r.restTypes, choices: choices(REST_TYPES, "FLEX.Rest.Type") },
    { id: "kosten", kind: "range", label: "FLEX.Browser.Filter.kosten", value: (r) => r.kosten },
  ],
};

/** The words of a search, folded as the rows' search text is. */
export const searchWords = (text: string): string[] => foldText(text).split(/\s+/).filter(Boolean);

function passes(def: FilterDef, row: BrowseRow, state: FilterState, context: FilterContext): boolean {
  if (def.kind === "flag") return !state.flags[def.id] || (def.needs?.(context) ?? true) === false || def.test(row, context);
  if (def.kind === "set") {
    const wanted = state.sets[def.id];
    if (!wanted?.length) return true;
    const value = def.value(row);
    return typeof value === "string" ? wanted.includes(value) : value.some((v) => wanted.includes(v));
  }
  const range = state.ranges[def.id];
  if (!range || (range.min === null && range.max === null)) return true;
  const value = def.value(row);
  return value !== null && (range.min === null || value >= range.min) && (range.max === null || value <= range.max);
}

/** Whether a row passes every filter of its tab (`skip` left out: for the counts of that filter's own choices). */
function matches(row: BrowseRow, defs: readonly FilterDef[], words: readonly string[], state: FilterState, context: FilterContext, skip?: FilterDef): boolean {
  for (const word of words) if (!row.search.includes(word)) return false;
  for (const def of defs) if (def !== skip && !passes(def, row, state, context)) return false;
  return true;
}

/** The rows that pass every filter, in their order. */
export function applyFilters(rows: readonly BrowseRow[], tab: BrowseTab, state: FilterState, context: FilterContext): BrowseRow[] {
  const defs = FILTERS[tab];
  const words = searchWords(state.text);
  return rows.filter((row) => matches(row, defs, words, state, context));
}

/**
 * How many rows each choice would leave, with the other filters as they are: per set filter and value, and per yes/no
 * filter (its count when switched on). One pass over the rows per filter.
 */
export function choiceCounts(rows: readonly BrowseRow[], tab: BrowseTab, state: FilterState, context: FilterContext): Record<string, Record<string, number>> {
  const defs = FILTERS[tab];
  const words = searchWords(state.text);
  const counts: Record<string, Record<string, number>> = {};
  for (const def of defs) {
    if (def.kind === "range") continue;
    const tally: Record<string, number> = (counts[def.id] = {});
    for (const row of rows) {
      if (!matches(row, defs, words, state, context, def)) continue;
      if (def.kind === "flag") {
        if (def.test(row, context)) tally.on = (tally.on ?? 0) + 1;
        continue;
      }
      const value = def.value(row);
      for (const v of typeof value === "string" ? [value] : value) if (v) tally[v] = (tally[v] ?? 0) + 1;
    }
  }
  return counts;
}
