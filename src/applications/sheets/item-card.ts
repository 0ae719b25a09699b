// The item card (C-15): an item sent to chat from its row's menu, with what is left of it and, for an item that is
// used up (R-CORE-15), a "Benutzen" button. The card is its author's claim (Trust model): the button carries only the
// item's uuid, and a click uses the item document itself through Item#use, as the sheet's use action does, for a
// user who owns it; the numbers printed on the card are never read.
import { documentFromUuid } from "../../helpers/uuid";
import { spendsOn } from "./item-rows";
import { flexItemSystem } from "./system-data";

export const ITEM_CARD_TEMPLATE = "systems/flex/templates/chat/item-card.hbs";

/** "Ladungen: 7/10" or "Menge: 3" for an item that is used up (R-CORE-15); null for one that is not counted. */
function stockLine(item: Item.Implementation): string | null {
  const sys = item.system as { ladungen?: { value?: number; max?: number }; menge?: number };
  const max = Number(sys.ladungen?.max) || 0;
  if (max > 0) return game.i18n!.format("FLEX.Card.Charges", { value: String(Number(sys.ladungen?.value) || 0), max: String(max) });
  const menge = Number(sys.menge);
  return Number.isFinite(menge) && menge !== 1 && ["equipment", "alchemical"].includes(item.type) ? game.i18n!.format("FLEX.Card.Quantity", { n: String(menge) }) : null;
}

/** R-CORE-15: the item is used up one at a time (an Alchemikum, equipment with a Verbrauch). */
const consumable = (item: Item.Implementation) => !!spendsOn(item, flexItemSystem(item) ?? {});

/** Posts the item to chat: its name, image, stock, description (secrets stay out) and a Benutzen button; one message spoken by the actor. */
export async function postItemCard(item: Item.Implementation, actor: Actor.Implementation): Promise<unknown> {
  const html = flexItemSystem(item)?.beschreibung ?? "";
  const description = html.trim() ? await foundry.applications.ux.TextEditor.implementation.enrichHTML(html, { secrets: false, relativeTo: item }) : "";
  const content = await foundry.applications.handlebars.renderTemplate(ITEM_CARD_TEMPLATE, {
    name: item.name,
    img: item.img,
    type: game.i18n!.localize(`TYPES.Item.${item.type}`),
    // C-15: what is left of it, as the sheet shows it (charges of a kit, how many of a potion), when it was posted.
    stock: stockLine(item),
    use: consumable(item) ? { label: game.i18n!.localize("FLEX.Use.Button"), aria: game.i18n!.format("FLEX.Use.ButtonAria", { item: item.name }), hint: game.i18n!.localize("FLEX.Use.CardHint") } : null,
    description,
  });
  return ChatMessage.create({ content, speaker: ChatMessage.getSpeaker({ actor }), flags: { flex: { itemCard: { item: item.uuid } } } });
}

/**
 * The item a card names, when this client has it: an Item of an actor, never a compendium index entry, and only on a
 * card spoken by that actor (a card another user made cannot put a button for someone else's item in their chat).
 */
function cardItem(message: ChatMessage.Implementation): Item.Implementation | null {
  const ref = (message.flags as { flex?: { itemCard?: { item?: unknown } } } | undefined)?.flex?.itemCard?.item;
  const doc = documentFromUuid(ref) as { documentName?: string; actor?: Actor.Implementation | null } | null;
  if (doc?.documentName !== "Item" || !doc.actor) return null;
  return message.speaker?.actor === doc.actor.id ? (doc as Item.Implementation) : null;
}

/**
 * The card's Benutzen: uses the item the card names, read from its document now; a user who does not own it is
 * refused with a message and nothing is written. Returns what Item#use returned, or null when refused.
 */
export async function useFromItemCard(message: ChatMessage.Implementation): Promise<unknown> {
  const i18n = game.i18n!;
  const item = cardItem(message);
  if (!item) {
    ui.notifications?.warn(i18n.localize("FLEX.Use.Gone"));
    return null;
  }
  if (!item.isOwner) {
    ui.notifications?.warn(i18n.format("FLEX.Use.NotYours", { item: item.name, name: item.actor?.name ?? "" }));
    return null;
  }
  return item.use();
}

/** Shows the Benutzen only to a user who owns the item (a GM, the character's player) and wires it. */
function onRenderChatMessage(message: ChatMessage.Implementation, html: HTMLElement): void {
  const button = html.querySelector<HTMLButtonElement>("button[data-action='flexItemUse']");
  if (!button) return;
  const item = cardItem(message);
  if (!item?.isOwner) {
    button.hidden = true;
    return;
  }
  button.addEventListener("click", (event) => {
    event.preventDefault();
    button.disabled = true;
    return useFromItemCard(message).finally(() => (button.disabled = false));
  });
}

export function registerItemCard(): void {
  Hooks.on("renderChatMessageHTML", onRenderChatMessage);
}
