// The no-rest clock (R-REST-NO-1, R-REST-NO-2): whenever world time changes, the active GM's client checks
// every player character in its work queue. Past 24 h without rest it gains 1 Erschöpfung, then 1 more per
// further 6 h; at 2+ from lack of sleep it hallucinates. What a stretch has given is stored on the character
// in the same write (`rast.ohneRast`), so any jump of time (a week at once, or small steps, or the same change
// seen twice) gives exactly what is due, once. One batched write, one card; statuses are created per actor; all of
// it one journalled task. A new active GM looks at the clock once, so a change its predecessor dropped is counted.
import { LIMITS } from "../../data/fields";
import { restSettings } from "../../helpers/settings";
import { isDeadFromExhaustion, noRestClock } from "../../rules";
import type { RuleId } from "../../rules";
import { actorRef } from "../actor-ref";
import { runOnGMQueue } from "../gm-queue";
import { cardStep, runTask } from "../task-journal";
import type { TaskStep } from "../task-journal";
import { characterData, restStateOf } from "./state";

export const NO_REST_CARD = "systems/flex/templates/chat/rest-norest-card.hbs";

export interface NoRestEntry {
  actorId: string;
  name: string;
  hours: number;
  before: number;
  after: number;
  hallucinating: boolean;
  dead: boolean;
  rules: RuleId[];
}

/** R-REST-NO-2: the status with its note (the GM plays it out), created once (its id chosen now). */
async function hallucinatingStep(actor: Actor.Implementation): Promise<TaskStep> {
  const data = (await ActiveEffect.implementation.fromStatusEffect("hallucinating")).toObject() as Record<string, unknown>;
  return { kind: "embedded", parent: actorRef(actor), embedded: "ActiveEffect", create: [{ ...data, _id: foundry.utils.randomID(), description: game.i18n!.localize("FLEX.Rest.NoRest.Note") }] };
}

/**
 * One look at the clock (already on the active GM, in its queue). `previous` is the world time before the
 * change: a character whose clock never ran starts it there (null: a look without a change starts none).
 */
export async function runNoRestClock(previous: number | null): Promise<NoRestEntry[]> {
  const now = game.time!.worldTime;
  const entries: NoRestEntry[] = [];
  const changes: { actor: Actor.Implementation; changes: Record<string, unknown> }[] = [];
  for (const actor of game.actors!.contents as Actor.Implementation[]) {
    const sys = characterData(actor);
    if (!sys || !actor.hasPlayerOwner || actor.statuses.has("dead")) continue;
    const state = restStateOf(sys);
    const last = state.last ?? previous;
    if (last === null) continue;
    const outcome = noRestClock({ lastRest: last, counted: state.counted, now });
    const update: Record<string, unknown> = {};
    if (state.last === null) update["system.rast.letzte"] = last;
    if (outcome.gain > 0) {
      const after = Math.min(LIMITS.erschoepfung, sys.erschoepfung.value + outcome.gain);
      update["system.erschoepfung.value"] = after;
      update["system.rast.ohneRast"] = Math.min(LIMITS.erschoepfung, outcome.due);
      const dead = isDeadFromExhaustion(after, sys.derived.koWert);
      entries.push({
        actorId: actor.id!,
        name: actor.name,
        hours: Math.floor((now - last) / 3600),
        before: sys.erschoepfung.value,
        after,
        hallucinating: outcome.hallucinating,
        dead,
        rules: dead ? [...outcome.rules, "R-EXH-3"] : outcome.rules,
      });
    }
    if (Object.keys(update).length) changes.push({ actor, changes: update });
  }
  const steps: TaskStep[] = [{ kind: "actors", writes: changes.map((c) => ({ ref: actorRef(c.actor), changes: c.changes })), options: { flexNoRest: true } }];
  for (const e of entries) {
    const actor = game.actors!.get(e.actorId) as Actor.Implementation | undefined;
    if (!actor) continue;
    if (e.dead && !actor.statuses.has("dead")) steps.push({ kind: "statuses", ref: actorRef(actor), add: ["dead"] });
    else if (e.hallucinating && !actor.statuses.has("hallucinating")) steps.push(await hallucinatingStep(actor));
  }
  if (entries.length) steps.push(await noRestCard(entries));
  await runTask({ type: "noRest", requestId: foundry.utils.randomID(), requester: game.user! }, steps);
  return entries;
}

export function noRestCardData(entries: NoRestEntry[]): Record<string, unknown> {
  const i18n = game.i18n!;
  return {
    entries: entries.map((e) => ({
      ...e,
      text: i18n.format("FLEX.Rest.NoRest.Entry", { name: e.name, hours: String(e.hours), before: String(e.before), after: String(e.after) }),
    })),
    note: i18n.localize("FLEX.Rest.NoRest.Note"),
    rules: [...new Set(entries.flatMap((e) => e.rules))].sort().join(", "),
  };
}

async function noRestCard(entries: NoRestEntry[]): Promise<TaskStep> {
  const content = await foundry.applications.handlebars.renderTemplate(NO_REST_CARD, noRestCardData(entries));
  return cardStep({
    content,
    speaker: { alias: game.i18n!.localize("FLEX.Rest.NoRest.Title") },
    flags: { flex: { noRest: entries.map((e) => ({ actorId: e.actorId, before: e.before, after: e.after })) } },
  });
}

/** One look at the clock on the active GM, in its queue; `previous`: where a clock that never ran starts. */
function lookAtClock(previous: number | null): void {
  if (!game.users!.activeGM?.isSelf || !restSettings().noRestClock) return;
  runOnGMQueue(`noRest:${foundry.utils.randomID()}`, () => runNoRestClock(previous)).catch((err: unknown) => console.error("Flex | the no-rest clock failed", err));
}

/** The clock follows world time on the active GM's client (every client hears the hook; one acts), and a new active GM looks once. */
export function registerNoRestClock(): void {
  Hooks.on("updateWorldTime", (worldTime: number, delta: number) => lookAtClock(worldTime - delta));
  Hooks.on("userConnected", () => lookAtClock(null));
}
