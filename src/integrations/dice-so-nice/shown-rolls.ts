// Dice So Nice animates the rolls of a chat message when it is created, on every client that may see them. Two kinds
// of Flex roll miss that path, so the client that made them asks DSN to show them, once, to the message's audience:
// - rolls the active GM adds to a card after it was posted (a GM creature's defence at the first Apply), announced by
//   the task step that writes them (`flex.cardRollsAdded`), as Draw Steel 0.11 does for rolls added in an update;
// - a roll with no card of its own (the breath check a spell forces, R-WATER-3: `flex.rollWithoutCard`).
import { onHook } from "../../helpers/hooks";

/** DSN's showForRoll as far as Flex calls it (DSN docs: api/methods): animates here and, with synchronize, elsewhere. */
export interface ShowForRoll {
  showForRoll(roll: Roll, user: User.Implementation | null, synchronize: boolean, whisper?: string[] | null, blind?: boolean, chatMessageID?: string | null, speaker?: unknown): Promise<unknown>;
}

type CardLike = { id: string | null; whisper?: readonly (string | null)[]; blind?: boolean; speaker?: unknown; author?: { id: string | null } | null };

/**
 * Shows rolls added to `message` to whom the message goes, as its roll mode said: everyone when it is not whispered,
 * else its recipients and (unless blind) its author, who saw the card's first rolls too.
 */
export async function showAddedRolls(dice3d: ShowForRoll, message: CardLike, rolls: readonly Roll[]): Promise<void> {
  const to = (message.whisper ?? []).filter((id): id is string => typeof id === "string");
  const author = message.author?.id;
  const whisper = to.length ? [...new Set(message.blind || !author ? to : [...to, author])] : null;
  for (const roll of rolls) await dice3d.showForRoll(roll, game.user ?? null, true, whisper, message.blind === true, message.id, message.speaker);
}

export function registerShownRolls(dice3d: ShowForRoll): void {
  const report = (err: unknown) => console.error("Flex | Dice So Nice could not show a roll", err);
  onHook("flex.cardRollsAdded", (message, rolls) => void showAddedRolls(dice3d, message, rolls).catch(report));
  onHook("flex.rollWithoutCard", (roll) => void dice3d.showForRoll(roll, game.user ?? null, true).catch(report));
}
