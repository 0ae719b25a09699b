// FlexItem: a talent rolls its check from its owner.
import type { RollCheckOptions } from "./actor";
import type { FlexActor } from "./actor";

export class FlexItem<out SubType extends Item.SubType = Item.SubType> extends Item<SubType> {
  /** Rolls this talent's check for the owning actor; other items have nothing to roll yet. */
  async roll(options: Omit<RollCheckOptions, "attribute" | "talent"> = {}) {
    const actor = this.actor as FlexActor | null;
    if (this.type !== "talent" || !actor) return null;
    return actor.rollTalent(this, options);
  }
}
