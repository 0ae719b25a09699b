// RULES.md §11: rest and recovery (from the Russian seed): the rest types, their windows and activities, exhaustion,
// pools and resources. Hit dice (hit-dice.ts), rest talents (rest-talents.ts), downtime (downtime.ts) and the
// no-rest clock (no-rest.ts) have files of their own. Pure: world times in seconds, dice results and the GM's facts
// come in as arguments.
import { toCount } from "./count";
import type { RuleId } from "./ids";

export const REST_TYPES = ["breather", "shortRest", "longRest", "fullRest"] as const;
export type RestType = (typeof REST_TYPES)[number];

// Decision (2026-12-01, time): one day length for every rule (time.ts).
export { DAY, HOUR, WEEK } from "./time";
import { DAY, HOUR, WEEK } from "./time";

/** The rule that defines each rest type. */
export const REST_RULE: Record<RestType, RuleId> = { breather: "R-REST-1", shortRest: "R-REST-2", longRest: "R-REST-3", fullRest: "R-REST-4" };

/** R-REST-1 … 4: how long each rest lasts (world time, seconds): at least 1 h, 8 h, 24 h, 72 h. */
export const REST_DURATION: Record<RestType, number> = { breather: HOUR, shortRest: 8 * HOUR, longRest: DAY, fullRest: 3 * DAY };

/** R-REST-1 … 4: at most `count` rests of the type within `window` seconds. */
export const REST_LIMITS: Record<RestType, { count: number; window: number }> = {
  breather: { count: 3, window: DAY },
  shortRest: { count: 1, window: DAY },
  longRest: { count: 2, window: WEEK },
  fullRest: { count: 2, window: WEEK },
};

export const isRestType = (value: unknown): value is RestType => (REST_TYPES as readonly unknown[]).includes(value);

/** A world time from stored data: a finite number, else null. */
const time = (t: unknown): number | null => (typeof t === "number" && Number.isFinite(t) ? t : null);

// ---------------------------------------------------------------------------------------------------
// Windows

export interface RestWindow {
  allowed: boolean;
  /** Rests of this type that began within the window before `now`. */
  used: number;
  limit: number;
  /** The world time from which one more is allowed (null: allowed now). */
  nextAt: number | null;
  rule: RuleId;
}

/**
 * R-REST-1 … 4, Decision: a *rolling* window. A rest is allowed when fewer than `count` rests of its type
 * began in the last `window` seconds, i.e. at a start `s` with now − s < window; a rest that began exactly
 * one window ago no longer counts. Starts after `now` (time turned back) count as inside the window.
 * When refused, `nextAt` is the moment the oldest counted start of the last `count` leaves the window.
 */
export function restWindow(type: RestType, starts: readonly unknown[], now: number): RestWindow {
  const { count, window } = REST_LIMITS[type];
  const inside = starts
    .map(time)
    .filter((s): s is number => s !== null && now - s < window)
    .sort((a, b) => b - a);
  const allowed = inside.length < count;
  return { allowed, used: inside.length, limit: count, nextAt: allowed ? null : inside[count - 1] + window, rule: REST_RULE[type] };
}

/** The start times to keep after a rest of `type` began at `now`: the latest `count`, latest first. */
export function recordRestStart(type: RestType, starts: readonly unknown[], now: number): number[] {
  const kept = starts.map(time).filter((s): s is number => s !== null);
  return [now, ...kept].sort((a, b) => b - a).slice(0, REST_LIMITS[type].count);
}

// ---------------------------------------------------------------------------------------------------
// Activity during a rest

/** R-REST-ACT-1: what a character did during the rest, as the rest dialog asks it. */
export const REST_ACTIVITIES = ["recovery", "light", "travel", "strenuous"] as const;
export type RestActivity = (typeof REST_ACTIVITIES)[number];

