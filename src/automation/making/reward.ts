// The GM's reward helper (R-MONEY-1): the suggested reward for each character's mission to its next level, split
// over n quests; paying the first quest's share runs on the active GM in one batched write (the request's mark on
// each character, in the same write) and one card.
import { CharacterData } from "../../data/actor/character";
import { nextRewardShare, rewardSuggestion } from "../../rules";
import type { RewardProgress } from "../../rules";
import { actorRef } from "../actor-ref";
import { refuse, registerRelay, type RelayContext } from "../gm-relay";
import { runTaskWithCards } from "../task-journal/private-cards";
import { askMaking, planCard, REWARD_CARD } from "./cards";
import { LIMITS } from "../../data/fields";
import { incomeChanges, isDead, ledgerHas, requestInt } from "./shared";

const PAY = "rewardPay";
/** At most this many quests to split a reward over. */
export const MAX_QUESTS = 20;

export interface RewardRow {
  actorId: string;
  name: string;
  level: number;
  /** R-MONEY-1: the reward for the mission to the next level. */
  reward: number;
  /** Its split over the quests, first quest first. */
  shares: number[];
  /** What is due next (the next quest's share), by what the character has received of this mission. */
  next: RewardProgress;
}

/** What a character has received of the reward of its mission from `level` (0 once it has reached another level). */
export function rewardReceived(actor: Actor.Implementation, level: number): number {
  const stored = actor.getFlag("flex", "reward") as { level?: unknown; paid?: unknown } | undefined;
  return stored?.level === level && typeof stored.paid === "number" && Number.isFinite(stored.paid) ? Math.max(0, stored.paid) : 0;
}

/** The characters the helper offers: the selected tokens' characters, else every player character. */
export function rewardCandidates(): Actor.Implementation[] {
  const all = (game.actors!.contents as Actor.Implementation[]).filter((a) => a.type === "character");
  const controlled = (globalThis as { canvas?: { tokens?: { controlled?: { actor?: Actor.Implementation | null }[] } } }).canvas?.tokens?.controlled ?? [];
  const selected = controlled.map((t) => t.actor).filter((a): a is Actor.Implementation => a?.type === "character");
  return selected.length ? selected : all.filter((a) => a.hasPlayerOwner);
}

/** R-MONEY-1 for each character (actors or their ids; others are left out), split over `quests` quests. */
export function rewardRows(actors: (Actor.Implementation | string)[], quests = 1): RewardRow[] {
  const n = requestInt(quests, 1, MAX_QUESTS, 1);
  const rows: RewardRow[] = [];
  for (const ref of actors) {
    const actor = typeof ref === "string" ? (game.actors!.get(ref) as Actor.Implementation | undefined) : ref;
    if (!actor || !(actor.system instanceof CharacterData)) continue;
    const suggestion = rewardSuggestion(actor.system.level, n);
    const next = nextRewardShare(suggestion.reward, n, rewardReceived(actor, suggestion.level));
    rows.push({ actorId: actor.id!, name: actor.name, level: suggestion.level, reward: suggestion.reward, shares: suggestion.shares, next });
  }
  return rows;
}

export interface RewardPaid {
  ok: true;
  quests: number;
  paid: { actorId: string; name: string; amount: number; balance: number; quest: number }[];
  skipped: string[];
  messageId: string | null;
}

/**
 * Pays each character its next quest's share of its reward (GM only), or the amount the GM typed for it in
 * `amounts` (whole ¥, by actor id): the guide is a suggestion, the GM's number is what is paid.
 */
export function payRewards(actorIds: string[], quests = 1, amounts: Record<string, number> = {}) {
  return askMaking<RewardPaid>(PAY, { actorIds, quests, amounts });
}

export const rewardKey = (requestId: string) => `reward:${requestId}`;

/** Runs in the GM work queue; the amounts come from the characters' Levels here, never from the request. */
export async function runPayRewards(payload: Record<string, unknown>, context: RelayContext): Promise<RewardPaid | ReturnType<typeof refuse>> {
  const { requester, requestId } = context;
  if (!requester.isGM) return refuse("forbidden", `a reward asked for by ${requester.name}, who is no GM`);
  const ids = Array.isArray(payload.actorIds) ? [...new Set(payload.actorIds.map(String))] : [];
  const quests = requestInt(payload.quests, 1, MAX_QUESTS, 1);
  // Only a GM gets here, so a typed amount is the GM's own; it is still held to a whole, non-negative purse value.
  const typed = (payload.amounts && typeof payload.amounts === "object" ? payload.amounts : {}) as Record<string, unknown>;
  const changes: { actor: Actor.Implementation; changes: Record<string, unknown> }[] = [];
  const paid: RewardPaid["paid"] = [];
  const skipped: string[] = [];
  for (const row of rewardRows(ids, quests)) {
    const actor = game.actors!.get(row.actorId) as Actor.Implementation;
    const amount = row.actorId in typed ? requestInt(typed[row.actorId], 0, LIMITS.geld, 0) : row.next.share;
    if (ledgerHas(actor, rewardKey(requestId)) || isDead(actor) || amount === 0) {
      skipped.push(actor.name);
      continue;
    }
    const income = incomeChanges(actor, amount, rewardKey(requestId));
    if ("reason" in income) continue;
    // The mission's progress in the same write as the money; a payment past the mission's reward names no quest.
    changes.push({ actor, changes: { ...income.changes, "flags.flex.reward": { level: row.level, paid: rewardReceived(actor, row.level) + amount } } });
    paid.push({ actorId: row.actorId, name: row.name, amount, balance: income.balance, quest: row.next.complete ? 0 : row.next.quest });
  }
  if (!paid.length) return { ok: true, quests, paid, skipped, messageId: null };
  const card = await planCard(
    REWARD_CARD,
    { quests, paid, rules: "R-MONEY-1" },
    { speaker: ChatMessage.getSpeaker(), record: { kind: "reward", request: requestId, quests, paid: paid.map((p) => ({ actorId: p.actorId, amount: p.amount })) } },
  );
  await runTaskWithCards(context, [{ kind: "actors", writes: changes.map((c) => ({ ref: actorRef(c.actor), changes: c.changes })) }, card]);
  return { ok: true, quests, paid, skipped, messageId: card.data._id };
}

export function registerRewards(): void {
  registerRelay(PAY, runPayRewards, { journalled: true });
}
