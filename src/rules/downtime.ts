// R-DOWN-1 / R-DOWN-2: downtime activities during a long or full rest, their cost, and training for a level.
import { toCount } from "./count";
import type { RuleId } from "./ids";
import { DAY, REST_DURATION } from "./rest";
import type { RestActivity, RestType } from "./rest";

export interface DowntimeActivity {
  /** The rest it belongs to (R-DOWN-1: long rest; R-DOWN-2: full rest). */
  rest: "longRest" | "fullRest";
  /** Cost per pick in the world's currency (negative: income); variants replace it. */
  cost: number;
  variants?: Record<string, number>;
  /** A player-entered amount (a stake, a price) with this minimum. */
  amount?: { min: number };
  /** Days it takes: a number, a range, or a formula the card spells out ("50 − KL"). */
  days: number | [number, number] | "training" | "crafting" | "levelTraining";
  /** What the GM rolls on the card. */
  roll?: "1d4" | "1d100";
  /** A check the player rolls (the card says so). */
  check?: { attribute: "ko"; sw: number };
  /** Needs a professional healer (the GM's fact at the rest's start). */
  healer?: boolean;
  /**
   * Works the character's own crafting project (R-DOWN-2 crafting): no price is typed, the project holds it and
   * its materials were paid when it started (R-CRAFT-2), so the rest charges nothing for it.
   */
  project?: true;
}

/** R-DOWN-1: during a long rest. Decision (currency): the seed's solars are the world's currency 1:1. */
export const LONG_REST_ACTIVITIES = {
  gluecksspiel: { rest: "longRest", cost: 0, amount: { min: 0 }, days: 1 },
  heiligeRiten: { rest: "longRest", cost: 0, days: 1, roll: "1d4" },
  geschaeft: { rest: "longRest", cost: 0, days: 1 },
  zechen: { rest: "longRest", cost: 4, days: 1, roll: "1d100" },
  ausbildung: { rest: "longRest", cost: 1, days: "training" },
  einkaufen: { rest: "longRest", cost: 0, amount: { min: 0 }, days: 1 },
  arbeit: { rest: "longRest", cost: 0, variants: { lebensunterhalt: 0, organisation: -2, auftritt: -4 }, days: 1 },
} as const satisfies Record<string, DowntimeActivity>;

/** R-DOWN-1 work: the upkeep a day of work spares (the seed's 1 solar a day; the variants pay on top of it). */
export const WORK_UPKEEP_PER_DAY = 1;

/** R-DOWN-2: during a full rest. */
export const FULL_REST_ACTIVITIES = {
  turnier: { rest: "fullRest", cost: 0, days: 1 },
  genesung: { rest: "fullRest", cost: 0, days: 1, check: { attribute: "ko", sw: 15 }, healer: true },
  forschung: { rest: "fullRest", cost: 0, amount: { min: 50 }, days: 1 },
  geschaeft: { rest: "fullRest", cost: 0, days: 1 },
  handwerk: { rest: "fullRest", cost: 0, project: true, days: "crafting" },
  zechen: { rest: "fullRest", cost: 5, variants: { volk: 5, wohlhabend: 25, adel: 100 }, days: 3 },
  ausbildung: { rest: "fullRest", cost: 1, days: "training" },
  magischeGegenstaende: { rest: "fullRest", cost: 0, amount: { min: 100 }, days: 1 },
  arbeit: { rest: "fullRest", cost: 0, days: 1 },
  geruechte: { rest: "fullRest", cost: 0, days: [2, 36] },
  stufentraining: { rest: "fullRest", cost: 0, days: "levelTraining" },
} as const satisfies Record<string, DowntimeActivity>;

/** What an activity's price is, for showing it: nothing, a fixed price, at least, one of several, per day, or the project's. */
export type DowntimePrice =
  | { kind: "none" }
  | { kind: "fixed" | "from" | "perDay"; amount: number }
  | { kind: "variants"; amounts: number[] }
  | { kind: "project" };

