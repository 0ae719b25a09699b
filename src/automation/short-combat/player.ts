// A player's part in a short combat, on the player's own client: spend Fluss before rolling (R-SHORT-5), roll the
// Kampfart or Zauberschule (R-SHORT-2) as a check card of their own, use Alchemika after rolling (R-SHORT-6), and
// tell the active GM, who reads what was really spent from the character and its items. What was spent is marked
// on the document that changed, in the same write (the Fluss on the character, each Alchemikum on its item), so
// nothing is spent twice: a double click finds the mark, or is the same claimed task.
import { clientLocal } from "../../helpers/client-local";
import { alchemikumCounts, consumeOne, spendFluss } from "../../rules";
import { resolveActor } from "../actor-ref";
import { runOnGMQueue } from "../gm-queue";
import { askActiveGM } from "../gm-relay";
import { combatTalents } from "./checks";
import { recordStrongest, shortCombatOf } from "./record";
import type { ShortCharacterRow, ShortCombatRecord } from "./record";

export const SHORT_REPORT = "shortCombatReport";

export type ShortPlayerStatus = "rolled" | "used" | "reported" | "already" | "closed" | "notOwner" | "noFluss" | "noRoll" | "tooWeak" | "empty" | "busy" | "missing" | "refused" | "noGM";

/** What a character keeps for one short combat: the Fluss spent before its roll and its roll's card. */
export interface ActorShortMark {
  fluss: number;
  roll: string | null;
}

/** Short combats remembered on a character or an item; older marks go when a new one is written. */
const KEPT = 5;

export function actorShortMark(actor: Actor.Implementation, id: string): ActorShortMark | null {
  const marks = actor.getFlag("flex", "shortCombat");
  const mark = marks && typeof marks === "object" ? (marks as Record<string, unknown>)[id] : null;
  if (!mark || typeof mark !== "object") return null;
  const { fluss, roll } = mark as Record<string, unknown>;
  return { fluss: Number.isFinite(fluss) ? Math.max(0, Math.trunc(Number(fluss))) : 0, roll: typeof roll === "string" ? roll : null };
}

/** R-SHORT-6: how many of this Alchemikum were used in the short combat `id`. */
export function itemShortCount(item: Item.Implementation, id: string): number {
  const marks = item.getFlag("flex", "shortCombat");
  const n = marks && typeof marks === "object" ? Number((marks as Record<string, unknown>)[id]) : 0;
  return Number.isFinite(n) && n > 0 ? Math.trunc(n) : 0;
}

/** Deletions of the oldest short-combat marks on a document, so that with the new one at most KEPT remain. */
function pruned(marks: unknown, id: string): Record<string, null> {
  if (!marks || typeof marks !== "object") return {};
  const others = Object.keys(marks).filter((k) => k !== id);
  return Object.fromEntries(others.slice(0, Math.max(0, others.length - (KEPT - 1))).map((k) => [`flags.flex.shortCombat.-=${k}`, null]));
}

const busy = clientLocal("shortCombat.busy", () => new Set<string>());

const warn = (key: string, data: Record<string, string> = {}) => void ui.notifications?.warn(game.i18n!.format(key, data));

interface Found {
  record: ShortCombatRecord;
  row: ShortCharacterRow;
  actor: Actor.Implementation;
}

/** The character row `key` on this card, if this user may act for it in an open short combat (else says why). */
function mine(message: ChatMessage.Implementation, key: string): Found | ShortPlayerStatus {
  const record = shortCombatOf(message);
  const row = record?.characters.find((r) => r.key === key);
  const actor = row ? resolveActor(row.ref) : null;
  if (!record || !row || !actor) return "missing";
  if (!actor.isOwner) {
    warn("FLEX.Check.NotOwner", { name: actor.name });
    return "notOwner";
  }
  if (record.status !== "open") {
    warn("FLEX.ShortCombat.Closed");
    return "closed";
  }
  if (!game.users!.activeGM) {
    warn("FLEX.Query.NoGM");
    return "noGM";
  }
  return { record, row, actor };
}

/** Runs `work` once at a time per `lock` on this client; a click while it runs is refused (no double spending). */
async function once(lock: string, work: () => Promise<ShortPlayerStatus>): Promise<ShortPlayerStatus> {
  const running = busy();
  if (running.has(lock)) return "busy";
  running.add(lock);
  try {
    return await runOnGMQueue(`${lock}:${foundry.utils.randomID()}`, work);
  } finally {
    running.delete(lock);
  }
}

/** Tells the active GM to read this character's roll and spending again. */
export async function reportShortCombat(message: ChatMessage.Implementation, key: string): Promise<ShortPlayerStatus> {
  const reply = await askActiveGM<{ status: ShortPlayerStatus }>(SHORT_REPORT, { messageId: message.id, key });
  return reply?.status ?? "noGM";
}

export interface ShortRollChoice {
  /** The Kampfart or Zauberschule (item id); omitted: the best one. */
  talent?: string | null;
  /** R-SHORT-5: how many +1 EW to buy with Fluss before rolling (4 Fluss each). */
  steps?: number;
}

