// What the GM asks each character's owner before a rest, and what the owner answers. Answers cross a socket
// from a player's browser, so they are read as untrusted data: anything unusable becomes the default, and
// the active GM re-derives every number from the documents anyway (apply.ts).
import { isRestTalent, isRestType, REST_ACTIVITIES } from "../../rules";
import type { DowntimePick, RestActivity, RestTalentId, RestType } from "../../rules";

/** The question the GM's client sends a character's owner (CONFIG.queries.flexRest). */
export interface RestPrompt {
  restId: string;
  type: RestType;
  actorId: string;
  /** A healer is there (the GM says so when calling the rest): hit dice need no kit charge. */
  healer: boolean;
  /** Healer's-kit charges the resting characters carry between them. */
  kitCharges: number;
  /** How long the owner has to answer. */
  seconds: number;
}

/** One character's choices for a rest. */
export interface RestAnswer {
  /** R-REST-TAL: declared at a breather or a short rest; null for none. */
  talent: RestTalentId | null;
  /** R-REST-1 … 3: hit dice to spend (the GM clamps to what the rest and the character allow). */
  hitDice: number;
  /** R-REST-4: kit charges for a full rest's healing. Other rests take one charge whenever hit dice are spent. */
  kit: boolean;
  /** R-REST-ACT-1: what the character did during the rest. */
  activity: RestActivity;
  /** R-DOWN-1 / R-DOWN-2: downtime activities, in the order chosen. */
  downtime: DowntimePick[];
}

/**
 * The answer of a player who does not answer in time (or closes the dialog): no talent, no hit dice, light
 * activity, no downtime; for a full rest the kit is used for its healing (the point of a full rest).
 */
export function defaultAnswer(type: RestType): RestAnswer {
  return { talent: null, hitDice: 0, kit: type === "fullRest", activity: "light", downtime: [] };
}

const MAX_PICKS = 30;
const TEXT = /^[\w-]{1,40}$/;

function readPick(raw: unknown): DowntimePick | null {
  if (!raw || typeof raw !== "object") return null;
  const r = raw as Record<string, unknown>;
  if (typeof r.id !== "string" || !TEXT.test(r.id)) return null;
  const pick: DowntimePick = { id: r.id };
  if (typeof r.variant === "string" && TEXT.test(r.variant)) pick.variant = r.variant;
  const amount = typeof r.amount === "string" && r.amount.trim() ? Number(r.amount) : r.amount;
  if (typeof amount === "number" && Number.isFinite(amount)) pick.amount = Math.max(0, Math.min(1e9, Math.floor(amount)));
  // Ausbildung: what the player names as learnt and the teacher (plain text, shortened by the rule).
  for (const key of ["was", "lehrer"] as const) if (typeof r[key] === "string" && r[key].trim()) pick[key] = r[key].trim().slice(0, 60);
  return pick;
}

/** An answer from anywhere (a player's client, a macro) as a usable RestAnswer; unusable parts are the defaults. */
export function readAnswer(raw: unknown, type: RestType): RestAnswer {
  const base = defaultAnswer(type);
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) return base;
  const r = raw as Record<string, unknown>;
  const dice = typeof r.hitDice === "string" && r.hitDice.trim() ? Number(r.hitDice) : r.hitDice;
  return {
    talent: isRestTalent(r.talent) ? r.talent : null,
    hitDice: typeof dice === "number" && Number.isFinite(dice) ? Math.max(0, Math.min(99, Math.floor(dice))) : 0,
    kit: typeof r.kit === "boolean" ? r.kit : base.kit,
    activity: (REST_ACTIVITIES as readonly unknown[]).includes(r.activity) ? (r.activity as RestActivity) : base.activity,
    downtime: Array.isArray(r.downtime) ? r.downtime.slice(0, MAX_PICKS).map(readPick).filter((p): p is DowntimePick => p !== null) : [],
  };
}

/** A prompt from the socket, or null when it is not one (a forged query opens nothing). */
export function readPrompt(raw: unknown): RestPrompt | null {
  if (!raw || typeof raw !== "object") return null;
  const r = raw as Record<string, unknown>;
  if (typeof r.restId !== "string" || !/^[\w.:-]{1,100}$/.test(r.restId) || typeof r.actorId !== "string" || !isRestType(r.type)) return null;
  const n = (v: unknown, max: number) => (typeof v === "number" && Number.isFinite(v) ? Math.max(0, Math.min(max, Math.floor(v))) : 0);
  return { restId: r.restId, type: r.type, actorId: r.actorId, healer: r.healer === true, kitCharges: n(r.kitCharges, 99_999), seconds: n(r.seconds, 3_600) };
}
