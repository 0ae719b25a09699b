// The steps of a journalled GM task: plain data (they travel in the journal record), each a write that is
// safe to carry out again. Whoever runs the task (the GM who planned it, or the GM who finishes it after a
// hand-over) runs every step; a step that finds its mark on its target skips it:
// - actors and embedded or single documents: the task's key in `flags.flex.tasks`, in the same write;
// - created documents (cards, items, effects): their id, chosen when planning (keepId);
// - world time: the clock still where the plan found it; statuses: already as wanted; deletions: already gone.
import { callHookAll } from "../../helpers/hooks";
import { isRollMode } from "../../helpers/roll-mode";
import { addStatuses, removeStatuses } from "../../helpers/status-effects";
import { documentFromUuid } from "../../helpers/uuid";
import { resolveActor } from "../actor-ref";
import type { ActorRef } from "../actor-ref";
import { writeActorChanges } from "../actor-writes";

type Obj = Record<string, unknown>;

export type EmbeddedName = "Item" | "ActiveEffect" | "Token" | "Combatant";

export type TaskStep =
  /** One batched actor write (one more per token for unlinked actors). */
  | { kind: "actors"; writes: { ref: ActorRef; changes: Obj }[]; options?: Obj }
  /** Embedded documents of one parent (an actor by its ref, else a uuid): created with their planned ids, updated, deleted. */
  | { kind: "embedded"; parent: ActorRef | string; embedded: EmbeddedName; create?: Obj[]; update?: Obj[]; delete?: string[]; options?: Obj }
  /** One document (by uuid) updated. */
  | { kind: "update"; uuid: string; changes: Obj; options?: Obj }
  | { kind: "statuses"; ref: ActorRef; add?: string[]; remove?: string[] }
  /** World time moved on, only from where the plan found it. */
  | { kind: "time"; from: number; seconds: number }
  /** A chat card with its planned id. */
  | { kind: "message"; data: Obj & { _id: string }; rollMode?: string }
  /** A system hook for modules, called by whoever finishes the task. */
  | { kind: "hook"; name: `flex.${string}`; data: unknown };

/** Task marks each document keeps (the newest); a task is finished long before its mark goes. */
const MARKS_KEPT = 20;

function marksOf(doc: { getFlag(scope: string, key: string): unknown }): string[] {
  const list = doc.getFlag("flex", "tasks");
  return Array.isArray(list) ? list.filter((k): k is string => typeof k === "string") : [];
}

/** Whether this task's step has written the document already. */
export const hasTaskMark = (doc: { getFlag(scope: string, key: string): unknown }, key: string) => marksOf(doc).includes(key);

/** The changes with the task's mark added, in the same write (last, so a nested `flags` object cannot hide it). */
function marked(doc: { getFlag(scope: string, key: string): unknown }, changes: Obj, key: string): Obj {
  return { ...changes, "flags.flex.tasks": [...marksOf(doc).filter((k) => k !== key), key].slice(-MARKS_KEPT) };
}

type AnyDoc = {
  documentName?: string;
  canUserModify?(user: User.Implementation, action: "create" | "update" | "delete"): boolean;
  getFlag(scope: string, key: string): unknown;
  /** A chat message's rolls. */
  rolls?: Roll[];
  update(changes: Obj, options?: Obj): Promise<unknown>;
  getEmbeddedCollection?(name: string): { get(id: string): AnyDoc | undefined; has(id: string): boolean };
  createEmbeddedDocuments(name: string, data: Obj[], options?: Obj): Promise<unknown>;
  updateEmbeddedDocuments(name: string, data: Obj[], options?: Obj): Promise<unknown>;
  deleteEmbeddedDocuments(name: string, ids: string[], options?: Obj): Promise<unknown>;
};

/** Documents no task step ever writes: a role or a world setting is not GM work for the table. */
const NEVER_WRITTEN = new Set(["User", "Setting"]);

/**
 * Trust model, "Roles bound what a task may do": a step runs only on a document its holder (the GM that planned it)
 * could have written itself, and never on a User or a Setting. A refused step is logged, never carried out.
 */
function holderMay(holder: User.Implementation, doc: Pick<AnyDoc, "documentName" | "canUserModify"> | null | undefined): boolean {
  if (!doc) return true;
  // This GM's own plan: the server checks its writes anyway.
  const ok = !NEVER_WRITTEN.has(String(doc.documentName)) && (holder.isSelf || (doc.canUserModify?.(holder, "update") ?? holder.isGM));
  if (!ok) console.warn(`Flex | a GM task step on ${String(doc.documentName)} refused: ${holder.name} could not have written it`);
  return ok;
}

