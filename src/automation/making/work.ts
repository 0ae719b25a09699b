// Work for pay (R-MONEY-2): the owner picks a talent and how long; the active GM rolls the check for the worker
// (a forged EW is never believed), pays EW, EW × 3 or EW × 20 ¥ with the request's mark in the same actor write,
// posts one card with the roll and moves the clock on when asked (a player's request only while the world allows).
import { CheckRoll } from "../../dice/check-roll";
import { LIMITS } from "../../data/fields";
import { isWorkDuration, WORK_HOURS, workPay, type CheckResult, type WorkDuration } from "../../rules";
import { actorRef, resolveActor, type ActorRef } from "../actor-ref";
import { refuse, registerRelay, type RelayContext } from "../gm-relay";
import { askMaking, postCard, WORK_CARD } from "./cards";
import { advanceAfterWork, incomeChanges, ledgerHas, mayActFor, purseOf, refused, requestInt, secondsPerHour, speakerOf, type Refused } from "./shared";

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
export async function runWork(payload: Record<string, unknown>, { requester, requestId }: RelayContext): Promise<WorkAnswer | Refused | ReturnType<typeof refuse>> {
  const actor = resolveActor(typeof payload.actor === "object" ? (payload.actor as Partial<ActorRef> | null) : null);
  if (!actor) return refuse("malformed", "work: no such actor");
  if (!mayActFor(requester, actor)) return refuse("forbidden", `work for ${actor.name} asked for by ${requester.name}, who does not own it`);
  if (!isWorkDuration(payload.duration)) return refuse("malformed", `work: no such duration "${String(payload.duration)}"`);
  if (purseOf(actor) === null) return refused("noPurse");
  if (ledgerHas(actor, workKey(requestId))) return { ok: true, already: true, ew: 0, pay: 0, balance: null, advanced: 0, messageId: null };
  const talent = typeof payload.talent === "string" ? actor.findTalent(payload.talent) : undefined;
  if (!talent) return refused("noTalent");
  const duration = payload.duration;

  const prepared = actor.prepareCheck({
    talent,
    sw: null,
    modifier: requestInt(payload.modifier, -LIMITS.modifikator, LIMITS.modifikator, 0),
    vorteile: requestInt(payload.vorteile, 0, 9, 0),
    nachteile: requestInt(payload.nachteile, 0, 9, 0),
  });
  if (!prepared) return refused("noTalent");
  const roll = CheckRoll.fromCheck(prepared.input, prepared.label);
  await roll.evaluate();
  const check = roll.check as CheckResult;
  const pay = workPay(check.ew, duration);
  const income = incomeChanges(actor, pay, workKey(requestId));
  if ("reason" in income) return income;
  await actor.update(income.changes);

  const seconds = WORK_HOURS[duration] * secondsPerHour();
  const advanced = payload.advance === true ? await advanceAfterWork(requester, seconds) : 0;
  const messageId = await postCard(
    WORK_CARD,
    {
      talent: talent.name,
      duration,
      dice: check.dice.join(", "),
      kept: check.kept,
      ew: check.ew,
      factor: workPay(1, duration),
      pay,
      balance: income.balance,
      notes: prepared.notes,
      advanced: advanced > 0,
      hours: WORK_HOURS[duration],
      rules: [...new Set(["R-MONEY-2", ...check.rules])].join(", "),
    },
    { speaker: speakerOf(actor), rolls: [roll], rollMode: payload.rollMode, record: { kind: "work", actor: actor.uuid, duration, ew: check.ew, pay, by: requester.id } },
  );
  return { ok: true, already: false, ew: check.ew, pay, balance: income.balance, advanced, messageId };
}

export function registerWork(): void {
  registerRelay(WORK, runWork);
}
