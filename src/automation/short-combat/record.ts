// What a short combat records (flags.flex.shortCombat on the card the GM posts; R-SHORT-1 … R-SHORT-6) and
// what everyone reads from it. The card is a GM's message, so only a GM writes it; its content is a function of
// the record, re-rendered on every change. Players see their own side's EWs; the enemies' stance and EWs are the
// GM's until the result card.
import { markKey } from "../../documents/actor";
import { characterEW, hitDamage, hitFormulas, resolveShortCombat, SHORT_GOALS, SHORT_STANCES, strongestStufe, teamEW } from "../../rules";
import type { AlchemikumUse, HitDamage, RuleId, ShortAttack, ShortGoal, ShortOutcome, ShortResolution, ShortStance, ShortWinner } from "../../rules";
import { documentFromUuid } from "../../helpers/uuid";
import { localFormula } from "../../helpers/dice-text";
import type { RolledFaces } from "../../dice/faces";
import { hiddenFromPlayers, resolveActor } from "../actor-ref";
import type { ActorRef } from "../actor-ref";

export const SHORT_COMBAT_CARD_TEMPLATE = "systems/flex/templates/chat/short-combat-card.hbs";
export const SHORT_COMBAT_RESULT_TEMPLATE = "systems/flex/templates/chat/short-combat-result.hbs";

/** A check rolled in the short combat: a character's on its own card, an enemy's by the GM. */
export interface ShortRoll {
  label: string;
  formula: string;
  dice: number[];
  total: number;
  /** The character's check card (its author is the character's player); null for the GM's enemy rolls. */
  messageId: string | null;
}

interface ShortRowBase {
  key: string;
  ref: ActorRef;
  name: string;
  img: string;
  roll: ShortRoll | null;
  /** The GM's value for this EW, in place of the rolled one. */
  override: number | null;
}

export interface ShortCharacterRow extends ShortRowBase {
  /** R-SHORT-5: Fluss spent before the roll, as the GM read it from the character. */
  flussSpent: number;
  /** R-SHORT-6: Alchemika used after the roll, as the GM read them from the items. */
  alchemika: AlchemikumUse[];
}

export interface ShortEnemyRow extends ShortRowBase {
  kind: "creature" | "character";
  /** R-SHORT-6: a creature's Stufe (a character enemy has none: 0). */
  stufe: number;
}

export interface ShortHitView {
  /** The character's row key. */
  key: string;
  name: string;
  /** The share die (1 … characters). */
  share: number;
  /** The hit's damage, all its attacks together (before Rüstung). */
  damage: number;
  /** R-SHORT-4: each attack's damage, in order: Rüstung comes off each. */
  attacks: number[];
  /** Each attack's faces, for the card's "4 (3 + 1)" (older cards have none). */
  faces?: (RolledFaces | null)[];
}

export interface ShortTakenView {
  key: string;
  name: string;
  hits: number;
  damage: number;
  absorbed: number;
  taken: number;
  leben: number;
  /** The character's maximum Leben then (absent on cards applied before it was recorded). */
  max?: number;
  stoppedAtDying: boolean;
}

export interface ShortCombatResult {
  charactersEW: number;
  enemiesEW: number;
  difference: number;
  winner: ShortWinner;
  outcome: ShortOutcome;
  hits: number;
  damage: { enemy: string; damage: string } | null;
  perHit: ShortHitView[];
  taken: ShortTakenView[];
  rules: RuleId[];
}

/** "undone": applied, then taken back by a GM (closed: a new attempt is a new short combat). */
export type ShortCombatStatus = "open" | "applied" | "cancelled" | "undone";

export interface ShortCombatRecord {
  id: string;
  status: ShortCombatStatus;
  goal: ShortGoal;
  goalNote: string;
  stance: ShortStance;
  characters: ShortCharacterRow[];
  enemies: ShortEnemyRow[];
  /** The GM's values in place of the derived ones: the strongest Stufe, one hit's damage, the number of hits. */
  overrides: { stufe: number | null; damage: string | null; hits: number | null };
  result: ShortCombatResult | null;
  resultMessageId: string | null;
}

export function shortCombatOf(message: ChatMessage.Implementation | null | undefined): ShortCombatRecord | null {
  const record = message?.getFlag("flex", "shortCombat") as ShortCombatRecord | undefined;
  if (!record || typeof record !== "object" || typeof record.id !== "string") return null;
  return Array.isArray(record.characters) && Array.isArray(record.enemies) && !!record.overrides && typeof record.overrides === "object" ? record : null;
}

