// The GM calls a rest. On the calling GM's client: which characters may take it now (R-REST-1 … 4, said at
// once with when they may), then each character's owner is asked in their own dialog (a query to that user,
// so the answer comes from that user's client and no other), at the same time and with one deadline; who
// does not answer in time gets the defaults (prompt.ts). Then the whole rest goes to the active GM through the
// relay (requester confirmed), which re-derives every number (apply.ts). Waiting for answers happens here,
// never inside the GM work queue, so breath rounds and other requests are not held up by a slow player.
import { restSettings } from "../../helpers/settings";
import { isRestType } from "../../rules";
import type { RestType } from "../../rules";
import { askActiveGM, unsettledPayload } from "../gm-relay";
import { REST_QUERY } from "./apply";
import type { RestReport, RestRequest } from "./types";
import { formatDuration, restTypeLabel } from "./card";
import { isHealersKit } from "./kits";
import { defaultAnswer, readAnswer } from "./prompt";
import type { RestAnswer, RestPrompt } from "./prompt";
import { characterData, windowOf } from "./state";

export interface CallRestOptions {
  type: RestType;
  /** The characters (actors or ids). */
  actors: (Actor.Implementation | string)[];
  /** A healer is there (R-REST-HEAL-2). */
  healer?: boolean;
  /** Ask the owners in their dialogs (default); false: use `answers` or the defaults. */
  ask?: boolean;
  /** Answers given by the GM or a macro, by actor id (they win over asking). */
  answers?: Record<string, Partial<RestAnswer>>;
  /** Seconds the owners have (default: the world setting). */
  answerSeconds?: number;
  /** The rest was interrupted by combat: it counts as not taken. */
  interrupted?: boolean;
  requestId?: string;
  /** The card is whispered to the calling GM only (the self-test): the table does not see it come and go. */
  private?: boolean;
}

/** The connected player who answers for a character: its assigned player, else its first owner by id. */
export function answeringUser(actor: Actor.Implementation): User.Implementation | null {
  const owners = (game.users!.contents as User.Implementation[]).filter((u) => u.active && !u.isGM && actor.testUserPermission(u, "OWNER")).sort((a, b) => a.id!.localeCompare(b.id!));
  return owners.find((u) => u.character?.id === actor.id) ?? owners[0] ?? null;
}

/** Asks one owner; null when the owner does not answer in time, closes the dialog or drops. */
async function ask(user: User.Implementation, prompt: RestPrompt): Promise<unknown> {
  try {
    return await user.query("flexRest", prompt, { timeout: prompt.seconds * 1000 });
  } catch (err) {
    console.info(`Flex | ${user.name} did not answer the rest in time: the defaults apply`, err);
    return null;
  }
}

/**
 * The same click: the same rest for the same characters. Not the answers, nor a healer ticked the second time: while
 * the first rest's outcome is unknown, any rest of that kind for that party is that rest again, never a second one.
 */
function restRetryKey(options: CallRestOptions): string {
  const ids = options.actors.map((a) => (typeof a === "string" ? a : a.id!)).sort();
  return JSON.stringify([options.type, ids]);
}

/** Sends the rest to the active GM; a retry of a click whose outcome is unknown goes out under the first id. */
async function sendRest(request: RestRequest, retryKey: string, requestId: string | undefined): Promise<RestReport | null> {
  const report = await askActiveGM<RestReport>(REST_QUERY, request, { requestId, retryKey });
  if (report?.cancelled) ui.notifications?.info(game.i18n!.localize("FLEX.Rest.Cancelled"));
  return report;
}

/** What a GM (or a macro) calls. Players are refused. Returns the active GM's report, or null. */
export async function callRest(options: CallRestOptions): Promise<RestReport | null> {
  const i18n = game.i18n!;
  if (!game.user?.isGM) {
    ui.notifications?.warn(i18n.localize("FLEX.Rest.GMOnly"));
    return null;
  }
  if (!isRestType(options.type)) throw new RangeError(`not a rest type: ${String(options.type)}`);
  const { type } = options;
  // The GM clicks again while the first rest's outcome is unknown (its GM dropped, another finishes it): the
  // same request goes out again, without asking the owners a second time, and finds the first task.
  const retryKey = restRetryKey(options);
  const earlier = options.requestId ? null : unsettledPayload(REST_QUERY, retryKey);
  if (earlier) return sendRest(earlier as RestRequest, retryKey, undefined);
  const now = game.time!.worldTime;
  const actors = options.actors
    .map((a) => (typeof a === "string" ? (game.actors!.get(a) as Actor.Implementation | undefined) : a))
    .filter((a): a is Actor.Implementation => !!characterData(a));
  // R-REST-1 … 4: who may rest now; the others are told when they may.
  const allowed: Actor.Implementation[] = [];
  for (const actor of actors) {
    // Decision (issue 25): the dead do not rest.
    if (actor.statuses.has("dead")) {
      ui.notifications?.warn(i18n.format("FLEX.Rest.Dead", { name: actor.name }));
      continue;
    }
    const window = windowOf(characterData(actor)!, type, now);
    if (window.allowed) allowed.push(actor);
    else ui.notifications?.warn(i18n.format("FLEX.Rest.Refused", { name: actor.name, type: restTypeLabel(type), wait: formatDuration((window.nextAt ?? now) - now) }));
  }
  if (!allowed.length) return null;

  // The owners' question has an id of its own: the request's id is never shown to another client.
  const promptId = foundry.utils.randomID();
  const seconds = Math.max(1, Math.min(3_600, options.answerSeconds ?? restSettings().answerSeconds));
  const kitCharges = allowed.flatMap((a) => a.items.filter(isHealersKit)).reduce((s, i) => s + Number((i.system as { ladungen?: { value?: number } }).ladungen?.value ?? 0), 0);
  const answers: Record<string, RestAnswer> = {};
  const defaulted: string[] = [];
  // Who answers for each character: its player, unless the GM (or a macro) answered or asking is off.
  const users = new Map(allowed.map((a) => [a, options.ask === false || options.answers?.[a.id!] ? null : answeringUser(a)]));
  const asking = allowed.filter((a) => users.get(a));
  if (asking.length) ui.notifications?.info(i18n.format("FLEX.Rest.Waiting", { names: asking.map((a) => a.name).join(", "), seconds: String(seconds) }));
  await Promise.all(
    allowed.map(async (actor) => {
      const given = options.answers?.[actor.id!];
      const user = users.get(actor) ?? null;
      const raw = given ?? (user ? await ask(user, { restId: promptId, type, actorId: actor.id!, healer: !!options.healer, kitCharges, seconds }) : null);
      // Asked and no answer, or no player to ask: the defaults, and the card says so (not when the GM chose them).
      if ((raw === null || raw === undefined) && options.ask !== false) defaulted.push(actor.id!);
      answers[actor.id!] = raw ? readAnswer({ ...defaultAnswer(type), ...(raw as object) }, type) : defaultAnswer(type);
    }),
  );
  const request: RestRequest = { type, actorIds: allowed.map((a) => a.id!), healer: !!options.healer, interrupted: !!options.interrupted, answers, defaulted, promptId: asking.length ? promptId : null, asked: asking.map((a) => a.id!), ...(options.private ? { private: true } : {}) };
  return sendRest(request, retryKey, options.requestId);
}
