// Mounting and dismounting by choice (R-RIDE-1, R-RIDE-2), from the sheet, the token HUD or a macro: the rules decide,
// the rider's Aktionen are spent through the combat tracker in a fight, and the pair is written by this client when
// a player may write both creatures, else by the active GM (who checks the requester and the rules again). On the
// GM the Aktionen, both tokens and the statuses are one journalled task: a GM who drops between them leaves the rest
// to the next GM, never Aktionen spent without the pair made.
import { clientLocal } from "../../helpers/client-local";
import { dismountCost, mayMount, spendActions } from "../../rules";
import type { MountRefusal } from "../../rules";
import { actorRef } from "../actor-ref";
import { refundSpend, spendActionsFor } from "../combat/actions";
import { actionStateOf, combatantOfActor, perRound, windowOf } from "../combat/tracker";
import { runOnGMQueue } from "../gm-queue";
import { askActiveGM, refuse, registerRelay } from "../gm-relay";
import type { RelayContext, Refusal } from "../gm-relay";
import { runTask } from "../task-journal";
import type { TaskContext, TaskStep } from "../task-journal";
import { MOUNTED_STATUS, mayWrite, pairOf, partiesOf, tokenFromUuid, tokensOfActor } from "./pair";
import type { Pair, TokenDoc } from "./pair";
import { endingUpdates, mayWriteAll, mountUpdates, ridingOptions } from "./writes";

export interface RidingReport {
  status: "mounted" | "dismounted" | "refused" | "noActions" | "gone";
  reason: MountRefusal | "notYours" | null;
  /** With noActions: the Aktionen left of those of a KR. */
  left?: number;
  perRound?: number;
}

const QUERY = "riding";
const sequence = clientLocal("riding.actions", () => ({ next: 0 }));
const taskId = (what: string) => `riding.${what}:${(sequence().next += 1)}`;
const nameOf = (token: TokenDoc) => token.name || token.actor?.name || "";
const format = (key: string, data: Record<string, string>) => game.i18n!.format(key, data);

/** R-RIDE-1 / R-RIDE-2: whether `rider` may mount `mount` now, and why not. */
export function mountDecision(rider: TokenDoc, mount: TokenDoc) {
  const { rider: r, mount: m, inReach } = partiesOf(rider, mount);
  return mayMount(r, m, { inReach });
}

/** Says on this client why a mount or dismount did not happen. */
function explain(report: RidingReport, rider: TokenDoc, mount: TokenDoc | null, cost: number): void {
  const data = { rider: nameOf(rider), mount: mount ? nameOf(mount) : "", cost: String(cost) };
  if (report.status === "refused" && report.reason) ui.notifications?.warn(format(`FLEX.Riding.Refused.${report.reason}`, data));
  else if (report.status === "noActions") ui.notifications?.warn(format("FLEX.Riding.NoActions", data));
  else if (report.status === "gone") ui.notifications?.warn(format("FLEX.Riding.Gone", data));
}

/** R-RIDE-1: both tokens in one write, then the *beritten* status of each actor. */
function mountSteps(rider: TokenDoc, mount: TokenDoc): TaskStep[] {
  const scene = mount.parent as Scene.Implementation;
  const statuses = [rider.actor, mount.actor].flatMap((a): TaskStep[] => (a ? [{ kind: "statuses", ref: actorRef(a), add: [MOUNTED_STATUS] }] : []));
  return [{ kind: "embedded", parent: scene.uuid, embedded: "Token", update: mountUpdates(rider, mount), options: ridingOptions("mount") }, ...statuses];
}

/** R-RIDE-2: both tokens set apart in one write, then the status of each actor that has no other pair. */
function dismountSteps(pair: Pair): TaskStep[] {
  const ending = new Set([pair.rider.id, pair.mount.id]);
  const statuses = [pair.rider.actor, pair.mount.actor].flatMap((a): TaskStep[] => {
    if (!a || tokensOfActor(a).some((t) => !ending.has(t.id) && pairOf(t))) return [];
    return [{ kind: "statuses", ref: actorRef(a), remove: [MOUNTED_STATUS] }];
  });
  return [{ kind: "embedded", parent: pair.scene.uuid, embedded: "Token", update: endingUpdates(pair.rider, pair.mount, "dismount"), options: ridingOptions("dismount") }, ...statuses];
}

