// A party rest (RULES.md §11) on the active GM's client, in its work queue: the documents are read here, every
// number is derived again from them and the rules (recovery.ts; the answers only say what each character
// wants), the dice are rolled, and everything is written as one journalled task: one batched actor update (the
// request id remembered on each actor in the same write), one item write per actor whose kits or resources
// change, the statuses, one time advance, one card. A repeated request changes nothing; a GM who drops between
// the writes leaves the rest of them to the next GM. Only a GM may call a rest.
import type { CharacterData } from "../../data/actor/character";
import { FlexCombat } from "../../documents/combat";
import { planCraftingDuringRest } from "./crafting";
import { callHook } from "../../helpers/hooks";
import { restSettings } from "../../helpers/settings";
import { isRestType, REST_DURATION } from "../../rules";

import { actorRef } from "../actor-ref";
import { refuse } from "../gm-relay";
import type { RelayContext, Refusal } from "../gm-relay";
import { planRestCard } from "./card";
import { SLEEPLESS } from "./sleepless";
import { KitPool, mergeItemUpdates } from "./kits";
import { runTask } from "../task-journal";
import type { TaskStep } from "../task-journal";
import { allotCare, finish, participant, rollHitDice } from "./recovery";
import type { Finished } from "./recovery";
import { characterData, restsDone, windowOf } from "./state";
import type { RestHookData, RestReport, RestRequest } from "./types";

export const REST_QUERY = "rest";

/** Decision: a character fighting in a started combat has its rest interrupted (it counts as not taken). */
function inCombat(actor: Actor.Implementation): boolean {
  // The types give stored combats a shape without Combat's getters; a Flex combat has them.
  return (game.combats?.contents ?? []).some((c: unknown) => c instanceof FlexCombat && c.started && c.combatants.some((cb) => cb.actor?.id === actor.id));
}

function readRequest(payload: Record<string, unknown>): RestRequest | null {
  if (!isRestType(payload.type)) return null;
  const ids = Array.isArray(payload.actorIds) ? payload.actorIds.filter((id): id is string => typeof id === "string").slice(0, 500) : [];
  const answers = payload.answers && typeof payload.answers === "object" && !Array.isArray(payload.answers) ? (payload.answers as Record<string, unknown>) : {};
  const strings = (v: unknown) => (Array.isArray(v) ? v.filter((id): id is string => typeof id === "string") : []);
  const promptId = typeof payload.promptId === "string" && /^[\w.:-]{1,100}$/.test(payload.promptId) ? payload.promptId : null;
  return { type: payload.type, actorIds: [...new Set(ids)], healer: payload.healer === true, interrupted: payload.interrupted === true, answers, defaulted: strings(payload.defaulted), promptId, asked: strings(payload.asked), private: payload.private === true };
}

/** Runs in the active GM's work queue (reached through callRest); documents are read here, not before. */
export async function runRest(payload: Record<string, unknown>, context: RelayContext): Promise<RestReport | Refusal> {
  const { requester, requestId } = context;
  if (!requester.isGM) return refuse("forbidden", `a rest asked for by ${requester.name}, who is no GM`);
  const request = readRequest(payload);
  if (!request) return refuse("malformed", "a rest request without a rest type");
  const { type } = request;
  const settings = restSettings();
  const start = game.time!.worldTime;
  const duration = REST_DURATION[type];
  const report: RestReport = { requestId, type, start, end: start + duration, advanced: false, cancelled: false, entries: [], refused: [], skipped: [], messageId: null };

  const resting: { actor: Actor.Implementation; sys: CharacterData }[] = [];
  for (const id of request.actorIds) {
    const actor = game.actors!.get(id) as Actor.Implementation | undefined;
    const sys = characterData(actor);
    if (!actor || !sys || actor.statuses.has("dead")) continue;
    if (restsDone(actor).includes(requestId)) {
      report.skipped.push(actor.name);
      continue;
    }
    const window = windowOf(sys, type, start);
    if (!window.allowed) report.refused.push({ actorId: id, name: actor.name, nextAt: window.nextAt });
    else resting.push({ actor, sys });
  }
  if (!resting.length) return report;

  const hook: RestHookData = { requestId, type, actorIds: resting.map((r) => r.actor.id!), start, duration, end: start + duration, healer: request.healer, advanceTime: true };
  if (callHook("flex.preRest", hook) === false) return { ...report, cancelled: true };

  const people = resting.map(({ actor, sys }) => participant(actor, sys, request, request.interrupted || inCombat(actor)));
  const kits = new KitPool(resting.map((r) => r.actor));
  allotCare(people, type, request.healer, settings, kits);
  const rolls = await rollHitDice(people);

  const finished: Finished[] = [];
  for (const p of people) {
    const done = await finish(p, request, { requestId, start, end: start + duration, settings });
    finished.push(done.finished);
    rolls.push(...done.dice);
  }
  report.entries = finished.map((f) => f.entry);
  report.kits = kits.used();

  const steps: TaskStep[] = [{ kind: "actors", writes: finished.map((f) => ({ ref: actorRef(f.actor), changes: f.changes })), options: { flexRest: true } }];
  for (const [actor, update] of mergeItemUpdates(kits.updates(), new Map(finished.filter((f) => f.items.length).map((f) => [f.actor, f.items])))) {
    if (update.length) steps.push({ kind: "embedded", parent: actorRef(actor), embedded: "Item", update });
  }
  // R-DOWN-1 / R-DOWN-2: a language or tool learnt in an Ausbildung, created with its planned id (once).
  for (const f of finished) if (f.created.length) steps.push({ kind: "embedded", parent: actorRef(f.actor), embedded: "Item", create: f.created });
  // R-CORE-12: healing from 0 ends dying; a rest that stops the clock ends the hallucinations (R-REST-NO-2).
  for (const f of finished) {
    const remove = [
      ...(f.healing && !f.healing.already && f.healing.revived && f.actor.statuses.has("dying") ? ["dying"] : []),
      ...(f.entry.hallucinationEnded ? ["hallucinating"] : []),
      // R-REST-NO-1: a rest with sleep ends going without sleep (a breather only restarts the clock).
      ...(f.entry.slept && f.actor.statuses.has(SLEEPLESS) ? [SLEEPLESS] : []),
    ];
    if (remove.length) steps.push({ kind: "statuses", ref: actorRef(f.actor), remove });
  }
  if (hook.advanceTime && report.entries.some((e) => e.taken.taken)) {
    steps.push({ kind: "time", from: start, seconds: duration });
    report.advanced = true;
  }
  // Handwerk is planned first so that the rest's card can say what it did; its writes follow the rest's.
  const crafting = await planCraftingDuringRest(finished, type, { requester, requestId });
  report.crafting = crafting.done;
  const card = await planRestCard(report, rolls, request.private ? [requester.id!] : undefined);
  if (card) steps.push(card);
  report.messageId = card?.data._id ?? null;
  steps.push(...crafting.steps);
  steps.push({ kind: "hook", name: "flex.rest", data: { ...hook, report } });
  await runTask(context, steps);
  return report;
}
