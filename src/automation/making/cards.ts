// The chat cards of making and earning: every payment, cost, roll and notice is on one card per action.
import { askActiveGM } from "../gm-relay";
import { audienceFor, rollModeOr } from "../../helpers/roll-mode";
import type { CardAudience } from "../../helpers/roll-mode";
import { cardStep } from "../task-journal";
import type { TaskStep } from "../task-journal";
import { currency, isRefused, type Refused } from "./shared";

export const CRAFT_CARD = "systems/flex/templates/chat/craft-card.hbs";
export const FIELD_CARD = "systems/flex/templates/chat/field-card.hbs";
export const WORK_CARD = "systems/flex/templates/chat/work-card.hbs";
export const REWARD_CARD = "systems/flex/templates/chat/reward-card.hbs";

export interface CardOptions {
  speaker: ReturnType<typeof ChatMessage.getSpeaker>;
  rolls?: Roll[];
  /** Only these users see it (a notice to an owner). */
  whisper?: string[];
  /** The requester's roll mode, sent with its request. */
  rollMode?: unknown;
  /** Whose request the card answers (server-verified): the card goes to whom that user's roll mode says. */
  requester?: User.Implementation;
  /** What the card recorded, under flags.flex.making. */
  record: Record<string, unknown>;
}

/** A notice to named users goes to them; any other card to whom its requester's roll mode says. */
const audienceOf = (options: CardOptions): CardAudience => (options.whisper ? { data: { whisper: options.whisper } } : audienceFor(options.rollMode, options.requester));

async function cardData(template: string, data: Record<string, unknown>, { speaker, rolls = [], record }: CardOptions, audience: CardAudience) {
  const content = await foundry.applications.handlebars.renderTemplate(template, { currency: currency(), ...data });
  return {
    speaker,
    content,
    ...(rolls.length ? { rolls, sound: CONFIG.sounds.dice ?? null } : {}),
    ...audience.data,
    flags: { flex: { making: record } },
  };
}

/** Renders `template` with the data (plus the currency) and posts it; returns the message id. */
export async function postCard(template: string, data: Record<string, unknown>, options: CardOptions): Promise<string | null> {
  const audience = audienceOf(options);
  const messageData = await cardData(template, data, options, audience);
  const message = (await ChatMessage.create(messageData, audience.rollMode ? { rollMode: audience.rollMode } : {})) as ChatMessage.Implementation | undefined;
  return message?.id ?? null;
}

/** The same card as a step of a GM task (posted when the task runs, with its id chosen now). */
export async function planCard(template: string, data: Record<string, unknown>, options: CardOptions): Promise<Extract<TaskStep, { kind: "message" }>> {
  const audience = audienceOf(options);
  return cardStep(await cardData(template, data, options, audience), audience.rollMode);
}

/** Tells this client's user why a request was not carried out (in their language). */
export function notifyRefusal(answer: Refused): void {
  const data = { missing: String(answer.missing ?? 0), cost: String(answer.cost ?? 0), currency: currency(), days: String(answer.daysLeft ?? 0), max: String(answer.max ?? 0), sw: String(answer.sw ?? 0) };
  ui.notifications?.warn(game.i18n!.format(`FLEX.Making.Refused.${answer.reason}`, data));
}

/**
 * Sends a making request to the active GM (this client's own queue when that is this client). A refusal of
 * the request itself (no GM, forbidden, …) is told by the relay; a refusal of the work (money short, not yet
 * ripe, …) here. Returns the GM's answer, or null when there is none.
 */
export async function askMaking<T extends { ok: true }>(type: string, payload: Record<string, unknown>): Promise<T | Refused | null> {
  // The requester's roll mode travels with its request: the GM's client makes the card for it.
  const answer = await askActiveGM<T | Refused>(type, { rollMode: rollModeOr(undefined), ...payload });
  if (isRefused(answer)) notifyRefusal(answer);
  return answer;
}
