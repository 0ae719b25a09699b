// Apply and Undo on the fall card. Each affected creature's damage is applied at most once: the card's
// flags record what was applied, and a repeated Apply is a no-op. Clicks are carried out one after the
// other by the active GM — the one place where two users clicking at the same moment cannot both
// apply. With no GM online, a user who owns the creature and posted the card applies it directly;
// anyone else is told that no GM is online, and nothing is applied to that creature.
import { onActiveGM, registerQuery } from "../../helpers/queries";
import type { FlexActor } from "../../documents/actor";
import { applicableKeys, effectOf, renderFallCard } from "./card";
import type { AppliedRecord, FallEffectKey, FallRecord } from "./card";
import { resolveActor } from "./landing";

const QUERY = "fallApply";

export type FallAction = "apply" | "undo";
export type FallActionStatus = "applied" | "undone" | "already" | "notApplied" | "refused" | "missing" | "noGM";

type MessageLike = ChatMessage.Implementation & { _source: { author?: string | null } };

// Work on one effect runs strictly one after the other on this client (a double click cannot apply twice).
const queues = new Map<string, Promise<unknown>>();

export function fallRecordOf(message: ChatMessage.Implementation | null | undefined): FallRecord | null {
  const record = message?.getFlag("flex" as never, "fall" as never) as FallRecord | undefined;
  return record && typeof record === "object" && record.faller ? record : null;
}

/** Decision: R-FALL-1 damage is not an attack, so Rüstung does not reduce it. */
export async function applyFallDamage(actor: Actor.Implementation, damage: number, by: string): Promise<AppliedRecord> {
  const flex = actor as unknown as FlexActor;
  const status = flex.downedStatus;
  const outcome = await flex.applyDamage(damage, { ignoreArmor: true });
  return { taken: outcome.taken, downed: outcome.downed, status: outcome.downed ? status : null, by };
}

/** Gives back the Leben an Apply took and lifts the status it set. */
export async function undoFallDamage(actor: Actor.Implementation, applied: AppliedRecord): Promise<void> {
  const leben = (actor.system as unknown as { leben?: { value?: number } }).leben?.value ?? 0;
  if (applied.taken > 0) await actor.update({ "system.leben.value": leben + applied.taken } as never);
  if (applied.downed && applied.status && actor.statuses.has(applied.status)) await actor.toggleStatusEffect(applied.status, { active: false });
}

/** Who may ask for an effect of this card: a GM, the creature's owner, or the user who rolled the fall. */
export function mayAct(user: User.Implementation, message: MessageLike, key: FallEffectKey, action: FallAction): boolean {
  if (user.isGM) return true;
  const record = fallRecordOf(message);
  const effect = record && effectOf(record, key);
  if (!effect) return false;
  if (resolveActor(effect.ref)?.testUserPermission(user, "OWNER")) return true;
  if (message._source.author === user.id) return true;
  return action === "undo" && record.applied[key]?.by === user.id;
}

async function writeApplied(message: MessageLike, record: FallRecord, key: FallEffectKey, applied: AppliedRecord | null): Promise<void> {
  const next: FallRecord = { ...record, applied: { ...record.applied, [key]: applied } };
  const content = await renderFallCard(next);
  await message.update({ content, [`flags.flex.fall.applied.${key}`]: applied } as never);
}

/** Applies or undoes one effect on this client, which may write both the actor and the card. */
async function actHere(message: MessageLike, key: FallEffectKey, action: FallAction, by: string): Promise<FallActionStatus> {
  const record = fallRecordOf(message);
  const effect = record && effectOf(record, key);
  if (!record || !effect) return "missing";
  const applied = record.applied?.[key] ?? null;
  if (action === "apply" && applied) return "already";
  if (action === "undo" && !applied) return "notApplied";
  const actor = resolveActor(effect.ref);
  if (!actor) return "missing";
  if (action === "apply") {
    await writeApplied(message, record, key, await applyFallDamage(actor, effect.damage, by));
    return "applied";
  }
  await undoFallDamage(actor, applied!);
  await writeApplied(message, record, key, null);
  return "undone";
}

function serialized(message: MessageLike, key: FallEffectKey, fn: () => Promise<FallActionStatus>): Promise<FallActionStatus> {
  // Per client (the user id keeps the simulated clients of the test harness apart, too).
  const lock = `${game.user?.id}.${message.id}.${key}`;
  const run = (queues.get(lock) ?? Promise.resolve()).then(fn, fn);
  const tail = run.catch(() => undefined);
  queues.set(lock, tail);
  void tail.then(() => queues.get(lock) === tail && queues.delete(lock));
  return run;
}

const NOTICE: Partial<Record<FallActionStatus, string>> = {
  already: "FLEX.Fall.Already",
  notApplied: "FLEX.Fall.NothingToUndo",
  refused: "FLEX.Fall.NotAllowed",
  missing: "FLEX.Fall.Missing",
};

/**
 * What an Apply or Undo button does, on the clicking user's client. Returns what happened; "noGM" when
 * the work needed the active GM and none is online (nothing was applied).
 */
export async function fallCardAction(message: ChatMessage.Implementation, key: FallEffectKey, action: FallAction): Promise<FallActionStatus> {
  const msg = message as MessageLike;
  const user = game.user!;
  let status: FallActionStatus;
  const record = fallRecordOf(msg);
  if (!record || !applicableKeys(record).includes(key)) status = "missing";
  else if (!mayAct(user, msg, key, action)) status = "refused";
  else if (action === "apply" && record.applied?.[key]) status = "already";
  else {
    const actor = resolveActor(effectOf(record, key)!.ref);
    const direct = !game.users!.activeGM && !!actor?.isOwner && msg._source.author === user.id;
    if (direct) status = await serialized(msg, key, () => actHere(msg, key, action, user.id));
    else {
      const reply = await onActiveGM<{ status: FallActionStatus }>(QUERY, { messageId: msg.id, key, action, userId: user.id });
      status = reply?.status ?? "noGM";
    }
  }
  const notice = NOTICE[status];
  if (notice) ui.notifications?.warn(game.i18n!.localize(notice));
  return status;
}

/** The active GM's side of an Apply or Undo asked for by another user. */
async function handleApplyQuery(payload: Record<string, unknown>): Promise<{ status: FallActionStatus }> {
  const message = game.messages!.get(String(payload.messageId)) as MessageLike | undefined;
  const requester = game.users!.get(String(payload.userId));
  const key: FallEffectKey = payload.key === "target" ? "target" : "faller";
  const action: FallAction = payload.action === "undo" ? "undo" : "apply";
  if (!message || !requester) return { status: "missing" };
  if (!mayAct(requester, message, key, action)) return { status: "refused" };
  return { status: await serialized(message, key, () => actHere(message, key, action, requester.id)) };
}

export function registerFallApplyQuery(): void {
  registerQuery(QUERY, handleApplyQuery);
}
