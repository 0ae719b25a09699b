// Actor subtype "loot" (issue 34): a merchant, a party's stash or a pile on the ground — ¥ and items, nothing else
// (no attributes, no talents, no Leben). Item Piles makes its piles of this type (integrations/item-piles/).
import { descriptionField, intField, LIMITS } from "../fields";

const lootSchema = () => ({
  /** R-MONEY: ¥ in whole numbers, as a character's. */
  geld: intField(0, { max: LIMITS.geld }),
  beschreibung: descriptionField(),
});

type LootSchema = ReturnType<typeof lootSchema>;

export class LootData extends foundry.abstract.TypeDataModel<LootSchema, Actor.Implementation> {
  static override LOCALIZATION_PREFIXES = ["FLEX.Actor.loot", "FLEX.Actor.base"];

  static override defineSchema(): LootSchema {
    return lootSchema();
  }
}
