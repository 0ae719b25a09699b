// The roll dialog of a check: Vorteile, Nachteile, modifier and SW (R-CORE-4, R-CORE-5).
import { checkFormula, checkOutlook, diceCount, exhaustionMalus, netAdvantage } from "../../rules";
import { numberText, percentText } from "../../helpers/units";
import type { CheckInput, Die } from "../../rules";
import { localDie, localFormula } from "../../helpers/dice-text";

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
  /** The attribute die as the world's language writes it: "W10", "d10", "к10". */
  die: string;
  /** The attribute behind the die by its abbreviation ("KK", "STR", "СИЛ"); empty when not known (G-8). */
  attribute: string;
  uebungswert: number;
  /** Automatic modifiers (effects, rules), signed ("+ 2", "− 1"); empty when none. */
  modifier: string;
  /** The Erschöpfung malus subtracted. */
  malus: number;
  /** Automatic Vorteile and Nachteile and why (e.g. under water). */
  notes: string[];
  /** The prepared check before the user's choices; the dialog adds them to it live. */
  base: Omit<CheckInput, "sw">;
}

/** The user's own choices in the dialog. */
export type CheckChoices = Pick<CheckDialogResult, "vorteile" | "nachteile" | "modifier">;

/**
 * R-CORE-5: what the check rolls with the user's choices added, as the dialog shows it while they type:
 * how many dice and which counts ("2 × W10, der höhere zählt") and the whole roll in the language's notation
 * ("2W10 (höchster) + 4 − 2 + 1"; issue 25: no Foundry "2d10kh" on a German page).
 */
export function liveCheckLine(base: CheckBreakdown["base"], choices: CheckChoices, format: (key: string, data: Record<string, string>) => string, sw: number | null = null): { dice: string; formula: string; outlook: string } {
  const input: CheckInput = {
    ...base,
    vorteile: base.vorteile + Math.max(0, choices.vorteile),
    nachteile: base.nachteile + Math.max(0, choices.nachteile),
    modifier: base.modifier + choices.modifier,
    sw: null,
  };
  const net = netAdvantage(input.vorteile, input.nachteile);
  const die = localDie(input.die);
  const n = String(diceCount(net));
  const dice = net > 0 ? format("FLEX.Check.Live.High", { n, die }) : net < 0 ? format("FLEX.Check.Live.Low", { n, die }) : format("FLEX.Check.Live.One", { die });
  // G-8 (R-CORE-4 / R-CORE-5): what the roll can reach, and against a SW whether it can succeed at all.
  const outlook = checkOutlook({ ...input, sw });
  const range = { min: numberText(outlook.min), max: numberText(outlook.max) };
  const text = sw === null ? format("FLEX.Check.Live.Range", range)
    : outlook.chance === 0 ? format("FLEX.Check.Live.Never", { ...range, sw: String(sw) })
    : format("FLEX.Check.Live.Chance", { ...range, sw: String(sw), chance: percentText(outlook.chance ?? 0) });
  return { dice, formula: localFormula(checkFormula(input)), outlook: text };
}

/** Keeps the dialog's live line in step with the user's Vorteile, Nachteile and modifier. */
export function bindLiveCheckLine(element: HTMLElement, base: CheckBreakdown["base"]): void {
  const live = element.querySelector<HTMLElement>(".flex-check-live");
  if (!live) return;
  const field = (name: string) => (element.querySelector(`input[name="${name}"]`) as HTMLInputElement | null)?.value;
  const update = () => {
    const choices = readCheckDialog({ vorteile: field("vorteile"), nachteile: field("nachteile"), modifier: field("modifier"), sw: field("sw") })!;
    const line = liveCheckLine(base, choices, (key, data) => game.i18n!.format(key, data), choices.sw);
    live.querySelector(".flex-check-live-dice")!.textContent = line.dice;
    live.querySelector(".flex-check-live-formula")!.textContent = line.formula;
    const outlook = element.querySelector<HTMLElement>(".flex-check-outlook");
    if (outlook) outlook.textContent = line.outlook;
  };
  element.querySelector(".flex-check-dialog")?.addEventListener("input", update);
  update();
}

/** The breakdown of a prepared check, before the user's own Vorteile, Nachteile and modifier. */
export function checkBreakdown(input: { die: Die; kind: "talent" | "attribute"; uebungswert: number; modifier: number; erschoepfung: number; vorteile?: number; nachteile?: number }, notes: string[], attribute = ""): CheckBreakdown {
  const mod = Math.trunc(input.modifier) || 0;
  return {
    die: localDie(input.die),
    attribute,
    uebungswert: input.kind === "talent" ? Math.max(0, Math.trunc(input.uebungswert) || 0) : 0,
    modifier: mod > 0 ? `+ ${mod}` : mod < 0 ? `− ${-mod}` : "",
    malus: exhaustionMalus(input.erschoepfung, input.kind),
    notes,
    base: { die: input.die, kind: input.kind, uebungswert: input.uebungswert, modifier: mod, vorteile: input.vorteile ?? 0, nachteile: input.nachteile ?? 0, erschoepfung: input.erschoepfung },
  };
}

/** Asks for the check's options; null when the user closes the dialog. */
export async function promptCheck(title: string, defaults: Partial<CheckDialogResult> = {}, breakdown: CheckBreakdown | null = null): Promise<CheckDialogResult | null> {
  const live = breakdown && liveCheckLine(breakdown.base, { vorteile: defaults.vorteile ?? 0, nachteile: defaults.nachteile ?? 0, modifier: defaults.modifier ?? 0 }, (key, data) => game.i18n!.format(key, data), defaults.sw ?? null);
  const content = await foundry.applications.handlebars.renderTemplate(CHECK_DIALOG_TEMPLATE, { ...defaults, breakdown, live });
  const data: Record<string, unknown> | null = await foundry.applications.api.DialogV2.input({
    classes: ["flex"],
    window: { title },
    content,
    ok: { label: game.i18n!.localize("FLEX.Check.Roll"), icon: "fa-solid fa-dice" },
    render: (_event: Event, dialog: { element: HTMLElement }) => {
      if (breakdown) bindLiveCheckLine(dialog.element, breakdown.base);
    },
  });
  return readCheckDialog(data);
}
