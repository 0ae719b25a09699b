// Hit dice a player rolls in the rest dialog (issue 25). The roll is the player's own chat message, flagged with
// the question's id and the character; the active GM believes it only from an owner of that character
// (ARCHITECTURE.md, "Trust model": like an attack's roll, the hit dice are the owner's fact), only as a plain
// `<n>d<faces>` of the character's hit die within the rest's allowance, and only the first one: a second roll
// changes nothing. Anything else, and no roll at all, leaves the rolling to the GM as before.
import { localDice } from "../../helpers/dice-text";
import { rollModeOr } from "../../helpers/roll-mode";
import type { RestPrompt } from "./prompt";

const HIT_DICE_ROLL_CARD = "systems/flex/templates/chat/hit-dice-roll.hbs";

/** flags.flex.hitDiceRoll on the player's roll message. */
interface HitDiceRollFlag {
  prompt?: unknown;
  actor?: unknown;
}

/** What the player rolled, as the dialog shows it. */
interface RolledHitDice {
  messageId: string;
  rolls: number[];
}

/**
 * Rolls `count` hit dice of the character on this (the player's) client and posts them: the player's roll, with
 * Dice So Nice, in the player's roll mode (a GM sees every mode). Null when nothing could be posted.
 */
export async function postHitDiceRoll(actor: Actor.Implementation, prompt: RestPrompt, count: number, faces: number, flavor: string): Promise<RolledHitDice | null> {
  if (!(count >= 1) || !(faces >= 1)) return null;
  const roll = await new Roll(`${count}d${faces}`).evaluate();
  const rolls = roll.dice.flatMap((d) => d.results.filter((r) => r.active).map((r) => r.result));
  const content = await foundry.applications.handlebars.renderTemplate(HIT_DICE_ROLL_CARD, { flavor, dice: `${count} × ${localDice(`W${faces}`)}`, rolls: rolls.join(" + "), total: roll.total });
  const message = (await ChatMessage.create(
    { content, rolls: [roll], speaker: ChatMessage.getSpeaker({ actor }), flags: { flex: { hitDiceRoll: { prompt: prompt.restId, actor: actor.id } } } },
    { rollMode: rollModeOr(undefined) },
  )) as ChatMessage.Implementation | undefined;
  return message?.id ? { messageId: message.id, rolls } : null;
}

/** The dice of a roll message if it is exactly `<n>d<faces>` with 1 ≤ n ≤ allowance and every face possible. */
function diceOf(message: ChatMessage.Implementation, faces: number, allowance: number): number[] | null {
  if (message.rolls.length !== 1) return null;
  const roll = message.rolls[0];
  const [die, ...more] = roll.dice;
  if (!die || more.length) return null;
  const results = die.results.filter((r) => r.active).map((r) => r.result);
  const n = results.length;
  if (n < 1 || n > allowance || die.results.length !== n || roll.formula !== new Roll(`${n}d${faces}`).formula) return null;
  if (results.some((r) => !Number.isInteger(r) || r < 1 || r > faces)) return null;
  return roll.total === results.reduce((s, r) => s + r, 0) ? results : null;
}

/**
 * On the active GM: the hit dice an owner of `actor` rolled in the dialog of this question, the first such roll
 * only. Null: none, or not one the GM can believe (the GM rolls then).
 */
export function playerHitDice(promptId: string | null, actor: Actor.Implementation, faces: number, allowance: number): number[] | null {
  if (!promptId || allowance < 1) return null;
  for (const message of game.messages!.contents as ChatMessage.Implementation[]) {
    const flag = message.getFlag("flex", "hitDiceRoll") as HitDiceRollFlag | undefined;
    if (!flag || flag.prompt !== promptId || flag.actor !== actor.id) continue;
    const author = message.author;
    // Someone else's claim for this character is not a roll of its owner: it is passed over.
    if (!author || !actor.testUserPermission(author, "OWNER")) continue;
    return diceOf(message, faces, allowance);
  }
  return null;
}
