// Asks how deep a character falls (R-FALL-1) and onto what (R-FALL-2), for the sheet's "Sturz" button and the macro.
// A live line under the height says what that height means: its SW and damage, or that it is no fall.
import { landingOf } from "../../automation/falling/landing";
import type { TokenLike } from "../../automation/falling/landing";
import { fallSettings } from "../../automation/falling/settings";
import { localFormula } from "../../helpers/dice-text";
import { numberText, unitText } from "../../helpers/units";
import { documentFromUuid } from "../../helpers/uuid";
import { fallPreview } from "../../rules";

export const FALL_DIALOG_TEMPLATE = "systems/flex/templates/dialogs/fall-dialog.hbs";
/** The height the dialog opens with: the smallest fall. */
const DEFAULT_HEIGHT = 3;

/** R-FALL-1: the live line for what the height field holds. */
export function fallPreviewText(entry: unknown): string {
  const i18n = game.i18n!;
  const preview = fallPreview(entry);
  if (preview.kind === "invalid") return i18n.localize("FLEX.Sheet.FallPreview.Invalid");
  const height = unitText("Schritt", preview.height);
  if (preview.kind === "noFall") return i18n.format("FLEX.Sheet.FallPreview.NoFall", { height });
  if (preview.height > CONFIG.FLEX.maxFallHeight) return i18n.format("FLEX.Sheet.FallPreview.TooHigh", { height, max: unitText("Schritt", CONFIG.FLEX.maxFallHeight) });
  return i18n.format("FLEX.Sheet.FallPreview.Fall", { height, sw: String(preview.sw), damage: localFormula(preview.formula), average: numberText(preview.average) });
}

export interface FallTargetOption {
  value: string;
  label: string;
}

/** Who asks: a GM sees hidden tokens; `ownedOnly` when the active GM resolves a player's fall and accepts only what the player owns. */
export interface FallViewer {
  isGM: boolean;
  ownedOnly: boolean;
}

/**
 * R-FALL-2: what the faller may land on: the creatures and destructible objects among the viewed scene's tokens,
 * never the faller itself (any token of its actor); a hidden token only for a GM.
 */
export function fallTargetOptions(faller: Actor.Implementation | null, tokens: Iterable<TokenLike & { hidden?: boolean }>, viewer: FallViewer): FallTargetOption[] {
  const options: FallTargetOption[] = [];
  for (const token of tokens) {
    if (token.hidden && !viewer.isGM) continue;
    const landing = landingOf(token);
    if (!landing || (faller && landing.actor === faller)) continue;
    if (viewer.ownedOnly && !landing.actor?.isOwner) continue;
    const label = landing.kind === "object" ? game.i18n!.format("FLEX.Sheet.FallOntoObject", { name: landing.name }) : landing.name;
    options.push({ value: token.uuid, label });
  }
  options.sort((a, b) => a.label.localeCompare(b.label, game.i18n?.lang));
  // Three unlinked goblins are three choices: each one after the first of a name gets its number ("Goblin (2)").
  const seen = new Map<string, number>();
  for (const option of options) {
    const n = (seen.get(option.label) ?? 0) + 1;
    seen.set(option.label, n);
    if (n > 1) option.label = game.i18n!.format("FLEX.Sheet.FallOntoNumbered", { name: option.label, n: String(n) });
  }
  return options;
}

/** The dialog's content: the height, its live line and (when there is a scene) the landing select. */
export function fallDialogContext(targets: FallTargetOption[], height: number = DEFAULT_HEIGHT): Record<string, unknown> {
  return { height, preview: fallPreviewText(height), targets };
}

export interface FallAnswer {
  /** The height in Schritt as typed (the fall itself rounds it down). */
  height: number;
  /** The token landed on (its uuid), or null for the ground. */
  onto: string | null;
}

/**
 * What the dialog's form holds: null when it was closed or the height is not a number; a landing target that is not
 * one of the offered tokens, or no longer exists, is the ground.
 */
export function readFallForm(data: Record<string, unknown> | null, targets: FallTargetOption[]): FallAnswer | null {
  if (!data) return null;
  const height = typeof data.height === "string" && !data.height.trim() ? Number.NaN : Number(data.height);
  if (!Number.isFinite(height)) return null;
  const uuid = typeof data.onto === "string" ? data.onto : "";
  const offered = targets.some((t) => t.value === uuid) && documentFromUuid(uuid) !== null;
  return { height, onto: offered ? uuid : null };
}

/** The live line follows the height as it is typed. */
export function bindFallPreview(element: HTMLElement | null | undefined): void {
  const input = element?.querySelector<HTMLInputElement>("input[name='height']");
  const line = element?.querySelector<HTMLElement>(".flex-fall-preview");
  if (!input || !line) return;
  input.addEventListener("input", () => (line.textContent = fallPreviewText(input.value)));
}

function viewedTokens(): TokenLike[] {
  const scene = game.scenes?.viewed as { tokens?: Iterable<unknown> } | null | undefined;
  return scene?.tokens ? ([...scene.tokens] as TokenLike[]) : [];
}

/** The dialog itself: the height with its live line and, with `targets`, the landing select. Null when it was closed. */
async function askFall(name: string, targets: FallTargetOption[]): Promise<FallAnswer | null> {
  const content = await foundry.applications.handlebars.renderTemplate(FALL_DIALOG_TEMPLATE, fallDialogContext(targets));
  const data: Record<string, unknown> | null = await foundry.applications.api.DialogV2.input({
    classes: ["flex"],
    window: { title: game.i18n!.format("FLEX.Sheet.FallTitle", { name }) },
    content,
    render: (_event: Event, dialog: foundry.applications.api.DialogV2) => bindFallPreview(dialog.element),
    ok: { label: game.i18n!.localize("FLEX.Sheet.Fall"), icon: "fa-solid fa-person-falling" },
  });
  return readFallForm(data, targets);
}

/** R-FALL-1 / R-FALL-2: asks how deep `faller` falls and onto what. Null when the dialog is closed or no height was given. */
export async function promptFall(faller: Actor.Implementation): Promise<FallAnswer | null> {
  const isGM = !!game.user?.isGM;
  // The active GM resolving a player's fall keeps only a target that player owns (automation/falling/resolve.ts).
  const targets = fallTargetOptions(faller, viewedTokens(), { isGM, ownedOnly: !isGM && fallSettings.roller() === "gm" });
  return askFall(faller.name, targets);
}

/** The height in Schritt, or null when the dialog is closed or the entry is not a number (the macro's question). */
export async function promptFallHeight(name: string): Promise<number | null> {
  return (await askFall(name, []))?.height ?? null;
}