/** The rider's Aktionen as a step of the GM's task (none outside a fight); the refusal when they are not left. */
function payment(actor: Actor.Implementation | null, cost: number, override: boolean): { steps: TaskStep[] } | RidingReport {
  const combatant = actor ? combatantOfActor(actor) : null;
  if (!combatant || cost <= 0) return { steps: [] };
  const max = perRound().actions;
  const outcome = spendActions(actionStateOf(combatant), { cost, window: windowOf(combatant).window, perRound: max, override });
  if (!outcome.allowed) return { status: "noActions", reason: null, left: outcome.remaining, perRound: max };
  return { steps: [{ kind: "embedded", parent: combatant.parent!.uuid, embedded: "Combatant", update: [{ _id: combatant.id!, "flags.flex.actions": outcome.state }] }] };
}

/** Mounts where it runs (this client's queue, or the GM's): the rules asked again there, then one task. */
async function mountHere(riderUuid: string, mountUuid: string, context: TaskContext, pay: { override: boolean } | null): Promise<RidingReport> {
  const rider = tokenFromUuid(riderUuid);
  const mount = tokenFromUuid(mountUuid);
  if (!rider || !mount) return { status: "gone", reason: null };
  const decision = mountDecision(rider, mount);
  if (!decision.allowed) return { status: "refused", reason: decision.reason };
  const paid = pay ? payment(rider.actor, decision.cost, pay.override) : { steps: [] };
  if ("status" in paid) return paid;
  await runTask(context, [...paid.steps, ...mountSteps(rider, mount)]);
  return { status: "mounted", reason: null };
}

async function dismountHere(tokenUuid: string, context: TaskContext, pay: { override: boolean } | null): Promise<RidingReport> {
  const pair = pairOf(tokenFromUuid(tokenUuid));
  if (!pair) return { status: "gone", reason: null };
  const paid = pay ? payment(pair.rider.actor, dismountCost(true).cost, pay.override) : { steps: [] };
  if ("status" in paid) return paid;
  await runTask(context, [...paid.steps, ...dismountSteps(pair)]);
  return { status: "dismounted", reason: null };
}

/** A GM asked past the KR's Aktionen: carry it out anyway? */
async function confirmOverride(name: string, label: string, cost: number, report: RidingReport): Promise<boolean> {
  const text = format("FLEX.Actions.OverrideActions", { name, label, cost: String(cost), left: String(report.left ?? 0), max: String(report.perRound ?? 0) });
  const answer: unknown = await foundry.applications.api.DialogV2.confirm({
    classes: ["flex"],
    window: { title: game.i18n!.localize("FLEX.Actions.OverrideTitle") },
    content: `<p>${foundry.utils.escapeHTML(text)}</p>`,
    rejectClose: false,
  });
  return answer === true;
}

/** A player who may write both tokens: the Aktionen spent first (given back if the pair is not made), then the pair. */
async function locally(actor: Actor.Implementation, cost: number, label: string, what: string, run: (context: TaskContext) => Promise<RidingReport>, done: RidingReport["status"]): Promise<RidingReport> {
  const spend = await spendActionsFor(actor, cost, { label });
  if (!spend.allowed) return { status: "noActions", reason: null };
  // A fresh id: the task's marks on the tokens must never match another client's task.
  const report = await runOnGMQueue(taskId(what), () => run({ type: QUERY, requestId: foundry.utils.randomID(), requester: game.user! }));
  if (report.status !== done) await refundSpend(spend);
  return report;
}

/** Through the active GM (a GM's own request too, so that it is journalled); a GM may then go past the Aktionen. */
async function throughGM(payload: Record<string, unknown>, name: string, label: string, cost: number, retryKey: string): Promise<RidingReport | null> {
  const report = await askActiveGM<RidingReport>(QUERY, payload, { retryKey });
  if (report?.status !== "noActions" || !game.user?.isGM || !(await confirmOverride(name, label, cost, report))) return report;
  return askActiveGM<RidingReport>(QUERY, { ...payload, override: true }, { retryKey: `${retryKey}:override` });
}