/** R-DOWN-1 / R-DOWN-2: the price of an activity as a player meets it (a minimum is no price, a variant one of several). */
export function downtimePrice(activity: DowntimeActivity): DowntimePrice {
  if (activity.project) return { kind: "project" };
  const paid = activity.variants ? Object.values(activity.variants).filter((v) => v > 0) : [];
  if (paid.length > 1) return { kind: "variants", amounts: paid };
  if (activity.days === "training" && activity.cost > 0) return { kind: "perDay", amount: activity.cost };
  if (activity.amount && activity.amount.min > 0) return { kind: "from", amount: activity.cost + activity.amount.min };
  return activity.cost > 0 ? { kind: "fixed", amount: activity.cost } : { kind: "none" };
}

export type LongRestActivityId = keyof typeof LONG_REST_ACTIVITIES;
export type FullRestActivityId = keyof typeof FULL_REST_ACTIVITIES;

/**
 * R-REST-4 with R-DOWN-2 (Decision, issue 35): what a full rest's downtime activity is for its Erschöpfung. The
 * original: −3 "if only light activity", up to −5 "if only recovery", none with strenuous activity or travel. Recovery
 * with a healer is recovery; fighting in a tournament, working for pay and training for a level are strenuous; the
 * rest (research, business, crafting, carousing, lessons, buying, rumours) is light.
 */
export const DOWNTIME_EXERTION: Record<FullRestActivityId, RestActivity> = {
  turnier: "strenuous",
  genesung: "recovery",
  forschung: "light",
  geschaeft: "light",
  handwerk: "light",
  zechen: "light",
  ausbildung: "light",
  magischeGegenstaende: "light",
  arbeit: "strenuous",
  geruechte: "light",
  stufentraining: "strenuous",
};

const EXERTION: Record<RestActivity, number> = { recovery: 0, light: 1, travel: 2, strenuous: 2 };

/**
 * R-REST-4: how a full rest was spent, for its Erschöpfung: the activity answered, or the most exerting downtime
 * activity chosen when that is more (recovery with a tournament is not "only recovery"). Other rests: the answer.
 */
export function restActivitySpent(type: RestType, answer: RestActivity, downtime: readonly string[]): RestActivity {
  if (type !== "fullRest") return answer;
  let spent = answer;
  for (const id of downtime) {
    const exertion = DOWNTIME_EXERTION[id as FullRestActivityId];
    if (exertion && EXERTION[exertion] > EXERTION[spent]) spent = exertion;
  }
  return spent;
}

export function downtimeActivities(type: RestType): Record<string, DowntimeActivity> {
  if (type === "longRest") return LONG_REST_ACTIVITIES;
  if (type === "fullRest") return FULL_REST_ACTIVITIES;
  return {};
}

/**
 * R-DOWN-1: a long rest allows as many activities as the proficiency bonus. R-DOWN-2: a full rest as many
 * per day as the proficiency bonus; Decision: over its 3 days that is 3 × the bonus, an activity of several
 * days counting once. Breathers and short rests have none.
 */
export function downtimeLimit(type: RestType, proficiencyBonus: number): number {
  const pb = toCount(proficiencyBonus);
  if (type === "longRest") return pb;
  if (type === "fullRest") return pb * (REST_DURATION.fullRest / DAY);
  return 0;
}

export interface DowntimePick {
  id: string;
  variant?: string;
  amount?: number;
  /** Ausbildung: what is learnt and from whom (when one begins). */
  was?: string;
  lehrer?: string;
}

export interface DowntimeEntry {
  id: string;
  variant: string | null;
  /** Paid (negative: earned). */
  cost: number;
  amount: number | null;
}

/**
 * Why the character's crafting project cannot be worked in this rest: none open, its materials unpaid, or only
 * projects in the accumulating-check mode (those are rolled block by block from their sheet, R-CRAFT-1).
 */
export type ProjectBlock = "noProject" | "notPaid" | "probeMode";

export interface DowntimeOutcome {
  accepted: DowntimeEntry[];
  refused: { id: string; reason: "unknown" | "limit" | "money" | "amount" | "nothingToLearn" | ProjectBlock }[];
  /** Net money spent (negative: earned). */
  cost: number;
  limit: number;
  rules: RuleId[];
}

