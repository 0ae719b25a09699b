// Item subtypes. Adding a type: one schema here, one details template, one language block.
import { ATTRIBUTE_KEYS, DAMAGE_TYPES, TALENT_CATEGORIES } from "../../config";
import { intField, LIMITS, poolField, stufeField } from "../fields";
import { baseItemSchema, FlexItemData } from "./base";

const { BooleanField, StringField } = foundry.data.fields;

const damage = () => ({
  /** Flex notation, e.g. "1W6+2"; rolled with W → d. */
  schaden: new StringField({ required: true, initial: "1W6" }),
  schadensart: new StringField({ required: true, blank: false, initial: "physisch", choices: () => Object.keys(CONFIG.FLEX?.damageTypes ?? Object.fromEntries(DAMAGE_TYPES.map((d) => [d, d]))) }),
  /** In Schritt; 0 is melee. */
  reichweite: intField(0, { max: LIMITS.schritt }),
  /** R-CORE-6: actions the attack costs. */
  aktionen: intField(1, { min: 1, max: LIMITS.aktionen }),
});
const price = () => ({ preis: intField(0, { max: LIMITS.geld }) });

/** R-CORE-3: a talent names one attribute and has an Übungswert. */
const talentSchema = () => ({
    ...baseItemSchema(),
    attribut: new StringField({ required: true, blank: false, initial: "ge", choices: [...ATTRIBUTE_KEYS] }),
    uebungswert: intField(0, { max: LIMITS.uebungswert }),
    kategorie: new StringField({ required: true, blank: false, initial: "allgemein", choices: [...TALENT_CATEGORIES] }),
  });
export class TalentData extends FlexItemData<ReturnType<typeof talentSchema>> {
  static override LOCALIZATION_PREFIXES = ["FLEX.Item.talent", "FLEX.Item.base"];
  static override defineSchema() {
    return talentSchema();
  }
}

const weaponSchema = () => ({
    ...baseItemSchema(),
    ...damage(),
    ...price(),
    /** The talent (by name) the weapon is used with, e.g. "Klingenwaffen". */
    talent: new StringField({ required: true, initial: "" }),
    ausgeruestet: new BooleanField({ initial: false }),
  });
export class WeaponData extends FlexItemData<ReturnType<typeof weaponSchema>> {
  static override LOCALIZATION_PREFIXES = ["FLEX.Item.weapon", "FLEX.Item.base"];
  static override defineSchema() {
    return weaponSchema();
  }
}

const armorSchema = () => ({ ...baseItemSchema(), ...price(), wert: intField(1, { max: LIMITS.verteidigung }), ausgeruestet: new BooleanField({ initial: false }) });
export class ArmorData extends FlexItemData<ReturnType<typeof armorSchema>> {
  static override LOCALIZATION_PREFIXES = ["FLEX.Item.armor", "FLEX.Item.base"];
  static override defineSchema() {
    return armorSchema();
  }
}

const equipmentSchema = () => ({ ...baseItemSchema(), ...price(), menge: intField(1, { max: LIMITS.menge }), ladungen: poolField(0) });
export class EquipmentData extends FlexItemData<ReturnType<typeof equipmentSchema>> {
  static override POOLS = ["ladungen"];
  static override LOCALIZATION_PREFIXES = ["FLEX.Item.equipment", "FLEX.Item.base"];
  static override defineSchema() {
    return equipmentSchema();
  }
}

/** Alchemika: their Stufe matters for short combats (R-SHORT-6). */
const alchemicalSchema = () => ({ ...baseItemSchema(), ...price(), menge: intField(1, { max: LIMITS.menge }), stufe: stufeField() });
export class AlchemicalData extends FlexItemData<ReturnType<typeof alchemicalSchema>> {
  static override LOCALIZATION_PREFIXES = ["FLEX.Item.alchemical", "FLEX.Item.base"];
  static override defineSchema() {
    return alchemicalSchema();
  }
}

const spellSchema = () => ({
    ...baseItemSchema(),
    zauberschule: new StringField({ required: true, initial: "" }),
    fluss: intField(0),
    aktionen: intField(1, { min: 1, max: LIMITS.aktionen }),
    /** R-WATER-3: a spell cast silently costs no extra breath under water. */
    still: new BooleanField({ initial: false }),
  });
export class SpellData extends FlexItemData<ReturnType<typeof spellSchema>> {
  static override LOCALIZATION_PREFIXES = ["FLEX.Item.spell", "FLEX.Item.base"];
  static override defineSchema() {
    return spellSchema();
  }
}

const attackSchema = () => ({ ...baseItemSchema(), ...damage() });
export class AttackData extends FlexItemData<ReturnType<typeof attackSchema>> {
  static override LOCALIZATION_PREFIXES = ["FLEX.Item.attack", "FLEX.Item.base"];
  static override defineSchema() {
    return attackSchema();
  }
}

const passiveSchema = () => ({ ...baseItemSchema() });
export class PassiveData extends FlexItemData<ReturnType<typeof passiveSchema>> {
  static override LOCALIZATION_PREFIXES = ["FLEX.Item.passive", "FLEX.Item.base"];
  static override defineSchema() {
    return passiveSchema();
  }
}

export const itemDataModels = {
  talent: TalentData,
  weapon: WeaponData,
  armor: ArmorData,
  equipment: EquipmentData,
  alchemical: AlchemicalData,
  spell: SpellData,
  attack: AttackData,
  passive: PassiveData,
};
export type ItemType = keyof typeof itemDataModels;
