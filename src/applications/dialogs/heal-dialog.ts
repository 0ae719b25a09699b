// Asks how much Leben a character heals (R-CORE-12), for the "Heilen" button beside the Leben bar: it shows the
// Leben now and, as the amount is typed, what it will be ("Leben 7 → 12 von 30"), never past the maximum.
import { applyHealing } from "../../rules";

export const HEAL_DIALOG_TEMPLATE = "systems/flex/templates/actor/heal-dialog.hbs";

/** What the dialog needs to know of the character. */
export interface HealPreviewState {
  leben: number;
  max: number;
  /** R-CORE-8: healing above 0 ends it. */
  dying: boolean;
  /** R-BREATH-3: healing does not end it, only air does. */
  drowning: boolean;
}

export function healPreviewState(actor: Actor.Implementation): HealPreviewState {
  const leben = (actor.system as { leben?: { value?: unknown; max?: unknown } }).leben;
  const count = (n: unknown) => Math.max(0, Math.trunc(Number(n)) || 0);
  return { leben: count(leben?.value), max: count(leben?.max), dying: actor.statuses.has("dying"), drowning: actor.statuses.has("drowning") };
}

/**
 * R-CORE-12 / R-CORE-8: the dialog's Leben line for the amount typed so far: "Leben 7 von 30" before a usable
 * amount, "Leben 7 → 12 von 30" with one, and what else the healing does or cannot do ("Maximum erreicht",
 * "nicht mehr im Sterben", "schon voll", "ertrinkt weiter").
 */
export function healPreview(state: HealPreviewState, typed: unknown): string {
  const i18n = game.i18n!;
  const amount = healingAmount(typed);
  const now = { value: String(state.leben), max: String(state.max) };
  const parts: string[] = [];
  if (state.leben >= state.max) parts.push(i18n.format("FLEX.Heal.PreviewNow", now), i18n.localize("FLEX.Heal.Full"));
  else if (amount === null) parts.push(i18n.format("FLEX.Heal.PreviewNow", now), ...(state.dying ? [i18n.localize("FLEX.Attack.State.dying")] : []));
  else {
    const outcome = applyHealing({ leben: state.leben, max: state.max, amount });
    parts.push(i18n.format("FLEX.Heal.Preview", { ...now, after: String(outcome.leben) }));
    if (outcome.healed < amount) parts.push(i18n.localize("FLEX.Heal.Capped"));
    if (outcome.revived && state.dying) parts.push(i18n.localize("FLEX.Heal.Revives"));
  }
  if (state.drowning) parts.push(i18n.localize("FLEX.Heal.StillDrowning"));
  return parts.join(" · ");
}

/** The dialog's content: the question, the field and the Leben line (already right before any typing). */
export function healDialogContext(name: string, state: HealPreviewState, amount: number | null = null): Record<string, unknown> {
  return { name, amount, preview: healPreview(state, amount) };
}

/** A whole number of Leben above 0, or null when the dialog is closed or the entry is empty or not one. */
export async function promptHealing(actor: Actor.Implementation): Promise<number | null> {
  const state = healPreviewState(actor);
  const content = await foundry.applications.handlebars.renderTemplate(HEAL_DIALOG_TEMPLATE, healDialogContext(actor.name, state));
  const data: { amount?: unknown } | null = await foundry.applications.api.DialogV2.input({
    classes: ["flex"],
    window: { title: game.i18n!.format("FLEX.Heal.Title", { name: actor.name }) },
    content,
    render: (_event: Event, dialog: foundry.applications.api.DialogV2) => {
      const input = dialog.element?.querySelector<HTMLInputElement>("input[name='amount']");
      const preview = dialog.element?.querySelector<HTMLElement>(".flex-heal-preview");
      input?.addEventListener("input", () => preview && (preview.textContent = healPreview(state, input.value)));
    },
    ok: { label: game.i18n!.localize("FLEX.Heal.Button"), icon: "fa-solid fa-heart-circle-plus" },
  });
  return healingAmount(data?.amount);
}

/** What the field held, as Leben to heal: an empty field arrives as null or "", which is no number here. */
export function healingAmount(value: unknown): number | null {
  if (value === null || value === undefined || (typeof value === "string" && !value.trim())) return null;
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
}
