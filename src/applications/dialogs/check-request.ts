// The public check verb (issue 34): a check of an attribute, a talent or an item, with the roll dialog
// (Vorteile, Nachteile, modifier, SW) unless Shift is held or the caller fast-forwards. The sheet, the Token
// Action HUD, macros and enrichers all come through here, so a click anywhere asks and rolls the same.
import { ATTRIBUTE_KEYS } from "../../config";
import type { AttributeKey } from "../../config";
import type { FlexActor } from "../../documents/actor";
import type { CheckRequest, CheckRequestOptions } from "../../documents/features";
import { checkBreakdown, promptCheck } from "./check-dialog";
import type { CheckBreakdown, CheckDialogResult } from "./check-dialog";

const FAST: CheckDialogResult = { vorteile: 0, nachteile: 0, modifier: 0, sw: null };

/** Dead: no rolls (R-CORE-8: only a character who is not dead acts); the sheet switches the same buttons off. */
const isDead = (actor: { statuses: Set<string> }): boolean => actor.statuses.has("dead");

/** A held Shift, or the caller's fastForward, rolls at once; without either the dialog asks. */
export function fastForwarded(options: CheckRequestOptions): boolean {
  return options.fastForward ?? !!(options.event as MouseEvent | null | undefined)?.shiftKey;
}

/** What a talent or attribute check of this actor rolls before the user's choices, for the dialog. */
export function checkBreakdownFor(actor: FlexActor, options: { talent?: Item.Implementation; attribute?: AttributeKey }): CheckBreakdown | null {
  const prepared = actor.prepareCheck(options);
  return prepared && checkBreakdown(prepared.input, prepared.notes, game.i18n!.localize(CONFIG.FLEX.attributes[prepared.attribute].abbreviation));
}

/** The dialog (or, fast-forwarded, no choices); null when the user closed it. */
async function ask(title: string, options: CheckRequestOptions, breakdown: () => CheckBreakdown | null = () => null): Promise<CheckDialogResult | null> {
  if (fastForwarded(options)) return FAST;
  return promptCheck(title, {}, breakdown());
}

function refused(key: string, actor: Actor.Implementation): null {
  ui.notifications?.warn(game.i18n!.format(key, { name: actor.name }));
  return null;
}

/**
 * R-CORE-4 / R-CORE-5: the check of `request` for `actor`, asked as the sheet asks it; null when it was not made
 * (refused with a notice, or the dialog closed). An item rolls through its feature (a weapon attacks the user's
 * targets or `options.targets`); a creature's attack has no dialog (its EW is its own).
 */
export async function requestCheck(actor: FlexActor, request: CheckRequest, options: CheckRequestOptions = {}): Promise<unknown> {
  const doc = actor.asImplementation;
  if (!actor.isOwner) return refused("FLEX.Check.NotOwner", doc);
  if (isDead(actor)) return refused("FLEX.Verb.Dead", doc);
  const rollMode = options.rollMode;
  if ("attribute" in request) {
    const key = request.attribute;
    if (!ATTRIBUTE_KEYS.includes(key)) return null;
    const opts = await ask(game.i18n!.localize(CONFIG.FLEX.attributes[key].label), options, () => checkBreakdownFor(actor, { attribute: key }));
    return opts && actor.rollAttribute(key, { ...opts, rollMode });
  }
  if ("talent" in request) {
    const talent = actor.findTalent(request.talent);
    if (!talent) return actor.rollTalent(request.talent, { rollMode }); // says which talent is missing
    const opts = await ask(talent.name, options, () => checkBreakdownFor(actor, { talent }));
    return opts && actor.rollTalent(talent, { ...opts, rollMode });
  }
  const item = request.item;
  if (item.parent !== doc && item.parent?.uuid !== doc.uuid) return null;
  if (item.type === "talent") return requestCheck(actor, { talent: item }, options);
  const targets = options.targets;
  if (item.type === "attack") return item.roll({ rollMode, targets });
  const opts = await ask(item.name, options);
  return opts && item.roll({ ...opts, rollMode, targets });
}
