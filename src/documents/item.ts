// FlexItem: a talent rolls its check from its owner; a weapon its talent's, a spell its Zauberschule's;
// a creature's attack its damage.
import { rollSpell, rollWeapon } from "../automation/water-combat";
import type { ItemRollOptions } from "../automation/water-combat";
import { rollDamage } from "../dice/damage-roll";
import type { FlexActor } from "./actor";

export class FlexItem<out SubType extends Item.SubType = Item.SubType> extends Item<SubType> {
  /**
   * Rolls this item's check for the owning actor: a talent its own, a weapon its talent's (R-WATER-2 may
   * refuse it under water; pass `distance` in Schritt), a spell its Zauberschule's (R-WATER-3). Others: null.
   */
  async roll(options: ItemRollOptions = {}) {
    const actor = this.actor as FlexActor | null;
    if (!actor) return null;
    const item = this as unknown as Item.Implementation;
    if (this.type === "weapon") return rollWeapon(item, actor, options);
    if (this.type === "spell") return rollSpell(item, actor, options);
    if (this.type === "attack") return actor.isOwner ? rollDamage(item, actor as unknown as Actor.Implementation) : null;
    if (this.type !== "talent") return null;
    const { distance: _distance, ...checkOptions } = options;
    return actor.rollTalent(item, checkOptions);
  }
}
