// World time in v13 (issue 34, scope 4): the Flex date formatter in CONFIG.time.formatters (format.ts), and the KR's
// length in world time, CONFIG.time.roundTime, from a world setting (Decision 2026-12-01, KR length: 6 s by default).
// Core's own calendar is no module: this runs in every world, without one as with one. With Seasons & Stars or Simple
// Calendar Reborn a sown field's ripening day becomes a calendar note (notes.ts).
import { krSeconds } from "../../rules";
import { flexDate } from "./format";
import { registerCalendarNotes } from "./notes";
import { registerAdvanceGuard } from "./advance";
import { registerCalendarScenario } from "./selftest";

const timeConfig = () => (CONFIG as { time?: typeof CONFIG.time }).time ?? null;

/** The name cards, sheets and notices ask the world calendar to format a time with. */
export const FLEX_DATE_FORMATTER = "flexDate";

/** Decision (KR length): CONFIG.time.roundTime from the world setting. */
export function applyRoundTime(): void {
  const time = timeConfig();
  if (time) time.roundTime = krSeconds(game.settings!.get("flex", "krSeconds"));
}

/** The Flex date among v13's named formatters. */
export function installFormatter(): void {
  const time = timeConfig();
  if (time) Object.assign((time.formatters ??= {} as typeof time.formatters), { [FLEX_DATE_FORMATTER]: flexDate });
}

export function registerWorldTime(): void {
  installFormatter();
  game.settings!.register("flex", "krSeconds", {
    name: "FLEX.Setting.krSeconds.name",
    hint: "FLEX.Setting.krSeconds.hint",
    scope: "world",
    config: true,
    type: Number,
    default: 6,
    onChange: applyRoundTime,
  });
  Hooks.once("setup", applyRoundTime);
  registerCalendarNotes();
  registerAdvanceGuard();
  registerCalendarScenario();
}
