// Work for pay (R-MONEY-2): the owner picks a talent and how long; the active GM rolls the check for the worker
// (a forged EW is never believed), pays EW, EW × 3 or EW × 20 ¥ with the request's mark in the same actor write,
// posts one card with the roll and moves the clock on when asked (a player's request only while the world allows).
// A player may ask with Nachteile and a malus; Vorteile and a bonus are the GM's to give (Decision), so a player's
// request carrying them is refused. The writes are one journalled task: a GM who drops leaves it to the next.
import { CheckRoll } from "../../dice/check-roll";
import { LIMITS } from "../../data/fields";
import { isWorkDuration, WORK_HOURS, workPay, type CheckResult, type WorkDuration } from "../../rules";
import { actorRef, resolveActor, type ActorRef } from "../actor-ref";
import { refuse, registerRelay, type RelayContext } from "../gm-relay";
import { runTaskWithCards } from "../task-journal/private-cards";
import type { TaskStep } from "../task-journal";
import { askMaking, planCard, WORK_CARD } from "./cards";
import { incomeChanges, isDead, ledgerHas, mayActFor, purseOf, refused, requestInt, secondsPerHour, speakerOf, timeAfterWork, type Refused } from "./shared";

const WORK = "work";

export interface WorkOptions {
  /** The talent (item, id or name) the job is done with. */
  talent: Item.Implementation | string;
  duration: WorkDuration;
  modifier?: number;
  vorteile?: number;
  nachteile?: number;
  /** Move the world clock on by the job's length (4 h, 1 day, 1 week). */
  advance?: boolean;
}

export interface WorkAnswer {
  ok: true;
  already: boolean;
  ew: number;
  pay: number;
  balance: number | null;
  advanced: number;
  messageId: string | null;
}

/** R-MONEY-2: asks the active GM to roll the job and pay for it. */
export function requestWork(actor: Actor.Implementation, options: WorkOptions) {
  const talent = typeof options.talent === "string" ? options.talent : options.talent.id;
  return askMaking<WorkAnswer>(WORK, {
    actor: actorRef(actor),
    talent,
    duration: options.duration,
    modifier: options.modifier ?? 0,
    vorteile: options.vorteile ?? 0,
    nachteile: options.nachteile ?? 0,
    advance: options.advance === true,
  });
}

export const workKey = (requestId: string) => `work:${requestId}`;

/** Runs in the GM work queue. */
/** The check's modifiers a request may carry: a GM any; a player only Nachteile and a malus (null: a bonus was asked for). */
export function workModifiers(payload: Record<string, unknown>, requester: User.Implementation): { modifier: number; vorteile: number; nachteile: number } | null {
  const modifier = requestInt(payload.modifier, -LIMITS.modifikator, LIMITS.modifikator, 0);
  const vorteile = requestInt(payload.vorteile, 0, 9, 0);
  const nachteile = requestInt(payload.nachteile, 0, 9, 0);
  if (!requester.isGM && (modifier > 0 || vorteile > 0)) return null;
  return { modifier, vorteile, nachteile };
}

export async function runWork(payload: Record<string, unknown>, context: RelayContext): Promise<WorkAnswer | Refused | ReturnType<typeof refuse>> {
  const { requester, requestId } = context;
  const actor = resolveActor(typeof payload.actor === "object" ? (payload.actor as Partial<ActorRef> | null) : null);
  if (!actor) return refuse("malformed", "work: no such actor");
  if (!mayActFor(requester, actor)) return refuse("forbidden", `work for ${actor.name} asked for by ${requester.name}, who does not own it`);
  if (!isWorkDuration(payload.duration)) return refuse("malformed", `work: no such duration "${String(payload.duration)}"`);
  if (purseOf(actor) === null) return refused("noPurse");
  if (isDead(actor)) return refused("dead");
  if (ledgerHas(actor, workKey(requestId))) return { ok: true, already: true, ew: 0, pay: 0, balance: null, advanced: 0, messageId: null };
  const talent = typeof payload.talent === "string" ? actor.findTalent(payload.talent) : undefined;
  if (!talent) return refused("noTalent");
  const duration = payload.duration;
  const modifiers = workModifiers(payload, requester);
  if (!modifiers) return refused("bonus");

  const prepared = actor.prepareCheck({ talent, sw: null, ...modifiers });
  if (!prepared) return refused("noTalent");
  const roll = CheckRoll.fromCheck(prepared.input, prepared.label);
  await roll.evaluate();
  const check = roll.check as CheckResult;
  const pay = workPay(check.ew, duration);
  const income = incomeChanges(actor, pay, workKey(requestId));
  if ("reason" in income) return income;
  const seconds = WORK_HOURS[duration] * secondsPerHour();
  const time = timeAfterWork(requester, seconds, payload.advance);
  const card = await planCard(
    WORK_CARD,
    {
      talent: talent.name,
      duration,
      dice: check.dice.join(", "),
      kept: check.kept,
      result: check,
      ew: check.ew,
      factor: workPay(1, duration),
      pay,
      balance: income.balance,
      notes: prepared.notes,
      advanced: !!time,
      hours: WORK_HOURS[duration],
      rules: [...new Set(["R-MONEY-2", ...check.rules])].join(", "),
    },
    { speaker: speakerOf(actor), rolls: [roll], rollMode: payload.rollMode, requester, record: { kind: "work", actor: actor.uuid, duration, ew: check.ew, pay, by: requester.id } },
  );
  const steps: TaskStep[] = [{ kind: "actors", writes: [{ ref: actorRef(actor), changes: income.changes }] }, ...(time ? [time] : []), card];
  await runTaskWithCards(context, steps);
  return { ok: true, already: false, ew: check.ew, pay, balance: income.balance, advanced: time ? seconds : 0, messageId: card.data._id };
}

export function registerWork(): void {
  registerRelay(WORK, runWork, { journalled: true });
}
