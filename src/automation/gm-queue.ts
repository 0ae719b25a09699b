// The one GM work queue. Everything the active GM does for the table (round automation, relayed player
// requests, end of day) runs here, strictly one task after the other, so that two clicks, two GMs or two
// rounds in quick succession cannot interleave. A task is claimed by its id when it is queued: the same id
// queued again gets the first run's result and does nothing. Tasks re-read their documents inside the queue.
import { clientLocal } from "../helpers/client-local";

/** Claimed ids remembered per client; older ones are forgotten (their marks on the documents remain). */
const REMEMBERED = 500;

interface QueueState {
  tail: Promise<unknown>;
  claimed: Map<string, Promise<unknown>>;
  /** Tasks queued and not yet finished (for tests and benchmarks that wait for quiet). */
  open: number;
}

const queue = clientLocal<QueueState>("gmQueue", () => ({ tail: Promise.resolve(), claimed: new Map(), open: 0 }));

/**
 * Queues `work` under `id` on this client and returns its result. A repeated id returns the promise of the
 * first; a failing task rejects its own promise and never stops the tasks after it.
 */
export function runOnGMQueue<T>(id: string, work: () => Promise<T>): Promise<T> {
  const q = queue();
  const known = q.claimed.get(id);
  if (known) return known as Promise<T>;
  q.open += 1;
  const run = q.tail.then(work, work).finally(() => (q.open -= 1));
  q.claimed.set(id, run);
  if (q.claimed.size > REMEMBERED) q.claimed.delete(q.claimed.keys().next().value!);
  q.tail = run.catch(() => undefined);
  return run;
}

/** Whether this client has queued (or run) the task `id`. */
export function isClaimed(id: string): boolean {
  return queue().claimed.has(id);
}

/** Resolves when this client's queue has nothing left to do. */
export async function gmQueueIdle(): Promise<void> {
  const q = queue();
  while (q.open > 0) await q.tail;
}
