// Apply and Undo on the fall card. Each affected creature's damage is applied at most once: the mark of what
// was applied lives on the creature itself, written with its Leben (FlexActor#applyDamage), so a repeated
// Apply is a no-op on any client and across a change of active GM; the card only shows it. Clicks are carried
// out by the active GM in its work queue; with no GM online, a user who owns the creature and posted the
// card applies it directly (in this client's queue); anyone else is told that no GM is online. An Apply or Undo
// is one task (the creature, its statuses, the card), journalled on a GM: a GM who drops between them leaves the
// rest to the next.
import type { AppliedMark } from "../../documents/actor";
import { planFall } from "../../rules";
import { actorRef } from "../actor-ref";
import { runOnGMQueue } from "../gm-queue";
import { askActiveGM, refuse, registerRelay } from "../gm-relay";
import type { RelayContext } from "../gm-relay";
import { runTask } from "../task-journal";
import type { TaskContext, TaskStep } from "../task-journal";
import { applicableKeys, effectOf, renderFallCard } from "./card";
import { believedEffect } from "./claim";
import { viewForFlags } from "../screen";
import type { AppliedRecord, FallEffectKey, FallRecord } from "./card";
import { pairOf } from "../riding/pair";
import { resolveActor, resolveToken, tokenOfActor } from "./landing";

export const QUERY = "fallApply";

export type FallAction = "apply" | "undo";
export type FallActionStatus = "applied" | "undone" | "already" | "notApplied" | "refused" | "missing" | "noGM";

type MessageLike = ChatMessage.Implementation;

export function fallRecordOf(message: ChatMessage.Implementation | null | undefined): FallRecord | null {
  const record = message?.getFlag("flex", "fall") as FallRecord | undefined;
  return record && typeof record === "object" && record.faller ? record : null;
}

/** The mark a fall leaves on the creature it hurt: one per fall and part (faller or target). */
export function fallMark(fallId: string, key: FallEffectKey): string {
  return `fall-${fallId}-${key}`;
}

const asRecord = (mark: AppliedMark | null, after?: { leben: number; max: number }): AppliedRecord | null => (mark ? { taken: mark.taken, downed: mark.downed, status: mark.status, by: mark.by, ...(after ?? {}) } : null);

/** Leben after a hit and the maximum, for the card. */
const lebenAfter = (actor: Actor.Implementation, leben: number) => ({ leben, max: Math.max(0, Math.trunc(Number((actor.system as { leben?: { max?: unknown } }).leben?.max) || 0)) });

/**
 * Decision: R-FALL-1 damage is not an attack, so Rüstung does not reduce it. Null when this fall's damage was
 * applied to the actor already (its mark is there).
 */
export async function applyFallDamage(actor: Actor.Implementation, damage: number, by: string, fallId: string, key: FallEffectKey): Promise<AppliedRecord | null> {
  const outcome = await actor.applyDamage(damage, { ignoreArmor: true, mark: { key: fallMark(fallId, key), by } });
  return outcome.already ? null : viewForFlags(asRecord(outcome.mark, lebenAfter(actor, outcome.leben)), actor);
}

/** The steps that deal a fall's damage to `actor` (its Leben with the mark, then its statuses) and what the card shows of it; no steps when it was dealt already. */
export function planFallDamage(actor: Actor.Implementation, damage: number, by: string, fallId: string, key: FallEffectKey): { steps: TaskStep[]; applied: AppliedRecord | null } {
  const hit = actor.planDamage(damage, { ignoreArmor: true, mark: { key: fallMark(fallId, key), by } });
  if (hit.outcome.already) return { steps: [], applied: asRecord(hit.outcome.mark) };
  const steps: TaskStep[] = [{ kind: "actors", writes: [{ ref: actorRef(actor), changes: hit.changes }] }, { kind: "statuses", ref: actorRef(actor), ...actor.statusesAfterDamage(hit.outcome) }];
  return { steps, applied: viewForFlags(asRecord(hit.outcome.mark, lebenAfter(actor, hit.outcome.leben)), actor) };
}

