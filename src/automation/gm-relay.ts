// CONFIG.queries.flex: work a player or another GM asks the active GM to do, so that exactly one client
// writes. Each feature registers its handler by type; every request runs in the GM work queue.
//
// Trust (ARCHITECTURE.md, "Trust model"): a query's payload can be forged by any player, and the handler learns
// nothing about its sender. So a request names its requester and its id, and the active GM asks that user's own
// client whether it sent exactly this request: the id *and* the digest of its type and payload. An id some
// other client has seen therefore carries nothing but what its sender asked for. Handlers then check what the
// confirmed requester may do and re-derive every number they can. Refusals are logged on the GM and counted
// per user; a user refused again and again is refused at once for a while.
//
// Answers are true: a timeout or a GM who drops says what is known (the task journal tells whether the request
// is done, on its way, or was never started), and a retry of the same action reuses its request id, so it is
// never carried out twice.
import { contentDigest } from "../helpers/digest";
import { clientLocal } from "../helpers/client-local";
import { hasTrustRow } from "./card-record/facts";
import type { FactOwner } from "./card-record/facts";
import { isClaimed, runOnGMQueue } from "./gm-queue";
import { resumeTasks, taskIdOf, taskState } from "./task-journal";
import { connected } from "./task-journal/presence";

export interface RelayContext {
  /** The user who sent the request, confirmed by that user's own client. */
  requester: User.Implementation;
  requestId: string;
  /** The request's type (with the id it names the GM task: `${type}:${requestId}`). */
  type: string;
}

type RelayHandler = (payload: Record<string, unknown>, context: RelayContext) => Promise<unknown>;

interface RelayMessage {
  type?: unknown;
  requestId?: unknown;
  requester?: unknown;
  payload?: unknown;
  digest?: unknown;
}

/** What the active GM answers instead of a result when it will not carry a request out. */
export interface Refusal {
  flexRefused: "unknown" | "notActiveGM" | "unconfirmed" | "malformed" | "forbidden" | "throttled" | "flooded" | "reload";
}

/** The request was carried out before (by this GM or another): its result went to the first asking. */
interface Done {
  flexDone: true;
}
/** The request is on its way: a GM holds it in the task journal and will finish it. */
interface Pending {
  flexPending: true;
}

const CONFIRM = "confirm";
const ID = /^[\w.:-]{1,100}$/;

const handlers = new Map<string, RelayHandler>();
// Types whose handlers journal every write (task-journal): with no record, a dropped GM wrote nothing.
const journalled = new Set<string>();
// This client's own requests waiting for an answer: id → digest of exactly what was sent.
const outgoing = clientLocal("relay.outgoing", () => new Map<string, string>());
// Requests whose outcome this client does not know (a timeout, a GM who dropped): retry key → request id, and
// what was sent, so that a click repeated before the outcome is known sends the same request again.
const unsettled = clientLocal("relay.unsettled", () => new Map<string, { id: string; at: number; payload: unknown }>());
// On the GM: when each confirmed user was last refused (an unconfirmed request's sender is unknown: not counted).
const refusals = clientLocal("relay.refusals", () => new Map<string, number[]>());
// On the GM: when a confirm query last brought no confirmation, whoever sent the request (audit N13).
const unconfirmedAt = clientLocal("relay.unconfirmed", () => ({ times: [] as number[] }));

/** An unsettled request is retried under its id for this long; after that the same click is a new request. */
const RETRY_MS = 10 * 60_000;

/**
 * Registers a request type; `journalled`: its handler writes only through a journalled task (runTask). A type needs
 * its row in the trust table (card-record/facts.ts), or its own `facts`, saying who owns each fact it reads: without
 * one it is not wired.
 */
export function registerRelay(type: string, handler: RelayHandler, { journalled: isJournalled = false, facts }: { journalled?: boolean; facts?: Record<string, FactOwner> } = {}): void {
  if (!hasTrustRow(type) && !facts) throw new Error(`Flex | the GM request "${type}" has no row in the trust table (automation/card-record/facts.ts)`);
  handlers.set(type, handler);
  if (isJournalled) journalled.add(type);
}

export function isRefusal(value: unknown): value is Refusal {
  return typeof value === "object" && value !== null && "flexRefused" in value;
}
const isDone = (value: unknown): value is Done => typeof value === "object" && value !== null && (value as Done).flexDone === true;
const isPending = (value: unknown): value is Pending => typeof value === "object" && value !== null && (value as Pending).flexPending === true;

/** A request refused by its handler: nothing was written; the GM's console says why. */
export function refuse(reason: Refusal["flexRefused"], why: string): Refusal {
  console.warn(`Flex | refused a request: ${why}`);
  return { flexRefused: reason };
}

