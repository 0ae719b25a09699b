// Asks how much Leben a character heals (R-CORE-12), for the "Heilen" button beside the Leben bar.
export const HEAL_DIALOG_TEMPLATE = "systems/flex/templates/actor/heal-dialog.hbs";

/** A whole number of Leben above 0, or null when the dialog is closed or the entry is empty or not one. */
export async function promptHealing(name: string): Promise<number | null> {
  const content = await foundry.applications.handlebars.renderTemplate(HEAL_DIALOG_TEMPLATE, { name });
  const data: { amount?: unknown } | null = await foundry.applications.api.DialogV2.input({
    classes: ["flex"],
    window: { title: game.i18n!.format("FLEX.Heal.Title", { name }) },
    content,
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
