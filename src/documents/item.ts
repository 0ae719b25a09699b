// FlexItem: a talent rolls its check from its owner; other types roll through the roller their feature
// registered (a weapon its talent's check, a spell its Zauberschule's, a creature's attack its damage).
import type { RollCheckOptions } from "./actor";
import type { FlexActor } from "./actor";
import { itemRollerFor, itemUseFor } from "./features";
import type { AttackTargets } from "./features";
import { noteTranslated, packTranslatedArgs } from "../helpers/pack-i18n";
import { refusedTranslatedWrite } from "../helpers/packs";
import { ITEM_ART, defaultArt } from "../helpers/default-art";

export type ItemRollOptions = Omit<RollCheckOptions, "attribute" | "talent"> & {
  /** The distance to the target in Schritt (a ranged weapon under water may not exceed its range). */
  distance?: number | null;
  /** The tokens or actors an attack aims at; omitted: the user's targets. */
  targets?: AttackTargets | null;
};

export class FlexItem<out SubType extends Item.SubType = Item.SubType> extends Item<SubType> {
  /** A document built from one of the system's packs is shown in the world's language (helpers/pack-i18n.ts). */
  constructor(...args: ConstructorParameters<typeof Item>) {
    super(...packTranslatedArgs(args));
    noteTranslated(this, args);
  }

  /** A new item shows the system's picture for its type (helpers/default-art.ts), not core's white line art. */
  static override getDefaultArtwork(...args: Parameters<typeof Item.getDefaultArtwork>): ReturnType<typeof Item.getDefaultArtwork> {
    const img = defaultArt((args[0] as { type?: unknown } | undefined)?.type, ITEM_ART);
    return { ...super.getDefaultArtwork(...args), img };
  }

  /** Built translated from a pack, it is never written back into the German pack (helpers/packs.ts). */
  override async update(...args: Parameters<Item["update"]>) {
    if (refusedTranslatedWrite(this)) return undefined;
    return super.update(...args);
  }

  /** Rolls this item for the owning actor; null when it has no owner or nothing to roll. */
  async roll(options: ItemRollOptions = {}): Promise<unknown> {
    const actor = this.actor as FlexActor | null;
    if (!actor) return null;
    if (this.type === "talent") {
      const { distance: _distance, ...checkOptions } = options;
      return actor.rollTalent(this.asImplementation, checkOptions);
    }
    const roller = itemRollerFor(this.type);
    return roller ? roller(this.asImplementation, actor.asImplementation, options) : null;
  }

  /** R-CORE-15: uses one of this item (an Alchemikum, a charge); null when it is nobody's or not used up. */
  async use(): Promise<unknown> {
    const actor = this.actor as FlexActor | null;
    const use = itemUseFor(this.type);
    return actor && use ? use(this.asImplementation, actor.asImplementation) : null;
  }

  /** This document as the configured Item class (the types cannot see that FlexItem is it). */
  get asImplementation(): Item.Implementation {
    return this as Item.Implementation;
  }
}