/** The digest a sender and the GM compute of a request's content. */
const digestOf = (type: string, payload: unknown) => contentDigest({ type, payload });

/** Asks `user`'s own client whether it sent request `requestId` with exactly this content. */
async function confirmedBy(user: User.Implementation | undefined, requestId: string, digest: string): Promise<boolean> {
  if (!user?.active) return false;
  if (user.isSelf) return outgoing().get(requestId) === digest;
  try {
    return (await user.query("flex", { type: CONFIRM, requestId, digest }, { timeout: CONFIG.FLEX.confirmTimeout })) === true;
  } catch {
    return false;
  }
}

/** Whether a user has been refused too often lately; `add`: count one more refusal first. */
function refusedTooOften(userId: string, add: boolean): boolean {
  const { count: limit, seconds } = CONFIG.FLEX.refusalLimit;
  const now = Date.now();
  const recent = (refusals().get(userId) ?? []).filter((t) => now - t < seconds * 1000);
  if (add) recent.push(now);
  refusals().set(userId, recent);
  return recent.length >= limit;
}

/**
 * Whether unconfirmed requests came so often lately that another confirm query is not worth sending (audit N13):
 * a flood of forged requests then costs the GM no round trips. Global, since their sender is unknown; a real
 * requester refused meanwhile is told so ("flooded") and may try again.
 */
function confirmsThrottled(add: boolean): boolean {
  const { count: limit, seconds } = CONFIG.FLEX.unconfirmedLimit;
  const now = Date.now();
  const box = unconfirmedAt();
  box.times = box.times.filter((t) => now - t < seconds * 1000);
  if (add) box.times.push(now);
  return box.times.length >= limit;
}

/** The handler Foundry calls on the receiving client. */
export async function handleRelay(message: RelayMessage | Record<string, unknown>): Promise<unknown> {
  const data: RelayMessage = message ?? {};
  const requestId = typeof data.requestId === "string" && ID.test(data.requestId) ? data.requestId : null;
  if (data.type === CONFIRM) return requestId !== null && typeof data.digest === "string" && outgoing().get(requestId) === data.digest;
  const type = String(data.type);
  const handler = handlers.get(type);
  if (!handler) return refuse("unknown", `unknown request type "${type}"`);
  if (!game.users!.activeGM?.isSelf) return refuse("notActiveGM", `"${type}" reached a client that is not the active GM`);
  // Back after a dropped socket without a reload: this GM's copy of the world may be stale (presence.ts).
  if (!connected()) return refuse("reload", `"${type}" reached the active GM, whose connection dropped since it loaded`);
  const payload = data.payload;
  if (!requestId || typeof payload !== "object" || payload === null || Array.isArray(payload)) return refuse("malformed", `malformed "${type}" request`);
  const requester = game.users!.get(String(data.requester)) as User.Implementation | undefined;
  // Only a confirm that needs a query costs the GM a round trip; its own requests it checks at once.
  const costly = !!requester?.active && !requester.isSelf;
  if (costly && confirmsThrottled(false)) return refuse("flooded", `"${type}" ${requestId}: too many unconfirmed requests lately; no confirm query sent`);
  if (!(await confirmedBy(requester, requestId, digestOf(type, payload)))) {
    // The sender is unknown (not the user it named), so this is logged, never counted against the named user.
    if (costly) confirmsThrottled(true);
    return refuse("unconfirmed", `"${type}" ${requestId}: ${requester?.name ?? "an unknown user"} did not confirm sending it with this content`);
  }
  if (refusedTooOften(requester!.id!, false)) return refuse("throttled", `"${type}" ${requestId}: ${requester!.name} was refused too often lately`);
  const taskId = taskIdOf(type, requestId);
  // A request this GM has not queued may be one another GM journalled: never planned a second time.
  if (!isClaimed(taskId)) {
    const known = taskState(taskId);
    if (known === "done") return { flexDone: true } satisfies Done;
    if (known === "open") {
      void resumeTasks();
      return { flexPending: true } satisfies Pending;
    }
  }
  const answer = await runOnGMQueue(taskId, () => handler(payload as Record<string, unknown>, { requester: requester!, requestId, type }));
  if (isRefusal(answer)) refusedTooOften(requester!.id!, true);
  return answer;
}

const NOTICE: Record<Refusal["flexRefused"], string> = {
  unknown: "FLEX.Query.Failed",
  notActiveGM: "FLEX.Query.GMChanged",
  unconfirmed: "FLEX.Query.Failed",
  malformed: "FLEX.Query.Failed",
  forbidden: "FLEX.Query.Forbidden",
  throttled: "FLEX.Query.Throttled",
  flooded: "FLEX.Query.Flooded",
  reload: "FLEX.Query.Reload",
};

