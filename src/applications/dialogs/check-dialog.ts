// The roll dialog of a check: Vorteile, Nachteile, modifier and SW (R-CORE-4, R-CORE-5).
import { dieLabel, exhaustionMalus } from "../../rules";
import type { Die } from "../../rules";

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

/** What the check rolls before the user's choices (R-CORE-4, R-EXH-2): shown at the top of the dialog. */
export interface CheckBreakdown {
  /** The attribute die, e.g. "W10". */
  die: string;
  uebungswert: number;
  /** Automatic modifiers (effects, rules), signed ("+ 2", "− 1"); empty when none. */
  modifier: string;
  /** The Erschöpfung malus subtracted. */
  malus: number;
  /** Automatic Vorteile and Nachteile and why (e.g. under water). */
  notes: string[];
}

/** The breakdown of a prepared check, before the user's own Vorteile, Nachteile and modifier. */
export function checkBreakdown(input: { die: Die; kind: "talent" | "attribute"; uebungswert: number; modifier: number; erschoepfung: number }, notes: string[]): CheckBreakdown {
  const mod = Math.trunc(input.modifier) || 0;
  return {
    die: dieLabel(input.die),
    uebungswert: input.kind === "talent" ? Math.max(0, Math.trunc(input.uebungswert) || 0) : 0,
    modifier: mod > 0 ? `+ ${mod}` : mod < 0 ? `− ${-mod}` : "",
    malus: exhaustionMalus(input.erschoepfung, input.kind),
    notes,
  };
}

/** Asks for the check's options; null when the user closes the dialog. */
export async function promptCheck(title: string, defaults: Partial<CheckDialogResult> = {}, breakdown: CheckBreakdown | null = null): Promise<CheckDialogResult | null> {
  const content = await foundry.applications.handlebars.renderTemplate(CHECK_DIALOG_TEMPLATE, { ...defaults, breakdown });
  const data: Record<string, unknown> | null = await foundry.applications.api.DialogV2.input({
    window: { title },
    content,
    ok: { label: game.i18n!.localize("FLEX.Check.Roll"), icon: "fa-solid fa-dice" },
  });
  return readCheckDialog(data);
}
