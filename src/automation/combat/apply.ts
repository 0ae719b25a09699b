// Apply, Undo and Heal on an attack card (R-CORE-12). One click on one or all targets is carried out by the
// active GM in its work queue (or, with no GM online, by the card's author for creatures it owns): one batched
// actor write for every target of the click, each target's "applied" mark in that same write, then the
// statuses (dying / dead, defeated in the tracker) and one update of the card. The card is its author's to
// edit, so the GM believes of it only what the author owns (verdict.ts): the attack's own rolls; who was hit it
// reads from each defender's own card or a creature's data; who may apply follows the world setting.
import { damageApplyMode } from "../../helpers/settings";
import { actorRef, resolveActor } from "../actor-ref";
import { cardRecordChanges } from "../card-record";
import { viewForFlags } from "../screen";
import type { ActorChange } from "../actor-writes";
import { runOnGMQueue } from "../gm-queue";
import { askActiveGM, refuse, registerRelay } from "../gm-relay";
import type { RelayContext } from "../gm-relay";
import { runTask } from "../task-journal";
import type { TaskStep } from "../task-journal";
import { acceptAttack } from "./claim";
import { attackMark, attackRecordOf, renderAttackCard } from "./record";
import { startedCombat } from "./tracker";
import type { AppliedView, AttackRecord, AttackTarget } from "./record";
import { verdictFor } from "./verdict";

const QUERY = "attackApply";

export type AttackAction = "apply" | "undo" | "heal";
export type AttackActionStatus = "applied" | "healed" | "undone" | "already" | "notApplied" | "defended" | "refused" | "missing" | "noGM";

/** R-CORE-12 / world setting "flex.damageApply": may `user` apply this card's damage or healing to `actor`? */
export function mayApplyTo(user: User.Implementation, message: ChatMessage.Implementation, actor: Actor.Implementation): boolean {
  if (user.isGM) return true;
  const setting = damageApplyMode();
  if (setting === "gm") return false;
  if (actor.testUserPermission(user, "OWNER")) return true;
  return setting === "attacker" && message.author?.id === user.id;
}

/**
 * Who may take back what this card applied to `actor`: whoever may apply it, or the user it was applied for. The
 * mark is keyed by the message id, so an Undo can only ever give back what this very card took.
 */
export function mayUndo(user: User.Implementation, message: ChatMessage.Implementation, actor: Actor.Implementation, mark: { by: string }): boolean {
  return mayApplyTo(user, message, actor) || mark.by === user.id;
}

interface Planned {
  target: AttackTarget;
  actor: Actor.Implementation;
  /** The statuses its write brings or ends (dying or dead, a damage type's effects). */
  after: { add?: string[]; remove?: string[] };
  view: AppliedView | null;
  status: AttackActionStatus;
}

/**
 * Carries a click out on this client (the active GM's, or the author's with no GM online), as one task: the batched
 * actor write, the statuses, the defeated in the tracker, the card; journalled on a GM, so a GM who drops between
 * them leaves the rest to the next.
 */
