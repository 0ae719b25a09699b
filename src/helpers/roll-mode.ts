// Roll modes as the types know them, from any value a caller, a setting or a query brings; and whom a card goes to
// when one client makes it for another user's request (Trust model: roll modes follow the requester).
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

/** A card's audience: message data (`whisper`, `blind`) and, for this user's own card, the mode core applies. */
export interface CardAudience {
  data: { whisper?: string[]; blind?: boolean };
  rollMode?: RollMode;
}

/**
 * Whom a card made on this client for `requester` goes to, in the requester's roll mode `mode` (sent with its
 * request). This user's own card: core applies the mode. Another user's: the recipients are written out, since core's
 * "selfroll" would whisper to this client's user (v13, foundryvtt#11442): Self and GM roll to the requester and the
 * GMs, Blind to the GMs only (blind), Public to all. A request without a valid mode is public.
 */
export function audienceFor(mode: unknown, requester?: { id: string | null } | null): CardAudience {
  if (!requester?.id || requester.id === game.user?.id) return { data: {}, rollMode: rollModeOr(mode) };
  const gms = (game.users!.contents as User.Implementation[]).filter((u) => u.isGM).map((u) => u.id!);
  switch (isRollMode(mode) ? mode : "publicroll") {
    case "selfroll":
    case "gmroll":
      return { data: { whisper: [...new Set([requester.id, ...gms])], blind: false } };
    case "blindroll":
      return { data: { whisper: gms, blind: true } };
    default:
      return { data: {} };
  }
}
