// What the GM knows stays behind the screen (ARCHITECTURE.md, Trust model; audit N7): a card's content reaches every
// client, so the Leben, Rüstung and defence of an actor that not every player may observe are never written into it
// while the world setting "flex.creatureValues" is "hidden" (the default, as dnd5e's challengeVisibility). The content
// holds the short line ("Treffer · −5 Leben · besiegt") and marks the spot (data-flex-screen); the clients of users
// who may see the values draw the full arithmetic there at render time, from the documents (the applied mark on the
// actor, its data), never from the message.
import { creatureValuesMode } from "../helpers/settings";

/**
 * Decision: a user sees an actor's values when it may observe the actor (OBSERVER), the level at which Foundry opens
 * the actor's sheet with those values for it; LIMITED shows a name and an image only. GMs see everything.
 */
export const SEES_VALUES = "OBSERVER";

const observerLevel = (): number => Number((CONST.DOCUMENT_OWNERSHIP_LEVELS as Record<string, number>)[SEES_VALUES] ?? 2);

/**
 * Whether a card's content may hold this actor's values: the setting shows them to everyone, or every player
 * observes the actor by its default ownership. Otherwise they are drawn per client (`seesValues`). A missing actor
 * (deleted since) is screened.
 */
export function valuesPublic(actor: Actor.Implementation | null | undefined): boolean {
  if (creatureValuesMode() === "visible") return true;
  // Only a GM creature's values are the GM's (issue 33): a player's character or creature is the party's to see.
  if (actor?.hasPlayerOwner) return true;
  const level = Number((actor?.ownership as Record<string, unknown> | undefined)?.default);
  return !!actor && Number.isFinite(level) && level >= observerLevel();
}

/** Whether `user`'s client draws this actor's values on a card. */
export function seesValues(user: User.Implementation, actor: Actor.Implementation | null | undefined): boolean {
  if (user.isGM || creatureValuesMode() === "visible" || actor?.hasPlayerOwner) return true;
  return !!actor && actor.testUserPermission(user, SEES_VALUES);
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/**
 * On this client's rendering of a card: each screened spot (`data-flex-screen`, with `data-key`) that `draw` fills for
 * this user becomes an element of the same tag and class holding the full text; a spot `draw` returns null for stays
 * as the content has it.
 */
export function revealScreened(html: HTMLElement, draw: (slot: string, key: string) => string | null): void {
  for (const spot of html.querySelectorAll<HTMLElement>("[data-flex-screen]")) {
    const text = draw(spot.dataset.flexScreen ?? "", spot.dataset.key ?? "");
    if (text === null) continue;
    const tag = spot.tagName.toLowerCase();
    const cls = spot.getAttribute("class");
    spot.insertAdjacentHTML("afterend", `<${tag}${cls ? ` class="${escape(cls)}"` : ""}>${escape(text)}</${tag}>`);
    spot.remove();
  }
}

/** The arithmetic an applied view may carry; what a card's flags keep of it for a screened actor is the rest. */
type Arithmetic = { damage?: number; absorbed?: number; leben?: number; max?: number };

/**
 * What a card's flags may record of an Apply on `actor` (flags reach every client as the content does): the whole
 * view where its values are public, else without the arithmetic (the GM's client draws it from the actor's mark).
 */
export function viewForFlags<T extends Arithmetic>(view: T | null, actor: Actor.Implementation | null | undefined): T | null {
  if (!view || valuesPublic(actor)) return view;
  const { damage: _damage, absorbed: _absorbed, leben: _leben, max: _max, ...rest } = view;
  return rest as T;
}
