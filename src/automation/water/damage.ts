// R-WATER-4 for FlexActor#applyDamage: under water, (F) and (Lava) damage still hurt, but their effects
// (the statuses a caller passes along) do not occur; the outcome says so and names the rule.
import { damageEffectsApply } from "../../rules";
import type { RuleId } from "../../rules";

export interface DamageEffects {
  /** The statuses to apply after the damage. */
  apply: string[];
  effectsSuppressed: boolean;
  rule: RuleId | null;
  note: string | null;
}

export function damageEffects(actor: Actor.Implementation, type: string | undefined, effects: readonly string[] = []): DamageEffects {
  const verdict = damageEffectsApply({ type, underwater: actor.statuses.has("underwater") });
  if (verdict.effects) return { apply: [...effects], effectsSuppressed: false, rule: null, note: null };
  const label = game.i18n!.localize(CONFIG.FLEX.damageTypes[String(type).toLowerCase()] ?? String(type));
  return { apply: [], effectsSuppressed: true, rule: verdict.rule, note: game.i18n!.format("FLEX.Water.Damage.Suppressed", { type: label }) };
}