/**
 * R-REST-ACT-1 examples (the GM decides edge cases): light: slow travel under an hour, sleep, eating, tending
 * wounds, reading, keeping watch, buying ordinary goods, rest talents, and (R-REST-HEAL-1) healing abilities,
 * talents and spells, which may be used during any rest; strenuous: strenuous travel, foraging, other spells.
 */
export const ACTIVITY_EXAMPLES = {
  slowTravel: "light",
  sleep: "light",
  eating: "light",
  tendingWounds: "light",
  reading: "light",
  keepingWatch: "light",
  buyingGoods: "light",
  restTalent: "light",
  healing: "light",
  strenuousTravel: "strenuous",
  foraging: "strenuous",
  castingSpells: "strenuous",
} as const satisfies Record<string, "light" | "strenuous">;
export type ActivityExample = keyof typeof ACTIVITY_EXAMPLES;

/** R-REST-ACT-1 with R-REST-HEAL-1: light or strenuous; healing (even a healing spell) never breaks a rest. */
export function classifyActivity(example: ActivityExample): { kind: "light" | "strenuous"; rules: RuleId[] } {
  const kind = ACTIVITY_EXAMPLES[example];
  return { kind, rules: example === "healing" ? ["R-REST-ACT-1", "R-REST-HEAL-1"] : ["R-REST-ACT-1"] };
}

/** Which activities each rest allows: breather and short rest light only, long rest travel too, full rest all. */
const ALLOWED_ACTIVITY: Record<RestType, readonly RestActivity[]> = {
  breather: ["recovery", "light"],
  shortRest: ["recovery", "light"],
  longRest: ["recovery", "light", "travel"],
  fullRest: ["recovery", "light", "travel", "strenuous"],
};

export interface RestTaken {
  taken: boolean;
  /** Why not: "activity" (the rest allows less), "combat" (interrupted), "window" (limit reached). */
  reason: "activity" | "combat" | "window" | null;
  rules: RuleId[];
}

/**
 * R-REST-ACT-1 with R-REST-1 … 4: a rest counts only with the activity it allows. Decision: a rest interrupted
 * by combat counts as not taken (nothing recovered, nothing recorded, the no-rest clock runs on).
 */
export function restTaken(type: RestType, activity: RestActivity, { interrupted = false } = {}): RestTaken {
  if (interrupted) return { taken: false, reason: "combat", rules: [REST_RULE[type]] };
  if (!ALLOWED_ACTIVITY[type].includes(activity)) return { taken: false, reason: "activity", rules: ["R-REST-ACT-1", REST_RULE[type]] };
  return { taken: true, reason: null, rules: [REST_RULE[type]] };
}

export const allowedActivities = (type: RestType): readonly RestActivity[] => ALLOWED_ACTIVITY[type];

// ---------------------------------------------------------------------------------------------------
// Exhaustion and pools

export interface RestExhaustion {
  erschoepfung: number;
  /** How much the rest removed. */
  removed: number;
  rules: RuleId[];
}

/**
 * R-REST-3: a long rest removes 1 Erschöpfung. R-REST-4: a full rest removes 3 with only light activity, up to
 * 5 with only recovery, none with strenuous activity or travel (Decision: strenuous counts as travel does).
 * Breathers and short rests change none. Never below 0.
 */
export function restExhaustion(type: RestType, activity: RestActivity, erschoepfung: number): RestExhaustion {
  const before = toCount(erschoepfung);
  let relief = 0;
  if (type === "longRest") relief = 1;
  if (type === "fullRest") relief = activity === "recovery" ? 5 : activity === "light" ? 3 : 0;
  const after = Math.max(0, before - relief);
  return { erschoepfung: after, removed: before - after, rules: relief || type === "fullRest" || type === "longRest" ? [REST_RULE[type]] : [] };
}

export interface Pool {
  value: number;
  max: number;
}

/** How a pool or a resource comes back with a rest: not at all, by one, by half its maximum (rounded up), fully. */
export const RECHARGES = ["keine", "eins", "haelfte", "alle"] as const;
export type Recharge = (typeof RECHARGES)[number];

