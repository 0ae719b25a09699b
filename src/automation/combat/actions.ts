// R-CORE-6 in play: a combatant of the started active combat spends Aktionen (back at the start of its own
// turn) and Reaktionen (back at the next KR); what is not left is refused with a message, unless a GM
// overrides it; an Undo gives them back within the same window. The state lives on the combatant
// (flags.flex.actions) and is written in one update by the client whose user owns the combatant, else by the
// active GM through the relay. Each client carries out its spends one after the other in its work queue and
// re-reads the state there, so a double click cannot spend the last action twice.
import { FlexCombatant } from "../../documents/combatant";
import { clientLocal } from "../../helpers/client-local";
import { documentFromUuid } from "../../helpers/uuid";
import { actionsLeft, reactionsLeft, refundActions, refundReaction, spendActions, spendReaction } from "../../rules";
import type { ActionState } from "../../rules";
import { runOnGMQueue } from "../gm-queue";
import { askActiveGM, refuse, registerRelay } from "../gm-relay";
import type { RelayContext, Refusal } from "../gm-relay";
import { registerInitiative } from "./initiative";
import { actionStateOf, combatantActionStatus, combatantOfActor, perRound, registerTrackerDisplay, windowOf } from "./tracker";
import type { ActionStatus } from "./tracker";

export interface ActionSpend {
  allowed: boolean;
  /** Counted on a combatant (false outside a started combat: allowed, nothing written). */
  tracked: boolean;
  combatantUuid: string | null;
  /** The window the Aktionen were spent in (actionWindow); null when nothing was counted. */
  window: string | null;
  /** The KR of the spending; null when nothing was counted. */
  round: number | null;
  cost: number;
  kind: "actions" | "reaction";
  /** A GM spent past the limit (the card can say so). */
  override: boolean;
}

type Kind = ActionSpend["kind"];

const QUERY = "combatActions";

/** What the writing client answers (across the relay as JSON). "gone": no combatant in a started combat any more. */
interface SpendReply {
  status: "spent" | "refused" | "gone";
  /** Left before a refused spend, after a granted one. */
  left: number;
  perRound: number;
  window: string | null;
  round: number | null;
  overridden: boolean;
}

interface RefundReply {
  status: "refunded" | "nothing" | "gone";
  refunded: number;
}

const GONE: SpendReply = { status: "gone", left: 0, perRound: 0, window: null, round: null, overridden: false };

// Ids of this client's own queued spends: unique per client, so each click is its own task.
const sequence = clientLocal("combatActions.sequence", () => ({ next: 0 }));

function taskId(combatant: Combatant.Implementation): string {
  return `${QUERY}:${combatant.id}:${(sequence().next += 1)}`;
}

/** A whole number of Aktionen from any input; fractions round down, anything unusable is 0. */
function wholeCost(cost: unknown): number {
  const n = Number(cost);
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
}

/** The combatant behind a uuid, if it is still in a started combat. */
function liveCombatant(uuid: unknown): FlexCombatant | null {
  const doc = documentFromUuid(uuid);
  return doc instanceof FlexCombatant && doc.combat?.started ? doc : null;
}

/** Relayed spends each combatant remembers (the newest): a retry of one of them spends nothing again. */
const SPENDS_KEPT = 20;

function spendsOf(combatant: Combatant.Implementation): string[] {
  const list = combatant.getFlag("flex", "spent");
  return Array.isArray(list) ? list.filter((s): s is string => typeof s === "string") : [];
}

/** The state written, with the relayed request that spent it remembered in the same write. */
async function writeState(combatant: Combatant.Implementation, state: ActionState, requestId?: string): Promise<void> {
  const flex: Record<string, unknown> = { actions: state };
  if (requestId) flex.spent = [...spendsOf(combatant), requestId].slice(-SPENDS_KEPT);
  await combatant.update({ flags: { flex } });
}

/**
 * Spends on this client, inside its work queue: reads the state there, one update when granted. A relayed
 * spend names its request: asked again (a retry after a timeout, a new GM), it is granted without a second spend.
 */
