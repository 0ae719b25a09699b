// The rows of the actor sheets' item and talent lists (issue 16), as dnd5e 5.x and Draw Steel players know them:
// the check a row rolls shown as its final value ("GE W10 + 4 − 2"), rows that expand to their description and
// uses, Menge and Ladungen stepped in place, and the inventory's search and sort. What a user opens, types or
// sorts belongs to this client's sheet (kept per sheet, never stored in the document), like the play/edit mode.
import { itemRoleOf } from "../../automation/polymorph";
import type { AttributeKey } from "../../config";
import { LIMITS } from "../../data/fields";
import { talentLinkOf } from "../../data/item/talent-link";
import { localDie } from "../../helpers/dice-text";
import { parseAttackCheck } from "../../rules";
import { checkBreakdown } from "../dialogs/check-dialog";
import { compareNames } from "../talent-names";
import { flexItemSystem } from "./system-data";
import type { FlexItemSystem } from "./system-data";
import { glyphAttributes } from "../../helpers/icon-glyph";

/** What the sheet keeps for its rows across renders. */
export interface RowState {
  /** Ids of the expanded rows. */
  expanded: Set<string>;
  /** The inventory's search, as typed. */
  search: string;
  /** The inventory sorted by name instead of the user's own (drag-and-drop) order. */
  byName: boolean;
}

const states = new WeakMap<object, RowState>();

/** The row state of one sheet (each client has its own sheet, so this is per user too). */
export function rowStateOf(sheet: object): RowState {
  let state = states.get(sheet);
  if (!state) states.set(sheet, (state = { expanded: new Set(), search: "", byName: false }));
  return state;
}

/** The sheet as the rows need it. */
export interface RowSheet {
  document: Actor.Implementation;
  isEditable: boolean;
  readonly isEditMode: boolean;
  render(): Promise<unknown>;
}

/** R-CORE-15: what one use of the item spends, as consume.ts decides it: Alchemika their Menge, equipment as its Verbrauch says. */
export function spendsOn(item: Item.Implementation, sys: { verbrauch?: unknown }): "menge" | "ladung" | null {
  if (item.type === "alchemical") return "menge";
  if (item.type !== "equipment") return null;
  return sys.verbrauch === "menge" || sys.verbrauch === "ladung" ? sys.verbrauch : null;
}

/** Case- and accent-insensitive: "schwert" finds "Langschwert", "kase" finds "Käse". */
const fold = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLocaleLowerCase();
export function matchesSearch(name: string, query: string): boolean {
  const q = fold(query.trim());
  return !q || fold(name).includes(q);
}

/** The order of a list's rows: the user's own (core's sort, then name) or by name. */
export function rowOrder(byName: boolean): (a: Item.Implementation, b: Item.Implementation) => number {
  const byNameOnly = (a: Item.Implementation, b: Item.Implementation) => compareNames(a.name, b.name);
  return byName ? byNameOnly : (a, b) => (a.sort ?? 0) - (b.sort ?? 0) || byNameOnly(a, b);
}

// The final value ---------------------------------------------------------------------------------

export interface RowCheck {
  /** "GE W10 + 2": the attribute, its die and what is added to it, summed (Übungswert, automatic modifiers, Erschöpfung malus). */
  text: string;
  /** The same in words, each part named, with the reasons for automatic Vorteile and Nachteile. */
  tooltip: string;
}

const localize = (key: string) => game.i18n!.localize(key);
const signed = (n: number) => (n > 0 ? `+ ${n}` : n < 0 ? `− ${-n}` : "");

/** The talent a weapon or spell rolls with (R-CORE-10, R-CORE-13), the talent itself for a talent; null when the actor lacks it. */
function talentFor(actor: Actor.Implementation, item: Item.Implementation): Item.Implementation | null {
  if (item.type === "talent") return item;
  // findTalent finds a talent by the names missingTalent accepts, so a missing one is simply not found.
  const link = talentLinkOf(item);
  return link ? (actor.findTalent(link.name) ?? null) : null;
}

