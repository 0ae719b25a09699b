import { toCount } from "./count";
import type { RuleId } from "./ids";

/** R-CORE-6 (Decision): Aktionen per KR; the system reads `CONFIG.FLEX.actionsPerRound` and passes it in. */
export const ACTIONS_PER_ROUND = 3;
/** R-CORE-6 (Decision): Reaktionen (RE) per KR. */
export const REACTIONS_PER_ROUND = 1;

/** R-CORE-6: the Aktionen still open this KR; never negative. */
export function remainingActions(spent: number, perRound = ACTIONS_PER_ROUND): number {
  return Math.max(0, toCount(perRound) - toCount(spent));
}

/** R-CORE-6: whether an action costing `cost` still fits into this KR. */
export function canAfford(spent: number, cost: number, perRound = ACTIONS_PER_ROUND): boolean {
  return toCount(cost) <= remainingActions(spent, perRound);
}

/**
 * R-CORE-6: what a combatant has spent. Aktionen count within a window (from the start of its own turn to the
 * start of its next one); Reaktionen count within a KR.
 */
export interface ActionState {
  /** The window the Aktionen were spent in (actionWindow); null before any. */
  window: string | null;
  actions: number;
  reactions: number;
  /** The KR the Reaktionen were spent in; null before any. */
  reactionRound: number | null;
}

/** R-CORE-6: a combatant that has spent nothing yet. */
export const EMPTY_ACTION_STATE: Readonly<ActionState> = Object.freeze({ window: null, actions: 0, reactions: 0, reactionRound: null });

/** R-CORE-6: an ActionState from stored data; anything unusable counts as nothing spent. */
export function coerceActionState(stored: unknown): ActionState {
  if (typeof stored !== "object" || stored === null) return { ...EMPTY_ACTION_STATE };
  const s = stored as Record<string, unknown>;
  const count = (v: unknown) => (typeof v === "number" ? toCount(v) : 0);
  return {
    window: typeof s.window === "string" ? s.window : null,
    actions: count(s.actions),
    reactions: count(s.reactions),
    reactionRound: typeof s.reactionRound === "number" && Number.isFinite(s.reactionRound) ? s.reactionRound : null,
  };
}

export interface WindowInput {
  round: number;
  /** The combatant's place in the turn order. */
  combatantTurnIndex: number;
  /** The turn being played; null before the combat has started. */
  currentTurn: number | null;
}

/**
 * R-CORE-6: Aktionen come back at the start of the combatant's own turn: the window is this KR once its turn
 * in this KR has started, else the previous KR's.
 */
export function actionWindow({ round, combatantTurnIndex, currentTurn }: WindowInput): string {
  const kr = Number.isFinite(round) ? Math.trunc(round) : 0;
  const started = currentTurn !== null && Number.isFinite(currentTurn) && currentTurn >= combatantTurnIndex;
  return String(started ? kr : kr - 1);
}

export interface SpendOutcome {
  allowed: boolean;
  state: ActionState;
  /** Left in this window (Aktionen) or KR (Reaktionen) after the spending; never negative. */
  remaining: number;
  /** A GM spent past the limit. */
  overridden: boolean;
  rules: RuleId[];
}

function spentActions(state: ActionState, window: string): number {
  return state.window === window ? toCount(state.actions) : 0;
}

function spentReactions(state: ActionState, round: number): number {
  return state.reactionRound === round ? toCount(state.reactions) : 0;
}

/** R-CORE-6: Aktionen still open in this window. */
export function actionsLeft(state: ActionState, window: string, perRound = ACTIONS_PER_ROUND): number {
  return remainingActions(spentActions(state, window), perRound);
}

/** R-CORE-6: Reaktionen still open in this KR. */
export function reactionsLeft(state: ActionState, round: number, perRound = REACTIONS_PER_ROUND): number {
  return remainingActions(spentReactions(state, round), perRound);
}

export interface SpendActionsInput {
  cost: number;
  window: string;
  perRound?: number;
  /** A GM may spend past the limit; the outcome notes it. */
  override?: boolean;
}

/**
 * R-CORE-6: spends `cost` Aktionen in a window (a new window starts at 0). Refused past the limit, with
 * nothing changed, unless a GM overrides it.
 */
export function spendActions(state: ActionState, { cost, window, perRound = ACTIONS_PER_ROUND, override = false }: SpendActionsInput): SpendOutcome {
  const spent = spentActions(state, window);
  const fits = canAfford(spent, cost, perRound);
  if (!fits && !override) return { allowed: false, state: { ...state }, remaining: remainingActions(spent, perRound), overridden: false, rules: ["R-CORE-6"] };
  const actions = spent + toCount(cost);
  return { allowed: true, state: { ...state, window, actions }, remaining: remainingActions(actions, perRound), overridden: !fits, rules: ["R-CORE-6"] };
}

export interface SpendReactionInput {
  round: number;
  perRound?: number;
  override?: boolean;
}

/** R-CORE-6: spends one Reaktion in a KR (a new KR starts at 0); refused past the limit unless a GM overrides it. */
export function spendReaction(state: ActionState, { round, perRound = REACTIONS_PER_ROUND, override = false }: SpendReactionInput): SpendOutcome {
  const spent = spentReactions(state, round);
  const fits = canAfford(spent, 1, perRound);
  if (!fits && !override) return { allowed: false, state: { ...state }, remaining: remainingActions(spent, perRound), overridden: false, rules: ["R-CORE-6"] };
  const reactions = spent + 1;
  return { allowed: true, state: { ...state, reactionRound: round, reactions }, remaining: remainingActions(reactions, perRound), overridden: !fits, rules: ["R-CORE-6"] };
}

export interface RefundOutcome {
  state: ActionState;
  /** What was given back (0 when the window has passed). */
  refunded: number;
  rules: RuleId[];
}

/** R-CORE-6: an undo gives spent Aktionen back, within the same window only and never below 0. */
export function refundActions(state: ActionState, { cost, window }: { cost: number; window: string }): RefundOutcome {
  if (state.window !== window) return { state: { ...state }, refunded: 0, rules: ["R-CORE-6"] };
  const spent = spentActions(state, window);
  const refunded = Math.min(spent, toCount(cost));
  return { state: { ...state, actions: spent - refunded }, refunded, rules: ["R-CORE-6"] };
}

/** R-CORE-6: an undo gives a spent Reaktion back, within the same KR only and never below 0. */
export function refundReaction(state: ActionState, { round }: { round: number }): RefundOutcome {
  if (state.reactionRound !== round) return { state: { ...state }, refunded: 0, rules: ["R-CORE-6"] };
  const spent = spentReactions(state, round);
  const refunded = Math.min(spent, 1);
  return { state: { ...state, reactions: spent - refunded }, refunded, rules: ["R-CORE-6"] };
}
