// Fighting under water: Ausweichen gets a Nachteil (R-WATER-1), a ranged weapon cannot shoot beyond its
// range (R-WATER-2), a spell not cast Still costs one more breath check (R-WATER-3). The attack itself is
// the combat automation's; it asks these.
import { registerCheckAdjustment } from "../../documents/check-adjustments";
import { localDie } from "../../helpers/dice-text";
import { unitText } from "../../helpers/units";
import { rangedAttack, spellBreathChecks, waterCheckAdjustment } from "../../rules";
import { breathResultText, extraBreathCheck } from "./breath";

/** R-WATER-1: registered with FlexActor#rollCheck; the note says why, the card's Regeln line names the rule. */
export function registerWaterCheckAdjustment(): void {
  registerCheckAdjustment("water", ({ actor, talent, defence }) => {
    const adjustment = waterCheckAdjustment({ talent: talent?.name, defence, underwater: actor.statuses.has("underwater") });
    return adjustment ? { nachteile: adjustment.nachteile, note: game.i18n!.localize("FLEX.Water.Dodge.Note"), rule: "R-WATER-1" } : null;
  });
}

/**
 * R-WATER-2: under water a ranged weapon cannot reach beyond its range. Refused with a message naming the
 * distance; allowed otherwise, with a note when the range limited it.
 */
export function underwaterRange(actor: Actor.Implementation, item: Item.Implementation, distance: number | null | undefined): { allowed: boolean; notes: string[] } {
  const range = Number((item.system as { reichweite?: unknown }).reichweite);
  const ranged = rangedAttack({ underwater: actor.statuses.has("underwater"), reichweite: range, distance });
  if (!ranged.allowed) {
    ui.notifications?.warn(game.i18n!.format("FLEX.Water.Ranged.Refused", { weapon: item.name, distance: unitText("Schritt", Number(distance)), range: unitText("Schritt", range) }));
    return { allowed: false, notes: [] };
  }
  return { allowed: true, notes: ranged.limited ? [game.i18n!.format("FLEX.Water.Ranged.Note", { range: unitText("Schritt", range) })] : [] };
}

/** R-WATER-3: a spell not cast Still under water costs one more breath check, made now; the note for the card. */
export async function spellBreath(actor: Actor.Implementation, item: Item.Implementation): Promise<string | null> {
  const still = !!(item.system as { still?: unknown }).still;
  if (!spellBreathChecks({ underwater: actor.statuses.has("underwater"), still })) return null;
  const entry = await extraBreathCheck(actor);
  const { before, roll } = entry.outcome;
  const text = breathResultText(entry);
  return roll === null ? game.i18n!.format("FLEX.Water.Spell.NoAir", { result: text }) : game.i18n!.format("FLEX.Water.Spell.Breath", { die: localDie(before.die), roll: String(roll), result: text });
}