/**
 * Who may ask for an effect of this card: a GM, the creature's owner, or the user who rolled the fall (its Apply;
 * an Undo only of what was applied for that user: a fall id is the author's to choose).
 */
export function mayAct(user: User.Implementation, message: MessageLike, key: FallEffectKey, action: FallAction): boolean {
  if (user.isGM) return true;
  const record = fallRecordOf(message);
  const effect = record && effectOf(record, key);
  if (!effect) return false;
  const actor = resolveActor(effect.ref);
  if (actor?.testUserPermission(user, "OWNER")) return true;
  if (action === "apply") return message._source.author === user.id;
  return actor?.appliedMark(fallMark(record.id, key))?.by === user.id;
}

/** The card showing what the creature's mark says (the mark is the truth; the card may lag a GM change); null when it does. */
async function cardStep(message: MessageLike, record: FallRecord, key: FallEffectKey, applied: AppliedRecord | null): Promise<TaskStep | null> {
  const shown = record.applied?.[key] ?? null;
  if (JSON.stringify(shown) === JSON.stringify(applied)) return null;
  const next: FallRecord = { ...record, applied: { ...record.applied, [key]: applied } };
  const content = await renderFallCard(next);
  return { kind: "update", uuid: message.uuid, changes: { content, [`flags.flex.fall.applied.${key}`]: applied } };
}

/** Applies or undoes one effect on this client (inside its work queue): the creature with its mark, its statuses, the card. */
async function actHere(messageId: string, key: FallEffectKey, action: FallAction, by: string, context: TaskContext): Promise<FallActionStatus> {
  // Read inside the queue: an earlier click may have changed both since this one was queued.
  const message = game.messages!.get(messageId) as MessageLike | undefined;
  const record = fallRecordOf(message);
  if (!message || !record || !effectOf(record, key)) return "missing";
  // Apply believes of the card only what the owner of each fact says (claim.ts); Undo only gives back a mark.
  const effect = action === "apply" ? believedEffect(record, key, message.author as User.Implementation | null) : effectOf(record, key);
  if (!effect) {
    console.warn(`Flex | fall card ${message.id}: its ${key} part is not believed (not the author's to claim, or never decided by a GM)`);
    return "refused";
  }
  const actor = resolveActor(effect.ref);
  if (!actor) return "missing";
  const markId = fallMark(record.id, key);
  const existing = actor.appliedMark(markId);
  const steps: TaskStep[] = [];
  let status: FallActionStatus;
  let shown: AppliedRecord | null = null;
  if (action === "apply" && existing) [status, shown] = ["already", record.applied?.[key] ?? asRecord(existing)];
  else if (action === "apply") {
    // Decision: R-FALL-1 damage is not an attack, so Rüstung does not reduce it.
    const hit = actor.planDamage(effect.damage, { ignoreArmor: true, mark: { key: markId, by } });
    steps.push({ kind: "actors", writes: [{ ref: actorRef(actor), changes: hit.changes }] }, { kind: "statuses", ref: actorRef(actor), ...actor.statusesAfterDamage(hit.outcome) });
    // Flags reach every client: a screened creature's Leben stays on its mark (screen.ts).
    [status, shown] = ["applied", viewForFlags(asRecord(hit.outcome.mark, lebenAfter(actor, hit.outcome.leben)), actor)];
  } else if (!existing) status = "notApplied";
  else {
    const undo = actor.planUndo(markId)!;
    steps.push({ kind: "actors", writes: [{ ref: actorRef(actor), changes: undo.changes }] }, { kind: "statuses", ref: actorRef(actor), ...actor.statusesAfterUndo(undo.mark) });
    status = "undone";
  }
  const card = await cardStep(message, record, key, shown);
  await runTask(context, card ? [...steps, card] : steps);
  return status;
}

