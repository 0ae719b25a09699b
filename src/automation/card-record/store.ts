// Where the GM keeps its own record of a card (ARCHITECTURE.md, "Cards are claims; the GM keeps its own record"):
// `flags.flex.cards.<key>` on the recording GM's own User, which no player and no other GM can write. A record is
// written in the write its task makes anyway (the journal's hold write, TaskContext.hold), so accepting a card
// costs no extra write; the newest KEPT records stay. Read only from GMs this client believes (believedGM: a GM of
// at least this client's role), the newest first.
import { sha256 } from "../../helpers/digest";
import { believedGM } from "../task-journal";

/** The card types the GM records. */
export type CardKind = "attack" | "fall" | "heal";

export interface CardRecord<C = unknown> {
  kind: CardKind;
  /** The message id (a fall: its fall id, known before its card exists). */
  id: string;
  /** The user whose claim the card is: the message's author (a fall: the requester of its dodge). */
  author: string;
  /** What the GM accepted, frozen: later edits of the card change nothing of it. */
  claim: C;
  at: number;
}

/** Records each GM keeps; an older card's record is gone, and its card is checked afresh (as strictly) when clicked. */
const KEPT = 200;

const flagKey = (kind: CardKind, id: string) => sha256(`${kind}:${id}`).slice(0, 24);

function isCardRecord(value: unknown): value is CardRecord {
  const r = value as Partial<CardRecord> | null;
  return !!r && typeof r === "object" && typeof r.kind === "string" && typeof r.id === "string" && typeof r.author === "string" && typeof r.at === "number" && "claim" in r;
}

function recordsOn(user: User.Implementation): Record<string, unknown> {
  const cards = user.getFlag("flex", "cards");
  return cards && typeof cards === "object" ? (cards as Record<string, unknown>) : {};
}

/** The GM's record of this card, from the GMs this client believes; null when none recorded it (or it was forgotten). */
export function cardRecordOf<C>(kind: CardKind, id: string): CardRecord<C> | null {
  const key = flagKey(kind, id);
  const found = (game.users!.contents as User.Implementation[])
    .filter(believedGM)
    .map((u) => recordsOn(u)[key])
    .filter((r): r is CardRecord => isCardRecord(r) && r.kind === kind && r.id === id)
    .sort((a, b) => b.at - a.at);
  return (found[0] as CardRecord<C> | undefined) ?? null;
}

/** The changes to this GM's own user that store `record` (and forget the oldest beyond KEPT), for a write it makes anyway. */
export function cardRecordChanges(record: CardRecord): Record<string, unknown> {
  const mine = Object.entries(recordsOn(game.user!)).filter(([, r]) => isCardRecord(r)) as [string, CardRecord][];
  const key = flagKey(record.kind, record.id);
  const changes: Record<string, unknown> = { [`flags.flex.cards.${key}`]: record };
  const older = mine.filter(([k]) => k !== key).sort((a, b) => a[1].at - b[1].at);
  for (const [k] of older.slice(0, Math.max(0, older.length + 1 - KEPT))) changes[`flags.flex.cards.-=${k}`] = null;
  return changes;
}

/** Stores a record in a write of its own, for a decision with no task write to ride on (a fall's dodge not applied yet). */
export async function writeCardRecord(record: CardRecord): Promise<void> {
  if (game.user?.isGM) await game.user.update(cardRecordChanges(record));
}