async function actOnCard(messageId: string, keys: string[] | "all", action: AttackAction, requester: User.Implementation, requestId: string): Promise<Record<string, AttackActionStatus>> {
  // Read inside the queue: an earlier click may have changed the card and the targets.
  const message = game.messages!.get(messageId) as ChatMessage.Implementation | undefined;
  const record = attackRecordOf(message);
  if (!message || !record) return {};
  const statuses: Record<string, AttackActionStatus> = {};
  // Apply and Heal act on what the GM accepted of the card (claim.ts); an Undo only on this message's own marks.
  const accepted = action === "undo" ? null : await acceptAttack(message, record);
  if (accepted && "doubt" in accepted) {
    console.warn(`Flex | refused to apply attack card ${message.id}: ${accepted.doubt}`);
    return Object.fromEntries(record.targets.map((t) => [t.key, "refused" as const]));
  }
  const claimed = accepted ? new Map(accepted.claim.targets.map((t) => [t.key, t])) : null;
  const chosen = record.targets.filter((t) => keys === "all" || keys.includes(t.key));
  const amount = accepted ? (action === "heal" ? accepted.claim.healing : accepted.claim.damage) : 0;
  const planned: Planned[] = [];
  const changes: ActorChange[] = [];
  // What the owners say of each target, written back onto the card where its author said otherwise.
  const read = new Map<string, AttackTarget["status"]>();
  for (const target of chosen) {
    const accept = claimed?.get(target.key);
    if (claimed && !accept) {
      statuses[target.key] = "refused";
      continue;
    }
    const actor = resolveActor(accept?.ref ?? target.ref);
    if (!actor) {
      statuses[target.key] = "missing";
      continue;
    }
    const mark = { key: attackMark(message.id!, target.key), by: requester.id! };
    if (action === "undo") {
      const undo = actor.planUndo(mark.key);
      if (!undo) {
        planned.push({ target, actor, after: {}, view: null, status: "notApplied" });
        continue;
      }
      if (!mayUndo(requester, message, actor, undo.mark)) {
        statuses[target.key] = "refused";
        continue;
      }
      changes.push({ actor, changes: undo.changes });
      planned.push({ target, actor, after: actor.statusesAfterUndo(undo.mark, undo.leben), view: null, status: "undone" });
      continue;
    }
    if (!mayApplyTo(requester, message, actor)) {
      statuses[target.key] = "refused";
      continue;
    }
    if (amount === null) {
      statuses[target.key] = "refused";
      continue;
    }
    // A defended target takes nothing; a GM may still apply to one whose defence is pending. Read from the owners.
    // A character's verdict is read from its own defence card, against the EW the GM accepted.
    const status = action === "apply" ? (accept?.verdict ?? verdictFor(message, { ...record, ew: accepted!.claim.ew }, { ...target, ref: accept!.ref }) ?? target.status) : target.status;
    if (status !== target.status && (record.damage || !record.healing)) read.set(target.key, status);
    if (action === "apply" && (status === "defended" || (status === "pending" && !requester.isGM))) {
      statuses[target.key] = "defended";
      continue;
    }
    if (action === "heal") {
      const heal = actor.planHealing(amount, { mark });
      const view = heal.result.already ? (record.applied?.[target.key] ?? currentView(actor, mark.key)) : { taken: -heal.result.healed, downed: false, by: mark.by, leben: heal.result.leben, max: lebenMax(actor) };
      if (Object.keys(heal.changes).length) changes.push({ actor, changes: heal.changes });
      planned.push({ target, actor, after: actor.statusesAfterHealing(heal.result), view, status: heal.result.already ? "already" : "healed" });
      continue;
    }
    const hit = actor.planDamage(amount, { type: record.item.damageType, mark });
    // Applied already (a second click): the card keeps what it showed, else what the target's mark says.
    const view = hit.outcome.already
      ? (record.applied?.[target.key] ?? currentView(actor, mark.key))
      : { taken: hit.outcome.taken, downed: hit.outcome.downed, by: mark.by, damage: amount, absorbed: hit.outcome.absorbed, leben: hit.outcome.leben, max: lebenMax(actor), state: hit.outcome.downed ? actor.downedStatus : null };
    if (Object.keys(hit.changes).length) changes.push({ actor, changes: hit.changes });
    planned.push({ target, actor, after: actor.statusesAfterDamage(hit.outcome), view, status: hit.outcome.already ? "already" : "applied" });
  }

  // One batched write for every target of this click (one more per token for unlinked actors), then the statuses.
  const steps: TaskStep[] = [{ kind: "actors", writes: changes.map((c) => ({ ref: actorRef(c.actor), changes: c.changes })) }];
  for (const p of planned) {
    statuses[p.target.key] = p.status;
    if (p.after.add?.length || p.after.remove?.length) steps.push({ kind: "statuses", ref: actorRef(p.actor), ...p.after });
  }
  // R-CORE-8: a creature killed outright is defeated in the tracker.
  const defeated = defeatedStep(planned.filter((p) => p.status === "applied" && p.after.add?.includes("dead")).map((p) => p.actor));
  if (defeated) steps.push(defeated);

  // The card shows what the marks and the owners say, and the defences the GM rolled itself at this first accept
  // (claim.ts): their rolls join the card's, their verdicts show on it.
  const gmRolled = new Map(accepted && accepted.fresh ? accepted.claim.targets.filter((t) => t.rolled).map((t) => [t.key, t]) : []);
  for (const t of gmRolled.values()) read.set(t.key, t.verdict ?? "pending");
  const applied: Record<string, AppliedView | null> = { ...record.applied };
  // Flags reach every client: a screened target's arithmetic stays on its mark (screen.ts), drawn where it may be seen.
  for (const p of planned) applied[p.target.key] = viewForFlags(p.view, p.actor);
  if (JSON.stringify(applied) !== JSON.stringify(record.applied ?? {}) || read.size) {
    const targets = record.targets.map((t) => {
      const rolled = gmRolled.get(t.key)?.rolled;
      const defence = rolled && t.defence ? { kind: t.defence.kind, source: "roll" as const, messageId: null, rollIndex: rolled.index } : t.defence;
      return read.has(t.key) ? { ...t, status: read.get(t.key)!, defence } : t;
    });
    const gmNotes = [...gmRolled.values()].flatMap((t) => t.rolled!.notes);
    const notes = [...record.notes, ...gmNotes];
    const rules = gmNotes.length ? [...new Set([...record.rules, "R-WATER-1" as const])].sort() : record.rules;
    const next: AttackRecord = { ...record, applied, targets, notes, rules };
    const update: Record<string, unknown> = { content: await renderAttackCard(next), "flags.flex.attack.applied": applied };
    if (read.size) update["flags.flex.attack.targets"] = targets;
    if (gmNotes.length) Object.assign(update, { "flags.flex.attack.notes": notes, "flags.flex.attack.rules": rules });
    if (gmRolled.size) {
      const added = [...gmRolled.values()].sort((a, b) => a.rolled!.index - b.rolled!.index).map((t) => JSON.stringify(t.rolled!.roll));
      update.rolls = [...message.rolls.map((r) => JSON.stringify(r.toJSON())), ...added];
    }
    steps.push({ kind: "update", uuid: message.uuid, changes: update });
  }
  // The GM's record of what it accepted rides in the journal's hold write (none when nothing is written).
  const hold = accepted && !("doubt" in accepted) && accepted.fresh ? cardRecordChanges(accepted.fresh) : undefined;
  await runTask({ type: QUERY, requestId, requester, hold }, steps);
  return statuses;
}

