// Roll modes as the types know them, from any value a caller, a setting or a query brings.
export type RollMode = keyof CONFIG.Dice.RollModes;

const MODES: readonly string[] = ["publicroll", "gmroll", "blindroll", "selfroll"];

export function isRollMode(value: unknown): value is RollMode {
  return typeof value === "string" && MODES.includes(value);
}

/** The given mode when it is one, else this user's chosen roll mode. */
export function rollModeOr(value: unknown): RollMode {
  if (isRollMode(value)) return value;
  const chosen = game.settings!.get("core", "rollMode");
  return isRollMode(chosen) ? chosen : "publicroll";
}
