// The base of every item model: a description, and repair of bad data on load and on update.
import { descriptionField } from "../fields";
import { repairSystemChanges, repairSystemSource } from "../type-data";

export const baseItemSchema = () => ({ beschreibung: descriptionField() });
export type BaseItemSchema = ReturnType<typeof baseItemSchema>;

type PreUpdateArgs = Parameters<foundry.abstract.TypeDataModel.Any["_preUpdate"]>;

export abstract class FlexItemData<S extends BaseItemSchema> extends foundry.abstract.TypeDataModel<S, Item.Implementation> {
  static override migrateData(source: Record<string, unknown>) {
    repairSystemSource(this, source);
    return super.migrateData(source);
  }

  override async _preUpdate(changes: PreUpdateArgs[0], options: PreUpdateArgs[1], user: PreUpdateArgs[2]) {
    repairSystemChanges(this.constructor as typeof FlexItemData, changes);
    return super._preUpdate(changes as never, options, user);
  }
}
