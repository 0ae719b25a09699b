// Apply and Undo on a heal card or on a healing Alchemikum's use card (R-CORE-12, R-CORE-8). Such a card heals
// one actor, which its author owns. A click is carried out on one client only, in its queue, so that two clicks
// (the player's and a GM's, or a double click) cannot both heal: the active GM's, or with no GM online the
// author's own. It is one task: the actor's Leben with the card's mark in the same write, then dying ended (or
// back, when an Undo returns Leben to 0), then the card; the mark makes a second Apply or Undo a no-op. Trust:
// only a GM or the author acts, and only on an actor the author owns (checked again by the GM from the message's
// server-verified author), so the card's amount is believed: whoever may click could set that Leben anyway.
import { resolveActor, actorRef } from "../actor-ref";
import type { ActorRef } from "../actor-ref";
import { cardRecordChanges, cardRecordOf } from "../card-record";
import { viewForFlags } from "../screen";
import type { CardRecord } from "../card-record";
import { runOnGMQueue } from "../gm-queue";
import { askActiveGM, refuse, registerRelay } from "../gm-relay";
import type { RelayContext } from "../gm-relay";
import { runTask } from "../task-journal";
import type { TaskStep } from "../task-journal";
import { renderHealCard } from "./card";
import { healMark, healRecordOf, healView, lebenMax } from "./record";
import type { HealRecord, HealView } from "./record";

const TASK = "healApply";

export type HealAction = "apply" | "undo";
export type HealActionStatus = "applied" | "undone" | "already" | "notApplied" | "refused" | "dead" | "missing";

/** What the GM accepted of a heal card: whom it heals and by how much, frozen at its first Apply (card-record/). */
interface HealClaim {
  target: ActorRef;
  amount: number;
}

/** The GM's record of this card, else the card as its author wrote it (believed only for an actor the author owns). */
function acceptHeal(message: ChatMessage.Implementation, record: HealRecord): { claim: HealClaim; fresh: CardRecord<HealClaim> | null } {
  const kept = cardRecordOf<HealClaim>("heal", message.id!);
  if (kept && kept.author === message.author?.id) return { claim: kept.claim, fresh: null };
  const claim = { target: { actorUuid: record.target.actorUuid, tokenUuid: record.target.tokenUuid ?? null }, amount: Math.max(0, Math.trunc(record.amount)) };
  return { claim, fresh: { kind: "heal", id: message.id!, author: message.author?.id ?? "", claim, at: Date.now() } };
}

/** Whether `user` may apply or undo this card: a GM, or its author; either only while the author owns the actor healed. */
export function mayActOnHeal(user: User.Implementation, message: ChatMessage.Implementation, record: { target: ActorRef }): boolean {
  const actor = resolveActor(record.target);
  const author = message.author;
  if (!actor || !author || !actor.testUserPermission(author, "OWNER")) return false;
  return user.isGM || author.id === user.id;
}

/** R-CORE-8: the dead are not healed (the sheet offers them no Heilen either). */
export const isDead = (actor: Actor.Implementation): boolean => actor.statuses.has("dead");

/** What the card shows when the actor's mark says it was applied but the card does not (an earlier write lost). */
function viewFromMark(actor: Actor.Implementation, key: string, amount: number): HealView | null {
  const mark = actor.appliedMark(key);
  if (!mark) return null;
  const healed = Math.max(0, -Math.trunc(mark.taken));
  return { healed, leben: Math.trunc(Number((actor.system as { leben?: { value?: unknown } }).leben?.value) || 0), max: lebenMax(actor), revived: false, capped: healed < amount };
}