async function spendHere(uuid: string, kind: Kind, cost: number, override: boolean, requestId?: string): Promise<SpendReply> {
  const combatant = liveCombatant(uuid);
  if (!combatant) return GONE;
  const { window, round } = windowOf(combatant);
  const max = perRound();
  const state = actionStateOf(combatant);
  if (requestId && spendsOf(combatant).includes(requestId)) {
    const left = kind === "actions" ? actionsLeft(state, window, max.actions) : reactionsLeft(state, round, max.reactions);
    return { status: "spent", left, perRound: kind === "actions" ? max.actions : max.reactions, window, round, overridden: false };
  }
  const outcome =
    kind === "actions"
      ? spendActions(state, { cost, window, perRound: max.actions, override })
      : spendReaction(state, { round, perRound: max.reactions, override });
  if (outcome.allowed) await writeState(combatant, outcome.state, requestId);
  return {
    status: outcome.allowed ? "spent" : "refused",
    left: outcome.remaining,
    perRound: kind === "actions" ? max.actions : max.reactions,
    window,
    round,
    overridden: outcome.overridden,
  };
}

/** Gives back on this client, inside its work queue: only while the spend's window (or KR) lasts. */
async function refundHere(uuid: string, kind: Kind, cost: number, window: string | null, round: number | null): Promise<RefundReply> {
  const combatant = liveCombatant(uuid);
  if (!combatant) return { status: "gone", refunded: 0 };
  const now = windowOf(combatant);
  const state = actionStateOf(combatant);
  if (kind === "actions" ? now.window !== window : now.round !== round) return { status: "nothing", refunded: 0 };
  const outcome = kind === "actions" ? refundActions(state, { cost, window: now.window }) : refundReaction(state, { round: now.round });
  if (outcome.refunded === 0) return { status: "nothing", refunded: 0 };
  await writeState(combatant, outcome.state);
  return { status: "refunded", refunded: outcome.refunded };
}

/** Who may spend a combatant's actions: a GM, or a user who owns its actor. */
function mayWrite(user: User.Implementation, combatant: Combatant.Implementation): boolean {
  return user.isGM || !!combatant.actor?.testUserPermission(user, "OWNER");
}

/** The active GM's side of a spend or refund for a combatant the requester's client may not write. */
async function handleActionsQuery(payload: Record<string, unknown>, { requester, requestId }: RelayContext): Promise<SpendReply | RefundReply | Refusal> {
  const { op, kind } = payload;
  if ((op !== "spend" && op !== "refund") || (kind !== "actions" && kind !== "reaction")) return refuse("malformed", "actions request without a valid op and kind");
  const combatant = liveCombatant(payload.combatantUuid);
  if (!combatant) return op === "spend" ? GONE : { status: "gone", refunded: 0 };
  if (!mayWrite(requester, combatant)) return refuse("forbidden", `${requester.name} may not spend the actions of ${combatant.name || combatant.actor?.name} (${combatant.uuid})`);
  // Re-derived: one Reaktion; Aktionen a whole number from 1 to the KR's limit. Only a GM may override.
  const cost = kind === "reaction" ? 1 : payload.cost;
  if (typeof cost !== "number" || !Number.isInteger(cost) || cost < 1 || cost > perRound().actions) return refuse("malformed", `actions request with cost ${String(cost)}`);
  if (op === "spend") return spendHere(combatant.uuid, kind, cost, payload.override === true && requester.isGM, requestId);
  const window = typeof payload.window === "string" ? payload.window : null;
  const round = typeof payload.round === "number" ? payload.round : null;
  return refundHere(combatant.uuid, kind, cost, window, round);
}

/** One spend: in this client's queue when its user owns the combatant, else by the active GM. Null: the GM could not be reached (the user was told). */
async function attempt(combatant: Combatant.Implementation, kind: Kind, cost: number, override: boolean): Promise<SpendReply | null> {
  const uuid = combatant.uuid;
  if (combatant.isOwner) return runOnGMQueue(taskId(combatant), () => spendHere(uuid, kind, cost, override));
  return askActiveGM<SpendReply>(QUERY, { op: "spend", combatantUuid: uuid, kind, cost, override });
}