const NOTICE: Partial<Record<FallActionStatus, string>> = {
  already: "FLEX.Fall.Already",
  notApplied: "FLEX.Fall.NothingToUndo",
  refused: "FLEX.Fall.NotAllowed",
  missing: "FLEX.Fall.Missing",
};

/**
 * What an Apply or Undo button does, on the clicking user's client. Returns what happened; "noGM" when
 * the work needed the active GM and it could not be reached (nothing was applied; the user is told why).
 */
export async function fallCardAction(message: ChatMessage.Implementation, key: FallEffectKey, action: FallAction): Promise<FallActionStatus> {
  const msg = message as MessageLike;
  const user = game.user!;
  let status: FallActionStatus;
  const record = fallRecordOf(msg);
  if (!record || !applicableKeys(record).includes(key)) status = "missing";
  else if (!mayAct(user, msg, key, action)) status = "refused";
  else {
    const actor = resolveActor(effectOf(record, key)!.ref);
    const direct = !game.users!.activeGM && !!actor?.isOwner && msg._source.author === user.id;
    const id = foundry.utils.randomID();
    if (direct) status = await runOnGMQueue(`${QUERY}:${id}`, () => actHere(msg.id!, key, action, user.id, { type: QUERY, requestId: id, requester: user }));
    else {
      const reply = await askActiveGM<{ status: FallActionStatus }>(QUERY, { messageId: msg.id, key, action });
      status = reply?.status ?? "noGM";
    }
  }
  const notice = NOTICE[status];
  if (notice) ui.notifications?.warn(game.i18n!.localize(notice));
  return status;
}

/**
 * A card's rider part, checked by the GM for a user who may apply it only because they posted the card (the card
 * could be forged): the rider must really be the faller's paired rider, its damage within 1W4 per Schritt.
 */
function riderTrusted(requester: User.Implementation, record: FallRecord): boolean {
  const rider = record.rider ? resolveActor(record.rider) : null;
  if (!rider) return false;
  if (requester.isGM || rider.testUserPermission(requester, "OWNER")) return true;
  const height = Number(record.height);
  const damage = Number(record.rider!.damage);
  if (!Number.isFinite(height) || height > CONFIG.FLEX.maxFallHeight || !planFall(height).falls) return false;
  if (!Number.isInteger(damage) || damage < height || damage > 4 * height) return false;
  const faller = resolveActor(record.faller);
  const mountToken = resolveToken(record.faller.tokenUuid) ?? (faller ? tokenOfActor(faller) : null);
  const pair = pairOf(mountToken as TokenDocument.Implementation | null);
  return !!pair && pair.mount.id === mountToken?.id && pair.rider.actor === rider;
}

/** The active GM's side of an Apply or Undo asked for by another user (already in the GM work queue). */
async function handleApplyQuery(payload: Record<string, unknown>, context: RelayContext): Promise<{ status: FallActionStatus } | ReturnType<typeof refuse>> {
  const { requester } = context;
  const message = game.messages!.get(String(payload.messageId)) as MessageLike | undefined;
  const key = payload.key === "target" || payload.key === "faller" || payload.key === "rider" ? payload.key : null;
  const action = payload.action === "undo" || payload.action === "apply" ? payload.action : null;
  if (!key || !action) return refuse("malformed", "fall Apply/Undo without a valid key and action");
  if (!message) return { status: "missing" };
  if (!mayAct(requester, message, key, action)) return refuse("forbidden", `${requester.name} may not ${action} ${key} on fall card ${message.id}`);
  if (key === "rider" && action === "apply" && !riderTrusted(requester, fallRecordOf(message)!)) return refuse("forbidden", `the rider on fall card ${message.id} is not its faller's rider, or its damage is impossible`);
  return { status: await actHere(message.id!, key, action, requester.id!, context) };
}

export function registerFallApplyQuery(): void {
  registerRelay(QUERY, handleApplyQuery, { journalled: true });
}