/** A pool's value after a recharge; never above its maximum, never lowered. */
export function recharge(rule: Recharge, pool: Pool): number {
  const max = toCount(pool.max);
  const value = toCount(pool.value);
  const gain = { keine: 0, eins: 1, haelfte: Math.ceil(max / 2), alle: max }[rule];
  return Math.max(value, Math.min(max, value + gain));
}

/**
 * Decision (Flex pools on rest): Fluss recovers like spell slots: nothing on a breather, half its maximum
 * (rounded up) on a short rest, all on a long and a full rest. Gunst is not restored (the GM awards it); a
 * world setting lets it recover like Fluss. Each pool can be switched off by a world setting.
 */
export const POOL_RECHARGE: Record<RestType, Recharge> = { breather: "keine", shortRest: "haelfte", longRest: "alle", fullRest: "alle" };

export function poolAfterRest(type: RestType, pool: Pool, enabled: boolean): number {
  return recharge(enabled ? POOL_RECHARGE[type] : "keine", pool);
}

// ---------------------------------------------------------------------------------------------------
// Resources (the seed's 5e resources as `resource` items)

export const RESOURCE_KINDS = [
  "zauberplatz1", "zauberplatz2", "zauberplatz3", "zauberplatz4", "zauberplatz5", "zauberplatz6", "zauberplatz7", "zauberplatz8", "zauberplatz9",
  "wut", "aktionsschub", "ki", "paktplatz", "ueberlegenheit", "handauflegen", "zauberpunkte", "inspiration", "eigene",
] as const;
export type ResourceKind = (typeof RESOURCE_KINDS)[number];
export type RechargeRule = Record<RestType, Recharge>;

const slots = (breather: Recharge, shortRest: Recharge, longRest: Recharge, fullRest: Recharge): RechargeRule => ({ breather, shortRest, longRest, fullRest });

/**
 * Presets for the seed's resources. R-REST-1: a breather recharges one level-1 spell slot, one rage use,
 * action surge, all ki and all pact slots. R-REST-2: a short rest spell slots up to level 3; R-REST-3: a long
 * rest up to level 6; R-REST-4: a full rest all. Decision for what the seed leaves open: a longer rest restores
 * at least what a shorter one does; rage, lay on hands, sorcery points and bardic inspiration come back fully
 * only with a long rest (the rest talents that restore them at a short rest would mean nothing otherwise);
 * superiority dice with a short rest (Tactical breather gives one back after a breather).
 */
export const RESOURCE_PRESETS: Record<ResourceKind, RechargeRule> = {
  zauberplatz1: slots("eins", "alle", "alle", "alle"),
  zauberplatz2: slots("keine", "alle", "alle", "alle"),
  zauberplatz3: slots("keine", "alle", "alle", "alle"),
  zauberplatz4: slots("keine", "keine", "alle", "alle"),
  zauberplatz5: slots("keine", "keine", "alle", "alle"),
  zauberplatz6: slots("keine", "keine", "alle", "alle"),
  zauberplatz7: slots("keine", "keine", "keine", "alle"),
  zauberplatz8: slots("keine", "keine", "keine", "alle"),
  zauberplatz9: slots("keine", "keine", "keine", "alle"),
  wut: slots("eins", "eins", "alle", "alle"),
  aktionsschub: slots("alle", "alle", "alle", "alle"),
  ki: slots("alle", "alle", "alle", "alle"),
  paktplatz: slots("alle", "alle", "alle", "alle"),
  ueberlegenheit: slots("keine", "alle", "alle", "alle"),
  handauflegen: slots("keine", "keine", "alle", "alle"),
  zauberpunkte: slots("keine", "keine", "alle", "alle"),
  inspiration: slots("keine", "keine", "alle", "alle"),
  eigene: slots("keine", "keine", "keine", "keine"),
};

