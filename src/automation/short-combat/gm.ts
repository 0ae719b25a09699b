// The GM's side of a short combat (R-SHORT-1 … R-SHORT-4): start it (one card everyone sees), roll or reroll the
// enemies, override any value, change the enemies' stance, apply or cancel. Whichever GM clicks, the active GM
// carries it out in its work queue, reading the card afresh; a player's request is refused and writes nothing.
import { hitFormulas } from "../../rules";
import type { ShortGoal, ShortStance } from "../../rules";
import { actorRef, hiddenFromPlayers } from "../actor-ref";
import { askActiveGM, refuse, registerRelay } from "../gm-relay";
import type { RelayContext } from "../gm-relay";
import { applyShortCombat, rollMissingEnemies } from "./apply";
import type { ShortApplyStatus } from "./apply";
import { undoShortCombat } from "./undo";
import type { ShortUndoStatus } from "./undo";
import { countOrNull, isGoal, isStance, numberOrNull, renderShortCombatCard, shortCombatMessage } from "./record";
import type { ShortCharacterRow, ShortCombatRecord, ShortEnemyRow } from "./record";
import { writeShortCombatCard } from "./report";

const QUERY = "shortCombatGM";

export const SHORT_ACTIONS = ["roll", "override", "stance", "goal", "apply", "cancel", "undo"] as const;
export type ShortAction = (typeof SHORT_ACTIONS)[number];
export type ShortActionStatus = ShortApplyStatus | ShortUndoStatus | "done" | "unchanged" | "refused" | "noGM";

/** What a short combat's sides are picked from: actors, token documents or canvas tokens. */
export type ShortPickable = Actor.Implementation | TokenDocument.Implementation | { document: TokenDocument.Implementation };

interface Pick {
  actor: Actor.Implementation;
  token: TokenDocument.Implementation | null;
}

/** Actors, token documents or canvas tokens, one pick per actor. */
export function pickParticipants(list: Iterable<ShortPickable> | null | undefined): Pick[] {
  const out: Pick[] = [];
  const seen = new Set<string>();
  for (const entry of list ?? []) {
    const token = entry instanceof Actor ? null : entry instanceof TokenDocument ? entry : (entry.document ?? null);
    const actor = entry instanceof Actor ? entry : (token?.actor ?? null);
    if (!actor || seen.has(actor.uuid)) continue;
    seen.add(actor.uuid);
    out.push({ actor, token });
  }
  return out;
}

export interface ShortCombatSetup {
  characters: Iterable<ShortPickable>;
  enemies: Iterable<ShortPickable>;
  goal?: ShortGoal;
  goalNote?: string;
  stance?: ShortStance;
}

const warn = (key: string, data: Record<string, string> = {}) => void ui.notifications?.warn(game.i18n!.format(key, data));

/** R-SHORT-1: a GM starts a short combat: one card with every character and enemy. Null (with a message) when it cannot. */
export async function startShortCombat({ characters, enemies, goal = "other", goalNote = "", stance = "fight" }: ShortCombatSetup): Promise<ChatMessage.Implementation | null> {
  if (!game.user?.isGM) {
    warn("FLEX.ShortCombat.GMOnly");
    return null;
  }
  const enemyPicks = pickParticipants(enemies);
  const taken = new Set(enemyPicks.map((p) => p.actor.uuid));
  const characterPicks = pickParticipants(characters).filter((p) => !taken.has(p.actor.uuid));
  if (!characterPicks.length || !enemyPicks.length) {
    warn("FLEX.ShortCombat.NeedBoth");
    return null;
  }
  const base = (p: Pick, key: string) => ({ key, ref: actorRef(p.actor, p.token), name: p.token?.name || p.actor.name, img: p.actor.img ?? "", roll: null, override: null });
  const record: ShortCombatRecord = {
    id: foundry.utils.randomID(),
    status: "open",
    goal: isGoal(goal) ? goal : "other",
    goalNote: String(goalNote ?? "").slice(0, 200),
    stance: isStance(stance) ? stance : "fight",
    characters: characterPicks.map((p, i): ShortCharacterRow => ({ ...base(p, `c${i + 1}`), flussSpent: 0, alchemika: [] })),
    enemies: enemyPicks.map((p, i): ShortEnemyRow => ({
      ...base(p, `e${i + 1}`),
      // A hidden enemy's name and picture are the GM's secret (audit N6): the card's flags reach every client, so they
      // hold "ein verborgener Gegner"; the GM's tool shows the real ones from the token (enemyShown).
      ...(hiddenFromPlayers(p.actor, p.token as TokenDocument.Implementation | null) ? { name: game.i18n!.localize("FLEX.ShortCombat.HiddenEnemy"), img: "" } : {}),
      kind: p.actor.type === "creature" ? "creature" : "character",
      stufe: p.actor.type === "creature" ? Number((p.actor.system as { stufe?: number }).stufe) || 0 : 0,
    })),
    overrides: { stufe: null, damage: null, hits: null },
    result: null,
    resultMessageId: null,
  };
  const message = await ChatMessage.create({
    content: await renderShortCombatCard(record),
    speaker: ChatMessage.getSpeaker(),
    flags: { flex: { shortCombat: record } },
  });
  return (message as ChatMessage.Implementation | undefined) ?? null;
}