/** The short combat on this card, if the card is a GM's (a player could post a card with any flags). */
export function shortCombatMessage(messageId: unknown): { message: ChatMessage.Implementation; record: ShortCombatRecord } | null {
  const message = typeof messageId === "string" ? (game.messages!.get(messageId) as ChatMessage.Implementation | undefined) : undefined;
  const record = shortCombatOf(message);
  return message && record && message.author?.isGM ? { message, record } : null;
}

/** The "applied" mark a short combat leaves on each character it hurt (R-SHORT-4), in the same write. */
export function shortCombatMark(record: Pick<ShortCombatRecord, "id">): string {
  return markKey("short", record.id);
}

export const isGoal = (v: unknown): v is ShortGoal => (SHORT_GOALS as readonly unknown[]).includes(v);
export const isStance = (v: unknown): v is ShortStance => (SHORT_STANCES as readonly unknown[]).includes(v);

/** R-SHORT-6: the strongest enemy's Stufe (or the GM's value). */
export function recordStrongest(record: ShortCombatRecord): number {
  return record.overrides.stufe ?? strongestStufe(record.enemies.map((e) => e.stufe));
}

/** R-SHORT-5 / R-SHORT-6: a character's EW from its roll and what it spent; null before its roll. */
export function characterRowEW(row: ShortCharacterRow, strongest: number): ReturnType<typeof characterEW> | null {
  return row.roll ? characterEW({ roll: row.roll.total, flussSpent: row.flussSpent, alchemika: row.alchemika, strongest }) : null;
}

/** A row's EW as it counts: the GM's override, else the rolled (for a character, with its Fluss and Alchemika) one. */
export function rowEW(row: ShortCharacterRow | ShortEnemyRow, strongest: number): number | null {
  if (typeof row.override === "number") return row.override;
  if ("flussSpent" in row) return characterRowEW(row, strongest)?.ew ?? null;
  return row.roll?.total ?? null;
}

/** R-SHORT-2 / R-SHORT-3: the team EWs and, once both are known, who wins and how many hits. */
export function projection(record: ShortCombatRecord): { charactersEW: number | null; enemiesEW: number | null; resolution: ShortResolution | null; hits: number | null } {
  const strongest = recordStrongest(record);
  const charactersEW = teamEW(record.characters.map((r) => rowEW(r, strongest)));
  const enemiesEW = teamEW(record.enemies.map((r) => rowEW(r, strongest)));
  const resolution = charactersEW !== null && enemiesEW !== null ? resolveShortCombat({ charactersEW, enemiesEW, stance: record.stance }) : null;
  const hits = resolution ? (record.overrides.hits ?? resolution.hits) : null;
  return { charactersEW, enemiesEW, resolution, hits };
}

interface AttackSystem {
  schaden?: unknown;
  aktionen?: unknown;
}

/** R-SHORT-4: an enemy's attacks (creature attacks and weapons) from its items. */
export function enemyAttacks(actor: Actor.Implementation): ShortAttack[] {
  return actor.items.contents
    .filter((i) => i.type === "attack" || i.type === "weapon")
    .map((i) => {
      const sys = i.system as AttackSystem;
      return { name: i.name, damage: typeof sys.schaden === "string" ? sys.schaden : "", actions: Number(sys.aktionen) || 1 };
    });
}

/**
 * R-SHORT-4: one hit's damage: the GM's value (its attacks apart by ";", "1W8; 1W8"), else the strongest enemy's
 * attacks in 2 actions; each attack with its own formula (Rüstung comes off each); null without any.
 */
export function recordHitDamage(record: ShortCombatRecord): { enemy: string; damage: string; formulas: string[]; derived: HitDamage | null } | null {
  const gm = record.overrides.damage;
  if (gm) {
    const formulas = hitFormulas(gm);
    if (formulas) return { enemy: "", damage: gm, formulas, derived: null };
  }
  const enemies = record.enemies.flatMap((row) => {
    const actor = resolveActor(row.ref);
    return actor ? [{ name: row.name, stufe: row.stufe, attacks: enemyAttacks(actor) }] : [];
  });
  const derived = hitDamage(enemies);
  return derived ? { enemy: derived.enemy, damage: derived.damage, formulas: derived.formulas, derived } : null;
}

/** A whole number from a form or a payload, or null for a blank. */
export function numberOrNull(value: unknown): number | null {
  if (value === null || value === undefined || value === "") return null;
  const n = Number(value);
  return Number.isFinite(n) ? Math.trunc(n) : null;
}

