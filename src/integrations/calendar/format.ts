// The Flex date (issue 34, scope 4): a world time as a Flex player reads it, "3. Mai 1042, 14:00" (de), "3 May 1042,
// 14:00" (en), "Май, 3-й день · 1042 г., 14:00" (ru), written from the world calendar's own months and year zero. It is
// `CONFIG.time.formatters.flexDate`, which v13's CalendarData#format(time, "flexDate") calls; a calendar module that
// formats its own way (Seasons & Stars ignores the name) shows its own date, as the table chose.

/** The parts of v13's TimeComponents the formatter reads (month and dayOfMonth from 0). */
export interface DateComponents {
  year: number;
  month: number;
  dayOfMonth: number;
  hour: number;
  minute: number;
}

/** The parts of a v13 CalendarData the formatter reads. */
export interface CalendarLike {
  years?: { yearZero?: number };
  months?: { values?: { name: string; abbreviation?: string }[] } | null;
}

const two = (n: number) => String(Math.max(0, Math.trunc(n) || 0)).padStart(2, "0");

/** A formatter in v13's shape: (calendar, components, options) → text. */
export function flexDate(calendar: CalendarLike, components: DateComponents): string {
  const i18n = game.i18n!;
  const month = calendar.months?.values?.[components.month];
  const data = {
    day: String((Math.trunc(components.dayOfMonth) || 0) + 1),
    // Core's calendars name their months by i18n keys; a module's calendar may name them as they are.
    month: month ? (i18n.has(month.name) ? i18n.localize(month.name) : month.name) : String((Math.trunc(components.month) || 0) + 1),
    year: String((Math.trunc(components.year) || 0) + (calendar.years?.yearZero ?? 0)),
    hour: two(components.hour),
    minute: two(components.minute),
  };
  return i18n.format("FLEX.Time.Date", data);
}
