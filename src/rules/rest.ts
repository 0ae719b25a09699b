// RULES.md §11: rest and recovery (from the Russian seed), rest talents and downtime. Pure: world times in
// seconds, dice results and the GM's facts (a healer present, kit charges allotted) come in as arguments.
import { toCount } from "./count";
import type { RuleId } from "./ids";

export const REST_TYPES = ["breather", "shortRest", "longRest", "fullRest"] as const;
export type RestType = (typeof REST_TYPES)[number];

export const HOUR = 3_600;
export const DAY = 24 * HOUR;
export const WEEK = 7 * DAY;

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
// Hit dice and healing

/**
 * How many hit dice a rest lets a character spend (never more than it has left): a breather 1 (R-REST-1), a
 * short rest up to ⌈Level / 2⌉ (R-REST-2), a long rest all remaining (R-REST-3). A full rest restores Leben
 * outright (R-REST-4) and spends none.
 */
export function hitDiceAllowance(type: RestType, level: number, remaining: number): number {
  const left = toCount(remaining);
  const byType = { breather: 1, shortRest: Math.ceil(Math.max(1, toCount(level)) / 2), longRest: left, fullRest: 0 }[type];
  return Math.min(left, byType);
}

/**
 * R-REST-HEAL-2: Leben from hit dice only when an ally uses one charge of a healer's kit on the character
 * (one charge per character and rest, however many dice: the seed's "одну расходную ячейку") or it visits a
 * healer. Returns the kit charges this costs: 0 with a healer or without dice.
 */
export function hitDiceCare(dice: number, healer: boolean): number {
  return toCount(dice) > 0 && !healer ? 1 : 0;
}

export interface HitDiceHealing {
  /** Leben from each die: its roll plus the Constitution modifier, never below 0 (Decision). */
  perDie: number[];
  /** Added once (R-REST-TAL, creative breather). */
  inspiration: number;
  total: number;
  rules: RuleId[];
}

/** R-REST-HEAL-3: each spent hit die heals its roll + the Constitution modifier (never below 0). */
export function hitDiceHealing(rolls: readonly number[], koModifikator: number, inspiration = 0): HitDiceHealing {
  const mod = Number.isFinite(koModifikator) ? Math.trunc(koModifikator) : 0;
  const perDie = rolls.map((r) => Math.max(0, toCount(r) + mod));
  const bonus = toCount(inspiration);
  const rules: RuleId[] = bonus ? ["R-REST-HEAL-3", "R-REST-TAL"] : ["R-REST-HEAL-3"];
  return { perDie, inspiration: bonus, total: perDie.reduce((s, n) => s + n, 0) + bonus, rules };
}

/**
 * Decision (hit dice return): after the rest's dice are spent, a short rest gives back 1 spent hit die, a
 * long and a full rest all of them (R-REST-2 … 4), a breather none. Returns the spent count afterwards.
 */
export function hitDiceAfterRest(type: RestType, spent: number): number {
  const s = toCount(spent);
  if (type === "shortRest") return Math.max(0, s - 1);
  if (type === "longRest" || type === "fullRest") return 0;
  return s;
}

export interface FullRestCare {
  healed: number;
  /** Kit charges the healing used (R-REST-HEAL-2: one per 10 Leben restored). */
  charges: number;
  rules: RuleId[];
}

/** Leben restored per kit charge after a full rest. */
export const LEBEN_PER_KIT_CHARGE = 10;

/**
 * R-REST-4 with R-REST-HEAL-2: a full rest restores Leben fully. With `careRequired` (the GM's say, a world
 * setting) that takes a healer, or one kit charge per 10 Leben restored: with fewer charges, 10 per charge.
 */
export function fullRestCare({ missing, healer, charges, careRequired }: { missing: number; healer: boolean; charges: number; careRequired: boolean }): FullRestCare {
  const need = toCount(missing);
  if (!careRequired || healer || need === 0) return { healed: need, charges: 0, rules: ["R-REST-4"] };
  const used = Math.min(toCount(charges), Math.ceil(need / LEBEN_PER_KIT_CHARGE));
  return { healed: Math.min(need, used * LEBEN_PER_KIT_CHARGE), charges: used, rules: ["R-REST-4", "R-REST-HEAL-2"] };
}

/** Kit charges a full rest asks for to restore `missing` Leben (R-REST-HEAL-2). */
export const fullRestCharges = (missing: number): number => Math.ceil(toCount(missing) / LEBEN_PER_KIT_CHARGE);

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

// ---------------------------------------------------------------------------------------------------
// Rest talents

