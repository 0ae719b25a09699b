export interface MissionRewardRow {
  minLevel: number;
  /** null: open-ended (12+). */
  maxLevel: number | null;
  reward: number;
}

/** R-MONEY-1: suggested reward (¥) by the level the character had before the mission. */
export const MISSION_REWARD_TABLE: readonly MissionRewardRow[] = [
  { minLevel: 1, maxLevel: 3, reward: 500 },
  { minLevel: 4, maxLevel: 7, reward: 1000 },
  { minLevel: 8, maxLevel: 11, reward: 2000 },
  { minLevel: 12, maxLevel: null, reward: 4000 },
];

/** R-MONEY-1: reward for the mission that brings a character to its next level, by its current level. */
export function missionReward(level: number): number {
  const l = Number.isNaN(level) ? 1 : Math.max(1, Math.floor(level));
  // Rows are ascending, so the last row that starts at or below the level is the one.
  let reward = MISSION_REWARD_TABLE[0].reward;
  for (const row of MISSION_REWARD_TABLE) if (row.minLevel <= l) reward = row.reward;
  return reward;
}

export type WorkDuration = "4h" | "day" | "week";

/** R-MONEY-2: pay per EW by how long the character works. */
export const WORK_PAY_FACTOR: Readonly<Record<WorkDuration, number>> = { "4h": 1, day: 3, week: 20 };

/** R-MONEY-2: pay (¥) for work: 4 h → EW, 1 day → EW × 3, 1 week → EW × 20; a negative EW earns nothing. */
export function workPay(ew: number, duration: WorkDuration): number {
  const earned = Number.isFinite(ew) ? Math.max(0, Math.floor(ew)) : 0;
  return earned * WORK_PAY_FACTOR[duration];
}
