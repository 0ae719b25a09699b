// Flex's profile for Item Piles (issue 34, scope 3): what a pile, a merchant or a trade reads from Flex's data, as the
// `addSystemIntegration` of Item Piles 3.3.x takes it. Pure: the currency's label and the profile's revision come in.
import { itemDataModels } from "../../data/item/types";

/** Item types that lie in piles and are bought and sold: each has a price (system.preis). */
export const LOOT_ITEM_TYPES = ["weapon", "armor", "equipment", "alchemical"] as const;
/** Abilities and bookkeeping, never loot: Item Piles hides them (ITEM_FILTERS). */
export const NON_LOOT_ITEM_TYPES = ["talent", "spell", "attack", "passive", "resource", "project", "plot"] as const;
/** One of a kind: a weapon or a suit of armour never stacks (they have no Menge). */
export const UNSTACKABLE_ITEM_TYPES = ["weapon", "armor"] as const;
/** The actor type Item Piles makes its piles of: ¥ and items, no talents (data/actor/loot.ts). */
export const PILE_ACTOR_TYPE = "loot";

/** Every item type Flex knows, classified: a new type added to the data models fails the test until it is sorted in. */
export function unclassifiedItemTypes(): string[] {
  const known = new Set<string>([...LOOT_ITEM_TYPES, ...NON_LOOT_ITEM_TYPES]);
  return Object.keys(itemDataModels).filter((t) => !known.has(t));
}

type Data = Record<string, unknown> & { system?: Record<string, unknown>; flags?: Record<string, Record<string, unknown> | undefined> };

/**
 * Item Piles' ITEM_TRANSFORMER: an item leaving an actor for a pile or a merchant is no longer worn, and carries none of
 * Flex's marks of where it came from (a project's maker, a form's lock). Item Piles calls it with `{}` to check that it
 * returns an object.
 */
export function pileItem(data: Data): Data {
  if (!data || typeof data !== "object") return {};
  if (data.system && "ausgeruestet" in data.system) data.system = { ...data.system, ausgeruestet: false };
  const flex = data.flags?.flex;
  if (flex) {
    const { madeBy: _madeBy, polymorphForm: _form, ...rest } = flex;
    data.flags = { ...data.flags, flex: rest };
  }
  return data;
}

export interface ItemPilesProfileInput {
  /** The world's currency label (the setting flex.currencyLabel): "¥". */
  currency: string;
  /** The currency's name, in the world's language. */
  currencyName: string;
  /** Raised each time the label changes: Item Piles replaces its stored profile only for a newer VERSION. */
  revision: number;
}

/** The data for `game.itempiles.API.addSystemIntegration`. */
export function itemPilesProfile({ currency, currencyName, revision }: ItemPilesProfileInput) {
  return {
    VERSION: `1.0.${Math.max(0, Math.trunc(revision) || 0)}`,
    ACTOR_CLASS_TYPE: PILE_ACTOR_TYPE,
    ITEM_CLASS_LOOT_TYPE: "equipment",
    ITEM_CLASS_WEAPON_TYPE: "weapon",
    ITEM_CLASS_EQUIPMENT_TYPE: "equipment",
    // Equipment and Alchemika have a Menge; weapons and armour none (one each, UNSTACKABLE_ITEM_TYPES).
    ITEM_QUANTITY_ATTRIBUTE: "system.menge",
    ITEM_PRICE_ATTRIBUTE: "system.preis",
    ITEM_FILTERS: [{ path: "type", filters: NON_LOOT_ITEM_TYPES.join(",") }],
    // A used kit (fewer Ladungen) stays apart from a full one; an Alchemikum of another Stufe too.
    ITEM_SIMILARITIES: ["name", "type", "system.stufe", "system.ladungen.value"],
    UNSTACKABLE_ITEM_TYPES: [...UNSTACKABLE_ITEM_TYPES],
    CURRENCIES: [{ type: "attribute", name: currencyName, img: "icons/commodities/currency/coins-plain-stack-gold.webp", abbreviation: `{#} ${currency}`, data: { path: "system.geld" }, primary: true, exchangeRate: 1 }],
    // R-MONEY: whole ¥ only (a 50 % sell price of 7 ¥ is 3 ¥, never 3.5).
    CURRENCY_DECIMAL_DIGITS: 1,
    ITEM_TRANSFORMER: pileItem,
  };
}
