// End of day (R-EXH-1..4) for a party: decided by rules/exhaustion.ts, applied on the active GM's
// client in its work queue, in one batched actor update, announced in one chat card. Safe to run twice,
// twice at once and across a change of GM: each request has an id that every actor remembers in the same
// write that changes it, and a repeated request changes nothing; the task is journalled, so a GM who drops
// between its writes leaves it to the next, who finishes it. Only a GM may ask for it.
import { actorRef } from "./actor-ref";
import { askActiveGM, refuse, registerRelay } from "./gm-relay";
import type { RelayContext } from "./gm-relay";
import { cardStep, runTask } from "./task-journal";
import type { TaskStep } from "./task-journal";
import { SLEEPLESS, sleeplessEffect } from "./rest";
import { endOfDay } from "../rules";
import type { DayOutcome } from "../rules";

export const END_OF_DAY_CARD = "systems/flex/templates/chat/end-of-day-card.hbs";
const QUERY = "endOfDay";

export interface Needs {
  essen: boolean;
  trinken: boolean;
  schlaf: boolean;
}

export interface EndOfDayRequest {
  /** Unique per GM action; a repeated request with the same id is a no-op. */
  requestId: string;
  actorIds: string[];
  /** Needs per actor from the dialog; an actor without an entry uses its sheet's "versorgung". */
  needs?: Record<string, Needs>;
}

export interface EndOfDayEntry {
  actorId: string;
  name: string;
  before: number;
  outcome: DayOutcome;
  missing: string[];
}

export interface EndOfDayReport {
  requestId: string;
  entries: EndOfDayEntry[];
  skipped: string[];
  messageId: string | null;
}

const FULL: Needs = { essen: true, trinken: true, schlaf: true };

/** What a GM (or a macro) calls: runs on the active GM's client. Players are refused. */
export async function requestEndOfDay(request: Omit<EndOfDayRequest, "requestId"> & { requestId?: string }): Promise<EndOfDayReport | null> {
  if (!game.user?.isGM) {
    ui.notifications?.warn(game.i18n!.localize("FLEX.EndOfDay.GMOnly"));
    return null;
  }
  const payload = { actorIds: request.actorIds, needs: request.needs ?? {} };
  // The same click is the end of day for the same characters: clicked again while the first's outcome is
  // unknown, it goes out under the first id (whatever the needs say now) and cannot end the day twice.
  const retryKey = JSON.stringify([...request.actorIds].sort());
  return askActiveGM<EndOfDayReport>(QUERY, payload, { requestId: request.requestId, retryKey });
}

/** End-of-day requests each character remembers having applied (a replay of an older one is still refused). */
const DAYS_REMEMBERED = 30;

function daysDone(actor: Actor.Implementation): string[] {
  const done = actor.getFlag("flex", "daysDone");
  const list = Array.isArray(done) ? done.filter((d): d is string => typeof d === "string") : [];
  // Worlds from before the list knew only the last request.
  const last = actor.getFlag("flex", "lastEndOfDay");
  return typeof last === "string" && !list.includes(last) ? [last, ...list] : list;
}

const bool = (v: unknown, fallback: boolean) => (typeof v === "boolean" ? v : fallback);

/** The needs the request gives for one actor, each a boolean or the sheet's value. */
function needsFor(raw: unknown, sheet: Needs): Needs {
  const n = (raw && typeof raw === "object" ? raw : {}) as Record<string, unknown>;
  return { essen: bool(n.essen, sheet.essen), trinken: bool(n.trinken, sheet.trinken), schlaf: bool(n.schlaf, sheet.schlaf) };
}

