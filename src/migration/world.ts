// Runs the due migrations over the world (issue 37): world actors with their items and effects, every scene's
// unlinked tokens' actor deltas (written through the token's actor), world items with their effects, chat
// messages, users and the world settings. Each document is migrated from its stored source by the pure migrations
// (registry.ts), and only a document that changed is written: one updateDocuments per collection or parent. A
// migration that throws on a document leaves that document as it was and is named in the report; the rest go on.
// A client that loses its connection stops (its writes would land late): the next active GM finishes the task.
import { connected } from "../automation/task-journal/presence";
import { sourceUpdate } from "./source-diff";
import type { Migration, Source, WorldSources } from "./types";

type Kind = "actor" | "item" | "effect" | "message" | "user";
type DocumentName = "Actor" | "Item" | "ActiveEffect" | "ChatMessage" | "User";

type Parent = Actor.Implementation | Item.Implementation | TokenDocument.Implementation | null;

/** One updateDocuments: the documents of one collection or one parent that changed. */
interface Batch {
  documentName: DocumentName;
  parent: Parent;
  updates: (Source & { _id: string })[];
  /** How the report names each document of the batch, by id. */
  labels: Map<string, string>;
}

export interface MigrationReport {
  /** Documents written (each counted once, whichever of its parts changed). */
  migrated: number;
  /** The documents left as they were because a migration threw on them or their write failed, as the GM reads them. */
  failed: string[];
  /** Stored world settings dropped. */
  dropped: string[];
}

interface Doc {
  id: string | null;
  name?: string | null;
  toObject(): unknown;
}

const plain = (doc: Doc): Source => JSON.parse(JSON.stringify(doc.toObject())) as Source;
/** The embedded documents' sources in a source's collection field (none when it has none). */
const sources = (list: unknown): Source[] => (Array.isArray(list) ? list.filter((d): d is Source => !!d && typeof d === "object" && typeof (d as Source)._id === "string") : []);

/** The source after every due migration of its kind; throws what a migration throws. */
function migrated(kind: Kind, source: Source, due: readonly Migration[], world: WorldSources): Source {
  let out = source;
  for (const m of due) {
    const step = m[kind];
    if (step) out = step.call(m, out, world);
  }
  return out;
}

/** The planned writes and what failed, built before anything is written. */
class Plan {
  readonly batches: Batch[] = [];
  readonly failed: string[] = [];
  constructor(private due: readonly Migration[], private world: WorldSources) {}

  private batch(documentName: DocumentName, parent: Parent): Batch {
    let batch = this.batches.find((b) => b.documentName === documentName && b.parent === parent);
    if (!batch) this.batches.push((batch = { documentName, parent, updates: [], labels: new Map() }));
    return batch;
  }

  /** One document: its update (without embedded collections, which get their own batches), or nothing. */
  private add(kind: Kind, documentName: DocumentName, parent: Parent, source: Source, label: string): boolean {
    const id = String(source._id);
    let after: Source;
    try {
      after = migrated(kind, source, this.due, this.world);
    } catch (err) {
      console.error(`Flex | the world migration left ${label} as it was`, err);
      this.failed.push(label);
      return false;
    }
    const { items: _items, effects: _effects, ...before } = source;
    const { items: _newItems, effects: _newEffects, ...next } = after;
    void [_items, _effects, _newItems, _newEffects];
    const update = sourceUpdate(before, next);
    if (!Object.keys(update).length) return true;
    const batch = this.batch(documentName, parent);
    batch.updates.push({ ...update, _id: id });
    batch.labels.set(id, label);
    return true;
  }

  /**
   * An actor's source and, when it migrated cleanly, its items and effects: a world actor's whole source, or an
   * unlinked token's actor delta (only what the token overrides; the rest is its base actor's, migrated as that).
   * `actor`: the document its items and effects are written through (a token's synthetic actor for a delta).
   */
  actor(source: Source, actor: Actor.Implementation, token: TokenDocument.Implementation | null, label: string): void {
    if (!this.add("actor", "Actor", token, source, label)) return;
    for (const item of sources(source.items)) {
      const doc = actor.items.get(String(item._id));
      if (doc && this.add("item", "Item", actor, item, `${label}: ${String(item.name)}`)) for (const effect of sources(item.effects)) this.add("effect", "ActiveEffect", doc, effect, `${label}: ${String(item.name)}: ${String(effect.name)}`);
    }
    for (const effect of sources(source.effects)) if (actor.effects.get(String(effect._id))) this.add("effect", "ActiveEffect", actor, effect, `${label}: ${String(effect.name)}`);
  }

