// A click on Flex's Token Action HUD: the encoded value (model.ts) back to the public verb the sheet's button calls
// (applications/verbs.ts), so the HUD asks the same dialog, posts the same card and spends the same Aktionen.
import { missingTalent } from "../../data/item/talent-link";
import { tokenFromUuid } from "../../automation/riding";
import { documentFromUuid } from "../../helpers/uuid";
import { command, dismount, endTurn, mount, requestCheck, stepResource, toggleStatus, useItem } from "../../applications/verbs";
import { ATTRIBUTE_KEYS } from "../../config";
import type { AttributeKey } from "../../config";

export interface HudClick {
  /** The actor of the one selected token; null when several are selected. */
  actor: Actor.Implementation | null;
  /** Every selected token's actor. */
  actors: Actor.Implementation[];
  event: Event | null;
  /** A right click opens an item's sheet (TAH's convention) or gives back one of a resource. */
  rightClick: boolean;
  /** A check without its dialog, and its roll mode (the self-test's click; TAH's own click leaves both to the event). */
  fastForward?: boolean;
  rollMode?: string;
}

const actorOf = (uuid: string) => {
  const doc = documentFromUuid(uuid) as Actor.Implementation | null;
  return doc?.documentName === "Actor" ? doc : null;
};

/** Carries out one click; what the verb returns (null when nothing was done). */
export async function runHudAction(encodedValue: string, click: HudClick): Promise<unknown> {
  const [kind = "", value = ""] = encodedValue.split("|");
  const { actor, event } = click;
  const options = { event, ...(click.fastForward !== undefined && { fastForward: click.fastForward }), ...(click.rollMode && { rollMode: click.rollMode }) };
  const actors = actor ? [actor] : click.actors;
  if (kind === "attribute") {
    if (!ATTRIBUTE_KEYS.includes(value as AttributeKey)) return null;
    const results = [];
    for (const a of actors) results.push(await requestCheck(a, { attribute: value as AttributeKey }, options));
    return results.length === 1 ? results[0] : results;
  }
  if (kind === "status") {
    for (const a of actors) await toggleStatus(a, value);
    return null;
  }
  if (!actor) return null;
  const item = actor.items.get(value);
  if (kind === "talent" || kind === "item" || kind === "use") {
    if (!item) return null;
    if (click.rightClick) return item.sheet?.render(true) ?? null;
    if (kind === "use") return useItem(item);
    // A weapon or spell whose talent is missing is shown switched off, as the sheet shows it.
    if (kind === "item" && missingTalent(item)) return null;
    return requestCheck(actor, kind === "talent" ? { talent: item } : { item }, options);
  }
  if (kind === "resource") return item ? stepResource(item, click.rightClick ? 1 : -1) : null;
  const [first = "", second = ""] = value.split("#");
  if (kind === "command") {
    const companion = actorOf(first);
    const attack = companion?.items.get(second);
    return companion && attack ? command(companion, attack) : null;
  }
  if (kind === "reaction") {
    const companion = actorOf(first);
    return companion ? command(companion, null, { reaction: true }) : null;
  }
  if (kind === "mount") {
    const rider = tokenFromUuid(first);
    const mountToken = tokenFromUuid(second);
    return rider && mountToken ? mount(rider, mountToken) : null;
  }
  if (kind === "dismount") {
    const token = tokenFromUuid(first);
    return token ? dismount(token) : null;
  }
  if (kind === "endTurn") return endTurn(actor);
  return null;
}
