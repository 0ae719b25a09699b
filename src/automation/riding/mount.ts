// Mounting and dismounting by choice (R-RIDE-1, R-RIDE-2), from the sheet, the token HUD or a macro: the rules decide,
// the rider's Aktionen are spent through the combat tracker in a fight, and the pair is written by this client when
// it may write both creatures, else by the active GM (who checks the requester and the rules again, and pays there).
import { clientLocal } from "../../helpers/client-local";
import { dismountCost, mayMount, spendActions } from "../../rules";
import type { MountRefusal } from "../../rules";
import { refundSpend, spendActionsFor } from "../combat/actions";
import { actionStateOf, combatantOfActor, perRound, windowOf } from "../combat/tracker";
import { runOnGMQueue } from "../gm-queue";
import { askActiveGM, refuse, registerRelay } from "../gm-relay";
import type { RelayContext, Refusal } from "../gm-relay";
import { mayWrite, pairOf, partiesOf, tokenFromUuid } from "./pair";
import type { TokenDoc } from "./pair";
import { mayWriteAll, writeDismount, writeMount } from "./writes";

export interface RidingReport {
  status: "mounted" | "dismounted" | "refused" | "noActions" | "gone";
  reason: MountRefusal | "notYours" | null;
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

/** Inside the active GM's work queue: the rider's Aktionen spent right here (queueing a spend behind this task would wait forever). */
async function payHere(actor: Actor.Implementation | null, cost: number): Promise<boolean> {
  const combatant = actor ? combatantOfActor(actor) : null;
  if (!combatant || cost <= 0) return true;
  const outcome = spendActions(actionStateOf(combatant), { cost, window: windowOf(combatant).window, perRound: perRound().actions });
  if (outcome.allowed) await combatant.update({ flags: { flex: { actions: outcome.state } } });
  return outcome.allowed;
}

/** Carries out a mount where it runs (this client's queue, or the GM's); the rules are asked again there. */
async function mountHere(riderUuid: string, mountUuid: string, pay: (actor: Actor.Implementation | null, cost: number) => Promise<boolean>): Promise<RidingReport> {
  const rider = tokenFromUuid(riderUuid);
  const mount = tokenFromUuid(mountUuid);
  if (!rider || !mount) return { status: "gone", reason: null };
  const decision = mountDecision(rider, mount);
  if (!decision.allowed) return { status: "refused", reason: decision.reason };
  if (!(await pay(rider.actor, decision.cost))) return { status: "noActions", reason: null };
  await writeMount(rider, mount);
  return { status: "mounted", reason: null };
}

async function dismountHere(tokenUuid: string, pay: (actor: Actor.Implementation | null, cost: number) => Promise<boolean>): Promise<RidingReport> {
  const pair = pairOf(tokenFromUuid(tokenUuid));
  if (!pair) return { status: "gone", reason: null };
  if (!(await pay(pair.rider.actor, dismountCost(true).cost))) return { status: "noActions", reason: null };
  await writeDismount(pair, "dismount");
  return { status: "dismounted", reason: null };
}

/**
 * R-RIDE-1 / R-RIDE-2: `rider` mounts `mount` (both tokens of one scene), for 2 Aktionen in a fight. Refused with
 * the reason when the rules say no, when the rider is not the user's, or when the Aktionen are not left.
 */
export async function mountUp(rider: TokenDoc, mount: TokenDoc): Promise<RidingReport> {
  const decision = mountDecision(rider, mount);
  let report: RidingReport | null;
  if (!mayWrite(game.user, rider)) report = { status: "refused", reason: "notYours" };
  else if (!decision.allowed) report = { status: "refused", reason: decision.reason };
  else if (mayWriteAll(game.user, rider, mount)) {
    const label = format("FLEX.Riding.Mount", {});
    const spend = await spendActionsFor(rider.actor!, decision.cost, { label });
    if (!spend.allowed) return { status: "noActions", reason: null };
    report = await runOnGMQueue(taskId("mount"), () => mountHere(rider.uuid, mount.uuid, async () => true));
    if (report.status !== "mounted") await refundSpend(spend);
  } else report = await askActiveGM<RidingReport>(QUERY, { op: "mount", rider: rider.uuid, mount: mount.uuid });
  if (!report) return { status: "refused", reason: null };
  explain(report, rider, mount, decision.cost);
  return report;
}

/** R-RIDE-2: the pair of `token` (rider or mount) dismounts by choice, for 1 Aktion of the rider in a fight. */
export async function dismount(token: TokenDoc): Promise<RidingReport> {
  const pair = pairOf(token);
  const cost = dismountCost(true).cost;
  if (!pair) return { status: "gone", reason: null };
  let report: RidingReport | null;
  if (!mayWrite(game.user, pair.rider) && !mayWrite(game.user, pair.mount)) report = { status: "refused", reason: "notYours" };
  else if (mayWriteAll(game.user, pair.rider, pair.mount)) {
    const spend = await spendActionsFor(pair.rider.actor!, cost, { label: format("FLEX.Riding.Dismount", {}) });
    if (!spend.allowed) return { status: "noActions", reason: null };
    report = await runOnGMQueue(taskId("dismount"), () => dismountHere(token.uuid, async () => true));
    if (report.status !== "dismounted") await refundSpend(spend);
  } else report = await askActiveGM<RidingReport>(QUERY, { op: "dismount", token: token.uuid });
  if (!report) return { status: "refused", reason: null };
  explain(report, pair.rider, pair.mount, cost);
  return report;
}

/** The active GM's side: the requester must own the rider (to mount), or the rider or the mount (to dismount). */
async function handleRidingQuery(payload: Record<string, unknown>, { requester }: RelayContext): Promise<RidingReport | Refusal> {
  if (payload.op === "mount") {
    const rider = tokenFromUuid(payload.rider);
    const mount = tokenFromUuid(payload.mount);
    if (!rider || !mount) return { status: "gone", reason: null };
    if (!mayWrite(requester, rider)) return refuse("forbidden", `${requester.name} may not mount ${nameOf(rider)}, not theirs`);
    return mountHere(rider.uuid, mount.uuid, payHere);
  }
  if (payload.op === "dismount") {
    const pair = pairOf(tokenFromUuid(payload.token));
    if (!pair) return { status: "gone", reason: null };
    if (!mayWrite(requester, pair.rider) && !mayWrite(requester, pair.mount)) return refuse("forbidden", `${requester.name} owns neither ${nameOf(pair.rider)} nor ${nameOf(pair.mount)}`);
    return dismountHere(pair.rider.uuid, payHere);
  }
  return refuse("malformed", `riding request with op ${String(payload.op)}`);
}

export function registerRidingRelay(): void {
  registerRelay(QUERY, handleRidingQuery);
}
