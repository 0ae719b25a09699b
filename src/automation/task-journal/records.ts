// Where the journal lives: on each GM's own User document (flags.flex.journal.<key>), one entry per open task,
// and the tasks it finished (flags.flex.journalDone, the newest). Every client can read it; each GM writes only
// its own user, with a write per record, so two GMs can never overwrite each other's records. Only GMs' records
// are believed: a player could write anything into its own user's flags.
import { sha256 } from "../../helpers/digest";

/** One task on its way: enough for another GM to finish it. */
export interface TaskRecord {
  /** `${type}:${requestId}`. */
  id: string;
  type: string;
  /** The user the task is done for. */
  requester: string;
  /** When this GM took the task on (the newest holder of a task is the one that runs it). */
  heldAt: number;
  /** What finishes it: "steps" (data) or a registered finisher. */
  finisher: string;
  /** The finisher's input as JSON (a string, so no dotted key or "-=" in it is ever read as an update path). */
  data: string;
}

/** Finished tasks each GM remembers, for a requester who lost its answer and for a retry. */
const DONE_KEPT = 100;

/** The flag key of a task: ids may hold dots, which flag paths cannot. */
export const recordKey = (id: string): string => sha256(id).slice(0, 24);

function isRecord(value: unknown): value is TaskRecord {
  const r = value as Partial<TaskRecord> | null;
  return !!r && typeof r === "object" && typeof r.id === "string" && typeof r.type === "string" && typeof r.finisher === "string" && typeof r.data === "string" && typeof r.heldAt === "number";
}

const gms = (): User.Implementation[] => (game.users!.contents as User.Implementation[]).filter((u) => u.isGM);

/** The records a user holds (only a GM's count). */
export function recordsOf(user: User.Implementation): TaskRecord[] {
  if (!user.isGM) return [];
  const journal = user.getFlag("flex", "journal");
  return journal && typeof journal === "object" ? Object.values(journal).filter(isRecord) : [];
}

function doneOf(user: User.Implementation): string[] {
  const done = user.getFlag("flex", "journalDone");
  return Array.isArray(done) ? done.filter((d): d is string => typeof d === "string") : [];
}

/** The GMs that hold a task, with their records. */
export function holdersOf(id: string): { user: User.Implementation; record: TaskRecord }[] {
  return gms().flatMap((user) => recordsOf(user).filter((r) => r.id === id).map((record) => ({ user, record })));
}

/** Whether a GM has finished the task. */
export const isFinished = (id: string): boolean => gms().some((u) => doneOf(u).includes(id));

/** Every task some GM holds and none has finished. */
export function openTaskIds(): string[] {
  return [...new Set(gms().flatMap((u) => recordsOf(u).map((r) => r.id)))];
}

/** What is known of a task: finished, open (held by a GM), or nothing (never journalled, or long forgotten). */
export function taskState(id: string): "done" | "open" | null {
  if (isFinished(id)) return "done";
  return holdersOf(id).length ? "open" : null;
}

/**
 * Trust model, "Roles bound what a task may do": another GM's record is taken up only when its holder's role is at
 * least this GM's own, so an assistant's planted record never runs with a full GM's rights.
 */
export const mayTakeUpFrom = (holder: User.Implementation): boolean => holder.isSelf || (holder.isGM && holder.role >= (game.user?.role ?? Infinity));

/** A GM whose own records (journal, card records) this client believes: a GM at least of this client's role; any GM on a player's client. */
export const believedGM = (user: User.Implementation): boolean => user.isGM && (user.isSelf || !game.user?.isGM || user.role >= game.user.role);

/**
 * This GM takes the task on: its record, on its own user, in one write (before any of the task's writes).
 * `also`: more of this GM's own user flags that ride in the same write (the GM's record of a card, card-record/).
 */
export async function holdRecord(record: TaskRecord, also: Record<string, unknown> = {}): Promise<void> {
  const changes: Record<string, unknown> = { ...also, [`flags.flex.journal.${recordKey(record.id)}`]: record };
  await game.user!.update(changes);
}

/** This GM lets go of its record; `done`: the task is finished, and it says so in the same write. */
export async function releaseRecord(id: string, done: boolean): Promise<void> {
  const me = game.user!;
  const changes: Record<string, unknown> = { [`flags.flex.journal.-=${recordKey(id)}`]: null };
  if (done) changes["flags.flex.journalDone"] = [...doneOf(me).filter((d) => d !== id), id].slice(-DONE_KEPT);
  await me.update(changes);
}
