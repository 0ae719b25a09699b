// What a hit or a healing does to one creature, in words that are true for every case (issue 36, review C-1 / C-3):
// "6 Schaden − 1 Rüstung = −5 Leben, jetzt 7/12" where the sum holds; "10 Schaden: Leben 7 → 0/12 (3 verfallen)"
// where Leben 0 stopped it; "4 Schaden: Rüstung fängt alles ab, Leben 20/20" where armour took it all. The numbers
// come from the rules (R-CORE-7 / R-CORE-8 applyHit, R-CORE-12 applyHealing, through FlexActor#planDamage and
// #planHealing); this file only words them. The Apply buttons say the same before the click: "Anwenden: −7 Leben".
import { numberText } from "../helpers/units";

/** One hit as the rules decided it: the damage, what Rüstung stopped, the Leben lost, Leben after and its maximum. */
export interface LossView {
  damage: number;
  absorbed: number;
  taken: number;
  leben: number;
  max: number;
}

/** The damage Leben 0 swallowed: what got past Rüstung but found no Leben left to take. */
export const excessOf = (v: Pick<LossView, "damage" | "absorbed" | "taken">): number => Math.max(0, v.damage - v.absorbed - v.taken);

const minus = (n: number) => numberText(-Math.abs(n));

/** The applied line (without the creature's name). */
export function lossText(v: LossView): string {
  const i18n = game.i18n!;
  const data = { damage: numberText(v.damage), armour: numberText(v.absorbed), lost: minus(v.taken), before: numberText(v.leben + v.taken), leben: numberText(v.leben), max: numberText(v.max), over: numberText(excessOf(v)) };
  if (v.damage > 0 && v.taken === 0 && v.absorbed >= v.damage) return i18n.format("FLEX.Attack.TookAbsorbed", data);
  if (excessOf(v) > 0) return i18n.format(v.absorbed ? "FLEX.Attack.TookClampedArmour" : "FLEX.Attack.TookClamped", data);
  return i18n.format(v.absorbed ? "FLEX.Attack.TookArmour" : "FLEX.Attack.TookNow", data);
}

/** What an Apply button says it will do: "Anwenden: −7 Leben", or "Anwenden: kein Verlust". */
export function lossLabel(v: Pick<LossView, "taken">): string {
  const i18n = game.i18n!;
  return v.taken > 0 ? i18n.format("FLEX.Attack.ApplyLoss", { lost: minus(v.taken) }) : i18n.localize("FLEX.Attack.ApplyNoLoss");
}

/** Why, on hover: "9 Schaden − 2 Rüstung; Leben 7 → 0 (1 verfallen)". */
export function lossWhy(v: LossView): string {
  const i18n = game.i18n!;
  const data = { damage: numberText(v.damage), armour: numberText(v.absorbed), before: numberText(v.leben + v.taken), leben: numberText(v.leben), over: numberText(excessOf(v)) };
  const why = i18n.format(v.absorbed ? "FLEX.Attack.ApplyWhy" : "FLEX.Attack.ApplyWhyBare", data);
  return excessOf(v) > 0 ? `${why} ${i18n.format("FLEX.Attack.Over", data)}` : why;
}

/** One healing as the rules decided it: the amount, the Leben gained, Leben after and its maximum. */
export interface HealPreview {
  amount: number;
  healed: number;
  leben: number;
  max: number;
}

/** What a Heal button says it will do: "Heilen: +5 Leben". */
export function healLabel(v: Pick<HealPreview, "healed">): string {
  return game.i18n!.format("FLEX.Attack.HealAmount", { n: numberText(v.healed) });
}

/** Why, on hover: "30 Heilung; Leben 4 → 30 (Maximum)". */
export function healWhy(v: HealPreview): string {
  const i18n = game.i18n!;
  const why = i18n.format("FLEX.Attack.HealWhy", { amount: numberText(v.amount), before: numberText(v.leben - v.healed), leben: numberText(v.leben) });
  return v.healed < v.amount ? `${why} ${i18n.localize("FLEX.Attack.HealWhyCapped")}` : why;
}

/** What `actor` would lose to `damage` now, as FlexActor#planDamage (the click's own function) decides it; nothing is written. */
export function previewLoss(actor: Actor.Implementation, damage: number, options: { ignoreArmor?: boolean; type?: string } = {}): LossView {
  const { outcome } = actor.planDamage(damage, { ignoreArmor: options.ignoreArmor, type: options.type });
  return { damage: Math.max(0, Math.trunc(damage)), absorbed: outcome.absorbed, taken: outcome.taken, leben: outcome.leben, max: lebenMaxOf(actor) };
}

/** What `actor` would gain from `amount` now, as FlexActor#planHealing decides it; nothing is written. */
export function previewHeal(actor: Actor.Implementation, amount: number): HealPreview {
  const { result } = actor.planHealing(amount);
  return { amount: Math.max(0, Math.trunc(amount)), healed: result.healed, leben: result.leben, max: lebenMaxOf(actor) };
}

function lebenMaxOf(actor: Actor.Implementation): number {
  return Math.max(0, Math.trunc(Number((actor.system as { leben?: { max?: unknown } }).leben?.max) || 0));
}

/**
 * On this client's rendering of a card: the button's words become what it will do (its label span, the text after its
 * icon) and its tooltip says why. Only drawn where the user may see the target's values (screen.ts).
 */
export function drawButtonPreview(button: HTMLElement, label: string, why: string): void {
  const span = button.querySelector<HTMLElement>(".flex-apply-label");
  if (span) span.textContent = label;
  button.setAttribute("data-tooltip", why);
  button.setAttribute("aria-label", `${label} (${why})`);
}
