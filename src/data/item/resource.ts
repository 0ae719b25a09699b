// Item subtype "resource": a pool (spell slots of one level, rage, ki, …) with a recharge rule per rest
// type (RULES.md §11, Decision "Flex pools on rest"). The presets come from rules/rest.ts.
import { RECHARGES, RESOURCE_KINDS, RESOURCE_PRESETS, REST_TYPES } from "../../rules";
import { poolField } from "../fields";
import { baseItemSchema, FlexItemData } from "./base";

const { SchemaField, StringField } = foundry.data.fields;

const rechargeField = (initial: string) => new StringField({ required: true, blank: false, initial, choices: [...RECHARGES] });

const resourceSchema = () => ({
  ...baseItemSchema(),
  /** Which of the seed's resources this is ("eigene": the GM's own), read by the rest talents. */
  art: new StringField({ required: true, blank: false, initial: "eigene", choices: [...RESOURCE_KINDS] }),
  vorrat: poolField(1),
  /** How it comes back with each rest type: keine, eins, haelfte (half the maximum, rounded up), alle. */
  aufladung: new SchemaField(Object.fromEntries(REST_TYPES.map((t) => [t, rechargeField(RESOURCE_PRESETS.eigene[t])])) as Record<(typeof REST_TYPES)[number], ReturnType<typeof rechargeField>>),
});

export class ResourceData extends FlexItemData<ReturnType<typeof resourceSchema>> {
  static override POOLS = ["vorrat"];
  static override LOCALIZATION_PREFIXES = ["FLEX.Item.resource", "FLEX.Item.base"];
  static override defineSchema() {
    return resourceSchema();
  }
}
