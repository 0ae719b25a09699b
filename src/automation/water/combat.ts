// Fighting under water: Ausweichen gets a Nachteil (R-WATER-1), a ranged weapon cannot shoot beyond its
// range (R-WATER-2), a spell not cast Still costs one more breath check (R-WATER-3). FlexItem#roll calls
// rollWeapon / rollSpell; the check itself is FlexActor#rollCheck's.
import { registerCheckAdjustment } from "../../documents/check-adjustments";
import type { FlexActor } from "../../documents/actor";
import { registerItemRoller } from "../../documents/features";
import type { ItemRollOptions } from "../../documents/item";
import { dieLabel, rangedAttack, spellBreathChecks, waterCheckAdjustment } from "../../rules";
import { breathResultText, extraBreathCheck } from "./breath";

const underwater = (actor: FlexActor) => actor.statuses.has("underwater");

/** R-WATER-1: registered with FlexActor#rollCheck; the note names the rule on the card. */
export function registerWaterCheckAdjustment(): void {
  registerItemRoller("weapon", (item, actor, options) => rollWeapon(item, actor as FlexActor, options));
  registerItemRoller("spell", (item, actor, options) => rollSpell(item, actor as FlexActor, options));
  registerCheckAdjustment("water", ({ actor, talent }) => {
    const adjustment = waterCheckAdjustment({ talent: talent?.name, underwater: actor.statuses.has("underwater") });
    return adjustment ? { nachteile: adjustment.nachteile, note: game.i18n!.localize("FLEX.Water.Dodge.Note") } : null;
  });
}

/** A weapon rolls its talent's check; under water a ranged weapon beyond its range is refused (R-WATER-2). */
export async function rollWeapon(item: Item.Implementation, actor: FlexActor, { distance, ...options }: ItemRollOptions = {}) {
  const sys = item.system as { talent?: string; reichweite?: number };
  const talent = sys.talent?.trim();
  if (!talent) {
    ui.notifications?.warn(game.i18n!.format("FLEX.Water.Weapon.NoTalent", { weapon: item.name }));
    return null;
  }
  const ranged = rangedAttack({ underwater: underwater(actor), reichweite: Number(sys.reichweite), distance });
  if (!ranged.allowed) {
    ui.notifications?.warn(game.i18n!.format("FLEX.Water.Ranged.Refused", { weapon: item.name, distance: String(distance), range: String(sys.reichweite) }));
    return null;
  }
  const notes = [...(options.notes ?? []), game.i18n!.format("FLEX.Water.Weapon.Used", { weapon: item.name })];
  if (ranged.limited) notes.push(game.i18n!.format("FLEX.Water.Ranged.Note", { range: String(sys.reichweite) }));
  return actor.rollTalent(talent, { ...options, notes });
}

/** A spell rolls its Zauberschule's check; under water and not Still, one extra breath check first (R-WATER-3). */
export async function rollSpell(item: Item.Implementation, actor: FlexActor, { distance: _distance, ...options }: ItemRollOptions = {}) {
  const sys = item.system as { zauberschule?: string; still?: boolean };
  const school = sys.zauberschule?.trim();
  if (!school) {
    ui.notifications?.warn(game.i18n!.format("FLEX.Water.Spell.NoSchool", { spell: item.name }));
    return null;
  }
  // A check that cannot be made (not the owner, no such talent) costs no breath: rollCheck says why.
  if (!actor.isOwner || !actor.findTalent(school)) return actor.rollTalent(school, options);
  const notes = [...(options.notes ?? []), game.i18n!.format("FLEX.Water.Spell.Cast", { spell: item.name })];
  if (spellBreathChecks({ underwater: underwater(actor), still: !!sys.still })) {
    const entry = await extraBreathCheck(actor as Actor.Implementation);
    const { before, roll } = entry.outcome;
    const text = breathResultText(entry);
    notes.push(roll === null ? game.i18n!.format("FLEX.Water.Spell.NoAir", { result: text }) : game.i18n!.format("FLEX.Water.Spell.Breath", { die: dieLabel(before.die), roll: String(roll), result: text }));
  }
  return actor.rollTalent(school, { ...options, notes });
}
