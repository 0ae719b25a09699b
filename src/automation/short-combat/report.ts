// The active GM reads a character's part in a short combat (R-SHORT-2, R-SHORT-5, R-SHORT-6) from the documents,
// never from the request: the roll from the check card its player posted (the server names the card's author),
// the Fluss from the mark written with it on the character, the Alchemika from the marks on its items. The roll
// must be the check the character's own Kampfart or Zauberschule makes now, posted after the short combat began
// and not counted for anyone else. What it reads is written on the card (one update, only when it changed).
import { checkFormula } from "../../rules";
import type { AlchemikumUse } from "../../rules";
import { resolveActor } from "../actor-ref";
import { refuse, registerRelay } from "../gm-relay";
import type { RelayContext } from "../gm-relay";
import { combatTalents } from "./checks";
import { actorShortMark, itemShortCount, SHORT_REPORT } from "./player";
import { renderShortCombatCard, shortCombatMessage } from "./record";
import type { ShortCharacterRow, ShortCombatRecord, ShortRoll } from "./record";

const compact = (formula: unknown) => String(formula ?? "").replace(/\s+/g, "");

/** The roll on `rollMessage`, if it is this character's own short-combat check; else why not. */
export function verifyShortRoll(card: ChatMessage.Implementation, record: ShortCombatRecord, row: ShortCharacterRow, actor: Actor.Implementation, rollMessage: ChatMessage.Implementation | undefined, requester: User.Implementation): ShortRoll | string {
  if (!rollMessage) return "its roll is gone";
  if (rollMessage.author?.id !== requester.id) return `message ${rollMessage.id} is not ${requester.name}'s`;
  if (rollMessage.speaker?.actor !== actor.id) return `message ${rollMessage.id} is not ${actor.name}'s check`;
  if (Number(rollMessage.timestamp) < Number(card.timestamp)) return `message ${rollMessage.id} is older than the short combat`;
  if (record.characters.some((r) => r.key !== row.key && r.roll?.messageId === rollMessage.id)) return `message ${rollMessage.id} already counts for another character`;
  const check = rollMessage.getFlag("flex", "check") as { talent?: unknown; attribute?: unknown; label?: unknown } | undefined;
  const talents = combatTalents(actor);
  const talent = typeof check?.talent === "string" ? talents.find((t) => t.id === check.talent) : undefined;
  // R-SHORT-2: a Kampfart or a Zauberschule; a bare GE check only for a character without either (Decision).
  if (!check || (!talent && (talents.length > 0 || check.attribute !== "ge" || check.talent))) return `message ${rollMessage.id} is not a Kampfart or Zauberschule check of ${actor.name}`;
  const expected = actor.prepareCheck(talent ? { talent: talent.id } : { attribute: "ge" });
  const roll = rollMessage.rolls[0];
  if (!expected || !roll || compact(roll.formula) !== compact(checkFormula(expected.input))) return `message ${rollMessage.id} does not roll ${actor.name}'s check`;
  const total = roll.total;
  if (typeof total !== "number" || !Number.isFinite(total)) return `message ${rollMessage.id} has no total`;
  const dice = roll.dice[0]?.results.map((r) => r.result) ?? [];
  return { label: String(check.label ?? talent?.name ?? ""), formula: roll.formula, dice, total, messageId: rollMessage.id! };
}

/** R-SHORT-6: the Alchemika this character used in the short combat, read from its items' marks. */
function alchemikaUsed(actor: Actor.Implementation, id: string): AlchemikumUse[] {
  return actor.items.contents
    .filter((i) => i.type === "alchemical" && itemShortCount(i, id) > 0)
    .map((i) => ({ name: i.name, stufe: Number((i.system as { stufe?: number }).stufe) || 0, count: itemShortCount(i, id) }));
}

/**
 * The character's row as the documents say it is now: its roll (once counted, it stays), the Fluss spent before it
 * (never more than its maximum; fixed with the roll), and its Alchemika once it has rolled. A string says why not.
 */
export function deriveCharacterRow(card: ChatMessage.Implementation, record: ShortCombatRecord, row: ShortCharacterRow, actor: Actor.Implementation, requester: User.Implementation): ShortCharacterRow | string {
  const mark = actorShortMark(actor, record.id);
  let roll = row.roll;
  let flussSpent = row.flussSpent;
  if (!roll) {
    if (!mark?.roll) return row;
    const verified = verifyShortRoll(card, record, row, actor, game.messages!.get(mark.roll) as ChatMessage.Implementation | undefined, requester);
    if (typeof verified === "string") return verified;
    roll = verified;
    const max = Number((actor.system as { fluss?: { max?: number } }).fluss?.max) || 0;
    flussSpent = Math.min(mark.fluss, max);
  }
  return { ...row, roll, flussSpent, alchemika: alchemikaUsed(actor, record.id) };
}

/** Writes the card: its record and its content, in one update. */
export async function writeShortCombatCard(message: ChatMessage.Implementation, record: ShortCombatRecord): Promise<void> {
  const update: Record<string, unknown> = { content: await renderShortCombatCard(record), "flags.flex.shortCombat": record };
  await message.update(update);
}

/** The active GM's side of a player's report (already in its work queue). */
async function handleReport(payload: Record<string, unknown>, { requester }: RelayContext) {
  const found = shortCombatMessage(payload.messageId);
  const key = String(payload.key);
  const row = found?.record.characters.find((r) => r.key === key);
  if (!found || !row) return refuse("malformed", "a short-combat report without its card or character");
  const { message, record } = found;
  if (record.status !== "open") return { status: "closed" as const };
  const actor = resolveActor(row.ref);
  if (!actor?.testUserPermission(requester, "OWNER")) return refuse("forbidden", `${requester.name} does not own ${row.name}`);
  const next = deriveCharacterRow(message, record, row, actor, requester);
  if (typeof next === "string") return refuse("forbidden", `short combat ${record.id}, ${row.name}: ${next}`);
  if (JSON.stringify(next) !== JSON.stringify(row)) {
    await writeShortCombatCard(message, { ...record, characters: record.characters.map((r) => (r.key === key ? next : r)) });
  }
  return { status: "reported" as const };
}

export function registerShortCombatReport(): void {
  registerRelay(SHORT_REPORT, handleReport);
}