/**
 * R-CORE-4 / R-EXH-2 / R-CORE-10: what the row's check rolls before the user's own choices, one number beside the die
 * ("GE W10 + 2"; the tooltip names the parts: "W10 + 4 Übungswert − 2 Erschöpfung"). A talent, weapon or spell asks the
 * actor (`prepareCheck`, the arithmetic the roll uses); a creature's attack shows its own check ("W8 + 3").
 */
export function rowCheck(actor: Actor.Implementation, item: Item.Implementation): RowCheck | null {
  if (item.type === "attack") {
    const check = parseAttackCheck((item.system as { angriff?: unknown }).angriff);
    if (!check) return null;
    const text = [localDie(check.die), signed(check.bonus)].filter(Boolean).join(" ");
    return { text, tooltip: `${localize("FLEX.Check.Breakdown.Label")} ${text}` };
  }
  const talent = talentFor(actor, item);
  const prepared = talent && actor.prepareCheck({ talent });
  if (!prepared) return null;
  const { text, tooltip } = preparedLabel(prepared);
  return { text: `${localize(CONFIG.FLEX.attributes[prepared.attribute].abbreviation)} ${text}`, tooltip };
}

/**
 * R-CORE-4 / R-EXH-2: an attribute tile's roll as the roll makes it, "W10 − 1" once the Erschöpfung malus (half, on a
 * plain attribute check) takes something off, with the same tooltip as a talent's; null when the actor cannot roll it.
 */
export function attributeCheck(actor: Actor.Implementation, attribute: AttributeKey): RowCheck | null {
  const prepared = actor.prepareCheck({ attribute }, { quiet: true });
  return prepared ? preparedLabel(prepared) : null;
}

function preparedLabel(prepared: NonNullable<ReturnType<Actor.Implementation["prepareCheck"]>>): RowCheck {
  const b = checkBreakdown(prepared.input, prepared.notes);
  const text = [b.die, signed(b.uebungswert + b.base.modifier - b.malus)].filter(Boolean).join(" ");
  const words = [
    localize("FLEX.Check.Breakdown.Label"),
    `${localize(CONFIG.FLEX.attributes[prepared.attribute].label)} ${b.die}`,
    b.uebungswert ? `+ ${b.uebungswert} ${localize("FLEX.Check.Breakdown.Uebungswert")}` : "",
    b.modifier ? `${b.modifier} ${localize("FLEX.Check.Breakdown.Modifier")}` : "",
    b.malus ? `− ${b.malus} ${localize("FLEX.Check.Breakdown.Malus")}` : "",
  ];
  const tooltip = [words.filter(Boolean).join(" "), ...b.notes].join(" · ");
  return { text, tooltip };
}

// Menge and Ladungen ------------------------------------------------------------------------------

export interface RowCount {
  field: "menge" | "ladungen";
  /** "2 Stück" or "3/10 Ladungen": what the −/+ beside it change, said in the label itself. */
  label: string;
  empty: boolean;
  /** The field's name, for the −/+ buttons' accessible names. */
  what: string;
  canDown: boolean;
  canUp: boolean;
  /** −/+ buttons beside it: set per sheet (the owner, in play mode). */
  step: boolean;
}

/**
 * Menge and Ladungen of a row. A consumable always shows what is left (none is "0 Stück", marked empty); other items
 * show a Menge other than 1. `all` adds a Menge of 1 for the owner's −/+ buttons, unless the row shows charges
 * (a healer's kit is one kit: its charges are what changes).
 */
export function rowCounts(item: Item.Implementation, sys: FlexItemSystem, all: boolean): RowCount[] {
  const counts: RowCount[] = [];
  const spends = spendsOn(item, sys);
  const menge = sys.menge;
  const charges = sys.ladungen;
  const showsCharges = !!charges && (charges.max > 0 || spends === "ladung");
  if (typeof menge === "number" && (spends === "menge" || menge !== 1 || (all && !showsCharges))) {
    const empty = spends === "menge" && menge <= 0;
    const label = game.i18n!.format("FLEX.Sheet.Tag.Quantity", { n: String(menge) });
    counts.push({ field: "menge", label, empty, what: localize("FLEX.Item.base.FIELDS.menge.label"), canDown: menge > 0, canUp: menge < LIMITS.menge, step: false });
  }
  if (charges && showsCharges) {
    const label = game.i18n!.format("FLEX.Sheet.Tag.Charges", { value: String(charges.value), max: String(charges.max) });
    counts.push({ field: "ladungen", label, empty: spends === "ladung" && charges.value <= 0, what: localize("FLEX.Item.equipment.FIELDS.ladungen.label"), canDown: charges.value > 0, canUp: charges.value < charges.max, step: false });
  }
  return counts;
}