/** The money a pick costs; null when its amount or variant is unusable. */
export function downtimeCost(activity: DowntimeActivity, pick: DowntimePick): { cost: number; variant: string | null; amount: number | null } | null {
  if (activity.variants) {
    const variant = pick.variant ?? Object.keys(activity.variants)[0];
    if (!Object.hasOwn(activity.variants, variant)) return null;
    return { cost: activity.variants[variant], variant, amount: null };
  }
  if (activity.amount) {
    const amount = typeof pick.amount === "number" && Number.isFinite(pick.amount) ? Math.floor(pick.amount) : Number.NaN;
    if (!(amount >= activity.amount.min)) return null;
    return { cost: amount, variant: null, amount };
  }
  return { cost: activity.cost, variant: null, amount: null };
}

/**
 * R-DOWN-1 / R-DOWN-2: the picks a character makes, in order: each known activity of this rest once, up to
 * the limit, while the money lasts. Crafting works the character's project (`project`: null when it can be
 * worked, else why not) and is refused before anything is paid when it cannot. What cannot be done is refused
 * with its reason; income (work) is added.
 */
export function planDowntime(type: RestType, picks: readonly DowntimePick[], proficiencyBonus: number, money: number, project: ProjectBlock | null = "noProject", ausbildung: AusbildungStep | null = null): DowntimeOutcome {
  const catalog = downtimeActivities(type);
  const limit = downtimeLimit(type, proficiencyBonus);
  const rule: RuleId = type === "fullRest" ? "R-DOWN-2" : "R-DOWN-1";
  const accepted: DowntimeEntry[] = [];
  const refused: DowntimeOutcome["refused"] = [];
  let purse = toCount(money);
  for (const pick of picks) {
    const activity = Object.hasOwn(catalog, pick.id) ? catalog[pick.id] : undefined;
    if (!activity || accepted.some((a) => a.id === pick.id)) {
      refused.push({ id: pick.id, reason: "unknown" });
      continue;
    }
    if (accepted.length >= limit) {
      refused.push({ id: pick.id, reason: "limit" });
      continue;
    }
    if ("project" in activity && project) {
      refused.push({ id: pick.id, reason: project });
      continue;
    }
    // Ausbildung costs the days this rest learns (ausbildungStep); with nothing under way and nothing named, nothing.
    if (pick.id === "ausbildung" && !ausbildung) {
      refused.push({ id: pick.id, reason: "nothingToLearn" });
      continue;
    }
    const priced = pick.id === "ausbildung" && ausbildung ? { cost: ausbildung.cost, variant: null, amount: null } : downtimeCost(activity, pick);
    if (!priced) {
      refused.push({ id: pick.id, reason: "amount" });
      continue;
    }
    if (priced.cost > purse) {
      refused.push({ id: pick.id, reason: "money" });
      continue;
    }
    purse -= priced.cost;
    accepted.push({ id: pick.id, ...priced });
  }
  return { accepted, refused, cost: accepted.reduce((s, a) => s + a.cost, 0), limit, rules: [rule] };
}

/** R-DOWN-1 / R-DOWN-2 training: 50 − KL-Wert days at 1 per day (never below 1 day). */
export const trainingDays = (klWert: number): number => Math.max(1, 50 - toCount(klWert));

/** R-DOWN-1 / R-DOWN-2 training: 1 of the currency per day learnt. */
export const AUSBILDUNG_PER_DAY = 1;
/** The longest name of what is learnt or of the teacher that is kept. */
const AUSBILDUNG_TEXT = 60;

/** The days a rest gives its downtime: a long rest 1, a full rest 3 (its 72 h); the others none. */
export const restDays = (type: RestType): number => (type === "longRest" || type === "fullRest" ? REST_DURATION[type] / DAY : 0);

/**
 * R-DOWN-1 / R-DOWN-2 training (Ausbildung), kept on the character while it runs: what is learnt (a language or a
 * tool), from whom, the days done of those it takes (50 − KL when it began) and the money paid.
 */
export interface Ausbildung {
  was: string;
  lehrer: string;
  tage: number;
  ziel: number;
  bezahlt: number;
  /** World time up to which plain time has counted (the GM's setting), or null (not yet). */
  stand?: number | null;
}

const text = (value: unknown): string => (typeof value === "string" ? value.trim().slice(0, AUSBILDUNG_TEXT) : "");

