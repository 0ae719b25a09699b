// The character sheet in a form (RULES.md §6): the banner with the form and the damage taken in it, the
// Revert button, the form's attacks and passives, the character's equipment locked and its abilities hidden.
import { isTransformed, itemRoleOf, polymorphBanner, revertForm, transformInto } from "../../automation/polymorph";

interface Row {
  id: string;
  rollable: boolean;
  use: unknown;
  tags: string[];
  locked?: boolean;
}
interface Group {
  type: string;
  items: Row[];
}
interface SheetLike {
  document: Actor.Implementation;
  isEditable: boolean;
}

/** R-POLY-8: the banner's Revert button. */
async function onRevert(this: SheetLike): Promise<void> {
  await revertForm(this.document);
}

export const polymorphSheetActions = { revertPolymorph: onRevert };

/** An actor dropped on a character transforms it when it is a creature; anything else is refused with a message. */
export async function transformOnDrop(character: Actor.Implementation, dropped: Actor.Implementation | null): Promise<unknown> {
  if (!dropped || dropped.uuid === character.uuid) return null;
  return transformInto(character, dropped);
}

/**
 * Adds the form to the parts of a transformed character's sheet: the banner (header), the form's talents
 * and spells only (R-POLY-2), the form's attacks and passives first in the inventory (R-POLY-4), the character's
 * equipment locked (R-POLY-3) and its own spells and attacks out of reach (R-POLY-2).
 */
export function polymorphSheetParts(sheet: SheetLike, partId: string, ctx: Record<string, unknown>, itemGroup: (type: string) => Group): void {
  const actor = sheet.document;
  if (partId === "header") {
    const banner = polymorphBanner(actor);
    ctx.polymorph = banner && { ...banner, canRevert: actor.isOwner && sheet.isEditable };
    return;
  }
  if (!isTransformed(actor)) return;
  const role = (id: string) => {
    const item = actor.items.get(id);
    return item ? itemRoleOf(item) : "free";
  };
  if (partId === "talents" && Array.isArray(ctx.talentGroups)) {
    for (const group of ctx.talentGroups as { talents: { id: string }[] }[]) group.talents = group.talents.filter((t) => role(t.id) !== "dormant");
    // The character's spells rest with its schools (R-POLY-2): the Zauber group stays only for spells the form brings.
    if (Array.isArray(ctx.spellGroups)) {
      ctx.spellGroups = (ctx.spellGroups as Group[]).map((g) => ({ ...g, items: g.items.filter((r) => role(r.id) !== "dormant") })).filter((g) => g.items.length > 0);
    }
  }
  if (partId === "inventory" && Array.isArray(ctx.inventory)) {
    // R-POLY-3: a locked row shows a lock, and one note above the lists says what it means, not "gesperrt" on every row.
    // A group the form leaves empty (all its rows dormant) is left out: "nothing here yet" would not be true.
    const own = (ctx.inventory as Group[])
      .map((g) => ({
        ...g,
        items: g.items.filter((r) => role(r.id) !== "dormant").map((r) => (role(r.id) === "locked" ? { ...r, rollable: false, use: null, locked: true } : r)),
      }))
      .filter((g, i) => g.items.length > 0 || (ctx.inventory as Group[])[i]!.items.length === 0);
    if (own.some((g) => g.items.some((r) => r.locked))) ctx.lockedNote = game.i18n!.format("FLEX.Polymorph.LockedNote", { name: actor.name ?? "" });
    const form = ["attack", "passive"].map((type) => {
      const group = itemGroup(type);
      return { ...group, items: group.items.filter((r) => role(r.id) === "form" || role(r.id) === "free") };
    });
    ctx.inventory = [...form, ...own];
  }
}
