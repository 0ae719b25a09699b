// Asks how deep a character falls (R-FALL-1), for the sheet's "Sturz" button.
export const FALL_DIALOG_TEMPLATE = "systems/flex/templates/dialogs/fall-dialog.hbs";

/** The height in Schritt, or null when the dialog is closed or the entry is not a number. */
export async function promptFallHeight(name: string): Promise<number | null> {
  const content = await foundry.applications.handlebars.renderTemplate(FALL_DIALOG_TEMPLATE, {});
  const data: { height?: unknown } | null = await foundry.applications.api.DialogV2.input({
    classes: ["flex"],
    window: { title: game.i18n!.format("FLEX.Sheet.FallTitle", { name }) },
    content,
    ok: { label: game.i18n!.localize("FLEX.Sheet.Fall"), icon: "fa-solid fa-person-falling" },
  });
  const height = Number(data?.height);
  return data && Number.isFinite(height) ? height : null;
}