export const REST_TALENT_IDS = [
  "aufmerksameErholung", "divergenteFormeln", "naturgefaehrte", "eidbekraeftigung", "heiligesRitual",
  "zauberischeWiederherstellung", "grimmigeHaltung", "taktischeAtempause", "kreativeAtempause",
] as const;
export type RestTalentId = (typeof REST_TALENT_IDS)[number];

export interface RestTalent {
  /** Who may take it, as the seed says (Flex has no classes: the GM decides; shown as a hint). */
  for: "all" | "wizard" | "druidRanger" | "paladin" | "clericPaladin" | "sorcerer" | "barbarian" | "superiority" | "bard";
  /** Usable again only after a long rest. */
  untilLongRest: boolean;
  /** The rest types at whose end its effect happens (it is declared at a breather or a short rest). */
  effectAfter: readonly RestType[];
  /** What the system applies: a resource it refills, or a hit-dice effect; "note" only tells the GM. */
  effect: "firstDieMax" | "resource" | "tempLeben" | "song" | "note";
  resource?: ResourceKind;
}

const BOTH: readonly RestType[] = ["breather", "shortRest"];

/** R-REST-TAL: the nine rest talents. */
export const REST_TALENTS: Record<RestTalentId, RestTalent> = {
  aufmerksameErholung: { for: "all", untilLongRest: true, effectAfter: BOTH, effect: "firstDieMax" },
  divergenteFormeln: { for: "wizard", untilLongRest: false, effectAfter: BOTH, effect: "note" },
  naturgefaehrte: { for: "druidRanger", untilLongRest: false, effectAfter: BOTH, effect: "note" },
  eidbekraeftigung: { for: "paladin", untilLongRest: true, effectAfter: BOTH, effect: "resource", resource: "handauflegen" },
  heiligesRitual: { for: "clericPaladin", untilLongRest: true, effectAfter: BOTH, effect: "tempLeben" },
  zauberischeWiederherstellung: { for: "sorcerer", untilLongRest: true, effectAfter: BOTH, effect: "resource", resource: "zauberpunkte" },
  grimmigeHaltung: { for: "barbarian", untilLongRest: true, effectAfter: ["shortRest"], effect: "resource", resource: "wut" },
  taktischeAtempause: { for: "superiority", untilLongRest: false, effectAfter: ["breather"], effect: "resource", resource: "ueberlegenheit" },
  kreativeAtempause: { for: "bard", untilLongRest: false, effectAfter: BOTH, effect: "song" },
};

export const isRestTalent = (value: unknown): value is RestTalentId => typeof value === "string" && Object.hasOwn(REST_TALENTS, value);

export interface TalentCheck {
  allowed: boolean;
  reason: "restType" | "usedSinceLongRest" | null;
  rules: RuleId[];
}

/**
 * R-REST-TAL: a rest talent is declared when a breather or a short rest begins, one per rest; those marked
 * so are usable again only after a long rest (Decision: a full rest counts as one).
 */
export function talentAllowed(id: RestTalentId, type: RestType, usedSinceLongRest: readonly string[]): TalentCheck {
  if (type !== "breather" && type !== "shortRest") return { allowed: false, reason: "restType", rules: ["R-REST-TAL"] };
  if (REST_TALENTS[id].untilLongRest && usedSinceLongRest.includes(id)) return { allowed: false, reason: "usedSinceLongRest", rules: ["R-REST-TAL"] };
  return { allowed: true, reason: null, rules: ["R-REST-TAL"] };
}

const TALENT_GAIN: Partial<Record<RestTalentId, (max: number, pb: number) => number>> = {
  eidbekraeftigung: (max) => Math.ceil(max / 2),
  zauberischeWiederherstellung: (_max, pb) => pb,
  grimmigeHaltung: (_max, pb) => Math.ceil(pb / 2),
  taktischeAtempause: () => 1,
};

/**
 * R-REST-TAL: what a talent refills at the end of this rest: lay on hands half its pool (rounded up),
 * sorcery points = proficiency bonus, rage ⌈proficiency bonus / 2⌉ (after a short rest), one superiority die
 * (after a breather). Returns the new value, or null when the talent refills nothing now.
 */
export function talentRefill(id: RestTalentId, type: RestType, pool: Pool, proficiencyBonus: number): number | null {
  const talent = REST_TALENTS[id];
  if (talent.effect !== "resource" || !talent.effectAfter.includes(type)) return null;
  const gain = TALENT_GAIN[id]?.(toCount(pool.max), toCount(proficiencyBonus)) ?? 0;
  return Math.max(toCount(pool.value), Math.min(toCount(pool.max), toCount(pool.value) + gain));
}


