// The system data the sheets show, narrowed from what the types allow on any Actor or Item (Flex's
// subtypes, but also "base" and modules' subtypes) to Flex's own data models, by checking the model.
import { CharacterData } from "../../data/actor/character";
import { CreatureData } from "../../data/actor/creature";
import { FlexItemData } from "../../data/item/base";
import { itemDataModels } from "../../data/item/types";
import type { ItemType } from "../../data/item/types";

/** A character's or a creature's system; a field only one of them has reads as undefined on the other. */
export type FlexActorSystem = Actor.SystemOfType<"character" | "creature">;
/** The system of any Flex item type; a field other types have reads as undefined on the rest. */
export type FlexItemSystem = Item.SystemOfType<ItemType>;

/** The actor's system when it is one of Flex's models, else null. */
export function flexActorSystem(actor: Actor.Implementation): FlexActorSystem | null {
  const { system } = actor;
  return system instanceof CharacterData || system instanceof CreatureData ? system : null;
}

/** Every Flex item model extends FlexItemData. */
export function isFlexItemSystem(system: Item.Implementation["system"]): system is FlexItemSystem {
  return system instanceof FlexItemData;
}

/** The item's system when it is one of Flex's models, else null. */
export function flexItemSystem(item: Item.Implementation): FlexItemSystem | null {
  const { system } = item;
  return isFlexItemSystem(system) ? system : null;
}

/** An item type of Flex ("talent", "weapon", …). */
export function isItemType(type: string): type is ItemType {
  return Object.hasOwn(itemDataModels, type);
}
