// World settings of the system.

/** Who may apply a card's damage to whom (issue 9). */
export const DAMAGE_APPLY_MODES = ["gm", "owner", "attacker"] as const;
export type DamageApplyMode = (typeof DAMAGE_APPLY_MODES)[number];

/** R-CORE-11: a creature's defence EW is its fixed Ausweichen / Parade value, or rolled around it. */
export const CREATURE_DEFENCE_MODES = ["fixed", "roll"] as const;
export type CreatureDefenceMode = (typeof CREATURE_DEFENCE_MODES)[number];

/** Whether players see a GM creature's Leben, Rüstung and defence on cards (as dnd5e's challengeVisibility; hidden by default). */
export const CREATURE_VALUES_MODES = ["hidden", "visible"] as const;
export type CreatureValuesMode = (typeof CREATURE_VALUES_MODES)[number];

const choices = <K extends string>(key: string, modes: readonly K[]) =>
  Object.fromEntries(modes.map((m) => [m, `FLEX.Setting.${key}.${m}`])) as Record<K, string>;

export function registerSettings(): void {
  game.settings!.register("flex", "currencyLabel", {
    name: "FLEX.Setting.currencyLabel.name",
    hint: "FLEX.Setting.currencyLabel.hint",
    scope: "world",
    config: true,
    type: String,
    default: "¥",
  });
  game.settings!.register("flex", "damageApply", {
    name: "FLEX.Setting.damageApply.name",
    hint: "FLEX.Setting.damageApply.hint",
    scope: "world",
    config: true,
    type: String,
    choices: choices("damageApply", DAMAGE_APPLY_MODES),
    default: "attacker",
  });
  game.settings!.register("flex", "creatureValues", {
    name: "FLEX.Setting.creatureValues.name",
    hint: "FLEX.Setting.creatureValues.hint",
    scope: "world",
    config: true,
    type: String,
    choices: choices("creatureValues", CREATURE_VALUES_MODES),
    default: "hidden",
  });
  game.settings!.register("flex", "creatureDefence", {
    name: "FLEX.Setting.creatureDefence.name",
    hint: "FLEX.Setting.creatureDefence.hint",
    scope: "world",
    config: true,
    type: String,
    choices: choices("creatureDefence", CREATURE_DEFENCE_MODES),
    default: "fixed",
  });
  // A new character starts playable: the general talents of the system's compendium come with it (documents/starter-talents.ts).
  game.settings!.register("flex", "starterTalents", {
    name: "FLEX.Setting.starterTalents.name",
    hint: "FLEX.Setting.starterTalents.hint",
    scope: "world",
    config: true,
    type: Boolean,
    default: true,
  });
  // R-TRAIN-1: a training session advances the world time by 4 hours per block (off: the table keeps time itself).
  game.settings!.register("flex", "trainingAdvancesTime", {
    name: "FLEX.Setting.trainingAdvancesTime.name",
    hint: "FLEX.Setting.trainingAdvancesTime.hint",
    scope: "world",
    config: true,
    type: Boolean,
    default: false,
  });
}

// Reading a setting never throws, so a half-initialised client still behaves sensibly (the defaults).
function read<K extends string>(key: "damageApply" | "creatureDefence" | "creatureValues" | "harvestYield", modes: readonly K[], fallback: K): K {
  try {
    const value: unknown = game.settings!.get("flex", key);
    return modes.includes(value as K) ? (value as K) : fallback;
  } catch {
    return fallback;
  }
}

/** Who may apply damage: "gm", "owner" or "attacker" (the default). */
export const damageApplyMode = (): DamageApplyMode => read("damageApply", DAMAGE_APPLY_MODES, "attacker");

/** How a creature defends: "fixed" (R-CORE-11, the default) or "roll". */
export const creatureValuesMode = (): CreatureValuesMode => read("creatureValues", CREATURE_VALUES_MODES, "hidden");
export const creatureDefenceMode = (): CreatureDefenceMode => read("creatureDefence", CREATURE_DEFENCE_MODES, "fixed");

/** A world switch; the fallback when it is unset, not a boolean, or cannot be read yet. */
function readSwitch(key: "trainingAdvancesTime" | "playersAdvanceTime" | "polymorphRenameToken", fallback: boolean): boolean {
  try {
    const value: unknown = game.settings!.get("flex", key);
    return typeof value === "boolean" ? value : fallback;
  } catch {
    return fallback;
  }
}

/** R-TRAIN-1: whether a training session advances the world time (4 hours per block); off by default. */
export const trainingAdvancesTime = (): boolean => readSwitch("trainingAdvancesTime", false);

/** Whether work and crafting may advance the world time at a player's request (the GM carries it out); on by default. */
export const playersAdvanceTime = (): boolean => readSwitch("playersAdvanceTime", true);

/** R-POLY-1: whether a transformed character's token takes the form's name too; off by default. */
export const polymorphRenameToken = (): boolean => readSwitch("polymorphRenameToken", false);

