// R-CORE-6: the action tracker of each combatant, as everyone reads it: which combatant an actor is in the
// started active combat, the window its Aktionen count in, what it has left; and its line in v13's combat
// tracker ("Aktionen 2/3 · RE 1/1"). Nothing here writes (spending is actions.ts).
import { FlexCombat } from "../../documents/combat";
import { actionWindow, actionsLeft, coerceActionState, reactionsLeft } from "../../rules";
import type { ActionState } from "../../rules";

export interface ActionStatus {
  actionsLeft: number;
  actionsPerRound: number;
  reactionsLeft: number;
  reactionsPerRound: number;
}

/** A started Flex combat, or null (the types give game.combat a stored shape without Combat's getters). */
export function startedCombatOf(combat: unknown): FlexCombat | null {
  return combat instanceof FlexCombat && combat.started ? combat : null;
}

/** The combat whose actions count: the active combat, once started. */
export function startedCombat(): FlexCombat | null {
  return startedCombatOf(game.combat);
}

/** The actor's combatant in the started active combat: by its token for an unlinked token actor, else by actor id. */
export function combatantOfActor(actor: Actor.Implementation): Combatant.Implementation | null {
  const combat = startedCombat();
  if (!combat) return null;
  const token = actor.token;
  if (actor.isToken && token) return combat.combatants.find((c) => c.tokenId === token.id && (!c.sceneId || c.sceneId === token.parent?.id)) ?? null;
  // A combatant of an unlinked token of this actor is another (synthetic) actor.
  return combat.combatants.find((c) => c.actorId === actor.id && (c.token?.actorLink ?? true)) ?? null;
}

/** R-CORE-6: the window the combatant's Aktionen count in now, and the KR its Reaktionen count in. */
export function windowOf(combatant: Combatant.Implementation): { window: string; round: number } {
  const combat = combatant.combat!;
  const index = combat.turns.findIndex((c) => c.id === combatant.id);
  const combatantTurnIndex = index < 0 ? Number.MAX_SAFE_INTEGER : index;
  return { window: actionWindow({ round: combat.round, combatantTurnIndex, currentTurn: combat.turn }), round: combat.round };
}

export function actionStateOf(combatant: Combatant.Implementation): ActionState {
  return coerceActionState(combatant.getFlag("flex", "actions"));
}

export function perRound(): { actions: number; reactions: number } {
  return { actions: CONFIG.FLEX.actionsPerRound, reactions: CONFIG.FLEX.reactionsPerRound };
}

/** R-CORE-6: what the combatant has left now. */
export function combatantActionStatus(combatant: Combatant.Implementation): ActionStatus {
  const { window, round } = windowOf(combatant);
  const state = actionStateOf(combatant);
  const max = perRound();
  return {
    actionsLeft: actionsLeft(state, window, max.actions),
    actionsPerRound: max.actions,
    reactionsLeft: reactionsLeft(state, round, max.reactions),
    reactionsPerRound: max.reactions,
  };
}

export interface ActionLabel {
  text: string;
  aria: string;
}

type Format = (key: string, data: Record<string, string>) => string;

/** The short line ("Aktionen 2/3 · RE 1/1") and what a screen reader says; `format` is game.i18n.format. */
export function actionLabel(status: ActionStatus, format: Format): ActionLabel {
  const data = {
    actions: String(status.actionsLeft),
    actionsMax: String(status.actionsPerRound),
    reactions: String(status.reactionsLeft),
    reactionsMax: String(status.reactionsPerRound),
  };
  return { text: format("FLEX.Actions.Label", data), aria: format("FLEX.Actions.Aria", data) };
}

const LABEL_CLASS = "flex-combat-actions";

/**
 * A combatant that acts in another's place (R-COMP-4: a companion on its trainer's initiative, with no Aktionen of its
 * own): the line it shows instead of its own, the combatant it follows. Registered by the feature that knows (companions).
 */
export interface FollowerRow {
  label: ActionLabel;
  /** The combatant whose place it takes: its row is drawn under that one's, with no initiative roll of its own. */
  leader: Combatant.Implementation;
}
type FollowerOf = (combatant: Combatant.Implementation) => FollowerRow | null;
let followerOf: FollowerOf = () => null;
export function registerTrackerFollower(fn: FollowerOf): void {
  followerOf = fn;
}

/** Adds each combatant's line to the tracker's rows of a started combat (replacing one from an earlier render). */
export function decorateCombatTracker(viewed: unknown, html: HTMLElement): void {
  const combat = startedCombatOf(viewed);
  if (!combat) return;
  const format: Format = (key, data) => game.i18n!.format(key, data);
  const escape = foundry.utils.escapeHTML;
  for (const row of html.querySelectorAll("li.combatant[data-combatant-id]")) {
    const combatant = combat.combatants.get(row.getAttribute("data-combatant-id") ?? "");
    row.querySelector(`.${LABEL_CLASS}`)?.remove();
    if (!combatant) continue;
    const follower = followerOf(combatant);
    const { text, aria } = follower?.label ?? actionLabel(combatantActionStatus(combatant), format);
    const label = `<span class="${LABEL_CLASS}" role="note" aria-label="${escape(aria)}" data-tooltip="${escape(aria)}">${escape(text)}</span>`;
    // R-COMP-4: a follower's row sits under its leader's (indented, "↳"), and rolls no initiative of its own.
    row.classList.toggle("flex-follower", !!follower);
    if (follower) {
      row.querySelector("[data-action='rollInitiative']")?.remove();
      const initiative = row.querySelector(".token-initiative");
      if (initiative) initiative.innerHTML = `<span class="flex-follower-mark" aria-hidden="true">↳</span>`;
    }
    // Under the combatant's name (v13: .token-name > .name, then its controls); else at the end of the row.
    const name = row.querySelector(".token-name > .name");
    if (name) name.insertAdjacentHTML("afterend", label);
    else (row.querySelector(".token-name") ?? row).insertAdjacentHTML("beforeend", label);
  }
}

/** Like Document#render(false): re-renders the applications registered on the actor (its sheets that are showing). */
function rerenderActor(actor: Actor.Implementation | null | undefined): void {
  for (const app of Object.values(actor?.apps ?? {})) void app.render(false);
}

function rerenderCombat(combat: Combat.Implementation): void {
  for (const c of combat.combatants) rerenderActor(c.actor);
}

export function registerTrackerDisplay(): void {
  Hooks.on("renderCombatTracker", (app, html) => decorateCombatTracker(app.viewed, html));
  // The sheets show what is left: they follow the spending, the turn order and the combat's start and end.
  Hooks.on("updateCombatant", (combatant, changed) => {
    if (foundry.utils.hasProperty(changed, "flags.flex.actions") || "initiative" in changed) rerenderActor(combatant.actor);
  });
  Hooks.on("createCombatant", (combatant) => rerenderActor(combatant.actor));
  Hooks.on("deleteCombatant", (combatant) => rerenderActor(combatant.actor));
  Hooks.on("updateCombat", (combat, changed) => {
    if ("round" in changed || "turn" in changed || "active" in changed) rerenderCombat(combat);
  });
  Hooks.on("deleteCombat", (combat) => rerenderCombat(combat));
}
