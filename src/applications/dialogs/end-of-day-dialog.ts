// The GM's end-of-day dialog: which characters, and whether each ate, drank and slept (R-EXH-1).
import { requestEndOfDay } from "../../automation/end-of-day";
import type { Needs } from "../../automation/end-of-day";
import { CharacterData } from "../../data/actor/character";
import { endOfDay } from "../../rules";

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

/** One row's preview (R-EXH-1, R-EXH-3, R-EXH-4): "2 → 3", with death when the KO-Wert is reached. */
export function endOfDayPreview(row: { erschoepfung: number; koWert: number; heuteErhalten: boolean }, needs: { essen: boolean; trinken: boolean; schlaf: boolean }): { text: string; dead: boolean } {
  const outcome = endOfDay({ erschoepfung: row.erschoepfung, koWert: row.koWert, meal: needs.essen, water: needs.trinken, sleep: needs.schlaf, gainedToday: row.heuteErhalten });
  const text = game.i18n!.format(outcome.dead ? "FLEX.EndOfDay.PreviewDead" : "FLEX.EndOfDay.Preview", { before: String(row.erschoepfung), after: String(outcome.erschoepfung), ko: String(row.koWert) });
  return { text, dead: outcome.dead };
}

/** Keeps each row's preview in step with its ticks while the GM fills the dialog in. */
export function bindEndOfDayPreview(element: HTMLElement, rows: { id: string | null; erschoepfung: number; koWert: number; heuteErhalten: boolean }[]): void {
  const checked = (id: string, need: string) => (element.querySelector(`input[name="${id}.${need}"]`) as HTMLInputElement | null)?.checked ?? false;
  const update = () => {
    for (const row of rows) {
      const cell = element.querySelector(`[data-preview="${row.id}"]`);
      if (!cell || !row.id) continue;
      const preview = endOfDayPreview(row, { essen: checked(row.id, "essen"), trinken: checked(row.id, "trinken"), schlaf: checked(row.id, "schlaf") });
      cell.textContent = preview.text;
      cell.classList.toggle("dead", preview.dead);
    }
  };
  element.querySelector(".flex-end-of-day-dialog")?.addEventListener("change", update);
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
    sys instanceof CharacterData ? [{ id, name, ...sys.versorgung, erschoepfung: sys.erschoepfung.value, koWert: sys.derived.koWert, heuteErhalten: sys.erschoepfung.heuteErhalten }] : [],
  ).map((row) => ({ ...row, preview: endOfDayPreview(row, row) }));
  const content = await foundry.applications.handlebars.renderTemplate(END_OF_DAY_DIALOG_TEMPLATE, { rows });
  const data: Record<string, unknown> | null = await foundry.applications.api.DialogV2.input({
    classes: ["flex"],
    window: { title: game.i18n!.localize("FLEX.EndOfDay.Title") },
    // Six columns need more than a dialog's default width.
    position: { width: 560 },
    content,
    ok: { label: game.i18n!.localize("FLEX.EndOfDay.Confirm"), icon: "fa-solid fa-moon" },
    render: (_event: Event, dialog: { element: HTMLElement }) => bindEndOfDayPreview(dialog.element, rows),
  });
  if (!data) return;
  const request = readEndOfDayForm(data, rows.map((r) => r.id!));
  if (request.actorIds.length) await requestEndOfDay(request);
}
