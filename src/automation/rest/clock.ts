// The no-rest clock (R-REST-NO-1, R-REST-NO-2). Decision (2026-12-01): a night's sleep is rest, and plain time
// (work, travel, a wait for the harvest) passes as ordinary days with sleep; so the clock runs only for characters
// the GM has go without sleep (the *ohne Schlaf* status, set by the GM or by an end of day without sleep), from
// when that began or from the last rest after it. Whenever world time changes, the active GM's client checks them
// in its work queue: past 24 h without rest +1 Erschöpfung, then 1 more per further 6 h; at 2+ hallucinations.
// What a stretch has given is stored on the character in the same write (`rast.ohneRast`), so any jump of time
// gives exactly what is due, once. One batched write, one card, statuses per actor, all one journalled task.
// Before a GM's client moves the clock on so far that it would raise anyone's Erschöpfung, it says who would gain
// how much (and who would die) and asks (sleepless.ts). A new active GM looks once, so a change its predecessor
// dropped is counted.
import { LIMITS } from "../../data/fields";
import { restSettings } from "../../helpers/settings";
import { exhaustionAfterGain, isDeadFromExhaustion, noRestClock, noRestStretch } from "../../rules";
import type { RuleId } from "../../rules";
import { actorRef } from "../actor-ref";
import { runOnGMQueue } from "../gm-queue";
import { cardStep, runTask } from "../task-journal";
import type { TaskStep } from "../task-journal";
import { sleeplessSince } from "./sleepless";
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

/** What the clock gives each sleepless player character at world time `now`, and the writes that record it. */
export function clockAt(now: number): { entries: NoRestEntry[]; changes: { actor: Actor.Implementation; changes: Record<string, unknown> }[] } {
  const entries: NoRestEntry[] = [];
  const changes: { actor: Actor.Implementation; changes: Record<string, unknown> }[] = [];
  for (const actor of game.actors!.contents as Actor.Implementation[]) {
    const sys = characterData(actor);
    if (!sys || !actor.hasPlayerOwner || actor.statuses.has("dead")) continue;
    const state = restStateOf(sys);
    const stretch = noRestStretch({ sleeplessSince: sleeplessSince(actor), lastRest: state.last, counted: state.counted });
    if (!stretch) continue;
    const outcome = noRestClock({ lastRest: stretch.start, counted: stretch.counted, now });
    if (outcome.gain <= 0) continue;
    const after = Math.min(LIMITS.erschoepfung, exhaustionAfterGain(sys.erschoepfung.value, outcome.gain, sys.derived.koWert));
    const dead = isDeadFromExhaustion(after, sys.derived.koWert);
    entries.push({
      actorId: actor.id!,
      name: actor.name,
      hours: Math.floor((now - stretch.start) / 3600),
      before: sys.erschoepfung.value,
      after,
      hallucinating: outcome.hallucinating,
      dead,
      rules: dead ? [...outcome.rules, "R-EXH-3"] : outcome.rules,
    });
    // The stretch's start is written with its count, so the count is known to belong to it.
    changes.push({ actor, changes: { "system.erschoepfung.value": after, "system.rast.ohneRast": Math.min(LIMITS.erschoepfung, outcome.due), "system.rast.letzte": stretch.start } });
  }
  return { entries, changes };
}

/** One look at the clock (already on the active GM, in its queue): what is due now is written, once. */
export async function runNoRestClock(): Promise<NoRestEntry[]> {
  const { entries, changes } = clockAt(game.time!.worldTime);
  if (!entries.length) return [];
  const steps: TaskStep[] = [{ kind: "actors", writes: changes.map((c) => ({ ref: actorRef(c.actor), changes: c.changes })), options: { flexNoRest: true } }];
  for (const e of entries) {
    const actor = game.actors!.get(e.actorId) as Actor.Implementation | undefined;
    if (!actor) continue;
    if (e.dead && !actor.statuses.has("dead")) steps.push({ kind: "statuses", ref: actorRef(actor), add: ["dead"] });
    else if (e.hallucinating && !actor.statuses.has("hallucinating")) steps.push(await hallucinatingStep(actor));
  }
  steps.push(await noRestCard(entries));
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
    speaker: ChatMessage.getSpeaker(),
    flags: { flex: { noRest: entries.map((e) => ({ actorId: e.actorId, before: e.before, after: e.after })) } },
  });
}

/** One look at the clock on the active GM, in its queue. */
function lookAtClock(): void {
  if (!game.users!.activeGM?.isSelf || !restSettings().noRestClock) return;
  runOnGMQueue(`noRest:${foundry.utils.randomID()}`, () => runNoRestClock()).catch((err: unknown) => console.error("Flex | the no-rest clock failed", err));
}

/** The clock follows world time on the active GM's client (every client hears the hook; one acts), and a new active GM looks once. */
export function registerNoRestClock(): void {
  Hooks.on("updateWorldTime", () => lookAtClock());
  Hooks.on("userConnected", () => lookAtClock());
}
