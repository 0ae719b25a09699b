// Decisions (2026-12-01): a day is 24 h and a week 7 × 24 h for every rule; a KR is 6 s of world time unless the world says.
import { describe, expect, it } from "vitest";
import { DAY, DEFAULT_KR_SECONDS, HOUR, krSeconds, REST_LIMITS, SECONDS_PER_DAY, WEEK } from "../../src/rules";

describe("Decision (time): one day length for every rule", () => {
  it("rests and fields count the same 24-hour day and 7-day week", () => {
    expect([HOUR, DAY, WEEK]).toEqual([3600, 86_400, 604_800]);
    expect(SECONDS_PER_DAY).toBe(DAY);
    expect(REST_LIMITS.breather.window).toBe(DAY);
    expect(REST_LIMITS.longRest.window).toBe(WEEK);
  });
});

describe("Decision (KR length): 6 seconds of world time per KR by default, a world setting", () => {
  it.each([
    [undefined, 6],
    ["x", 6],
    [-1, 6],
    [0, 0],
    [10, 10],
    [7.9, 7],
    [99_999, 3600],
  ])("setting %s → %s s", (setting, seconds) => {
    expect(krSeconds(setting)).toBe(seconds);
  });

  it("the default is 6", () => {
    expect(DEFAULT_KR_SECONDS).toBe(6);
  });
});
