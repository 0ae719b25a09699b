// R-FARM-2 on a calendar module's own page (issue 34, scope 4): when a field is sown, the active GM puts its ripening
// day into the calendar as a note — Seasons & Stars 0.26 (game.seasonsStars.notes.createNote) or Simple Calendar Reborn
// 2.5.5 (SimpleCalendar.api.addNote). Without either, the field's card and the ripening notice stay as they are.
import { harvestTime } from "../../rules";
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

/** The note of a field sown at `sownAt`: ripe 90 days later (R-FARM-2). */
export async function postRipeningNote(plot: Item.Implementation, sownAt: number): Promise<unknown> {
  const which = noteCalendar();
  if (!which) return null;
  const readyAt = harvestTime(sownAt);
  const i18n = game.i18n!;
  const title = i18n.format("FLEX.Calendar.FieldRipe", { field: plot.name, name: plot.actor?.name ?? "" });
  const content = `<p>${foundry.utils.escapeHTML(i18n.format("FLEX.Calendar.FieldRipeText", { field: plot.name, date: formatWorldTime(readyAt) }))}</p>`;
  if (which === "seasons-and-stars") {
    const ss = seasonsStars()!;
    return ss.notes!.createNote!({ title, content, startDate: ss.api!.worldTimeToDate!(readyAt), allDay: true, playerVisible: true, category: "flex" });
  }
  const sc = simpleCalendar()!;
  const date = sc.timestampToDate!(readyAt);
  return sc.addNote!(title, content, date, date, true);
}

export function registerCalendarNotes(): void {
  Hooks.on("updateItem", (item, changes) => {
    if (item.type !== "plot" || !game.users?.activeGM?.isSelf) return;
    // Only the write that sowed it (the change carries the new sowing time).
    const sown = foundry.utils.getProperty(changes, "system.gesaetAm");
    if (typeof sown !== "number" || !noteCalendar()) return;
    postRipeningNote(item as Item.Implementation, sown).catch((err: unknown) => console.error("Flex | the calendar note failed", err));
  });
}
