// CONFIG.queries.flex: work a player or another GM asks the active GM to do, so that exactly one client
// writes. Each feature registers its handler by type; every request runs in the GM work queue.
//
// Trust: a query's payload can be forged by any player, and the handler learns nothing about its sender.
// So a request names its requester and its id, and the active GM asks that user's own client whether it
// really sent that id (the server routes the question to that user only, so a player cannot answer for a
// GM). Handlers then check what the verified requester may do and re-derive every number they can.
import { clientLocal } from "../helpers/client-local";
import { runOnGMQueue } from "./gm-queue";

export interface RelayContext {
  /** The user who sent the request, confirmed by that user's own client. */
  requester: User.Implementation;
  requestId: string;
}

type RelayHandler = (payload: Record<string, unknown>, context: RelayContext) => Promise<unknown>;

interface RelayMessage {
  type?: unknown;
  requestId?: unknown;
  requester?: unknown;
  payload?: unknown;
}

/** What the active GM answers instead of a result when it will not carry a request out. */
export interface Refusal {
  flexRefused: "unknown" | "notActiveGM" | "unconfirmed" | "malformed" | "forbidden";
}

const CONFIRM = "confirm";
const ID = /^[\w.:-]{1,100}$/;

const handlers = new Map<string, RelayHandler>();
// The ids of this client's own requests still waiting for an answer.
const outgoing = clientLocal("relay.outgoing", () => new Set<string>());

export function registerRelay(type: string, handler: RelayHandler): void {
  handlers.set(type, handler);
}

export function isRefusal(value: unknown): value is Refusal {
  return typeof value === "object" && value !== null && "flexRefused" in value;
}

/** A request refused by its handler: nothing was written; the GM's console says why. */
export function refuse(reason: Refusal["flexRefused"], why: string): Refusal {
  console.warn(`Flex | refused a request: ${why}`);
  return { flexRefused: reason };
}

/** Asks `user`'s own client whether it sent request `requestId`. */
async function confirmedBy(user: User.Implementation | undefined, requestId: string): Promise<boolean> {
  if (!user?.active) return false;
  if (user.isSelf) return outgoing().has(requestId);
  try {
    return (await user.query("flex", { type: CONFIRM, requestId }, { timeout: CONFIG.FLEX.confirmTimeout })) === true;
  } catch {
    return false;
  }
}

/** The handler Foundry calls on the receiving client. */
export async function handleRelay(message: RelayMessage | Record<string, unknown>): Promise<unknown> {
  const data: RelayMessage = message ?? {};
  const requestId = typeof data.requestId === "string" && ID.test(data.requestId) ? data.requestId : null;
  if (data.type === CONFIRM) return requestId !== null && outgoing().has(requestId);
  const type = String(data.type);
  const handler = handlers.get(type);
  if (!handler) return refuse("unknown", `unknown request type "${type}"`);
  if (!game.users!.activeGM?.isSelf) return refuse("notActiveGM", `"${type}" reached a client that is not the active GM`);
  const payload = data.payload;
  if (!requestId || typeof payload !== "object" || payload === null || Array.isArray(payload)) return refuse("malformed", `malformed "${type}" request`);
  const requester = game.users!.get(String(data.requester)) as User.Implementation | undefined;
  if (!(await confirmedBy(requester, requestId))) return refuse("unconfirmed", `"${type}" ${requestId}: its sender did not confirm it`);
  return runOnGMQueue(`${type}:${requestId}`, () => handler(payload as Record<string, unknown>, { requester: requester!, requestId }));
}

const NOTICE: Record<Refusal["flexRefused"], string> = {
  unknown: "FLEX.Query.Failed",
  notActiveGM: "FLEX.Query.GMChanged",
  unconfirmed: "FLEX.Query.Failed",
  malformed: "FLEX.Query.Failed",
  forbidden: "FLEX.Query.Forbidden",
};

/**
 * Runs `type` on the active GM's client: in this client's queue when that is this client, else through a
 * query. With no GM online, a timeout, a dropped GM or a refusal it says so on this client and returns null.
 */
export async function askActiveGM<T>(type: string, payload: object, { requestId = foundry.utils.randomID() }: { requestId?: string } = {}): Promise<T | null> {
  const gm = game.users!.activeGM;
  if (!gm) {
    ui.notifications?.warn(game.i18n!.localize("FLEX.Query.NoGM"));
    return null;
  }
  const mine = outgoing();
  mine.add(requestId);
  let answer: unknown;
  try {
    const message = { type, requestId, requester: game.user!.id, payload };
    answer = gm.isSelf
      ? await handleRelay(JSON.parse(JSON.stringify(message)) as RelayMessage)
      : await gm.query("flex", message, { timeout: CONFIG.FLEX.queryTimeout });
  } catch (err) {
    console.warn(`Flex | request "${type}" to the GM failed`, err);
    const timedOut = err instanceof Error && /time/i.test(err.message);
    ui.notifications?.warn(game.i18n!.localize(timedOut ? "FLEX.Query.Timeout" : "FLEX.Query.Failed"));
    return null;
  } finally {
    mine.delete(requestId);
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