/** A Stufe may be a fraction (0.25, 0.5); null for a blank. */
function stufeOrNull(value: unknown): number | null {
  if (value === null || value === undefined || value === "") return null;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? n : null;
}

/** The record after one GM action (not Apply); null when the action makes no sense. */
async function changed(record: ShortCombatRecord, action: ShortAction, key: string | null, value: unknown): Promise<ShortCombatRecord | null> {
  switch (action) {
    case "roll":
      // R-SHORT-2: every enemy without an EW, or the one named (a reroll).
      if (key && !record.enemies.some((e) => e.key === key)) return null;
      return { ...record, enemies: await rollMissingEnemies(record, key ?? undefined) };
    case "stance":
      // Fighting and fleeing roll different checks: the enemies' rolls go with the old stance.
      if (!isStance(value)) return null;
      return value === record.stance ? record : { ...record, stance: value, enemies: record.enemies.map((e) => ({ ...e, roll: null })) };
    case "goal": {
      const { goal, note } = (value && typeof value === "object" ? value : {}) as { goal?: unknown; note?: unknown };
      if (!isGoal(goal)) return null;
      return { ...record, goal, goalNote: String(note ?? "").slice(0, 200) };
    }
    case "override": {
      if (key === "stufe") return { ...record, overrides: { ...record.overrides, stufe: stufeOrNull(value) } };
      if (key === "hits") return { ...record, overrides: { ...record.overrides, hits: countOrNull(value) } };
      if (key === "damage") {
        const text = typeof value === "string" ? value.trim() : value === null ? "" : null;
        if (text === null || (text && !hitFormulas(text))) return null;
        return { ...record, overrides: { ...record.overrides, damage: text || null } };
      }
      const override = numberOrNull(value);
      if (record.characters.some((r) => r.key === key)) return { ...record, characters: record.characters.map((r) => (r.key === key ? { ...r, override } : r)) };
      if (record.enemies.some((r) => r.key === key)) return { ...record, enemies: record.enemies.map((r) => (r.key === key ? { ...r, override } : r)) };
      return null;
    }
    case "cancel":
      return { ...record, status: "cancelled" };
    default:
      return null;
  }
}

/** The active GM's side (already in its work queue). */
async function handleAction(payload: Record<string, unknown>, { requester }: RelayContext) {
  if (!requester.isGM) return refuse("forbidden", `${requester.name} is not a GM: no short-combat action`);
  const found = shortCombatMessage(payload.messageId);
  const action = (SHORT_ACTIONS as readonly unknown[]).includes(payload.action) ? (payload.action as ShortAction) : null;
  if (!found || !action) return refuse("malformed", "a short-combat action without its card or a known action");
  const { message, record } = found;
  if (action === "apply") return { status: (await applyShortCombat(message.id!, requester)) as ShortActionStatus };
  if (action === "undo") return { status: (await undoShortCombat(message.id!, requester)) as ShortActionStatus };
  if (record.status !== "open") return { status: "closed" as ShortActionStatus };
  const key = typeof payload.key === "string" ? payload.key : null;
  const next = await changed(record, action, key, payload.value);
  if (!next) return refuse("malformed", `short-combat action "${action}" with a value it cannot take`);
  if (JSON.stringify(next) === JSON.stringify(record)) return { status: "unchanged" as ShortActionStatus };
  await writeShortCombatCard(message, next);
  return { status: "done" as ShortActionStatus };
}

/** A GM's click in the short-combat tool: carried out by the active GM. */
export async function shortCombatAction(message: ChatMessage.Implementation, action: ShortAction, { key = null, value = null }: { key?: string | null; value?: unknown } = {}): Promise<ShortActionStatus> {
  if (!game.user?.isGM) {
    warn("FLEX.ShortCombat.GMOnly");
    return "refused";
  }
  const reply = await askActiveGM<{ status: ShortActionStatus }>(QUERY, { messageId: message.id, action, key, value });
  const status: ShortActionStatus = reply?.status ?? (game.users!.activeGM ? "refused" : "noGM");
  const notice: Partial<Record<ShortActionStatus, string>> = {
    already: "FLEX.ShortCombat.AlreadyApplied",
    closed: "FLEX.ShortCombat.Closed",
    notReady: "FLEX.ShortCombat.NotReady",
    noDamage: "FLEX.ShortCombat.NoDamage",
    notApplied: "FLEX.ShortCombat.NothingToUndo",
  };
  if (notice[status]) warn(notice[status]!);
  return status;
}

export function registerShortCombatGM(): void {
  registerRelay(QUERY, handleAction);
}

