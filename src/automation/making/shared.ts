// What every making-and-earning request shares: who may ask for what, the purse of a character, the ledger of
// payments on the actor (the mark lives on the document whose money changes, in the same write), world time.
import { CharacterData } from "../../data/actor/character";
import { LIMITS } from "../../data/fields";
import { currencyLabel, playersAdvanceTime } from "../../helpers/settings";
import { documentFromUuid } from "../../helpers/uuid";
import { DAY, HOUR, payFrom, receive } from "../../rules";
import type { TaskStep } from "../task-journal";

/** Payments each actor remembers (latest last); an older one is long settled on its document. */
const LEDGER_KEPT = 200;

/** Why a request was not carried out; the requester is told in its own language (FLEX.Making.Refused.<reason>). */
export type MakingRefusal =
  | "funds"
  | "noPurse"
  | "noTarget"
  | "noTalent"
  | "notPaid"
  | "complete"
  | "sown"
  | "fallow"
  | "notReady"
  | "bonus"
  | "dead"
  | "unreachable";

export interface Refused {
  ok: false;
  reason: MakingRefusal;
  /** "funds": how much is missing, and what it would have cost. */
  missing?: number;
  cost?: number;
  /** "notReady": days until the harvest. */
  daysLeft?: number;
  /** "unreachable": the highest EW the check can reach, and the SW it must meet. */
  max?: number;
  sw?: number;
}

export const refused = (reason: MakingRefusal, extra: Omit<Refused, "ok" | "reason"> = {}): Refused => ({ ok: false, reason, ...extra });

export function isRefused(value: unknown): value is Refused {
  return typeof value === "object" && value !== null && (value as { ok?: unknown }).ok === false && typeof (value as { reason?: unknown }).reason === "string";
}

/** Decision (issue 25): the dead do not work, craft, sow, harvest or take a reward. */
export const isDead = (actor: Actor.Implementation): boolean => actor.statuses.has("dead");

/** The user may act for this actor (its owner, or a GM). */
export function mayActFor(user: User.Implementation, actor: Actor.Implementation): boolean {
  return actor.testUserPermission(user, "OWNER");
}

/** An owned item of `type` from a uuid a request brought; null for anything else. */
export function ownedItem(uuid: unknown, type: "project" | "plot"): Item.Implementation | null {
  const doc = documentFromUuid(uuid) as { documentName?: string; type?: string; actor?: Actor.Implementation | null } | null;
  if (doc?.documentName !== "Item" || doc.type !== type || !doc.actor) return null;
  return doc as Item.Implementation;
}

/** The money of a character (only characters carry a purse); null for any other actor. */
export function purseOf(actor: Actor.Implementation): number | null {
  return actor.system instanceof CharacterData ? actor.system.geld : null;
}

export function ledgerOf(actor: Actor.Implementation): string[] {
  const raw = actor.getFlag("flex", "ledger");
  return Array.isArray(raw) ? raw.filter((k): k is string => typeof k === "string") : [];
}

export const ledgerHas = (actor: Actor.Implementation, key: string) => ledgerOf(actor).includes(key);

/** The ledger with `key` added (once, latest last). */
export function ledgerWith(actor: Actor.Implementation, key: string): string[] {
  return [...ledgerOf(actor).filter((k) => k !== key), key].slice(-LEDGER_KEPT);
}

/** The update of a payment with its mark: money and ledger in the one write. Refused when the money is short. */
export function paymentChanges(actor: Actor.Implementation, cost: number, key: string): { changes: Record<string, unknown>; balance: number } | Refused {
  const purse = purseOf(actor);
  if (purse === null) return refused("noPurse");
  const paid = payFrom(purse, cost);
  if (!paid.ok) return refused("funds", { missing: paid.missing, cost: Math.ceil(cost) });
  return { changes: { "system.geld": paid.balance, "flags.flex.ledger": ledgerWith(actor, key) }, balance: paid.balance };
}

/** The update of money received with its mark, held to the largest purse. */
export function incomeChanges(actor: Actor.Implementation, amount: number, key: string): { changes: Record<string, unknown>; balance: number } | Refused {
  const purse = purseOf(actor);
  if (purse === null) return refused("noPurse");
  const balance = receive(purse, amount, LIMITS.geld);
  return { changes: { "system.geld": balance, "flags.flex.ledger": ledgerWith(actor, key) }, balance };
}

/** The item on the actor a request made, found by the mark it was created with. */
export function madeItems(actor: Actor.Implementation, key: string): Item.Implementation[] {
  return actor.items.filter((i) => i.getFlag("flex", "madeBy") === key);
}

// World time ---------------------------------------------------------------------------------------------

export function worldNow(): number {
  const t = game.time?.worldTime;
  return typeof t === "number" && Number.isFinite(t) ? t : 0;
}

/** A day of world time for every rule: 24 hours whatever the calendar (Decision 2026-12-01, time). */
export function secondsPerDay(): number {
  return DAY;
}

/** An hour of world time (the same decision). */
export function secondsPerHour(): number {
  return HOUR;
}

/** A world time as the calendar writes it; "Tag n" (the n-th day of the world) without a calendar. */
export function formatWorldTime(time: number): string {
  try {
    // The Flex date (integrations/calendar/format.ts, registered by name in CONFIG.time.formatters, which the types
    // list only with core's names); a calendar module may write its own.
    const calendar = game.time?.calendar as { format(time: number, formatter: string): string } | undefined;
    const text = calendar?.format(time, "flexDate");
    if (typeof text === "string" && text) return text;
  } catch {
    // no calendar on this client: the day count below
  }
  return game.i18n!.format("FLEX.Making.Day", { day: String(Math.floor(time / secondsPerDay()) + 1) });
}

/**
 * The world clock moved on after a piece of work, as a step of the GM's task (only the GM writes time): nothing
 * when the work took no time or a player asked while the world does not let players move the clock.
 */
export function timeAfterWork(requester: User.Implementation, seconds: number, wanted: unknown): Extract<TaskStep, { kind: "time" }> | null {
  if (wanted !== true || !(seconds > 0) || !Number.isFinite(seconds)) return null;
  if (!requester.isGM && !playersAdvanceTime()) return null;
  return { kind: "time", from: worldNow(), seconds };
}

/** The speaker of a card about an actor. */
export const speakerOf = (actor: Actor.Implementation) => ChatMessage.getSpeaker({ actor });

/** The label of the world's currency (¥ by default). */
export const currency = currencyLabel;

/** A whole number from a request, within min..max; the fallback for anything else. */
export function requestInt(value: unknown, min: number, max: number, fallback: number): number {
  const n = typeof value === "number" ? value : typeof value === "string" && value.trim() ? Number(value) : Number.NaN;
  return Number.isFinite(n) ? Math.min(max, Math.max(min, Math.trunc(n))) : fallback;
}
