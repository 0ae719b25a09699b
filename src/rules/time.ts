// RULES.md R-CORE-6 and Decision (2026-12-01, time): every rule counts world time in hours, a day being 24 h and a week
// 7 × 24 h whatever calendar the world uses (a calendar only names and formats the time); a KR is 6 seconds of world
// time by default (Decision 2026-12-01, KR length), a world setting. Pure: numbers in, numbers out.

export const HOUR = 3_600;
export const DAY = 24 * HOUR;
export const WEEK = 7 * DAY;

/** Decision (KR length): the default seconds of world time one KR advances. */
export const DEFAULT_KR_SECONDS = 6;
/** The longest KR a world may set: an hour (beyond it a "round" is no longer a fight's). */
export const MAX_KR_SECONDS = HOUR;

/** Decision (KR length): the seconds a KR advances, from the world setting; unusable input gives the default. */
export function krSeconds(setting: unknown): number {
  const n = Number(setting);
  if (!Number.isFinite(n) || n < 0) return DEFAULT_KR_SECONDS;
  return Math.min(MAX_KR_SECONDS, Math.floor(n));
}