async function runEmbedded(step: Extract<TaskStep, { kind: "embedded" }>, key: string, holder: User.Implementation): Promise<void> {
  // An actor is found through its token when unlinked; a uuid names any other parent, known only at run time.
  const parent = (typeof step.parent === "string" ? documentFromUuid(step.parent) : resolveActor(step.parent)) as AnyDoc | null;
  const collection = parent?.getEmbeddedCollection?.(step.embedded);
  if (!parent || !collection) return;
  const options = step.options ?? {};
  const create = (step.create ?? []).filter((d) => typeof d._id === "string" && !collection.has(d._id));
  if (create.length && holderMay(holder, parent)) await parent.createEmbeddedDocuments(step.embedded, create, { ...options, keepId: true });
  const update = (step.update ?? []).flatMap((u) => {
    const doc = collection.get(String(u._id));
    return doc && !hasTaskMark(doc, key) && holderMay(holder, doc) ? [marked(doc, u, key)] : [];
  });
  if (update.length) await parent.updateEmbeddedDocuments(step.embedded, update, options);
  const remove = (step.delete ?? []).filter((id) => collection.has(id) && holderMay(holder, collection.get(id)));
  if (remove.length) await parent.deleteEmbeddedDocuments(step.embedded, remove, options);
}

/** Carries out one step, or nothing when its mark says it is done; `holder`: the GM whose rights it runs with. */
export async function runStep(step: TaskStep, key: string, holder: User.Implementation): Promise<void> {
  switch (step.kind) {
    case "actors": {
      const writes = step.writes.flatMap((w) => {
        const actor = resolveActor(w.ref);
        return actor && !hasTaskMark(actor, key) && holderMay(holder, actor) ? [{ actor, changes: marked(actor, w.changes, key) }] : [];
      });
      await writeActorChanges(writes, step.options ?? {});
      return;
    }
    case "embedded":
      return runEmbedded(step, key, holder);
    case "update": {
      const doc = documentFromUuid(step.uuid) as AnyDoc | null;
      if (!doc || hasTaskMark(doc, key) || !holderMay(holder, doc)) return;
      const before = doc.rolls?.length ?? 0;
      await doc.update(marked(doc, step.changes, key), step.options ?? {});
      // Rolls added to a card after it was posted: core shows no dice for an update, so whoever added them says so
      // (Dice So Nice listens, integrations/dice-so-nice/added-rolls.ts); the task's mark makes it once.
      const added = Array.isArray(step.changes.rolls) ? (doc.rolls ?? []).slice(before) : [];
      if (doc.documentName === "ChatMessage" && added.length) callHookAll("flex.cardRollsAdded", doc, added);
      return;
    }
    case "statuses": {
      const actor = resolveActor(step.ref);
      if (!actor || !holderMay(holder, actor)) return;
      if (step.remove?.length) await removeStatuses(actor, step.remove);
      if (step.add?.length) await addStatuses(actor, step.add);
      return;
    }
    case "time":
      if (holder.isGM && game.time!.worldTime === step.from && step.seconds > 0) await game.time!.advance(step.seconds);
      return;
    case "message":
      if (!game.messages!.get(step.data._id)) await ChatMessage.create(step.data as ChatMessage.CreateData, { keepId: true, ...(isRollMode(step.rollMode) ? { rollMode: step.rollMode } : {}) });
      return;
    case "hook":
      callHookAll(step.name, step.data);
      return;
  }
}

/** How many requests a task's steps send at most: a journal is kept for tasks of more than one. */
export function writeCount(steps: readonly TaskStep[]): number {
  let n = 0;
  for (const step of steps) {
    if (step.kind === "hook") continue;
    if (step.kind === "actors") n += new Set(step.writes.map((w) => w.ref.tokenUuid ?? "world")).size;
    else if (step.kind === "embedded") n += [step.create, step.update, step.delete].filter((l) => l?.length).length;
    else if (step.kind === "statuses") n += (step.add?.length ? 1 : 0) + (step.remove?.length ? 1 : 0);
    else n += 1;
  }
  return n;
}

/** The step that posts a chat card with an id of its own (its rolls as data); the card's id is `step.data._id`. */
export function cardStep(data: Obj & { rolls?: (Roll | Obj)[] }, rollMode?: string): Extract<TaskStep, { kind: "message" }> {
  const rolls = data.rolls?.map((r): unknown => (r instanceof Roll ? r.toJSON() : r));
  // An id given in `data` is kept: a card whose marks are keyed by its message id needs that id before it exists.
  const _id = typeof data._id === "string" && data._id ? data._id : foundry.utils.randomID();
  return { kind: "message", data: { ...data, ...(rolls ? { rolls } : {}), _id }, ...(rollMode ? { rollMode } : {}) };
}