type NoAnswer = "timeout" | "dropped" | "error";
const NO_ANSWER: Record<NoAnswer, string> = { timeout: "FLEX.Query.Timeout", dropped: "FLEX.Query.Dropped", error: "FLEX.Query.Error" };

/** Why a query brought no answer: the GM dropped out, the wait ran out, or the GM's handler failed. */
function noAnswer(gm: User.Implementation, err: unknown): NoAnswer {
  if (!gm.active) return "dropped";
  return err instanceof Error && /time/i.test(err.message) ? "timeout" : "error";
}

/** What this client says when it has no answer: the journal tells what became of the request, if it knows. */
function tellUnknown(type: string, requestId: string, why: NoAnswer): void {
  const state = taskState(taskIdOf(type, requestId));
  // A journalled request leaves its record before its first write: without one, a GM who dropped wrote nothing.
  const notDone = why === "dropped" && journalled.has(type);
  const key = state === "done" ? "FLEX.Query.Done" : state === "open" ? "FLEX.Query.Pending" : notDone ? "FLEX.Query.NotDone" : NO_ANSWER[why];
  ui.notifications?.[state === "done" ? "info" : "warn"](game.i18n!.localize(key));
}

export interface AskOptions {
  /** The request's id (a dialog that makes one per opening); else a new one, or the one of an unsettled retry. */
  requestId?: string;
  /** What makes a later call the same action again (default: the same type and payload). */
  retryKey?: string;
}

/** The earlier request of the same action whose outcome this client does not know yet, if any (and still retried). */
function unsettledOf(retry: string): { id: string; at: number; payload: unknown } | null {
  const earlier = unsettled().get(retry);
  return earlier && Date.now() - earlier.at < RETRY_MS ? earlier : null;
}

/**
 * What this client sent for the action `retryKey` of `type` while its outcome is still unknown (a timeout, a GM
 * who dropped, a task another GM is finishing), or null. A caller that asks people before it sends (a rest's
 * questions) sends this again instead, so that the retry is the same request and finds the first task.
 */
export function unsettledPayload(type: string, retryKey: string): object | null {
  const earlier = unsettledOf(`${type}:${retryKey}`);
  return earlier ? (JSON.parse(JSON.stringify(earlier.payload)) as object) : null;
}

/**
 * Runs `type` on the active GM's client: in this client's queue when that is this client, else through a
 * query. With no GM online, a refusal, a timeout or a dropped GM it says so truthfully on this client and
 * returns null; the same action asked again while its outcome is unknown goes out under the same id.
 */
export async function askActiveGM<T>(type: string, payload: object, { requestId, retryKey }: AskOptions = {}): Promise<T | null> {
  const gm = game.users!.activeGM;
  if (!gm) {
    ui.notifications?.warn(game.i18n!.localize("FLEX.Query.NoGM"));
    return null;
  }
  // The digest of the payload as it arrives (through JSON): what the GM will compute from it.
  const digest = digestOf(type, JSON.parse(JSON.stringify(payload ?? null)) as unknown);
  const retry = `${type}:${retryKey ?? digest}`;
  const open = unsettled();
  const id = requestId ?? unsettledOf(retry)?.id ?? foundry.utils.randomID();
  const mine = outgoing();
  mine.set(id, digest);
  let answer: unknown;
  try {
    const message = { type, requestId: id, requester: game.user!.id, payload };
    answer = gm.isSelf
      ? await handleRelay(JSON.parse(JSON.stringify(message)) as RelayMessage)
      : await gm.query("flex", message, { timeout: CONFIG.FLEX.queryTimeout });
  } catch (err) {
    console.warn(`Flex | request "${type}" to the GM got no answer`, err);
    open.set(retry, { id, at: Date.now(), payload });
    tellUnknown(type, id, noAnswer(gm, err));
    return null;
  } finally {
    mine.delete(id);
  }
  if (isPending(answer)) {
    open.set(retry, { id, at: Date.now(), payload });
    ui.notifications?.warn(game.i18n!.localize("FLEX.Query.Pending"));
    return null;
  }
  open.delete(retry);
  if (isDone(answer)) {
    ui.notifications?.info(game.i18n!.localize("FLEX.Query.Done"));
    return null;
  }
  if (isRefusal(answer)) {
    ui.notifications?.warn(game.i18n!.localize(NOTICE[answer.flexRefused] ?? "FLEX.Query.Failed"));
    return null;
  }
  return answer as T;
}

/** Registers Flex's query handler with Foundry. */
export function registerRelayHandler(): void {
  CONFIG.queries.flex = handleRelay;
}