/**
 * R-RIDE-1 / R-RIDE-2: `rider` mounts `mount` (both tokens of one scene), for 2 Aktionen in a fight. Refused with
 * the reason when the rules say no, when the rider is not the user's, or when the Aktionen are not left.
 */
export async function mountUp(rider: TokenDoc, mount: TokenDoc): Promise<RidingReport> {
  const decision = mountDecision(rider, mount);
  const label = format("FLEX.Riding.Mount", {});
  let report: RidingReport | null;
  if (!mayWrite(game.user, rider)) report = { status: "refused", reason: "notYours" };
  else if (!decision.allowed) report = { status: "refused", reason: decision.reason };
  else if (!game.user!.isGM && mayWriteAll(game.user, rider, mount)) {
    report = await locally(rider.actor!, decision.cost, label, "mount", (context) => mountHere(rider.uuid, mount.uuid, context, null), "mounted");
    if (report.status === "noActions") return report;
  } else report = await throughGM({ op: "mount", rider: rider.uuid, mount: mount.uuid }, nameOf(rider), label, decision.cost, `mount:${rider.uuid}:${mount.uuid}`);
  if (!report) return { status: "refused", reason: null };
  explain(report, rider, mount, decision.cost);
  return report;
}

/** R-RIDE-2: the pair of `token` (rider or mount) dismounts by choice, for 1 Aktion of the rider in a fight. */
export async function dismount(token: TokenDoc): Promise<RidingReport> {
  const pair = pairOf(token);
  const cost = dismountCost(true).cost;
  if (!pair) return { status: "gone", reason: null };
  const label = format("FLEX.Riding.Dismount", {});
  let report: RidingReport | null;
  if (!mayWrite(game.user, pair.rider) && !mayWrite(game.user, pair.mount)) report = { status: "refused", reason: "notYours" };
  else if (!game.user!.isGM && mayWriteAll(game.user, pair.rider, pair.mount)) {
    report = await locally(pair.rider.actor!, cost, label, "dismount", (context) => dismountHere(token.uuid, context, null), "dismounted");
    if (report.status === "noActions") return report;
  } else report = await throughGM({ op: "dismount", token: token.uuid }, nameOf(pair.rider), label, cost, `dismount:${pair.rider.uuid}:${pair.mount.uuid}`);
  if (!report) return { status: "refused", reason: null };
  explain(report, pair.rider, pair.mount, cost);
  return report;
}

/** The active GM's side: the requester must own the rider (to mount), or the rider or the mount (to dismount). */
async function handleRidingQuery(payload: Record<string, unknown>, context: RelayContext): Promise<RidingReport | Refusal> {
  const { requester } = context;
  const pay = { override: payload.override === true && requester.isGM };
  if (payload.op === "mount") {
    const rider = tokenFromUuid(payload.rider);
    const mount = tokenFromUuid(payload.mount);
    if (!rider || !mount) return { status: "gone", reason: null };
    if (!mayWrite(requester, rider)) return refuse("forbidden", `${requester.name} may not mount ${nameOf(rider)}, not theirs`);
    return mountHere(rider.uuid, mount.uuid, context, pay);
  }
  if (payload.op === "dismount") {
    const pair = pairOf(tokenFromUuid(payload.token));
    if (!pair) return { status: "gone", reason: null };
    if (!mayWrite(requester, pair.rider) && !mayWrite(requester, pair.mount)) return refuse("forbidden", `${requester.name} owns neither ${nameOf(pair.rider)} nor ${nameOf(pair.mount)}`);
    return dismountHere(pair.rider.uuid, context, pay);
  }
  return refuse("malformed", `riding request with op ${String(payload.op)}`);
}

export function registerRidingRelay(): void {
  registerRelay(QUERY, handleRidingQuery, { journalled: true });
}