function combatantName(combatant: Combatant.Implementation, actor: Actor.Implementation): string {
  return combatant.name || actor.token?.name || actor.name;
}

/** A GM is asked whether to spend past the limit anyway. */
async function confirmOverride(name: string, kind: Kind, cost: number, reply: SpendReply, label: string): Promise<boolean> {
  const i18n = game.i18n!;
  const data = { name, label, cost: String(cost), left: String(reply.left), max: String(reply.perRound) };
  const text = i18n.format(kind === "actions" ? "FLEX.Actions.OverrideActions" : "FLEX.Actions.OverrideReaction", data);
  const answer: unknown = await foundry.applications.api.DialogV2.confirm({
    classes: ["flex"],
    window: { title: i18n.localize("FLEX.Actions.OverrideTitle") },
    content: `<p>${foundry.utils.escapeHTML(text)}</p>`,
    rejectClose: false,
  });
  return answer === true;
}

async function spend(actor: Actor.Implementation, kind: Kind, cost: number, label: string): Promise<ActionSpend> {
  const combatant = combatantOfActor(actor);
  const result: ActionSpend = { allowed: true, tracked: false, combatantUuid: null, window: null, round: null, cost, kind, override: false };
  if (!combatant || cost === 0) return result;
  const counted = { ...result, tracked: true, combatantUuid: combatant.uuid };
  let reply = await attempt(combatant, kind, cost, false);
  const name = combatantName(combatant, actor);
  if (reply?.status === "refused" && game.user!.isGM && (await confirmOverride(name, kind, cost, reply, label))) reply = await attempt(combatant, kind, cost, true);
  if (!reply) return { ...counted, allowed: false };
  if (reply.status === "gone") return result;
  if (reply.status === "refused") {
    const key = kind === "actions" ? "FLEX.Actions.NotEnough" : "FLEX.Actions.NoReaction";
    ui.notifications?.warn(game.i18n!.format(key, { name, left: String(reply.left), max: String(reply.perRound) }));
    return { ...counted, allowed: false, window: reply.window, round: reply.round };
  }
  return { ...counted, window: reply.window, round: reply.round, override: reply.overridden };
}

/** R-CORE-6: spends `cost` Aktionen of the actor's combatant in this KR; refused (with a message) past the limit. */
export function spendActionsFor(actor: Actor.Implementation, cost: number, options: { label: string }): Promise<ActionSpend> {
  return spend(actor, "actions", wholeCost(cost), options.label);
}

/** R-CORE-6: spends the actor's combatant's Reaktion of this KR; refused (with a message) when it has none left. */
export function spendReactionFor(actor: Actor.Implementation, options: { label: string }): Promise<ActionSpend> {
  return spend(actor, "reaction", 1, options.label);
}

/** R-CORE-6: an Undo gives a spend back, within the same window (Aktionen) or KR (Reaktion) only. */
export async function refundSpend(spend: ActionSpend): Promise<void> {
  if (!spend.allowed || !spend.tracked || spend.cost <= 0) return;
  const combatant = liveCombatant(spend.combatantUuid);
  if (!combatant) return;
  const { kind, cost, window, round } = spend;
  if (combatant.isOwner) await runOnGMQueue(taskId(combatant), () => refundHere(combatant.uuid, kind, cost, window, round));
  else await askActiveGM<RefundReply>(QUERY, { op: "refund", combatantUuid: combatant.uuid, kind, cost, window, round });
}

/** What the actor has left in the started active combat; null when it is not in one. */
export function actionStatusOf(actor: Actor.Implementation): ActionStatus | null {
  const combatant = combatantOfActor(actor);
  return combatant ? combatantActionStatus(combatant) : null;
}

let registered = false;

/** R-CORE-6 and R-CORE-14 in the combat: the relay for spends, the turn order, the tracker and sheet display. */
export function registerActionTracking(): void {
  if (registered) return;
  registered = true;
  registerRelay(QUERY, handleActionsQuery);
  registerInitiative();
  registerTrackerDisplay();
}