/** The target's Leben maximum, for the card's "jetzt 9/20". */
function lebenMax(actor: Actor.Implementation): number {
  return Math.max(0, Math.trunc(Number((actor.system as { leben?: { max?: unknown } }).leben?.max) || 0));
}

function currentView(actor: Actor.Implementation, key: string): AppliedView | null {
  const mark = actor.appliedMark(key);
  return mark ? { taken: mark.taken, downed: mark.downed, by: mark.by } : null;
}

/** R-CORE-8: the creatures that die (not dying) marked defeated in the active combat, in one write; null when none. */
function defeatedStep(actors: Actor.Implementation[]): TaskStep | null {
  const combat = startedCombat();
  if (!combat || !actors.length) return null;
  const ids = new Set(actors.map((a) => a.id));
  const tokens = new Set(actors.map((a) => a.token?.id).filter(Boolean));
  const update = combat.combatants.contents
    .filter((c) => !c.defeated && ((!!c.tokenId && tokens.has(c.tokenId)) || (!!c.token?.actorLink && ids.has(c.actorId))))
    .map((c) => ({ _id: c.id!, defeated: true }));
  return update.length ? { kind: "embedded", parent: combat.uuid, embedded: "Combatant", update } : null;
}

const NOTICE: Partial<Record<AttackActionStatus, string>> = {
  already: "FLEX.Attack.Already",
  notApplied: "FLEX.Attack.NothingToUndo",
  refused: "FLEX.Attack.NotAllowed",
  defended: "FLEX.Attack.NoHit",
  missing: "FLEX.Attack.Missing",
};

/**
 * What an Apply, Undo or Heal button does (one target or "all"), on the clicking user's client. Returns what
 * happened to each target; empty when nothing could be done (the user was told why).
 */
export async function attackCardAction(message: ChatMessage.Implementation, keys: string[] | "all", action: AttackAction): Promise<Record<string, AttackActionStatus>> {
  const record = attackRecordOf(message);
  if (!record) return {};
  const user = game.user!;
  const gm = game.users!.activeGM;
  let statuses: Record<string, AttackActionStatus>;
  const here = () => {
    const id = foundry.utils.randomID();
    return runOnGMQueue(`${QUERY}:${id}`, () => actOnCard(message.id!, keys, action, user, id));
  };
  if (gm?.isSelf) statuses = await here();
  else if (!gm && message.author?.id === user.id && record.targets.every((t) => resolveActor(t.ref)?.isOwner)) {
    // No GM online: the author may apply to what it owns, one click after the other on this client.
    statuses = await here();
  } else {
    const reply = await askActiveGM<{ statuses: Record<string, AttackActionStatus> }>(QUERY, { messageId: message.id, keys, action });
    statuses = reply?.statuses ?? {};
  }
  const notice = Object.values(statuses).map((s) => NOTICE[s]).find(Boolean);
  if (notice) ui.notifications?.warn(game.i18n!.localize(notice));
  return statuses;
}

/** The active GM's side (already in its work queue). */
async function handleApply(payload: Record<string, unknown>, { requester, requestId }: RelayContext) {
  const message = game.messages!.get(String(payload.messageId)) as ChatMessage.Implementation | undefined;
  const action = payload.action === "apply" || payload.action === "undo" || payload.action === "heal" ? payload.action : null;
  const keys = payload.keys === "all" ? "all" : Array.isArray(payload.keys) ? payload.keys.filter((k): k is string => typeof k === "string") : null;
  if (!action || !keys) return refuse("malformed", "attack Apply without a valid action and targets");
  if (!attackRecordOf(message)) return { statuses: {} };
  const statuses = await actOnCard(message!.id!, keys, action, requester, requestId);
  return { statuses };
}

export function registerAttackApply(): void {
  registerRelay(QUERY, handleApply, { journalled: true });
}
