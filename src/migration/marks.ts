// 0.2.0 (issue 33, "Cards are claims; the GM keeps its own record"): a card's "applied" mark on the actor it changed
// (flags.flex.applied.<key>, documents/actor.ts) was keyed by the id in the card's flags, which its author chose —
// `attack-<recordId>-<target>` (flags.flex.attack.id) and `heal-<recordId>` (flags.flex.heal.id, heal and use cards) —
// and is now keyed by the message id (combat/record.ts attackMark, healing/record.ts healMark). Re-keyed through the
// card that holds that record id; a mark whose card is gone keeps its key (no card is left to undo it). Pure.
import type { Source, WorldSources } from "./types";

type Obj = Record<string, unknown>;

const isObject = (v: unknown): v is Obj => !!v && typeof v === "object" && !Array.isArray(v);
/** The flag key a mark is stored under (documents/actor.ts markKey): only word characters and dashes. */
const markKey = (...parts: string[]) => parts.join("-").replace(/[^\w-]/g, "_").slice(0, 120);

/** The message id of each card record id, from the cards' flags (0.1.0: flags.flex.attack.id, flags.flex.heal.id). */
export function cardsByRecordId(messages: readonly Source[]): { attack: Map<string, string>; heal: Map<string, string> } {
  const attack = new Map<string, string>();
  const heal = new Map<string, string>();
  for (const message of messages) {
    const flex = isObject(message.flags) && isObject(message.flags.flex) ? message.flags.flex : null;
    const id = typeof message._id === "string" ? message._id : null;
    if (!flex || !id) continue;
    for (const [kind, into] of [["attack", attack], ["heal", heal]] as const) {
      const record = flex[kind];
      if (isObject(record) && typeof record.id === "string" && record.id && record.id !== id && !into.has(record.id)) into.set(record.id, id);
    }
  }
  return { attack, heal };
}

const lookups = new WeakMap<readonly Source[], ReturnType<typeof cardsByRecordId>>();

/** The key a 0.1.0 mark has now, or null when it is not one of a card still in the chat. */
function newKey(key: string, cards: ReturnType<typeof cardsByRecordId>): string | null {
  if (key.startsWith("heal-")) {
    const messageId = cards.heal.get(key.slice("heal-".length));
    return messageId ? markKey("heal", messageId) : null;
  }
  if (!key.startsWith("attack-")) return null;
  const rest = key.slice("attack-".length);
  for (const [recordId, messageId] of cards.attack) {
    if (rest.startsWith(`${recordId}-`)) return markKey("attack", messageId, rest.slice(recordId.length + 1));
  }
  return null;
}

/** An actor's (or an actor delta's) source with its card marks keyed by the message id; the same source when none is old. */
export function rekeyAppliedMarks(source: Source, world: WorldSources): Source {
  const flags = isObject(source.flags) ? source.flags : null;
  const flex = flags && isObject(flags.flex) ? flags.flex : null;
  const applied = flex && isObject(flex.applied) ? flex.applied : null;
  if (!flags || !flex || !applied) return source;
  let cards = lookups.get(world.messages);
  if (!cards) lookups.set(world.messages, (cards = cardsByRecordId(world.messages)));
  const next: Obj = {};
  let changed = false;
  for (const [key, mark] of Object.entries(applied)) {
    const to = newKey(key, cards);
    // A mark already under its new key (a second run, or a click since) is the truth: the old one gives way.
    if (to && to !== key) {
      changed = true;
      if (!(to in applied) && !(to in next)) next[to] = mark;
    } else if (!(key in next)) next[key] = mark;
  }
  return changed ? { ...source, flags: { ...flags, flex: { ...flex, applied: next } } } : source;
}

/**
 * A GM's open journal records (flags.flex.journal.<key>.data, automation/task-journal/records.ts: its planned steps as
 * JSON) with their marks re-keyed, so a task a 0.1.0 GM left half done marks what it still writes under the new key.
 */
export function rekeyJournalMarks(source: Source, world: WorldSources): Source {
  const flags = isObject(source.flags) ? source.flags : null;
  const flex = flags && isObject(flags.flex) ? flags.flex : null;
  const journal = flex && isObject(flex.journal) ? flex.journal : null;
  if (!flags || !flex || !journal) return source;
  let cards = lookups.get(world.messages);
  if (!cards) lookups.set(world.messages, (cards = cardsByRecordId(world.messages)));
  const found = cards;
  let changed = false;
  const next: Obj = {};
  for (const [key, record] of Object.entries(journal)) {
    if (!isObject(record) || typeof record.data !== "string") {
      next[key] = record;
      continue;
    }
    const data = record.data.replace(/(flags\.flex\.applied\.(?:-=)?)([\w-]+)/g, (all, path: string, mark: string) => {
      const to = newKey(mark, found);
      return to ? `${path}${to}` : all;
    });
    changed ||= data !== record.data;
    next[key] = data === record.data ? record : { ...record, data };
  }
  return changed ? { ...source, flags: { ...flags, flex: { ...flex, journal: next } } } : source;
}