// Decorating the rows of a part -------------------------------------------------------------------

interface Row {
  id: string;
  name: string;
  locked?: boolean;
  counts?: RowCount[];
  [key: string]: unknown;
}
interface Group {
  items?: Row[];
  talents?: Row[];
  [key: string]: unknown;
}

/** The facts an expanded row lists under its description: what it has left and what a use spends. */
function detailFacts(item: Item.Implementation, sys: FlexItemSystem): { label: string; value: string }[] {
  const facts: { label: string; value: string }[] = [];
  const spends = spendsOn(item, sys);
  if (typeof sys.menge === "number") facts.push({ label: localize("FLEX.Item.base.FIELDS.menge.label"), value: String(sys.menge) });
  if (sys.ladungen && (sys.ladungen.max > 0 || spends === "ladung")) facts.push({ label: localize("FLEX.Item.equipment.FIELDS.ladungen.label"), value: `${sys.ladungen.value} / ${sys.ladungen.max}` });
  if (item.type === "equipment") facts.push({ label: localize("FLEX.Item.equipment.FIELDS.verbrauch.label"), value: localize(`FLEX.Item.equipment.Verbrauch.${spends ?? "keiner"}`) });
  return facts;
}

/** The words every row of a part shares, looked up once per part rather than once per row. */
function rowText() {
  return { use: localize("FLEX.Use.Button"), noDescription: localize("FLEX.Sheet.Row.NoDescription"), damage: localize("FLEX.Item.base.FIELDS.schaden.label"), locked: localize("FLEX.Polymorph.LockedTag") };
}

/** What a row's roll button says when it has no check to show (a project is worked on, a field tended). */
function actText(type: string): string {
  const key = `FLEX.Sheet.Row.Act.${type}`;
  return game.i18n!.has(key) ? localize(key) : localize("FLEX.Sheet.Row.Act.default");
}

