// A stand-in for the surface of Dice So Nice 5.x (the v13 line; riccisi/foundryvtt-dice-so-nice on GitLab is not in
// the store, so this follows its API docs as the maintained fork Daedalus11069/dice-so-nice-fork publishes them,
// api/*.md, and Draw Steel 0.11.1 src/module/compatibility/dsn.mjs as a caller) that Flex touches:
// - `diceSoNiceReady(dice3d)`, then addSystem / addDicePreset / addColorset (recorded);
// - a chat message created with rolls is animated on every client that may see its content: not on a client a roll
//   is whispered away from, not on a player's for a blind roll (DSN's ghost dice are off by default);
// - `showForRoll(roll, user, synchronize, whisper, blind, chatMessageID, speaker)`: animated here and, when
//   synchronized, on every other connected client among `whisper` (everyone when null), only GMs when blind;
// - an update that adds rolls to a message animates nothing by itself (its caller has to call showForRoll).
// What a user would see is recorded: which client threw which roll (by its formula and faces).

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
const g = globalThis as Any;

export interface Animation { userId: string; roll: string }

/** A roll as a player would recognise it thrown: its formula and faces. */
export const rollKey = (roll: Any): string => `${String(roll.formula)} [${(roll.dice ?? []).flatMap((d: Any) => d.results.map((r: Any) => r.result)).join(",")}]`;

export function installFakeDiceSoNice() {
  const animations: Animation[] = [];
  const calls = { systems: [] as Any[], presets: [] as Any[], colorsets: [] as Any[], showForRoll: [] as Any[] };
  const throwHere = (roll: Any) => animations.push({ userId: g.game.user.id, roll: rollKey(roll) });
  const dice3d = {
    addSystem: (system: Any, mode: string) => calls.systems.push({ ...system, mode }),
    addDicePreset: (preset: Any, shape: string) => calls.presets.push({ ...preset, shape }),
    addColorset: (colorset: Any, mode: string) => calls.colorsets.push({ ...colorset, mode }),
    async showForRoll(roll: Any, user: Any, synchronize: boolean, whisper: string[] | null = null, blind = false, chatMessageID: string | null = null) {
      calls.showForRoll.push({ by: g.game.user.id, user: user?.id, synchronize, whisper, blind, chatMessageID });
      throwHere(roll);
      if (!synchronize) return true;
      for (const u of g.game.users.contents as Any[]) {
        if (!u.active || u.id === g.game.user.id) continue;
        if (whisper && !whisper.includes(u.id)) continue;
        if (blind && !u.isGM) continue;
        animations.push({ userId: u.id, roll: rollKey(roll) });
      }
      return true;
    },
  };
  // DSN intercepts each new message on each client and throws its rolls there if that client may see them.
  g.Hooks.on("createChatMessage", (message: Any) => {
    if (!message.rolls?.length || !message.isContentVisible) return;
    for (const roll of message.rolls) throwHere(roll);
  });
  g.Hooks.callAll("diceSoNiceReady", dice3d);
  return {
    dice3d,
    calls,
    animations,
    /** The clients (user ids, sorted) that threw `roll`, once each or more. */
    throwersOf: (roll: Any) => animations.filter((a) => a.roll === rollKey(roll)).map((a) => a.userId).sort(),
  };
}
