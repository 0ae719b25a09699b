// The filter column of the browser: what each filter of the tab offers (the Stufe ladder, the choices with their
// counts, the bounds the entries span) and reading the column's form back into the tab's filter state.
import { stufeText } from "../../helpers/units";
import { FILTERS } from "./filters";
import type { FilterContext, FilterDef, FilterState, SetFilter } from "./filters";
import type { BrowseRow, BrowseTab } from "./rows";

/** The Stufen a ladder offers: the fractions and every whole Stufe up to the highest an entry has. */
function ladder(rows: readonly BrowseRow[], def: FilterDef & { kind: "range" }): number[] {
  let top = 1;
  for (const row of rows) top = Math.max(top, def.value(row) ?? 0);
  return [0.25, 0.5, ...Array.from({ length: Math.ceil(top) }, (_, i) => i + 1)];
}

/** A set filter's choices: its fixed ones, else the values the rows hold (a Kampfart by its name in the world's language). */
export function choicesOf(def: SetFilter, rows: readonly BrowseRow[], schools: ReadonlyMap<string, string>): { value: string; label: string; localize: boolean }[] {
  if (def.choices) return def.choices.map((c) => ({ ...c, localize: true }));
  const values = new Set<string>();
  for (const row of rows) {
    const v = def.value(row);
    for (const value of typeof v === "string" ? [v] : v) if (value) values.add(value);
  }
  const collator = new Intl.Collator(game.i18n!.lang || "en", { numeric: true });
  return [...values].map((value) => ({ value, label: schools.get(value) ?? value, localize: false })).sort((a, b) => collator.compare(a.label, b.label));
}

const bounds = (rows: readonly BrowseRow[], value: (r: BrowseRow) => number | null) => {
  let min = Infinity;
  let max = -Infinity;
  for (const row of rows) {
    const v = value(row);
    if (v === null) continue;
    min = Math.min(min, v);
    max = Math.max(max, v);
  }
  return Number.isFinite(min) ? { min: Math.floor(min), max: Math.ceil(max) } : null;
};

/** One filter as the column draws it: a yes/no, a set of choices, a Stufe ladder or a typed range. */
type PanelFilter = { id: string; label: string } & Record<string, unknown>;

/** What the filter column shows for the tab in view. */
export function filterPanel(tab: BrowseTab, state: FilterState, counts: Record<string, Record<string, number>>, context: FilterContext, rows: readonly BrowseRow[], schools: ReadonlyMap<string, string>, riderName: string, hidden: readonly string[] = []) {
  const i18n = game.i18n!;
  let active = state.text.trim() !== "";
  // The entries of the types ticked (items): a range none of them has is left out, and a label may follow them (G-6).
  const ticked = state.sets.type?.length ? rows.filter((r) => state.sets.type!.includes(r.type)) : rows;
  const filters = FILTERS[tab].filter((def) => !hidden.includes(def.id)).flatMap((def): PanelFilter[] => {
    if (def.kind === "flag") {
      if (def.needs && !def.needs(context)) return [];
      const on = !!state.flags[def.id];
      active ||= on;
      // A yes/no none of the ticked types can have (Still with only armour ticked) is left out, unless it is on.
      if (!on && !ticked.some((r) => def.test(r, context))) return [];
      const label = def.id === "reitbarFuer" ? i18n.format(def.label, { name: riderName }) : i18n.localize(def.label);
      return [{ id: def.id, flag: true, label, on, count: counts[def.id]?.on ?? 0 }];
    }
    if (def.kind === "set") {
      const picked = state.sets[def.id] ?? [];
      active ||= picked.length > 0;
      const choices = choicesOf(def, rows, schools).map((c, index) => ({ index, label: c.localize ? i18n.localize(c.label) : c.label, checked: picked.includes(c.value), count: counts[def.id]?.[c.value] ?? 0 }));
      return choices.length ? [{ id: def.id, set: true, label: i18n.localize(def.label), choices }] : [];
    }
    const range = state.ranges[def.id] ?? { min: null, max: null };
    active ||= range.min !== null || range.max !== null;
    if (def.ladder) {
      const steps = ladder(rows, def).map((value) => ({ value, label: stufeText(value), min: value === range.min, max: value === range.max }));
      return [{ id: def.id, ladder: true, label: i18n.localize(def.label), steps }];
    }
    const span = bounds(ticked, def.value) ?? (range.min !== null || range.max !== null ? bounds(rows, def.value) : null);
    return span ? [{ id: def.id, range: true, label: i18n.localize(def.head?.(ticked) ?? def.label), min: range.min, max: range.max, span }] : [];
  });
  return { filters, active };
}

const number = (v: unknown): number | null => (v === null || v === undefined || v === "" || !Number.isFinite(Number(v)) ? null : Number(v));
const on = (v: unknown) => v === true || v === "true" || v === "on";

/**
 * The filter state from the column's form: `min.<id>` / `max.<id>`, `set.<id>.<index of the choice>`, `flag.<id>`.
 * A choice is named by its place, not its value (a talent name may hold a dot); `choices` gives the value back.
 */
export function readFilterForm(tab: BrowseTab, data: Record<string, unknown>, text: string, rows: readonly BrowseRow[], schools: ReadonlyMap<string, string>): FilterState {
  const flat = foundry.utils.flattenObject(data) as Record<string, unknown>;
  const state: FilterState = { text, ranges: {}, sets: {}, flags: {} };
  for (const def of FILTERS[tab]) {
    if (def.kind === "flag") {
      if (on(flat[`flag.${def.id}`])) state.flags[def.id] = true;
    } else if (def.kind === "set") {
      const picked = choicesOf(def, rows, schools).filter((_c, i) => on(flat[`set.${def.id}.${i}`])).map((c) => c.value);
      if (picked.length) state.sets[def.id] = picked;
    } else {
      const min = number(flat[`min.${def.id}`]);
      const max = number(flat[`max.${def.id}`]);
      if (min !== null || max !== null) state.ranges[def.id] = { min, max };
    }
  }
  return state;
}