/** What a row shows beyond the item's own data; its description waits for `describeRow` (enrichment is async). */
function decorateRow(sheet: RowSheet, row: Row, state: RowState, inInventory: boolean): Item.Implementation | null {
  const actor = sheet.document;
  const item = actor.items.get(row.id);
  if (!item) return null;
  const format = (key: string, data: Record<string, string>) => game.i18n!.format(key, data);
  const name = row.name;
  // The owners roll and use, while the actor is not dead (actor-sheet.ts canActFor).
  const canRoll = actor.isOwner && !actor.statuses.has("dead");
  // R-POLY-3: a locked item (polymorph-sheet.ts marks its row) cannot be rolled, so it shows no value.
  const check = row.locked ? null : rowCheck(actor, item);
  row.img ??= item.img ?? "";
  // The system's own pictures are drawn as glyphs in the text colour (helpers/icon-glyph.ts).
  row.imgAttrs = glyphAttributes(row.img);
  row.tags ??= [];
  // One roll affordance per row: the button that shows what it rolls ("GE W10 + 2"). A talent rolls its check; a weapon,
  // spell or attack is used (R-CORE-10, R-CORE-13); a row that cannot roll (its talent missing, locked) has none.
  const action = item.type === "talent" ? { action: "rollTalent", label: format("FLEX.Check.RollTalent", { talent: name }) } : row.rollable && !row.locked ? { action: "rollItem", label: format("FLEX.Sheet.UseItem", { name }) } : null;
  const text = check?.text ?? (action && item.type !== "talent" ? actText(item.type) : null);
  const short = (row.short as { tooltip: string } | null | undefined)?.tooltip;
  const tooltip = [short, action?.label, check?.tooltip].filter(Boolean).join(" · ");
  row.roll = action && text ? { ...action, text, attrs: canRoll ? "" : "disabled", aria: format("FLEX.Sheet.Row.RollAria", { action: action.label, check: text }), tooltip, cssClass: short ? "flex-roll-short" : "" } : null;
  // A value that does not roll (the check of a talent shown without its button) still says what it is.
  row.check = !row.roll && check ? check : null;
  // R-CORE-3: a talent's Übungswert, the number players train ("ÜW 3"), muted beside its summed check.
  const uw = item.type === "talent" ? Number((item.system as { uebungswert?: unknown }).uebungswert) : NaN;
  row.uebungswert = Number.isFinite(uw) ? { label: format("FLEX.Sheet.Tag.Uebungswert", { n: String(uw) }), tooltip: format("FLEX.Sheet.Tag.UebungswertHint", { n: String(uw) }) } : null;
  // The owner steps Menge and Ladungen in play mode; edit mode edits them on the item sheet. B-16: edit mode shows the
  // owner the same counts ("1 Stück") without the −/+, so a row does not lose its count when the mode changes.
  const owns = actor.isOwner && sheet.isEditable && !row.locked;
  const step = owns && !sheet.isEditMode;
  const sys = flexItemSystem(item);
  if (sys && owns) row.counts = rowCounts(item, sys, true).map((c) => ({ ...c, step }));
  row.counts = (row.counts ?? []).map((c) => ({
    ...c,
    tagClass: c.empty ? "flex-tag flex-tag-empty" : "flex-tag",
    ...(c.step && { downAttrs: c.canDown ? "" : "disabled", upAttrs: c.canUp ? "" : "disabled", lessLabel: format("FLEX.Sheet.Row.Less", { what: c.what, name }), moreLabel: format("FLEX.Sheet.Row.More", { what: c.what, name }) }),
  }));
  const use = row.use as { empty: boolean } | null | undefined;
  if (use) row.use = { ...use, attrs: !canRoll || use.empty ? "disabled" : "", label: format("FLEX.Use.ButtonAria", { item: name }) };
  row.toggleLabel = format("FLEX.Sheet.Row.Details", { name });
  row.menuLabel = format("FLEX.Sheet.Row.Menu.Open", { name });
  const expanded = state.expanded.has(row.id);
  row.ariaExpanded = String(expanded);
  if (inInventory) row.hidden = !matchesSearch(name, state.search);
  row.attrs = [expanded ? "data-expanded" : "", row.hidden ? "hidden" : ""].filter(Boolean).join(" ");
  return expanded ? item : null;
}

/** An open row's description (enriched) and its facts. */
async function describeRow(row: Row, item: Item.Implementation): Promise<void> {
  const sys = flexItemSystem(item);
  const html = typeof sys?.beschreibung === "string" ? sys.beschreibung : "";
  const description = html.trim() ? await foundry.applications.ux.TextEditor.implementation.enrichHTML(html, { secrets: item.isOwner, relativeTo: item }) : "";
  row.details = { description, facts: sys ? detailFacts(item, sys) : [] };
}

/**
 * Adds what the rows of a part show beyond the item's own data: the final value, −/+ for the owner, the expanded
 * description, and in the inventory the search (rows hidden, groups with none left hidden, a hint when nothing matches).
 * Runs last in a sheet's _preparePartContext, after every other feature has added or locked its rows.
 */
export async function decorateRows(sheet: RowSheet, partId: string, ctx: Record<string, unknown>): Promise<void> {
  const state = rowStateOf(sheet);
  const lists: [string, "items" | "talents"][] = [["inventory", "items"], ["abilities", "items"], ["talentGroups", "talents"], ["spellGroups", "items"]];
  const inInventory = partId === "inventory";
  const open: [Row, Item.Implementation][] = [];
  for (const [key, field] of lists) {
    const groups = ctx[key];
    if (!Array.isArray(groups)) continue;
    ctx.rowText ??= rowText();
    for (const group of groups as Group[]) {
      const rows = group[field] ?? [];
      for (const row of rows) {
        const item = decorateRow(sheet, row, state, inInventory && key === "inventory");
        if (item) open.push([row, item]);
      }
      if (inInventory && key === "inventory") group.hidden = !!state.search.trim() && rows.every((r) => r.hidden);
    }
  }
  await Promise.all(open.map(([row, item]) => describeRow(row, item)));
  if (inInventory && Array.isArray(ctx.inventory)) {
    const searching = !!state.search.trim();
    const none = searching && (ctx.inventory as Group[]).every((g) => g.hidden);
    ctx.rowTools = { search: state.search, byName: state.byName, noMatch: none };
  }
}