/** R-REST-TAL Sacred ritual: temporary Leben = 2 × proficiency bonus (the system has no temporary Leben: a note). */
export const sacredRitualTempLeben = (proficiencyBonus: number): number => 2 * toCount(proficiencyBonus);

/** The rest talents used since the last long rest, after this rest (a long or full rest clears them). */
export function talentsUsedAfter(type: RestType, used: readonly string[], talent: RestTalentId | null): string[] {
  if (type === "longRest" || type === "fullRest") return [];
  const list = used.filter(isRestTalent);
  return talent && REST_TALENTS[talent].untilLongRest && !list.includes(talent) ? [...list, talent] : list;
}

// ---------------------------------------------------------------------------------------------------
// Downtime activities

export interface DowntimeActivity {
  /** The rest it belongs to (R-DOWN-1: long rest; R-DOWN-2: full rest). */
  rest: "longRest" | "fullRest";
  /** Cost per pick in the world's currency (negative: income); variants replace it. */
  cost: number;
  variants?: Record<string, number>;
  /** A player-entered amount (a stake, a price) with this minimum; `half`: materials cost half of it. */
  amount?: { min: number; half?: boolean };
  /** Days it takes: a number, a range, or a formula the card spells out ("50 − KL"). */
  days: number | [number, number] | "training" | "crafting" | "levelTraining";
  /** What the GM rolls on the card. */
  roll?: "1d4" | "1d100";
  /** A check the player rolls (the card says so). */
  check?: { attribute: "ko"; sw: number };
  /** Needs a professional healer (the GM's fact at the rest's start). */
  healer?: boolean;
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

/** R-DOWN-2: during a full rest. */
export const FULL_REST_ACTIVITIES = {
  turnier: { rest: "fullRest", cost: 0, days: 1 },
  genesung: { rest: "fullRest", cost: 0, days: 1, check: { attribute: "ko", sw: 15 }, healer: true },
  forschung: { rest: "fullRest", cost: 0, amount: { min: 50 }, days: 1 },
  geschaeft: { rest: "fullRest", cost: 0, days: 1 },
  handwerk: { rest: "fullRest", cost: 0, amount: { min: 0, half: true }, days: "crafting" },
  zechen: { rest: "fullRest", cost: 5, variants: { volk: 5, wohlhabend: 25, adel: 100 }, days: 3 },
  ausbildung: { rest: "fullRest", cost: 1, days: "training" },
  magischeGegenstaende: { rest: "fullRest", cost: 0, amount: { min: 100 }, days: 1 },
  arbeit: { rest: "fullRest", cost: 0, days: 1 },
  geruechte: { rest: "fullRest", cost: 0, days: [2, 36] },
  stufentraining: { rest: "fullRest", cost: 0, days: "levelTraining" },
} as const satisfies Record<string, DowntimeActivity>;

export type LongRestActivityId = keyof typeof LONG_REST_ACTIVITIES;
export type FullRestActivityId = keyof typeof FULL_REST_ACTIVITIES;

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
}

export interface DowntimeEntry {
  id: string;
  variant: string | null;
  /** Paid (negative: earned). */
  cost: number;
  amount: number | null;
}

export interface DowntimeOutcome {
  accepted: DowntimeEntry[];
  refused: { id: string; reason: "unknown" | "limit" | "money" | "amount" }[];
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
    return { cost: activity.amount.half ? Math.ceil(amount / 2) : amount, variant: null, amount };
  }
  return { cost: activity.cost, variant: null, amount: null };
}

/**
 * R-DOWN-1 / R-DOWN-2: the picks a character makes, in order: each known activity of this rest once, up to
 * the limit, while the money lasts (R-CRAFT-2: crafting materials cost half the price). What cannot be done is
 * refused with its reason; income (work) is added.
 */
export function planDowntime(type: RestType, picks: readonly DowntimePick[], proficiencyBonus: number, money: number): DowntimeOutcome {
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
    const priced = downtimeCost(activity, pick);
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
  const rules: RuleId[] = accepted.some((a) => a.id === "handwerk") ? [rule, "R-CRAFT-2"] : [rule];
  return { accepted, refused, cost: accepted.reduce((s, a) => s + a.cost, 0), limit, rules };
}

/** R-DOWN-1 / R-DOWN-2 training: 50 − KL-Wert days at 1 per day (never below 1 day). */
export const trainingDays = (klWert: number): number => Math.max(1, 50 - toCount(klWert));
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

/** R-DOWN-2 crafting: price / 15 working days (rounded up, at least 1); helpers divide the time. */
export const craftingDays = (price: number, helpers = 1): number => Math.max(1, Math.ceil(toCount(price) / 15 / Math.max(1, toCount(helpers))));
