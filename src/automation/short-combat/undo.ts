// A GM's Undo of an applied short combat: every character gets back the Leben its hits took (the short combat's
// mark on it says how much) and loses the dying it set; the result card shows the rows as undone, the tool card
// says so. Like the Apply, one journalled task on the active GM, named after the short combat: a second Undo, or a
// new GM after a crash, changes nothing more. Closed afterwards: a new attempt is a new short combat.
import { actorRef, resolveActor } from "../actor-ref";
import { runTask, taskIdOf, taskState } from "../task-journal";
import type { TaskStep } from "../task-journal";
import { renderShortCombatResult, resultCardOf } from "./apply";
import { renderShortCombatCard, shortCombatMark, shortCombatMessage } from "./record";
import type { ShortCombatRecord } from "./record";

export type ShortUndoStatus = "undone" | "notApplied" | "closed";

const UNDO_TASK = "shortCombatUndo";

/** The Undo, on the active GM's client inside its work queue (re-reads the card). */
export async function undoShortCombat(messageId: string, requester: User.Implementation): Promise<ShortUndoStatus> {
  const found = shortCombatMessage(messageId);
  if (!found) return "closed";
  const { message, record } = found;
  if (record.status !== "applied" || !record.result) return "notApplied";
  if (taskState(taskIdOf(UNDO_TASK, record.id))) return "notApplied";
  const mark = shortCombatMark(record);
  const writes: { ref: ReturnType<typeof actorRef>; changes: Record<string, unknown> }[] = [];
  const steps: TaskStep[] = [];
  for (const row of record.characters) {
    const actor = resolveActor(row.ref);
    const undo = actor?.planUndo(mark);
    if (!actor || !undo) continue;
    writes.push({ ref: actorRef(actor), changes: undo.changes });
    const { remove } = actor.statusesAfterUndo(undo.mark);
    if (remove.length) steps.push({ kind: "statuses", ref: actorRef(actor), remove });
  }
  const closed: ShortCombatRecord = { ...record, status: "undone" };
  const result = (record.resultMessageId ? (game.messages!.get(record.resultMessageId) as ChatMessage.Implementation | undefined) : null) ?? resultCardOf(record.id);
  if (result) steps.push({ kind: "update", uuid: result.uuid, changes: { content: await renderShortCombatResult(record, record.result, { undone: true }), "flags.flex.shortCombatResult.undone": true } });
  steps.push({ kind: "update", uuid: message.uuid!, changes: { content: await renderShortCombatCard(closed), "flags.flex.shortCombat": closed } });
  await runTask({ type: UNDO_TASK, requestId: record.id, requester }, [{ kind: "actors", writes }, ...steps]);
  return "undone";
}
