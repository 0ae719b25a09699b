// Item subtypes. Adding a type: one schema here, one details template, one language block.
import { ATTRIBUTE_KEYS, DAMAGE_TYPES, TALENT_CATEGORIES } from "../../config";
import { intField, LIMITS, poolField, stufeField } from "../fields";
import { baseItemSchema, FlexItemData } from "./base";
import { attackCheckField, diceNotationField } from "./fields";
import { ResourceData } from "./resource";
import { PlotData, ProjectData } from "./making";

const { BooleanField, StringField } = foundry.data.fields;

const damageType = () =>
  new StringField({ required: true, blank: false, initial: "physisch", choices: () => Object.keys(CONFIG.FLEX?.damageTypes ?? Object.fromEntries(DAMAGE_TYPES.map((d) => [d, d]))) });
/** In Schritt; 0 is melee (a spell: touch or self). */
const range = () => intField(0, { max: LIMITS.schritt });
/** R-CORE-6 / R-CORE-10: the actions an attack or a spell costs. */
const actions = () => intField(1, { min: 1, max: LIMITS.aktionen });

const damage = () => ({
  /** R-CORE-12: Flex notation, e.g. "1W6+2"; rolled with W → d. Blank: no damage. */
  schaden: diceNotationField("1W6"),
  schadensart: damageType(),
  reichweite: range(),
  aktionen: actions(),
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

/**
 * R-CORE-15: what one use of an item spends: nothing ("keiner"), one of its Menge ("menge") or one of its
 * Ladungen ("ladung"). Alchemika are always used up by Menge and need no choice.
 */
export const VERBRAUCH = ["keiner", "menge", "ladung"] as const;
export type Verbrauch = (typeof VERBRAUCH)[number];

const equipmentSchema = () => ({
  ...baseItemSchema(),
  ...price(),
  menge: intField(1, { max: LIMITS.menge }),
  ladungen: poolField(0),
  verbrauch: new StringField({ required: true, blank: false, initial: "keiner", choices: [...VERBRAUCH] }),
});
export class EquipmentData extends FlexItemData<ReturnType<typeof equipmentSchema>> {
  static override POOLS = ["ladungen"];
  static override LOCALIZATION_PREFIXES = ["FLEX.Item.equipment", "FLEX.Item.base"];
  static override defineSchema() {
    return equipmentSchema();
  }
}

/** Alchemika: their Stufe matters for short combats (R-SHORT-6). */
const alchemicalSchema = () => ({
  ...baseItemSchema(),
  ...price(),
  menge: intField(1, { max: LIMITS.menge }),
  stufe: stufeField(),
  /** R-CORE-12 / R-CORE-15: the Leben one use heals, in Flex notation ("2W6"); blank for an Alchemikum that heals none. */
  heilung: diceNotationField(""),
});
export class AlchemicalData extends FlexItemData<ReturnType<typeof alchemicalSchema>> {
  static override LOCALIZATION_PREFIXES = ["FLEX.Item.alchemical", "FLEX.Item.base"];
  static override defineSchema() {
    return alchemicalSchema();
  }
}

const spellSchema = () => ({
    ...baseItemSchema(),
    /** R-CORE-13: the Zauberschule (a talent, by name) the spell's check uses. */
    zauberschule: new StringField({ required: true, initial: "" }),
    /** R-CORE-13: the Fluss casting costs. */
    fluss: intField(0),
    aktionen: actions(),
    /** R-WATER-3: a spell cast silently costs no extra breath under water. */
    still: new BooleanField({ initial: false }),
    /** R-CORE-12: the damage a hit deals; blank for a spell that deals none. */
    schaden: diceNotationField(""),
    schadensart: damageType(),
    /** In Schritt; 0 is touch or self. */
    reichweite: range(),
    /** R-CORE-12: the Leben the spell heals; blank for none. */
    heilung: diceNotationField(""),
  });
export class SpellData extends FlexItemData<ReturnType<typeof spellSchema>> {
  static override LOCALIZATION_PREFIXES = ["FLEX.Item.spell", "FLEX.Item.base"];
  static override defineSchema() {
    return spellSchema();
  }
}

/** R-CORE-10: a creature's attack carries its own check (a die and a bonus), its action cost, damage and range. */
const attackSchema = () => ({ ...baseItemSchema(), angriff: attackCheckField("W6"), ...damage() });
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
  resource: ResourceData,
  project: ProjectData,
  plot: PlotData,
};
export type ItemType = keyof typeof itemDataModels;
