// The GM's end-of-day dialog: which characters, and whether each ate, drank and slept (R-EXH-1).
import { requestEndOfDay } from "../../automation/end-of-day";
import type { Needs } from "../../automation/end-of-day";
import { CharacterData } from "../../data/actor/character";

export const END_OF_DAY_DIALOG_TEMPLATE = "systems/flex/templates/dialogs/end-of-day.hbs";

/** Characters the dialog offers: the selected tokens' characters, else every player character. */
export function endOfDayCandidates(): Actor.Implementation[] {
  const all = (game.actors!.contents as Actor.Implementation[]).filter((a) => a.type === "character");
  const controlled = (globalThis as { canvas?: { tokens?: { controlled?: { actor?: Actor.Implementation | null }[] } } }).canvas?.tokens?.controlled ?? [];
  const selected = controlled.map((t) => t.actor).filter((a): a is Actor.Implementation => a?.type === "character");
  return selected.length ? selected : all.filter((a) => a.hasPlayerOwner);
}

/** Reads the dialog's form: `<id>.include`, `<id>.essen`, `<id>.trinken`, `<id>.schlaf`. */
export function readEndOfDayForm(data: Record<string, unknown>, actorIds: string[]): { actorIds: string[]; needs: Record<string, Needs> } {
  const flat = foundry.utils.flattenObject(data) as Record<string, unknown>;
  const on = (k: string) => flat[k] === true || flat[k] === "true" || flat[k] === "on";
  const chosen = actorIds.filter((id) => on(`${id}.include`));
  const needs = Object.fromEntries(chosen.map((id) => [id, { essen: on(`${id}.essen`), trinken: on(`${id}.trinken`), schlaf: on(`${id}.schlaf`) }]));
  return { actorIds: chosen, needs };
}

export async function openEndOfDayDialog(): Promise<void> {
  if (!game.user?.isGM) {
    ui.notifications?.warn(game.i18n!.localize("FLEX.EndOfDay.GMOnly"));
    return;
  }
  const actors = endOfDayCandidates();
  if (!actors.length) {
    ui.notifications?.info(game.i18n!.localize("FLEX.EndOfDay.NoCharacters"));
    return;
  }
  // The candidates are characters, so their system is a CharacterData.
  const rows = actors.flatMap(({ id, name, system: sys }) =>
    sys instanceof CharacterData ? [{ id, name, ...sys.versorgung, erschoepfung: sys.erschoepfung.value, koWert: sys.derived.koWert }] : [],
  );
  const content = await foundry.applications.handlebars.renderTemplate(END_OF_DAY_DIALOG_TEMPLATE, { rows });
  const data: Record<string, unknown> | null = await foundry.applications.api.DialogV2.input({
    window: { title: game.i18n!.localize("FLEX.EndOfDay.Title") },
    content,
    ok: { label: game.i18n!.localize("FLEX.EndOfDay.Confirm"), icon: "fa-solid fa-moon" },
  });
  if (!data) return;
  const request = readEndOfDayForm(data, rows.map((r) => r.id!));
  if (request.actorIds.length) await requestEndOfDay(request);
}
