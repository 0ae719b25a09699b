// The base of every item model: a description, and repair of bad data on load and on update.
import { descriptionField } from "../fields";
import { clampPool } from "../repair";
import { migrateSystemSource, poolClampsOnCreate, repairSystemChanges } from "../type-data";

export const baseItemSchema = () => ({ beschreibung: descriptionField() });
export type BaseItemSchema = ReturnType<typeof baseItemSchema>;

type PreUpdateArgs = Parameters<foundry.abstract.TypeDataModel.Any["_preUpdate"]>;

export abstract class FlexItemData<S extends BaseItemSchema> extends foundry.abstract.TypeDataModel<S, Item.Implementation> {
  /** Fields of the type that are pools ({ value, max }): the value is held to the max. */
  static POOLS: readonly string[] = [];

  static override migrateData(source: Record<string, unknown>) {
    migrateSystemSource(this, source, this.POOLS);
    return super.migrateData(source);
  }

  override async _preCreate(...args: Parameters<foundry.abstract.TypeDataModel<S, Item.Implementation>["_preCreate"]>) {
    if ((await super._preCreate(...args)) === false) return false;
    const clamps = poolClampsOnCreate(this.parent._source.system, (this.constructor as typeof FlexItemData).POOLS);
    if (clamps) this.parent.updateSource(clamps);
  }

  override async _preUpdate(changes: PreUpdateArgs[0], options: PreUpdateArgs[1], user: PreUpdateArgs[2]) {
    const cls = this.constructor as typeof FlexItemData;
    repairSystemChanges(cls, changes);
    const sys = (changes as { system?: Record<string, unknown> }).system;
    if (sys) for (const pool of cls.POOLS) clampPool(sys[pool], (this as unknown as Record<string, { value: number; max: number }>)[pool]);
    return super._preUpdate(changes as never, options, user);
  }
}