  item(item: Item.Implementation, label: string): void {
    const source = plain(item);
    if (!this.add("item", "Item", null, source, label)) return;
    for (const effect of sources(source.effects)) this.add("effect", "ActiveEffect", item, effect, `${label}: ${String(effect.name)}`);
  }

  message(message: ChatMessage.Implementation, label: string): void {
    this.add("message", "ChatMessage", null, plain(message), label);
  }

  user(user: User.Implementation): void {
    this.add("user", "User", null, plain(user), user.name ?? String(user.id));
  }
}

/** The stored world settings (Setting documents, v13: game.settings.storage "world"). */
function storedSettings(): { key: string; delete(): Promise<unknown> }[] {
  const world = game.settings!.storage.get("world");
  return world && "contents" in world ? world.contents : [];
}

/** Every document of the world the due migrations would change, in the order they are written. */
export function planWorld(due: readonly Migration[]): Plan {
  const messages = game.messages!.contents as ChatMessage.Implementation[];
  const plan = new Plan(due, { messages: messages.map(plain) });
  const i18n = game.i18n!;
  for (const actor of game.actors!.contents as Actor.Implementation[]) plan.actor(plain(actor), actor, null, actor.name ?? String(actor.id));
  for (const scene of game.scenes!.contents as Scene.Implementation[]) {
    for (const token of scene.tokens.contents as TokenDocument.Implementation[]) {
      // A linked token's actor is the world actor, migrated above; an unlinked one's own data lives in its delta.
      const delta: unknown = token._source.delta;
      if (token.actorLink || !token.actor || !delta || typeof delta !== "object") continue;
      const source = { ...(JSON.parse(JSON.stringify(delta)) as Source), _id: token.actor.id };
      plan.actor(source, token.actor, token, i18n.format("FLEX.Migration.Token", { name: token.name ?? "", scene: scene.name ?? "" }));
    }
  }
  for (const item of game.items!.contents as Item.Implementation[]) plan.item(item, item.name ?? String(item.id));
  for (const message of messages) plan.message(message, i18n.format("FLEX.Migration.Message", { id: String(message.id) }));
  for (const user of game.users!.contents as User.Implementation[]) plan.user(user);
  return plan;
}

function stopIfGone(): void {
  if (!connected()) throw new Error("Flex | the world migration stopped: this client lost its connection");
}

/** One batch in one request; a request the server refuses is sent again document by document, to name the one at fault. */
async function write(batch: Batch, report: MigrationReport): Promise<void> {
  const { parent } = batch;
  const send = (updates: Batch["updates"]) => {
    switch (batch.documentName) {
      case "Actor":
        // An unlinked token's actor is written through its token (its delta), one request per token.
        return Actor.updateDocuments(updates, parent instanceof TokenDocument ? { parent } : {});
      case "Item":
        return Item.updateDocuments(updates, parent instanceof Actor ? { parent } : {});
      case "ActiveEffect":
        return ActiveEffect.updateDocuments(updates, parent instanceof Actor || parent instanceof Item ? { parent } : {});
      case "ChatMessage":
        return ChatMessage.updateDocuments(updates);
      case "User":
        return User.updateDocuments(updates);
    }
  };
  try {
    await send(batch.updates);
    report.migrated += batch.updates.length;
    return;
  } catch (err) {
    stopIfGone();
    console.warn(`Flex | a world migration write of ${batch.updates.length} ${batch.documentName} document(s) failed; one at a time now`, err);
  }
  for (const update of batch.updates) {
    stopIfGone();
    try {
      await send([update]);
      report.migrated += 1;
    } catch (err) {
      stopIfGone();
      console.error(`Flex | the world migration could not write ${batch.labels.get(update._id)}`, err);
      report.failed.push(batch.labels.get(update._id) ?? update._id);
    }
  }
}

/** Migrates the world with the due migrations; safe to run again (a migrated document is not written twice). */
export async function migrateWorld(due: readonly Migration[]): Promise<MigrationReport> {
  const plan = planWorld(due);
  const report: MigrationReport = { migrated: 0, failed: [...plan.failed], dropped: [] };
  for (const batch of plan.batches) {
    stopIfGone();
    await write(batch, report);
  }
  const stored = storedSettings();
  const drop = new Set(due.flatMap((m) => m.dropSettings?.(stored.map((s) => s.key)) ?? []));
  for (const setting of stored.filter((s) => drop.has(s.key))) {
    stopIfGone();
    try {
      await setting.delete();
      report.dropped.push(setting.key);
    } catch (err) {
      stopIfGone();
      console.error(`Flex | the world migration could not drop the setting ${setting.key}`, err);
      report.failed.push(setting.key);
    }
  }
  return report;
}
