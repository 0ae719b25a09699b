// End of day (R-EXH-1..4) for a party: decided by rules/exhaustion.ts, applied on the active GM's
// client in one batched actor update, announced in one chat card. Safe to run twice: each request
// carries an id that every actor remembers, and a repeated request changes nothing.
import { onActiveGM, registerQuery } from "../helpers/queries";
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
  userId?: string;
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

type CharacterSystem = {
  erschoepfung: { value: number; heuteErhalten: boolean };
  versorgung: Needs;
  derived: { koWert: number };
};

const FULL: Needs = { essen: true, trinken: true, schlaf: true };

/** What a GM (or a macro) calls: runs on the active GM's client. Players are refused. */
export async function requestEndOfDay(request: Omit<EndOfDayRequest, "requestId" | "userId"> & { requestId?: string }): Promise<EndOfDayReport | null> {
  if (!game.user?.isGM) {
    ui.notifications?.warn(game.i18n!.localize("FLEX.EndOfDay.GMOnly"));
    return null;
  }
  const payload: EndOfDayRequest = { ...request, requestId: request.requestId ?? foundry.utils.randomID(), userId: game.user.id };
  return onActiveGM<EndOfDayReport>(QUERY, payload as unknown as Record<string, unknown>);
}

/** Runs on the active GM's client only (reached through requestEndOfDay). */
export async function runEndOfDay(request: EndOfDayRequest): Promise<EndOfDayReport> {
  const requester = request.userId ? game.users!.get(request.userId) : game.user;
  if (!requester?.isGM) throw new Error("Flex | end of day may only be requested by a GM");

  const entries: EndOfDayEntry[] = [];
  const skipped: string[] = [];
  const updates: Record<string, unknown>[] = [];
  for (const id of new Set(request.actorIds)) {
    const actor = game.actors!.get(id) as Actor.Implementation | undefined;
    if (!actor || actor.type !== "character") continue;
    if (actor.getFlag("flex" as never, "lastEndOfDay" as never) === request.requestId) {
      skipped.push(actor.name);
      continue;
    }
    const sys = actor.system as unknown as CharacterSystem;
    const needs = { ...sys.versorgung, ...(request.needs?.[id] ?? {}) };
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
    updates.push({
      _id: id,
      "system.erschoepfung.value": outcome.erschoepfung,
      "system.erschoepfung.heuteErhalten": false,
      // A new day starts with its needs assumed met again (R-EXH-1).
      "system.versorgung": { ...FULL },
      "flags.flex.lastEndOfDay": request.requestId,
    });
  }

  if (updates.length) await Actor.updateDocuments(updates as never, { flexEndOfDay: true } as never);
  // R-EXH-3: death is a status on each actor that died (one write per such actor, only for them).
  await Promise.all(
    entries.filter((e) => e.outcome.dead).map((e) => (game.actors!.get(e.actorId) as Actor.Implementation | undefined)?.toggleStatusEffect("dead", { active: true })),
  );

  let messageId: string | null = null;
  if (entries.length) {
    const content = await foundry.applications.handlebars.renderTemplate(END_OF_DAY_CARD, { entries, rules: rulesApplied(entries) });
    const message = await ChatMessage.create({
      content,
      speaker: { alias: game.i18n!.localize("FLEX.EndOfDay.Title") },
      flags: { flex: { endOfDay: { requestId: request.requestId, entries: entries.map((e) => ({ actorId: e.actorId, before: e.before, after: e.outcome.erschoepfung })) } } },
    } as never);
    messageId = message?.id ?? null;
  }
  return { requestId: request.requestId, entries, skipped, messageId };
}

function rulesApplied(entries: EndOfDayEntry[]): string {
  return [...new Set(entries.flatMap((e) => e.outcome.rules))].sort().join(", ");
}

export function registerEndOfDay(): void {
  registerQuery(QUERY, (payload) => runEndOfDay(payload as unknown as EndOfDayRequest));
}
