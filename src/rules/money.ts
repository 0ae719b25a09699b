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

/** R-MONEY-2 (Decision): the world time one job takes, in hours: 4 h, a day of 24 h, a week of 7 days. */
export const WORK_HOURS: Readonly<Record<WorkDuration, number>> = { "4h": 4, day: 24, week: 168 };

export const WORK_DURATIONS: readonly WorkDuration[] = ["4h", "day", "week"];

export function isWorkDuration(value: unknown): value is WorkDuration {
  return typeof value === "string" && (WORK_DURATIONS as readonly string[]).includes(value);
}

/**
 * R-MONEY-1: a reward split over `quests` smaller quests (4 quests of 250 ¥ instead of one of 1,000 ¥), in
 * whole ¥. Decision: the shares differ by at most 1 ¥, the larger ones first, and always add up to the total.
 * An unusable number of quests counts as one.
 */
export function splitReward(total: number, quests: number): number[] {
  const t = Number.isFinite(total) && total > 0 ? Math.floor(total) : 0;
  const n = Number.isFinite(quests) && quests >= 1 ? Math.floor(quests) : 1;
  const base = Math.floor(t / n);
  const rest = t - base * n;
  return Array.from({ length: n }, (_, i) => base + (i < rest ? 1 : 0));
}

export interface RewardSuggestion {
  level: number;
  /** R-MONEY-1: the reward for the mission to the next level. */
  reward: number;
  /** The reward split over the quests, first quest first. */
  shares: number[];
}

/** R-MONEY-1: the suggested reward for a character of `level`, and its split over `quests` quests. */
export function rewardSuggestion(level: number, quests = 1): RewardSuggestion {
  const l = Number.isNaN(level) ? 1 : Math.max(1, Math.floor(level));
  const reward = missionReward(l);
  return { level: l, reward, shares: splitReward(reward, quests) };
}

/** Where a character's reward for its mission to the next level stands. */
export interface RewardProgress {
  /** The share due now (0 when all is paid). */
  share: number;
  /** The quest it is for, 1-based (quests + 1 when all is paid). */
  quest: number;
  /** What is still to come, this share included. */
  remaining: number;
  complete: boolean;
}

/**
 * R-MONEY-1 (Decision, issue 25): the reward of a mission is paid quest by quest. `paid` is what the character has
 * received of it so far (kept on the character); the next share is the split's next one, never more than what is
 * left, so changing the number of quests midway never pays more than the reward.
 */
export function nextRewardShare(reward: number, quests: number, paid: number): RewardProgress {
  const shares = splitReward(reward, quests);
  const total = shares.reduce((a, b) => a + b, 0);
  const got = Number.isFinite(paid) && paid > 0 ? Math.floor(paid) : 0;
  const remaining = Math.max(0, total - got);
  let covered = 0;
  let index = 0;
  while (index < shares.length && covered + shares[index] <= got) covered += shares[index++];
  if (remaining === 0) return { share: 0, quest: shares.length + 1, remaining: 0, complete: true };
  return { share: Math.min(remaining, shares[Math.min(index, shares.length - 1)]), quest: Math.min(index, shares.length - 1) + 1, remaining, complete: false };
}

export interface PaymentOutcome {
  /** Whether the money is there; nothing changes when it is not. */
  ok: boolean;
  /** The balance after paying (unchanged when not ok). */
  balance: number;
  /** How much is missing (0 when ok). */
  missing: number;
}

/** Money never goes negative: a payment of `cost` from `balance` either happens in full or not at all. */
export function payFrom(balance: number, cost: number): PaymentOutcome {
  const have = Number.isFinite(balance) && balance > 0 ? Math.floor(balance) : 0;
  const price = Number.isFinite(cost) && cost > 0 ? Math.ceil(cost) : 0;
  if (price > have) return { ok: false, balance: have, missing: price - have };
  return { ok: true, balance: have - price, missing: 0 };
}

/** Money received, held to `cap` (the largest amount a purse stores). */
export function receive(balance: number, amount: number, cap = Number.MAX_SAFE_INTEGER): number {
  const have = Number.isFinite(balance) && balance > 0 ? Math.floor(balance) : 0;
  const add = Number.isFinite(amount) && amount > 0 ? Math.floor(amount) : 0;
  return Math.min(cap, have + add);
}
