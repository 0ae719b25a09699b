// R-POLY-1 from the token HUD or the Effekte tab: switching *verwandelt* on asks which creature the character
// becomes. The question is the compendium browser's select mode on its Kreaturen tab (issue 26): the world's creatures
// the user may see and those of every Flex pack open to them, with the browser's filters; the transformation itself
// is polymorph.transform's, which checks the form again (mayUseForm).
import { pick } from "../browser";
import type { BrowseRow } from "../browser/rows";
import { polymorph } from "../../automation/polymorph";
import { formOutlook } from "../../rules/polymorph";

/** The companion filters answer nothing for choosing a form (G-7). */
const FORM_PICKER_HIDDEN_FILTERS = ["trainierbar", "reitbar", "reitbarFuer", "misstrauen", "art"];

/** What choosing `row` means for `actor`: what stays, what is locked, which armour counts, when it turns back (G-7). */
export function formNote(actor: Actor.Implementation, row: BrowseRow | null): string {
  const i18n = game.i18n!;
  if (!row) return i18n.format("FLEX.Polymorph.Pick.NoteNone", { name: actor.name });
  const pool = (actor.system as { leben?: { value?: number; max?: number } }).leben;
  const outlook = formOutlook({ leben: Number(pool?.value ?? 0), lebenMax: Number(pool?.max ?? 0) }, { leben: row.leben, ruestung: row.ruestung });
  return i18n.format("FLEX.Polymorph.Pick.Note", { name: actor.name, form: row.name, leben: String(outlook.leben), max: String(outlook.lebenMax), ruestung: String(outlook.ruestung), damage: String(outlook.revertAfter) });
}

/** What the picker offers: the creatures tab only, the world's creatures the user observes, the packs open to them. */
export function formPickerOptions(actor: Actor.Implementation) {
  const i18n = game.i18n!;
  return {
    tabs: ["creatures" as const],
    world: "OBSERVER" as const,
    hideFilters: FORM_PICKER_HIDDEN_FILTERS,
    select: {
      title: i18n.format("FLEX.Polymorph.Pick.Title", { name: actor.name }),
      button: "FLEX.Polymorph.Pick.Button",
      icon: "fa-solid fa-paw",
      empty: "FLEX.Polymorph.StatusHint",
      note: (row: BrowseRow | null) => formNote(actor, row),
    },
  };
}

/** Asks which creature `actor` becomes and transforms it; nothing when the picker is closed or nothing is to be had. */
export async function pickPolymorphForm(actor: Actor.Implementation): Promise<unknown> {
  const [uuid] = await pick(formPickerOptions(actor));
  return uuid ? polymorph.transform(actor, uuid) : null;
}
