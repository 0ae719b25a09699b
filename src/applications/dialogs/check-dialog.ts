// The roll dialog of a check: Vorteile, Nachteile, modifier and SW (R-CORE-4, R-CORE-5).
export const CHECK_DIALOG_TEMPLATE = "systems/flex/templates/dialogs/check-dialog.hbs";

export interface CheckDialogResult {
  vorteile: number;
  nachteile: number;
  modifier: number;
  sw: number | null;
}

const num = (v: unknown) => (v === "" || v === null || v === undefined || Number.isNaN(Number(v)) ? null : Math.trunc(Number(v)));

/** Turns the dialog's form values into check options; blanks and text become 0 or "no SW". */
export function readCheckDialog(data: Record<string, unknown> | null): CheckDialogResult | null {
  if (!data) return null;
  return {
    vorteile: Math.max(0, num(data.vorteile) ?? 0),
    nachteile: Math.max(0, num(data.nachteile) ?? 0),
    modifier: num(data.modifier) ?? 0,
    sw: num(data.sw),
  };
}

/** Asks for the check's options; null when the user closes the dialog. */
export async function promptCheck(title: string, defaults: Partial<CheckDialogResult> = {}): Promise<CheckDialogResult | null> {
  const content = await foundry.applications.handlebars.renderTemplate(CHECK_DIALOG_TEMPLATE, { ...defaults });
  const data: Record<string, unknown> | null = await foundry.applications.api.DialogV2.input({
    window: { title },
    content,
    ok: { label: game.i18n!.localize("FLEX.Check.Roll"), icon: "fa-solid fa-dice" },
  });
  return readCheckDialog(data);
}
