// N14 (Trust model: whispered notices never sit in a record other clients can read): a journal record lives in the
// GM's User flags, which every client receives, so a card not everyone may see (whispered, blind, Self) never
// travels in one. The task runs without it, then this GM posts it with its planned id. A GM who drops between the
// two leaves the writes to the next GM and the card unposted: a private card may be lost, never doubled.
import { isRollMode } from "../../helpers/roll-mode";
import { runTask } from "./index";
import type { TaskContext } from "./index";
import type { TaskStep } from "./steps";

type CardStep = Extract<TaskStep, { kind: "message" }>;

/** Whether only some users may read this card: a whisper list, or a roll mode other than public. */
export function isPrivateCard(step: TaskStep): step is CardStep {
  if (step.kind !== "message") return false;
  const whisper = step.data.whisper;
  return (Array.isArray(whisper) && whisper.length > 0) || (isRollMode(step.rollMode) && step.rollMode !== "publicroll");
}

/** `runTask`, with its private cards kept out of the journal and posted once the task's writes are done. */
export async function runTaskWithCards(context: TaskContext, steps: TaskStep[]): Promise<void> {
  const held = steps.filter(isPrivateCard);
  await runTask(context, held.length ? steps.filter((s) => !isPrivateCard(s)) : steps);
  for (const card of held) {
    if (game.messages!.get(card.data._id)) continue;
    await ChatMessage.create(card.data as ChatMessage.CreateData, { keepId: true, ...(isRollMode(card.rollMode) ? { rollMode: card.rollMode } : {}) });
  }
}