/** The label of the world's currency (¥ by default). */
export function currencyLabel(): string {
  try {
    return String(game.settings!.get("flex", "currencyLabel") ?? "¥");
  } catch {
    return "¥";
  }
}

/** RULES.md §11: the world settings of rests (Decisions the rules leave to the group). */
export interface RestSettings {
  /** Fluss recovers on rests (short rest half, long and full rest all). */
  fluss: boolean;
  /** Gunst recovers like Fluss (off: the GM awards it). */
  gunst: boolean;
  /** A full rest's healing needs a healer or one kit charge per 10 Leben (R-REST-HEAL-2). */
  fullRestCare: boolean;
  /** The no-rest clock (R-REST-NO-1/2) runs as world time passes. */
  noRestClock: boolean;
  /** R-DOWN-1 / R-DOWN-2: an Ausbildung under way also goes on with plain world time (each whole day, 1 a day). */
  lessonsByTime: boolean;
  /** How long (s) each player has to answer the rest dialog before the defaults apply. */
  answerSeconds: number;
}

const REST_SETTING_DEFAULTS: RestSettings = { fluss: true, gunst: false, fullRestCare: true, noRestClock: true, lessonsByTime: false, answerSeconds: 120 };
const REST_SETTING_KEYS = {
  fluss: "restFluss",
  gunst: "restGunst",
  fullRestCare: "restFullRestCare",
  noRestClock: "restNoRestClock",
  lessonsByTime: "restLessonsByTime",
  answerSeconds: "restAnswerSeconds",
} as const satisfies Record<keyof RestSettings, string>;

export function registerRestSettings(): void {
  const flag = (key: "restFluss" | "restGunst" | "restFullRestCare" | "restNoRestClock" | "restLessonsByTime", initial: boolean) =>
    game.settings!.register("flex", key, { name: `FLEX.Setting.${key}.name`, hint: `FLEX.Setting.${key}.hint`, scope: "world", config: true, type: Boolean, default: initial });
  flag(REST_SETTING_KEYS.fluss, REST_SETTING_DEFAULTS.fluss);
  flag(REST_SETTING_KEYS.gunst, REST_SETTING_DEFAULTS.gunst);
  flag(REST_SETTING_KEYS.fullRestCare, REST_SETTING_DEFAULTS.fullRestCare);
  flag(REST_SETTING_KEYS.noRestClock, REST_SETTING_DEFAULTS.noRestClock);
  flag(REST_SETTING_KEYS.lessonsByTime, REST_SETTING_DEFAULTS.lessonsByTime);
  game.settings!.register("flex", REST_SETTING_KEYS.answerSeconds, {
    name: `FLEX.Setting.${REST_SETTING_KEYS.answerSeconds}.name`,
    hint: `FLEX.Setting.${REST_SETTING_KEYS.answerSeconds}.hint`,
    scope: "world",
    config: true,
    type: Number,
    default: REST_SETTING_DEFAULTS.answerSeconds,
    range: { min: 10, max: 600, step: 10 },
  });
}

/** The rest settings; a value that cannot be read is its default. */
export function restSettings(): RestSettings {
  const out = { ...REST_SETTING_DEFAULTS };
  for (const [name, key] of Object.entries(REST_SETTING_KEYS) as [keyof RestSettings, (typeof REST_SETTING_KEYS)[keyof RestSettings]][]) {
    try {
      const value: unknown = game.settings!.get("flex", key);
      if (typeof value === typeof REST_SETTING_DEFAULTS[name] && (typeof value !== "number" || Number.isFinite(value))) (out as Record<string, unknown>)[name] = value;
    } catch {
      // not registered yet: the default
    }
  }
  return out;
}

/** R-FARM-3: a harvest yields the plant (an item worth 50 ¥ a plot) or its worth in ¥. */
export const HARVEST_YIELD_MODES = ["item", "geld"] as const;
export type HarvestYieldMode = (typeof HARVEST_YIELD_MODES)[number];

/** R-FARM-3: how a harvest is paid out, as the plant (an item worth 50 ¥ a plot) or as ¥ (a world setting). */
export const harvestYieldMode = (): HarvestYieldMode => read("harvestYield", HARVEST_YIELD_MODES, "item");

/** Making and earning (issue 15): what a harvest yields, and whether players' work may move the world clock on. */
export function registerMakingSettings(): void {
  game.settings!.register("flex", "harvestYield", {
    name: "FLEX.Setting.harvestYield.name",
    hint: "FLEX.Setting.harvestYield.hint",
    scope: "world",
    config: true,
    type: String,
    choices: choices("harvestYield", HARVEST_YIELD_MODES),
    default: "item",
  });
  game.settings!.register("flex", "playersAdvanceTime", {
    name: "FLEX.Setting.playersAdvanceTime.name",
    hint: "FLEX.Setting.playersAdvanceTime.hint",
    scope: "world",
    config: true,
    type: Boolean,
    default: true,
  });
}

/** Whether a new character gets the general talents (on unless the world says otherwise). */
export function starterTalentsOn(): boolean {
  try {
    return game.settings!.get("flex", "starterTalents") !== false;
  } catch {
    return true;
  }
}