/** Runs in the active GM's work queue (reached through requestEndOfDay); documents are read here, not before. */
export async function runEndOfDay(payload: Record<string, unknown>, context: RelayContext): Promise<EndOfDayReport | ReturnType<typeof refuse>> {
  const { requester, requestId } = context;
  if (!requester.isGM) return refuse("forbidden", `end of day asked for by ${requester.name}, who is no GM`);
  const ids = Array.isArray(payload.actorIds) ? payload.actorIds.map(String) : [];
  const needsById = (payload.needs && typeof payload.needs === "object" ? payload.needs : {}) as Record<string, unknown>;

  const entries: EndOfDayEntry[] = [];
  const skipped: string[] = [];
  const changes: { actor: Actor.Implementation; changes: Record<string, unknown> }[] = [];
  // R-REST-NO-1 (Decision 2026-12-01): a night's sleep restarts the no-rest clock and ends going without sleep;
  // a day ended without sleep is the GM's word that the character goes without: the clock starts now.
  const now = game.time!.worldTime;
  const sleep: TaskStep[] = [];
  for (const id of new Set(ids)) {
    const actor = game.actors!.get(id) as Actor.Implementation | undefined;
    // R-EXH-3: the dead have no more days (their Erschöpfung stops at death).
    if (!actor || actor.type !== "character" || actor.statuses.has("dead")) continue;
    const done = daysDone(actor);
    if (done.includes(requestId)) {
      skipped.push(actor.name);
      continue;
    }
    const sys = (actor as Actor.OfType<"character">).system;
    const needs = needsFor(needsById[id], sys.versorgung);
    const before = sys.erschoepfung.value;
    const outcome = endOfDay({
      erschoepfung: before,
      koWert: sys.derived.koWert,
      meal: needs.essen,
      water: needs.trinken,
      sleep: needs.schlaf,
      gainedToday: sys.erschoepfung.heuteErhalten,
    });
    entries.push({ actorId: id, name: actor.name, before, outcome, missing: (["essen", "trinken", "schlaf"] as const).filter((k) => !needs[k]) });
    changes.push({
      actor,
      changes: {
        "system.erschoepfung.value": outcome.erschoepfung,
        "system.erschoepfung.heuteErhalten": false,
        // A new day starts with its needs assumed met again (R-EXH-1).
        "system.versorgung": { ...FULL },
        // The mark lives on the actor, in the same write: a repeated request, on any GM, changes nothing.
        "flags.flex.daysDone": [...done, requestId].slice(-DAYS_REMEMBERED),
        ...(needs.schlaf ? { "system.rast.letzte": now, "system.rast.ohneRast": 0 } : {}),
      },
    });
    const sleepless = actor.statuses.has(SLEEPLESS);
    if (needs.schlaf) {
      const remove = [SLEEPLESS, "hallucinating"].filter((id) => actor.statuses.has(id));
      if (remove.length) sleep.push({ kind: "statuses", ref: actorRef(actor), remove });
    } else if (!sleepless && !outcome.dead) sleep.push({ kind: "embedded", parent: actorRef(actor), embedded: "ActiveEffect", create: [await sleeplessEffect(now)] });
  }

  const steps: TaskStep[] = [{ kind: "actors", writes: changes.map((c) => ({ ref: actorRef(c.actor), changes: c.changes })), options: { flexEndOfDay: true } }, ...sleep];
  // R-EXH-3: death is a status on each actor that died (one write per such actor, only for them, once).
  for (const e of entries) {
    const actor = game.actors!.get(e.actorId) as Actor.Implementation | undefined;
    if (e.outcome.dead && actor && !actor.statuses.has("dead")) steps.push({ kind: "statuses", ref: actorRef(actor), add: ["dead"] });
  }
  let messageId: string | null = null;
  if (entries.length) {
    const content = await foundry.applications.handlebars.renderTemplate(END_OF_DAY_CARD, { entries, rules: rulesApplied(entries) });
    const card = cardStep({
      content,
      speaker: ChatMessage.getSpeaker(),
      flags: { flex: { endOfDay: { requestId, entries: entries.map((e) => ({ actorId: e.actorId, before: e.before, after: e.outcome.erschoepfung })) } } },
    });
    steps.push(card);
    messageId = card.data._id;
  }
  await runTask(context, steps);
  return { requestId, entries, skipped, messageId };
}

function rulesApplied(entries: EndOfDayEntry[]): string {
  return [...new Set(entries.flatMap((e) => e.outcome.rules))].sort().join(", ");
}

export function registerEndOfDay(): void {
  registerRelay(QUERY, runEndOfDay, { journalled: true });
}
