// World settings of the system.

/** Who may apply a card's damage to whom (issue 9). */
export const DAMAGE_APPLY_MODES = ["gm", "owner", "attacker"] as const;
export type DamageApplyMode = (typeof DAMAGE_APPLY_MODES)[number];

/** R-CORE-11: a creature's defence EW is its fixed Ausweichen / Parade value, or rolled around it. */
export const CREATURE_DEFENCE_MODES = ["fixed", "roll"] as const;
export type CreatureDefenceMode = (typeof CREATURE_DEFENCE_MODES)[number];

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
  game.settings!.register("flex", "creatureDefence", {
    name: "FLEX.Setting.creatureDefence.name",
    hint: "FLEX.Setting.creatureDefence.hint",
    scope: "world",
    config: true,
    type: String,
    choices: choices("creatureDefence", CREATURE_DEFENCE_MODES),
    default: "fixed",
  });
}

// Reading a setting never throws, so a half-initialised client still behaves sensibly (the defaults).
function read<K extends string>(key: "damageApply" | "creatureDefence", modes: readonly K[], fallback: K): K {
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
export const creatureDefenceMode = (): CreatureDefenceMode => read("creatureDefence", CREATURE_DEFENCE_MODES, "fixed");