/** The Ausbildung a character has under way, or null (none, or a stored shape that is not one). */
export function readAusbildung(stored: unknown): Ausbildung | null {
  const s = stored && typeof stored === "object" ? (stored as Record<string, unknown>) : null;
  const was = text(s?.was);
  const ziel = toCount(Number(s?.ziel));
  if (!s || !was || ziel < 1) return null;
  const stand = Number(s.stand);
  return { was, lehrer: text(s.lehrer), tage: Math.min(ziel, toCount(Number(s.tage))), ziel, bezahlt: toCount(Number(s.bezahlt)), stand: Number.isFinite(stand) ? stand : null };
}

/**
 * R-DOWN-1 / R-DOWN-2 with the GM's setting (Decision, issue 35): plain world time counts too, each whole day since
 * `stand` one Ausbildung day at 1 a day while the money lasts (a day without it is not learnt, and is gone). A record
 * without `stand` starts counting now. Null when nothing is due.
 */
export function ausbildungByTime(stored: unknown, now: number, money: number): AusbildungStep | null {
  const before = readAusbildung(stored);
  if (!before) return null;
  if (before.stand === null || before.stand === undefined || before.stand > now) return { before, after: { ...before, stand: now }, days: 0, cost: 0, learnt: false };
  const passed = Math.floor((now - before.stand) / DAY);
  if (passed < 1) return null;
  const days = Math.min(passed, before.ziel - before.tage, Math.floor(toCount(money) / AUSBILDUNG_PER_DAY));
  const cost = days * AUSBILDUNG_PER_DAY;
  const after = { ...before, tage: before.tage + days, bezahlt: before.bezahlt + cost, stand: before.stand + passed * DAY };
  return { before, after, days, cost, learnt: after.tage >= after.ziel };
}

export interface AusbildungStep {
  before: Ausbildung | null;
  after: Ausbildung;
  /** Days learnt in this rest, and what they cost. */
  days: number;
  cost: number;
  /** The days are all done: the language or tool is learnt. */
  learnt: boolean;
}

/**
 * R-DOWN-1 / R-DOWN-2 training in one rest: the Ausbildung under way goes on (one at a time, whatever the pick names);
 * else one begins with what the pick names, taking 50 − KL days. The rest's days count, never more than are left,
 * at 1 a day. Null when there is nothing to learn (none under way, none named).
 */
export function ausbildungStep(stored: unknown, pick: { was?: unknown; lehrer?: unknown }, klWert: number, type: RestType): AusbildungStep | null {
  const before = readAusbildung(stored);
  const start = before ?? (text(pick.was) ? { was: text(pick.was), lehrer: text(pick.lehrer), tage: 0, ziel: trainingDays(klWert), bezahlt: 0 } : null);
  if (!start) return null;
  const days = Math.min(restDays(type), start.ziel - start.tage);
  const cost = days * AUSBILDUNG_PER_DAY;
  const after = { ...start, tage: start.tage + days, bezahlt: start.bezahlt + cost };
  return { before, after, days, cost, learnt: after.tage >= after.ziel };
}
/** R-DOWN-2 training for a level: 2 × the current level sessions. */
export const levelTrainingSessions = (level: number): number => 2 * Math.max(1, toCount(level));
/** R-DOWN-2 training for a level: where a character stands (the level it trains from, the sessions done). */
export interface LevelTraining {
  level: number;
  sessions: number;
  needed: number;
  /** Enough sessions for the next level's features. */
  ready: boolean;
}

/** Decision: one training session per day of the full rest it is chosen in (3). */
export const LEVEL_TRAINING_SESSIONS_PER_FULL_REST = REST_DURATION.fullRest / DAY;

/**
 * R-DOWN-2 training for a level: sessions add up over full rests until 2 × the current level; a new level (or a
 * stored record of another level, or garbage) starts from 0.
 */
export function levelTrainingAfter(stored: unknown, level: number, sessions: number): LevelTraining {
  const lvl = Math.max(1, toCount(level));
  const prev = stored && typeof stored === "object" ? (stored as { level?: unknown; sessions?: unknown }) : {};
  const before = prev.level === lvl ? toCount(Number(prev.sessions)) : 0;
  const needed = levelTrainingSessions(lvl);
  const done = Math.min(needed, before + toCount(sessions));
  return { level: lvl, sessions: done, needed, ready: done >= needed };
}
