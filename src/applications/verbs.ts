// The public verbs (issue 34): what a player does with an actor, one function each, for the sheet's buttons, the
// Token Action HUD, macros and modules alike (game.flex and docs/api.md). Each is the path the sheet's button
// takes: a write that reaches the GM goes through the automation's own relay, with its checks.
import { actionStatusOf } from "../automation/combat/actions";
import { tokenFor } from "../automation/combat/targets";
import { combatantOfActor, startedCombat } from "../automation/combat/tracker";
import type { ActionStatus } from "../automation/combat/tracker";
import { commandCompanion } from "../automation/companions";
import type { CommandOptions, CommandReport } from "../automation/companions";
import { dismount as dismountPair, mountUp } from "../automation/riding";
import type { RidingReport } from "../automation/riding";
import type { FlexActor } from "../documents/actor";
import type { CheckRequest, CheckRequestOptions } from "../documents/features";

type TokenLike = TokenDocument.Implementation | { document: TokenDocument.Implementation } | Actor.Implementation;

const warn = (key: string, data: Record<string, string>) => {
  ui.notifications?.warn(game.i18n!.format(key, data));
  return null;
};

/** The token document behind a token, a placeable or an actor (its token on the scene). */
export function tokenDocOf(x: TokenLike | null | undefined): TokenDocument.Implementation | null {
  if (!x) return null;
  if (x instanceof Actor) return tokenFor(x as Actor.Implementation);
  return x instanceof TokenDocument ? (x as TokenDocument.Implementation) : ((x as { document?: TokenDocument.Implementation }).document ?? null);
}

/** R-CORE-4 / R-CORE-5: `actor.requestCheck` as a function (an attribute, a talent or an item; the dialog unless Shift). */
export function requestCheck(actor: Actor.Implementation, request: CheckRequest, options: CheckRequestOptions = {}): Promise<unknown> {
  const flexActor: FlexActor = actor;
  return flexActor.requestCheck(request, options);
}

/** R-CORE-10: an attack with a weapon, spell or creature attack at `targets` (omitted: the user's targets). */
export async function attack(item: Item.Implementation, options: CheckRequestOptions = {}): Promise<unknown> {
  const actor = item.actor as Actor.Implementation | null;
  return actor ? requestCheck(actor, { item }, options) : null;
}

/** R-CORE-15: uses one of an Alchemikum or a charge; refused for the dead, as on the sheet. */
export async function useItem(item: Item.Implementation): Promise<unknown> {
  const actor = item.actor;
  if (!actor) return null;
  if (actor.statuses.has("dead")) return warn("FLEX.Verb.Dead", { name: actor.name });
  return item.use();
}

/** RULES.md §11: spends one of a resource's pool (`step` −1) or gives one back (+1), within 0 … its maximum. */
export async function stepResource(item: Item.Implementation, step: number): Promise<unknown> {
  const pool = (item.system as { vorrat?: { value: number; max: number } }).vorrat;
  if (item.type !== "resource" || !pool || !item.actor) return null;
  if (!item.isOwner) return warn("FLEX.Verb.NotOwner", { name: item.actor.name });
  const value = Math.max(0, Math.min(pool.max, pool.value + Math.sign(step)));
  const changes: Record<string, unknown> = { _id: item.id, "system.vorrat.value": value };
  return value === pool.value ? null : item.actor.updateEmbeddedDocuments("Item", [changes]);
}

/** R-COMP-5 / R-COMP-7: the companion attacks on command with `attackItem`, or (`reaction`, no attack) may react. */
export function command(companion: Actor.Implementation, attackItem: Item.Implementation | null, options: CommandOptions = {}): Promise<CommandReport | null> {
  return commandCompanion(companion, attackItem, options);
}

/** R-RIDE-1 / R-RIDE-2: `rider` mounts `mount` (tokens, placeables or actors with a token on the scene). */
export async function mount(rider: TokenLike, mountToken: TokenLike): Promise<RidingReport> {
  const r = tokenDocOf(rider);
  const m = tokenDocOf(mountToken);
  if (!r || !m) return { status: "gone", reason: null };
  return mountUp(r, m);
}

/** R-RIDE-2: the pair of this rider or mount dismounts. */
export async function dismount(token: TokenLike): Promise<RidingReport> {
  const t = tokenDocOf(token);
  return t ? dismountPair(t) : { status: "gone", reason: null };
}

/** R-CORE-6: the Aktionen and RE the actor has left in the started combat; null outside one. */
export function actionStatus(actor: Actor.Implementation): ActionStatus | null {
  return actionStatusOf(actor);
}

/** The statuses a user toggles (the sheet's Effekte tab shows the same): Flex's and the core ones Flex keeps. */
export function toggleableStatuses(): { id: string; name: string; img: string }[] {
  return CONFIG.statusEffects.filter((s) => (s as { hud?: unknown }).hud !== false).map((s) => ({ id: s.id, name: s.name, img: (s as { img?: string }).img ?? "" }));
}

/** Switches one of those statuses on, off (`active`) or over; null when it is not one or the actor not the user's. */
export async function toggleStatus(actor: Actor.Implementation, statusId: string, { active }: { active?: boolean } = {}): Promise<unknown> {
  if (!toggleableStatuses().some((s) => s.id === statusId)) return null;
  if (!actor.isOwner) return warn("FLEX.Verb.NotOwner", { name: actor.name });
  return actor.toggleStatusEffect(statusId, active === undefined ? {} : { active });
}

/** R-CORE-6: ends the actor's turn when it is its turn in the started combat and the user's combatant (core allows it). */
export async function endTurn(actor: Actor.Implementation): Promise<boolean> {
  const combat = startedCombat();
  const combatant = combatantOfActor(actor);
  const refusal = !combat || !combatant || combat.combatant?.id !== combatant.id ? "FLEX.Verb.NotYourTurn" : !combatant.isOwner ? "FLEX.Verb.NotOwner" : null;
  if (refusal || !combat) {
    warn(refusal ?? "FLEX.Verb.NotYourTurn", { name: actor.name });
    return false;
  }
  await combat.nextTurn();
  return true;
}

/** The verbs as game.flex carries them. */
export const verbs = { requestCheck, attack, useItem, stepResource, command, mount, dismount, actionStatus, toggleStatus, toggleableStatuses, endTurn };