/** One click, on this client inside its queue: re-reads the card and the actor, plans, writes once. */
async function actHere(messageId: string, action: HealAction, user: User.Implementation, requestId: string): Promise<HealActionStatus> {
  const message = game.messages!.get(messageId) as ChatMessage.Implementation | undefined;
  const record = healRecordOf(message);
  const accepted = message && record ? acceptHeal(message, record) : null;
  const actor = accepted && resolveActor(accepted.claim.target);
  if (!message || !record || !accepted || !actor) return "missing";
  if (!mayActOnHeal(user, message, accepted.claim)) return "refused";
  const amount = accepted.claim.amount;
  const key = healMark(message.id!);
  const steps: TaskStep[] = [];
  let status: HealActionStatus;
  let shown: HealView | null;
  if (action === "apply") {
    if (actor.appliedMark(key)) [status, shown] = ["already", record.applied ?? viewFromMark(actor, key, amount)];
    else if (isDead(actor)) return "dead";
    else {
      const heal = actor.planHealing(amount, { mark: { key, by: user.id! } });
      steps.push({ kind: "actors", writes: [{ ref: actorRef(actor), changes: heal.changes }] }, { kind: "statuses", ref: actorRef(actor), ...actor.statusesAfterHealing(heal.result) });
      [status, shown] = ["applied", healView(heal.result, amount, lebenMax(actor))];
    }
  } else {
    const undo = actor.planUndo(key);
    if (!undo) [status, shown] = ["notApplied", null];
    else {
      steps.push({ kind: "actors", writes: [{ ref: actorRef(actor), changes: undo.changes }] }, { kind: "statuses", ref: actorRef(actor), ...actor.statusesAfterUndo(undo.mark, undo.leben) });
      [status, shown] = ["undone", null];
    }
  }
  if (JSON.stringify(shown) !== JSON.stringify(record.applied ?? null)) {
    // An Undo leaves the card saying so beside its Apply; an Apply clears that.
    const undone = status === "undone";
    const content = await renderHealCard({ ...record, applied: shown, undone });
    // Flags reach every client: a screened actor's Leben stays on its mark (screen.ts).
    steps.push({ kind: "update", uuid: message.uuid!, changes: { content, "flags.flex.heal.applied": viewForFlags(shown, actor), "flags.flex.heal.undone": undone } });
  }
  // The GM's record of what it accepted rides in the journal's hold write.
  const hold = accepted.fresh && action === "apply" ? cardRecordChanges(accepted.fresh) : undefined;
  await runTask({ type: TASK, requestId, requester: user, hold }, steps);
  return status;
}

const NOTICE: Partial<Record<HealActionStatus, string>> = {
  already: "FLEX.Attack.Already",
  notApplied: "FLEX.Attack.NothingToUndo",
  refused: "FLEX.Attack.NotAllowed",
  dead: "FLEX.Heal.Dead",
  missing: "FLEX.Attack.Missing",
};

/** What an Apply or Undo button on a heal card does, on the clicking user's client; the user is told what went wrong. */
export async function healCardAction(message: ChatMessage.Implementation, action: HealAction): Promise<HealActionStatus> {
  const user = game.user!;
  const gm = game.users!.activeGM;
  let status: HealActionStatus;
  if (gm?.isSelf || (!gm && message.author?.id === user.id)) {
    const id = foundry.utils.randomID();
    status = await runOnGMQueue(`${TASK}:${id}`, () => actHere(message.id!, action, user, id));
  } else if (!gm) status = "refused";
  else {
    const reply = await askActiveGM<{ status: HealActionStatus }>(TASK, { messageId: message.id, action });
    status = reply?.status ?? "missing";
    // No answer: the relay told the user already (no GM, a refusal, a timeout).
    if (!reply) return status;
  }
  const notice = NOTICE[status];
  if (notice) ui.notifications?.warn(game.i18n!.format(notice, { name: healRecordOf(message)?.target.name ?? "" }));
  return status;
}

/** The active GM's side (already in its work queue): the requester as the relay confirmed it, never a payload field. */
async function handleHealApply(payload: Record<string, unknown>, { requester, requestId }: RelayContext) {
  const action = payload.action === "apply" || payload.action === "undo" ? payload.action : null;
  if (!action || typeof payload.messageId !== "string") return refuse("malformed", "heal Apply/Undo without a card and an action");
  return { status: await actHere(payload.messageId, action, requester, requestId) };
}

export function registerHealApply(): void {
  registerRelay(TASK, handleHealApply, { journalled: true });
}
