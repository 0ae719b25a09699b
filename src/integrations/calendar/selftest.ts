// The self-test's calendar scenario (issue 34, scope 7): the date a card shows for the world time is a date of the
// world's calendar (core's, or the module's that took its place), not a bare number, and the next day reads differently.
import { expectThat, registerSelfTestScenario } from "../../automation/selftest";
import type { Scenario } from "../../automation/selftest";
import { formatWorldTime, secondsPerDay } from "../../automation/making";

export const CALENDAR_SCENARIO: Scenario = {
  id: "calendar",
  run() {
    const now = Number(game.time?.worldTime) || 0;
    const today = formatWorldTime(now);
    const tomorrow = formatWorldTime(now + secondsPerDay());
    expectThat(today && !/^[\d\s.,:]+$/.test(today), "NotADate", { text: today });
    expectThat(today !== tomorrow, "SameDate", { text: today });
    return Promise.resolve();
  },
};

export const registerCalendarScenario = () => registerSelfTestScenario(CALENDAR_SCENARIO);
