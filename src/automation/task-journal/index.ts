// GM work that survives a hand-over (ARCHITECTURE.md, "Trust model"). A GM task is planned first (documents
// read, dice rolled, cards rendered: steps.ts), then journalled on the GM's own user before its first write
// (records.ts), then carried out step by step, each step leaving its mark on its target in the same write, and
// released as done. When the active GM changes, the new one finishes every task whose
// holders are all gone, exactly once (a step whose mark is there is skipped), and posts what the first would
// have posted; a GM that reloads finishes what it still holds. A requester whose answer was lost can read the
// journal to learn whether its request is done, on its way, or was never started.
import { clientLocal } from "../../helpers/client-local";
import { runOnGMQueue } from "../gm-queue";
import { holderGone, connected } from "./presence";
import { holdersOf, holdRecord, isFinished, mayTakeUpFrom, openTaskIds, recordKey, releaseRecord } from "./records";
import type { TaskRecord } from "./records";
import { runStep, writeCount } from "./steps";
import type { TaskStep } from "./steps";

export { cardStep, hasTaskMark } from "./steps";
export type { EmbeddedName, TaskStep } from "./steps";
export { believedGM, taskState } from "./records";

/** Who a task is done for and under which request: its id is `${type}:${requestId}`. */
export interface TaskContext {
  type: string;
  requestId: string;
  requester: User.Implementation | string;
  /** Flags of the running GM's own user written with the task's journal record, in that one write (a card record). */
  hold?: Record<string, unknown>;
}

/** Whose rights a finisher runs with: the GM that planned the task (its holder), which may be another than this client. */
type Finisher = (data: unknown, key: string, holder: User.Implementation) => Promise<void>;

const finishers = new Map<string, Finisher>();
/** Tasks this client is running (or has queued to finish): never taken up a second time here. */
const busy = clientLocal("journal.busy", () => new Set<string>());
const scans = clientLocal("journal.scans", () => ({ n: 0 }));

export const taskIdOf = (type: string, requestId: string): string => `${type}:${requestId}`;

/** A finisher for tasks that are not plain steps: it must be safe to run again from `data` and the documents. */
export function registerFinisher(name: string, finisher: Finisher): void {
  finishers.set(name, finisher);
}

/** Runs every step; one that fails is reported and the others still run (a lost connection stops them all). */
async function runSteps(steps: TaskStep[], key: string, id: string, holder: User.Implementation): Promise<void> {
  let failed = 0;
  for (const step of steps) {
    // A GM whose socket dropped stops at once: its writes would be buffered and land late (presence.ts); the next GM
    // finishes the task from the journal.
    if (!connected()) throw new Error(`Flex | the GM task ${id} stopped: this client lost its connection`);
    try {
      await runStep(step, key, holder);
    } catch (err) {
      if (!connected()) throw err;
      failed += 1;
      console.error(`Flex | a step (${step.kind}) of the GM task ${id} failed; the others go on`, err);
    }
  }
  if (failed) ui.notifications?.error(game.i18n!.format("FLEX.Journal.StepFailed", { n: String(failed) }));
}

registerFinisher("steps", (data, key, holder) => runSteps(data as TaskStep[], key, key, holder));

async function finish(record: TaskRecord, holder: User.Implementation): Promise<void> {
  const finisher = finishers.get(record.finisher);
  if (!finisher) throw new Error(`no finisher "${record.finisher}" for the GM task ${record.id}`);
  await finisher(JSON.parse(record.data) as unknown, recordKey(record.id), holder);
}

/**
 * Holds the record (unless held already), finishes the task, releases the record as done. `holder`: whose record
 * it was (a dropped GM's, taken up here): its steps run only as far as that GM could have written them.
 */
async function runJournalled(record: TaskRecord, held: boolean, holder: User.Implementation = game.user!, also: Record<string, unknown> = {}): Promise<void> {
  const mine = busy();
  mine.add(record.id);
  try {
    if (!held) await holdRecord(record, also);
    try {
      await finish(record, holder);
    } catch (err) {
      // A GM that lost its connection leaves the record for the next; any other failure must not loop.
      if (!connected()) throw err;
      await releaseRecord(record.id, true);
      throw err;
    }
    await releaseRecord(record.id, true);
  } finally {
    mine.delete(record.id);
  }
}

const requesterId = (requester: TaskContext["requester"]) => (typeof requester === "string" ? requester : requester.id!);

/**
 * Carries out a planned task: journalled first when a GM runs it (even a single write: a requester whose GM
 * dropped then learns from the journal whether it happened). Nothing at all when there is nothing to write.
 */
export async function runTask(context: TaskContext, steps: TaskStep[]): Promise<void> {
  const id = taskIdOf(context.type, context.requestId);
  if (!game.user?.isGM || writeCount(steps) < 1) return runSteps(steps, recordKey(id), id, game.user!);
  return runJournalled({ id, type: context.type, requester: requesterId(context.requester), heldAt: Date.now(), finisher: "steps", data: JSON.stringify(steps) }, false, game.user!, context.hold);
}

/** Carries out a task with a finisher of its own, journalled when a GM runs it. */
export async function runFinisherTask(context: TaskContext, finisher: string, data: unknown): Promise<void> {
  const id = taskIdOf(context.type, context.requestId);
  const fn = finishers.get(finisher);
  if (!fn) throw new Error(`no finisher "${finisher}"`);
  if (!game.user?.isGM) return fn(data, recordKey(id), game.user!);
  return runJournalled({ id, type: context.type, requester: requesterId(context.requester), heldAt: Date.now(), finisher, data: JSON.stringify(data) }, false, game.user!, context.hold);
}

/** The task this GM should take up now, if any: one it holds but no longer runs (a reload), or an orphan. */
async function takeUp(id: string): Promise<void> {
  if (busy().has(id)) return;
  // Records of a lower role than this GM's are not taken up (an assistant's, for a full GM): they wait for their holder.
  const holders = holdersOf(id).filter((h) => mayTakeUpFrom(h.user));
  const mine = holders.find((h) => h.user.isSelf);
  if (isFinished(id)) {
    if (mine) await releaseRecord(id, false);
    return;
  }
  const newest = [...holders].sort((a, b) => b.record.heldAt - a.record.heldAt);
  const runner = newest.find((h) => !holderGone(h.user));
  if (runner && !runner.user.isSelf) {
    // A newer holder runs it (or will, when it is back): this copy is only in the way.
    if (mine) await releaseRecord(id, false);
    return;
  }
  if (runner) return runJournalled(runner.record, true);
  if (!game.users!.activeGM?.isSelf || !newest[0]) return;
  await runJournalled({ ...newest[0].record, heldAt: Date.now() }, false, newest[0].user);
}

/**
 * The journal read again (a GM connected or dropped, this client started): every task this GM should finish is
 * finished, in the GM work queue, one after the other. Safe to call any number of times.
 */
export function resumeTasks(): Promise<void> {
  if (!game.user?.isGM || !connected()) return Promise.resolve();
  return runOnGMQueue(`journal.scan:${(scans().n += 1)}`, async () => {
    for (const id of openTaskIds()) {
      try {
        await takeUp(id);
      } catch (err) {
        if (!connected()) return;
        console.error(`Flex | the GM task ${id} could not be finished`, err);
      }
    }
  });
}

export function registerTaskJournal(): void {
  Hooks.on("userConnected", () => void resumeTasks());
  Hooks.once("ready", () => void resumeTasks());
}
