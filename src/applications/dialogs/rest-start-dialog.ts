// The GM's rest dialog: which rest, for which characters (with whether each may take each rest now, and
// when it may), whether a healer is there, and whether to ask the players. Also `game.flex.rest(...)`.
import { callRest, characterData, formatDuration, restTypeLabel, windowOf } from "../../automation/rest";
import type { CallRestOptions, RestReport } from "../../automation/rest";
import { restSettings } from "../../helpers/settings";
import { isRestType, REST_DURATION, REST_LIMITS, REST_TYPES, WEEK } from "../../rules";
import type { RestType } from "../../rules";
import { endOfDayCandidates } from "./end-of-day-dialog";

export const REST_START_TEMPLATE = "systems/flex/templates/dialogs/rest-start.hbs";

/** The dialog's data: rest types, and per character whether each type is allowed now. */
export function restStartContext(actors: readonly Actor.Implementation[], selected: RestType = "shortRest"): Record<string, unknown> {
  const now = game.time!.worldTime;
  const i18n = game.i18n!;
  return {
    types: REST_TYPES.map((t) => ({ value: t, label: restTypeLabel(t), selected: t === selected, duration: formatDuration(REST_DURATION[t]) })),
    rows: actors.flatMap((actor) => {
      const sys = characterData(actor);
      if (!sys) return [];
      const windows = REST_TYPES.map((t) => {
        const w = windowOf(sys, t, now);
        return { type: t, allowed: w.allowed, text: w.allowed ? i18n.format("FLEX.Rest.Start.UsedShort", { used: String(w.used), limit: String(w.limit) }) : i18n.format("FLEX.Rest.Start.Wait", { wait: formatDuration((w.nextAt ?? now) - now) }) };
      });
      const state = i18n.format("FLEX.Rest.Start.State", { value: String(sys.leben.value), max: String(sys.leben.max), erschoepfung: String(sys.erschoepfung.value) });
      return [{ id: actor.id, name: actor.name, windows, erschoepfung: sys.erschoepfung.value, leben: sys.leben, state }];
    }),
    // G-13: each rest's column says its window (R-REST-1 … R-REST-4: per 24 hours or per week); what it restores below the select.
    typeLabels: REST_TYPES.map((t) => ({ type: t, label: restTypeLabel(t), window: i18n.localize(REST_LIMITS[t].window >= WEEK ? "FLEX.Rest.Start.PerWeek" : "FLEX.Rest.Start.PerDay"), selected: t === selected })),
    typeHints: REST_TYPES.map((t) => ({ type: t, text: i18n.localize(`FLEX.Rest.TypeHint.${t}`) })),
    seconds: restSettings().answerSeconds,
  };
}

/** Reads the dialog's form: `type`, `<id>.include`, `healer`, `ask`, `seconds`. */
export function readRestStartForm(data: Record<string, unknown>, actorIds: readonly string[]): Omit<CallRestOptions, "actors"> & { actorIds: string[] } {
  const flat = foundry.utils.flattenObject(data) as Record<string, unknown>;
  const on = (k: string) => flat[k] === true || flat[k] === "true" || flat[k] === "on";
  const seconds = Number(flat.seconds);
  return {
    type: isRestType(flat.type) ? flat.type : "shortRest",
    actorIds: actorIds.filter((id) => on(`${id}.include`)),
    healer: on("healer"),
    ask: on("ask"),
    answerSeconds: Number.isFinite(seconds) && seconds > 0 ? seconds : undefined,
  };
}

export async function openRestDialog(): Promise<RestReport | null> {
  const i18n = game.i18n!;
  if (!game.user?.isGM) {
    ui.notifications?.warn(i18n.localize("FLEX.Rest.GMOnly"));
    return null;
  }
  const actors = endOfDayCandidates();
  if (!actors.length) {
    ui.notifications?.info(i18n.localize("FLEX.EndOfDay.NoCharacters"));
    return null;
  }
  const context = restStartContext(actors);
  const content = await foundry.applications.handlebars.renderTemplate(REST_START_TEMPLATE, context);
  const data: Record<string, unknown> | null = await foundry.applications.api.DialogV2.input({
    classes: ["flex"],
    window: { title: i18n.localize("FLEX.Rest.Title") },
    content,
    ok: { label: i18n.localize("FLEX.Rest.Start.Confirm"), icon: "fa-solid fa-campground" },
  });
  if (!data) return null;
  const { actorIds, ...options } = readRestStartForm(data, actors.map((a) => a.id!));
  if (!actorIds.length) return null;
  return callRest({ ...options, actors: actorIds });
}

/**
 * game.flex.rest: without a type the GM's dialog; with one the rest at once, for `actors` or the selected
 * tokens' characters (else every player character). E.g. `game.flex.rest({ type: "longRest", healer: true })`.
 */
export async function rest(options: Partial<CallRestOptions> = {}): Promise<RestReport | null> {
  if (!options.type) return openRestDialog();
  return callRest({ ...options, type: options.type, actors: options.actors ?? endOfDayCandidates() });
}