// The search, live ----------------------------------------------------------------------------------

type Root = Pick<HTMLElement, "querySelector" | "querySelectorAll">;

/** The same filter as decorateRows, on the rendered inventory: as the user types, without a render. */
export function applyRowSearch(root: Root, query: string): void {
  const tab = root.querySelector<HTMLElement>(".flex-inventory-rows");
  if (!tab) return;
  const searching = !!query.trim();
  let any = false;
  for (const group of tab.querySelectorAll<HTMLElement>(".flex-item-group")) {
    let shown = 0;
    for (const row of group.querySelectorAll<HTMLElement>(".flex-item[data-name]")) {
      const match = matchesSearch(row.dataset.name ?? "", query);
      row.hidden = !match;
      if (match) shown += 1;
    }
    group.hidden = searching && shown === 0;
    any ||= shown > 0;
  }
  const hint = tab.querySelector<HTMLElement>(".flex-search-empty");
  if (hint) hint.hidden = !searching || any;
}

/** Search boxes already listened to: a render of other parts leaves the inventory's box, and its listeners, in place. */
const boundBoxes = new WeakSet<object>();

/** Binds the inventory's search box of a fresh render (its element is new each time the inventory renders). */
export function bindRowSearch(sheet: object, root: Root | null): void {
  const input = root?.querySelector<HTMLInputElement>("input.flex-row-search");
  if (!root || !input || boundBoxes.has(input)) return;
  boundBoxes.add(input);
  const state = rowStateOf(sheet);
  input.addEventListener("input", () => {
    state.search = input.value;
    applyRowSearch(root, state.search);
  });
  // The box is no field of the actor: its change must not submit the sheet's form (submitOnChange), nor Enter.
  input.addEventListener("change", (event) => event.stopPropagation());
  input.addEventListener("keydown", (event) => {
    if (event.key === "Enter") event.preventDefault();
  });
}

// Actions -----------------------------------------------------------------------------------------

const rowIdOf = (target: HTMLElement) => target.closest<HTMLElement>("[data-item-id]")?.dataset.itemId ?? "";

/** The chevron or the row's summary: opens or closes the row; the sheet re-renders it with its description. */
async function onToggleRow(this: RowSheet, _event: Event, target: HTMLElement): Promise<void> {
  const id = rowIdOf(target);
  if (!id) return;
  const { expanded } = rowStateOf(this);
  if (!expanded.delete(id)) expanded.add(id);
  await this.render();
}

/** −/+ beside Menge or Ladungen: one update of the item, within 0 … the maximum (the data model holds it there too). */
async function onStepCount(this: RowSheet, _event: Event, target: HTMLElement): Promise<void> {
  const item = this.document.items.get(rowIdOf(target));
  const sys = item && flexItemSystem(item);
  const step = Math.sign(Number(target.dataset.step) || 0);
  if (!item || !sys || !step || !this.isEditable || !item.isOwner || itemRoleOf(item) === "locked") return;
  const count = rowCounts(item, sys, true).find((c) => c.field === target.dataset.field);
  if (!count || (step < 0 ? !count.canDown : !count.canUp)) return;
  if (count.field === "menge" && typeof sys.menge === "number") await item.update({ system: { menge: sys.menge + step } });
  if (count.field === "ladungen" && sys.ladungen) await item.update({ system: { ladungen: { value: sys.ladungen.value + step } } });
}

/** The inventory's sort toggle: by name, or the user's own order. */
async function onSortRows(this: RowSheet): Promise<void> {
  const state = rowStateOf(this);
  state.byName = !state.byName;
  await this.render();
}

export const rowSheetActions = { toggleRow: onToggleRow, stepCount: onStepCount, sortRows: onSortRows };
