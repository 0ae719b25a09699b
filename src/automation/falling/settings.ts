// World settings of falling (R-FALL-1..3): whether an elevation drop makes a token fall, who rolls
// the faller's Athletik check, and whether the damage is applied without waiting for a click.
export type FallRoller = "owner" | "gm";

export function registerFallingSettings(): void {
  game.settings!.register("flex", "fallAutomatic", {
    name: "FLEX.Setting.fallAutomatic.name",
    hint: "FLEX.Setting.fallAutomatic.hint",
    scope: "world",
    config: true,
    type: Boolean,
    default: true,
  });
  game.settings!.register("flex", "fallRoller", {
    name: "FLEX.Setting.fallRoller.name",
    hint: "FLEX.Setting.fallRoller.hint",
    scope: "world",
    config: true,
    type: String,
    choices: { owner: "FLEX.Setting.fallRoller.owner", gm: "FLEX.Setting.fallRoller.gm" },
    default: "owner",
  });
  game.settings!.register("flex", "fallAutoApply", {
    name: "FLEX.Setting.fallAutoApply.name",
    hint: "FLEX.Setting.fallAutoApply.hint",
    scope: "world",
    config: true,
    type: Boolean,
    default: true,
  });
}

// Reading a setting never throws, so a half-initialised client still behaves sensibly (the defaults).
function read(key: "fallAutomatic" | "fallRoller" | "fallAutoApply", fallback: unknown): unknown {
  try {
    return (game.settings!.get("flex", key) as unknown) ?? fallback;
  } catch {
    return fallback;
  }
}

export const fallSettings = {
  /** A token whose elevation drops by more than 2 Schritt in one move falls. */
  automatic: (): boolean => read("fallAutomatic", true) !== false,
  /** Who rolls the faller's Athletik check: its owner (the client that saw the fall) or the active GM. */
  roller: (): FallRoller => (read("fallRoller", "owner") === "gm" ? "gm" : "owner"),
  /** Damage is applied as soon as the fall is resolved (the card then offers Undo). */
  autoApply: (): boolean => read("fallAutoApply", true) !== false,
};
