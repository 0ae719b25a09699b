// What keeps the character whole while it is transformed: its equipment and its own abilities are locked
// (not usable, not editable, not deletable: R-POLY-2 / R-POLY-3), its effects cannot be lost, and the
// verwandelt status comes and goes only with the transformation (switching it off turns the character back). Flex's own writes carry `flexPolymorph`.
import { registerCheckAdjustment } from "../../documents/check-adjustments";
import { itemRollerFor, itemUseFor, registerItemDormancy, registerItemRoller, registerItemUse } from "../../documents/features";
import { formPicker } from "./picker";
import { revertForm } from "./revert";
import { itemRoleOf, POLYMORPH_STATUS, snapshotOf } from "./snapshot";

const f = (key: string, data: Record<string, string>) => game.i18n!.format(key, data);
type Options = { flexPolymorph?: boolean };

/** An item the character cannot touch in the form, with a message; false for anything else. */
function lockedItem(item: Item.Implementation, message: string): boolean {
  const role = itemRoleOf(item);
  if (role !== "locked" && role !== "dormant") return false;
  const actor = item.parent as Actor.Implementation;
  ui.notifications?.warn(f(message, { item: item.name, name: actor.name, form: snapshotOf(actor)?.form.name ?? "" }));
  return true;
}

/** An effect of the character (on the actor, or on one of its locked items) that must survive the form. */
function lockedEffect(effect: ActiveEffect.Implementation): boolean {
  const parent = effect.parent as { documentName?: string } | null;
  if (parent?.documentName === "Item") return lockedItem(parent as Item.Implementation, "FLEX.Polymorph.Locked");
  const actor = parent as Actor.Implementation | null;
  const snapshot = snapshotOf(actor);
  if (!actor || !snapshot) return false;
  if (effect.id === snapshot.status) {
    // Switching verwandelt off (the token HUD, the Effekte tab) turns the character back; the revert removes it.
    if (actor.isOwner) void revertForm(actor).catch((err: unknown) => console.error(`Flex | turning ${actor.name} back failed`, err));
    else ui.notifications?.warn(f("FLEX.Polymorph.StatusLocked", { name: actor.name, form: snapshot.form.name }));
    return true;
  }
  if (!snapshot.effects.some((e) => e._id === effect.id)) return false;
  ui.notifications?.warn(f("FLEX.Polymorph.Locked", { item: effect.name, name: actor.name, form: snapshot.form.name }));
  return true;
}

export function registerPolymorphGuards(): void {
  Hooks.on("preUpdateItem", (item, _changes, options) => ((options as Options).flexPolymorph || !lockedItem(item, "FLEX.Polymorph.Locked") ? undefined : false));
  Hooks.on("preDeleteItem", (item, options) => ((options as Options).flexPolymorph || !lockedItem(item, "FLEX.Polymorph.Locked") ? undefined : false));
  Hooks.on("preUpdateActiveEffect", (effect, _changes, options) => ((options as Options).flexPolymorph || !lockedEffect(effect) ? undefined : false));
  Hooks.on("preDeleteActiveEffect", (effect, options) => ((options as Options).flexPolymorph || !lockedEffect(effect) ? undefined : false));
  // The status alone transforms nobody: switched on by its owner, it asks which creature to become (the form
  // picker); the transformation then sets the status itself. Without a picker, dropping a creature on the sheet.
  Hooks.on("preCreateActiveEffect", (effect, _data, options) => {
    if ((options as Options).flexPolymorph || !effect.statuses.has(POLYMORPH_STATUS)) return undefined;
    const actor = effect.parent as Actor.Implementation | null;
    const pick = formPicker();
    if (pick && actor?.documentName === "Actor" && actor.type === "character" && actor.isOwner) {
      void pick(actor).catch((err: unknown) => console.error(`Flex | choosing a form for ${actor.name} failed`, err));
    } else ui.notifications?.warn(game.i18n!.localize("FLEX.Polymorph.StatusHint"));
    return false;
  });

  // R-POLY-2 / R-POLY-3: the character's weapons, spells, attacks and equipment cannot be used in the form.
  for (const type of Object.keys(CONFIG.Item.dataModels)) {
    const roll = itemRollerFor(type);
    if (roll) registerItemRoller(type, async (item, actor, options) => (lockedItem(item, "FLEX.Polymorph.Unusable") ? null : roll(item, actor, options)));
    const use = itemUseFor(type);
    if (use) registerItemUse(type, async (item, actor) => (lockedItem(item, "FLEX.Polymorph.Unusable") ? null : use(item, actor)));
  }

  // R-POLY-2 (Decision 2026-12-01): the character's own talents give way to the form's of the same name.
  registerItemDormancy((item) => itemRoleOf(item) === "dormant");
  // R-POLY-2: the character's Übungswerte do not count in the form; its talent is a bare check of the form's die.
  registerCheckAdjustment("polymorph", ({ talent }) => {
    if (!talent || itemRoleOf(talent) !== "dormant") return null;
    const uebungswert = Math.trunc(Number((talent.system as { uebungswert?: unknown }).uebungswert) || 0);
    return uebungswert ? { modifier: -uebungswert, note: f("FLEX.Polymorph.TalentNote", { talent: talent.name, n: String(uebungswert) }), rule: "R-POLY-2" } : null;
  });
}