/**
 * R-SHORT-2 / R-SHORT-5: the player's roll for their character `key`: first the Fluss (one write, marked on the
 * character), then the check card, then the GM is told. Runs once: a second click finds it done.
 */
export async function rollInShortCombat(message: ChatMessage.Implementation, key: string, { talent = null, steps = 0 }: ShortRollChoice = {}): Promise<ShortPlayerStatus> {
  const found = mine(message, key);
  if (typeof found === "string") return found;
  const { record, row, actor } = found;
  if (row.roll) {
    warn("FLEX.ShortCombat.AlreadyRolled", { name: actor.name });
    return "already";
  }
  const fluss = () => (actor.system as { fluss?: { value?: number } }).fluss?.value ?? 0;
  const wanted = Math.max(0, Math.trunc(Number(steps) || 0));
  if (!actorShortMark(actor, record.id) && !spendFluss(fluss(), wanted).allowed) {
    warn("FLEX.ShortCombat.NoFluss", { name: actor.name, need: String(wanted * 4), fluss: String(fluss()) });
    return "noFluss";
  }
  return once(`shortRoll:${record.id}:${key}`, async () => {
    // Read again inside the queue: an earlier click may have spent and rolled already.
    if (!actorShortMark(actor, record.id)) {
      const spend = spendFluss(fluss(), wanted);
      if (!spend.allowed) return "noFluss";
      const changes: Record<string, unknown> = { [`flags.flex.shortCombat.${record.id}`]: { fluss: spend.spent, roll: null }, ...pruned(actor.getFlag("flex", "shortCombat"), record.id) };
      if (spend.spent > 0) changes["system.fluss.value"] = spend.fluss;
      await actor.update(changes);
    }
    const mark = actorShortMark(actor, record.id);
    if (!mark?.roll || !game.messages!.get(mark.roll)) {
      const talents = combatTalents(actor);
      const chosen = talents.find((t) => t.id === talent) ?? talents[0];
      const notes = [game.i18n!.localize("FLEX.ShortCombat.Title")];
      const outcome = await actor.rollCheck(chosen ? { talent: chosen.id, notes } : { attribute: "ge", notes: [...notes, game.i18n!.format("FLEX.ShortCombat.Bare", { name: actor.name })] });
      if (!outcome?.message) return "missing";
      const changes: Record<string, unknown> = { [`flags.flex.shortCombat.${record.id}.roll`]: outcome.message.id };
      await actor.update(changes);
    }
    const reported = await reportShortCombat(message, key);
    return reported === "reported" ? "rolled" : reported;
  });
}

/** R-SHORT-6: the Alchemika this character may use in this short combat, and whether each counts. */
export function alchemikaFor(actor: Actor.Implementation, record: ShortCombatRecord): { id: string; name: string; img: string; stufe: number; menge: number; used: number; counts: boolean }[] {
  const strongest = recordStrongest(record);
  return actor.items.contents
    .filter((i) => i.type === "alchemical")
    .map((i) => {
      const sys = i.system as { stufe?: number; menge?: number };
      const stufe = Number(sys.stufe) || 0;
      return { id: i.id!, name: i.name, img: i.img ?? "", stufe, menge: Number(sys.menge) || 0, used: itemShortCount(i, record.id), counts: alchemikumCounts(stufe, strongest) };
    });
}

/**
 * R-SHORT-6: after rolling, before the result, the player uses one Alchemikum: one of its Menge goes, marked on the
 * item in the same write (R-CORE-15), and the GM is told. Refused when it is too weak for these enemies.
 */
export async function useAlchemikumInShortCombat(message: ChatMessage.Implementation, key: string, itemId: string): Promise<ShortPlayerStatus> {
  const found = mine(message, key);
  if (typeof found === "string") return found;
  const { record, row, actor } = found;
  if (!row.roll && !actorShortMark(actor, record.id)?.roll) {
    warn("FLEX.ShortCombat.RollFirst", { name: actor.name });
    return "noRoll";
  }
  const item = actor.items.get(itemId);
  if (!item || item.type !== "alchemical") return "missing";
  const stufe = Number((item.system as { stufe?: number }).stufe) || 0;
  if (!alchemikumCounts(stufe, recordStrongest(record))) {
    warn("FLEX.ShortCombat.TooWeak", { item: item.name, stufe: String(stufe), strongest: String(recordStrongest(record)) });
    return "tooWeak";
  }
  const used = itemShortCount(item, record.id);
  // Claimed by what the click saw: two clicks on the same state use one Alchemikum.
  return runOnGMQueue(`shortAlch:${record.id}:${key}:${itemId}:${used}`, async () => {
    if (itemShortCount(item, record.id) !== used) return "already";
    const outcome = consumeOne({ quantity: Number((item.system as { menge?: number }).menge) || 0 });
    if (!outcome.allowed) {
      warn("FLEX.Use.Empty", { item: item.name });
      return "empty";
    }
    const changes: Record<string, unknown> = { "system.menge": outcome.quantity, [`flags.flex.shortCombat.${record.id}`]: used + 1, ...pruned(item.getFlag("flex", "shortCombat"), record.id) };
    await item.update(changes);
    const reported = await reportShortCombat(message, key);
    return reported === "reported" ? "used" : reported;
  });
}
