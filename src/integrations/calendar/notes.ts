// R-FARM-2 and R-REST-NO-1 on a calendar module's own page (issue 34, scope 4): when a field is sown, the active GM puts
// its ripening day into the calendar as a note, and when a character starts going without sleep, the hour its first
// Erschöpfung comes — Seasons & Stars 0.26 (game.seasonsStars.notes.createNote) or Simple Calendar Reborn 2.5.5
// (SimpleCalendar.api.addNote). Without either, the cards and notices stay as they are.
import { harvestTime, NO_REST_FIRST } from "../../rules";
import { SLEEPLESS, sleeplessSince } from "../../automation/rest/sleepless";
import { formatWorldTime } from "../../automation/making";

/** Seasons & Stars' API as far as Flex calls it (packages/core: api, notes-manager.ts). */
interface SeasonsStars {
  api?: { worldTimeToDate?: (t: number) => unknown };
  notes?: { createNote?: (data: Record<string, unknown>) => Promise<unknown> };
}

/** Simple Calendar (Reborn)'s global API as far as Flex calls it. */
interface SimpleCalendarApi {
  timestampToDate?: (t: number) => unknown;
  addNote?: (title: string, content: string, startDate: unknown, endDate: unknown, allDay: boolean) => Promise<unknown>;
}

const seasonsStars = () => Reflect.get(game, "seasonsStars") as SeasonsStars | undefined;
const simpleCalendar = () => (Reflect.get(globalThis, "SimpleCalendar") as { api?: SimpleCalendarApi } | undefined)?.api;

/** Which calendar module would take the note, if any. */
export function noteCalendar(): "seasons-and-stars" | "simple-calendar" | null {
  const ss = seasonsStars();
  if (typeof ss?.notes?.createNote === "function" && typeof ss.api?.worldTimeToDate === "function") return "seasons-and-stars";
  const sc = simpleCalendar();
  if (typeof sc?.addNote === "function" && typeof sc.timestampToDate === "function") return "simple-calendar";
  return null;
}

/** A note at world time `at` in whichever calendar module is active; null without one. */
async function postNote(at: number, title: string, text: string, allDay: boolean): Promise<unknown> {
  const which = noteCalendar();
  if (!which) return null;
  const content = `<p>${foundry.utils.escapeHTML(text)}</p>`;
  if (which === "seasons-and-stars") {
    const ss = seasonsStars()!;
    return ss.notes!.createNote!({ title, content, startDate: ss.api!.worldTimeToDate!(at), allDay, playerVisible: true, category: "flex" });
  }
  const sc = simpleCalendar()!;
  const date = sc.timestampToDate!(at);
  return sc.addNote!(title, content, date, date, allDay);
}

/** The note of a field sown at `sownAt`: ripe 90 days later (R-FARM-2). */
export function postRipeningNote(plot: Item.Implementation, sownAt: number): Promise<unknown> {
  const readyAt = harvestTime(sownAt);
  const i18n = game.i18n!;
  return postNote(readyAt, i18n.format("FLEX.Calendar.FieldRipe", { field: plot.name, name: plot.actor?.name ?? "" }), i18n.format("FLEX.Calendar.FieldRipeText", { field: plot.name, date: formatWorldTime(readyAt) }), true);
}

/** R-REST-NO-1: going without sleep since `since`, the first Erschöpfung comes 24 h later. */
export function postSleeplessNote(actor: Actor.Implementation, since: number): Promise<unknown> {
  const at = since + NO_REST_FIRST;
  const i18n = game.i18n!;
  return postNote(at, i18n.format("FLEX.Calendar.Sleepless", { name: actor.name }), i18n.format("FLEX.Calendar.SleeplessText", { name: actor.name, date: formatWorldTime(at) }), false);
}

const failed = (err: unknown) => console.error("Flex | the calendar note failed", err);

export function registerCalendarNotes(): void {
  Hooks.on("createActiveEffect", (effect) => {
    const actor = effect.parent;
    if (!effect.statuses.has(SLEEPLESS) || !(actor instanceof Actor) || !game.users?.activeGM?.isSelf || !noteCalendar()) return;
    const since = sleeplessSince(actor as Actor.Implementation);
    if (since !== null) postSleeplessNote(actor as Actor.Implementation, since).catch(failed);
  });
  Hooks.on("updateItem", (item, changes) => {
    if (item.type !== "plot" || !game.users?.activeGM?.isSelf) return;
    // Only the write that sowed it (the change carries the new sowing time).
    const sown = foundry.utils.getProperty(changes, "system.gesaetAm");
    if (typeof sown !== "number" || !noteCalendar()) return;
    postRipeningNote(item as Item.Implementation, sown).catch(failed);
  });
}