/** A count (≥ 0) from a form or a payload, or null for a blank. */
export function countOrNull(value: unknown): number | null {
  const n = numberOrNull(value);
  return n === null ? null : Math.max(0, n);
}

const OUTCOME_LABEL: Record<ShortOutcome, string> = {
  goalReached: "FLEX.ShortCombat.Outcome.goalReached",
  goalAttacked: "FLEX.ShortCombat.Outcome.goalAttacked",
  enemiesEscape: "FLEX.ShortCombat.Outcome.enemiesEscape",
  enemiesPrevail: "FLEX.ShortCombat.Outcome.enemiesPrevail",
};

export function outcomeLabel(outcome: ShortOutcome): string {
  return OUTCOME_LABEL[outcome];
}

export function goalText(record: Pick<ShortCombatRecord, "goal" | "goalNote">): string {
  const goal = game.i18n!.localize(`FLEX.ShortCombat.Goal.${record.goal}`);
  return record.goalNote ? `${goal}: ${record.goalNote}` : goal;
}

/** A character's row as the card and the tools show it: its roll, what Fluss and Alchemika added, its EW. */
/** A short-combat roll as its sum: its formula with the kept face in the die's place ("W10 7 + 4 − 3"). */
export function shortRollSum(roll: Pick<ShortRoll, "formula" | "total">): string {
  const die = /(\d*)d(\d+)(k[hl]\d*)?/.exec(roll.formula);
  if (!die) return localFormula(roll.formula);
  const rest = roll.formula.slice(die.index + die[0].length);
  const constants = [...rest.matchAll(/([+-])\s*(\d+)(?!\s*d)/g)].reduce((s, m) => s + (m[1] === "-" ? -1 : 1) * Number(m[2]), 0);
  return `${localFormula(`d${die[2]}`)} ${roll.total - constants}${localFormula(rest)}`.replace(/\s+/g, " ").trim();
}

export function characterView(row: ShortCharacterRow, strongest: number) {
  const derived = characterRowEW(row, strongest);
  return {
    ...row,
    ew: rowEW(row, strongest),
    hasEW: rowEW(row, strongest) !== null,
    rolledEW: row.roll?.total ?? null,
    // C-4: the roll with its face, "W10 7 + 4 − 3", so the EW can be checked from the card.
    rollSum: row.roll ? shortRollSum(row.roll) : "",
    overridden: typeof row.override === "number",
    flussBonus: derived?.fluss ?? 0,
    alchemikaBonus: derived?.alchemika.bonus ?? 0,
    alchemikaText: row.alchemika.map((a) => (a.count > 1 ? `${a.name} ×${a.count}` : a.name)).join(", "),
    refusedText: (derived?.alchemika.refused ?? []).map((a) => a.name).join(", "),
  };
}

/**
 * An enemy's name as every player may read it (audit N6): its own, unless its token or actor is hidden from some player
 * (then "a hidden enemy"). The GM's tool shows the real names.
 */
export function publicEnemyName(row: Pick<ShortEnemyRow, "ref" | "name">): string {
  const actor = resolveActor(row.ref);
  const token = row.ref.tokenUuid ? (documentFromUuid(row.ref.tokenUuid) as TokenDocument.Implementation | null) : null;
  return actor && !hiddenFromPlayers(actor, token) ? row.name : game.i18n!.localize("FLEX.ShortCombat.HiddenEnemy");
}

/** An enemy as the GM's tool shows it: its token's (or actor's) own name and picture, whatever the card's flags say. */
export function enemyShown(row: Pick<ShortEnemyRow, "ref" | "name" | "img">): { name: string; img: string } {
  const actor = resolveActor(row.ref);
  const token = row.ref.tokenUuid ? (documentFromUuid(row.ref.tokenUuid) as TokenDocument.Implementation | null) : null;
  return { name: token?.name || actor?.name || row.name, img: actor?.img || row.img };
}

/** The card everyone sees: the goal, each character's roll and EW, who is still to roll; the enemies only by name. */
export async function renderShortCombatCard(record: ShortCombatRecord): Promise<string> {
  const strongest = recordStrongest(record);
  const characters = record.characters.map((row) => characterView(row, strongest));
  return foundry.applications.handlebars.renderTemplate(SHORT_COMBAT_CARD_TEMPLATE, {
    ...record,
    enemies: record.enemies.map((e) => ({ ...e, name: publicEnemyName(e) })),
    characters,
    goalText: goalText(record),
    strongest,
    open: record.status === "open",
    applied: record.status === "applied",
    cancelled: record.status === "cancelled",
    undone: record.status === "undone",
    waiting: characters.filter((c) => !c.hasEW).length,
  });
}
