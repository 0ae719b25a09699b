// Actor subtype "character": a player character of Flex.
import { SIZE_KEYS } from "../../config";
import { attributeValue, breathDie, coerceDie, exhaustionMalus, isDie, proficiencyBonus, swimSpeed } from "../../rules";
import type { Die } from "../../rules";
import { attributesField, descriptionField, intField, poolField } from "../fields";
import { clampPool, migratePoolShape } from "../repair";
import { repairSystemChanges, repairSystemSource } from "../type-data";
import { armorFromItems } from "./armor";

const { BooleanField, NumberField, SchemaField, StringField } = foundry.data.fields;

const characterSchema = () => ({
  attributes: attributesField(),
  leben: poolField(10),
  fluss: poolField(0),
  gunst: poolField(0),
  /** Armour the character has without equipped armour items (R-CORE-7). */
  ruestung: intField(0),
  geschwindigkeit: intField(6),
  groesse: new StringField({ required: true, blank: false, initial: "mittel", choices: [...SIZE_KEYS] }),
  level: intField(1, 1),
  meilensteine: intField(0),
  geld: intField(0),
  erschoepfung: new SchemaField({
    value: intField(0),
    /** R-EXH-4: set when Erschöpfung rose during the current day; cleared at the end of the day. */
    heuteErhalten: new BooleanField({ initial: false }),
  }),
  /** R-EXH-1: today's needs, assumed met until the GM or player says otherwise. */
  versorgung: new SchemaField({
    essen: new BooleanField({ initial: true }),
    trinken: new BooleanField({ initial: true }),
    schlaf: new BooleanField({ initial: true }),
  }),
  /** R-BREATH-2: the current breath die; null while the character has its full KO die. */
  atem: new SchemaField({
    wuerfel: new NumberField({ required: true, nullable: true, integer: true, initial: null, validate: (v: unknown) => v === null || isDie(v) }),
  }),
  /** R-REST-HEAL-3 (Decision): hit dice = Level, die = KO die; spent ones and the Constitution modifier. */
  trefferwuerfel: new SchemaField({
    verbraucht: intField(0),
    koModifikator: new NumberField({ required: true, nullable: false, integer: true, initial: 0 }),
  }),
  biografie: descriptionField(),
});
export type CharacterSchema = ReturnType<typeof characterSchema>;

export type CharacterDerived = {
  derived: {
    koWert: number;
    ruestung: number;
    /** R-EXH-2: malus on talent checks and on bare attribute checks. */
    malus: { talent: number; attribut: number };
    /** R-EXH-3: the Erschöpfung at which the character dies. */
    todesschwelle: number;
    atemWuerfel: Die;
    /** R-BREATH-2: the breath die as a token bar (value = its faces, max = the KO die). */
    atem: { value: number; max: number };
    /** R-SWIM-1: swim speed in Schritt. */
    schwimmen: number;
    uebungsbonus: number;
    trefferwuerfel: { max: number; verbleibend: number; wuerfel: Die };
  };
};

export class CharacterData extends foundry.abstract.TypeDataModel<CharacterSchema, Actor.Implementation, Record<string, never>, CharacterDerived> {
  static override LOCALIZATION_PREFIXES = ["FLEX.Actor.character", "FLEX.Actor.base"];

  static override defineSchema(): CharacterSchema {
    return characterSchema();
  }

  static override migrateData(source: Record<string, unknown>) {
    for (const pool of ["leben", "fluss", "gunst"]) migratePoolShape(source, pool);
    repairSystemSource(this, source);
    for (const pool of ["leben", "fluss", "gunst"]) clampPool(source[pool]);
    return super.migrateData(source);
  }

  override async _preUpdate(changes: Parameters<foundry.abstract.TypeDataModel.Any["_preUpdate"]>[0], options: Parameters<foundry.abstract.TypeDataModel.Any["_preUpdate"]>[1], user: User.Implementation) {
    repairSystemChanges(CharacterData, changes);
    const sys = (changes as { system?: Record<string, unknown> }).system;
    if (sys) {
      for (const pool of ["leben", "fluss", "gunst"] as const) clampPool(sys[pool], this[pool].max);
      const next = (sys.erschoepfung as { value?: number } | undefined)?.value;
      // R-EXH-4 needs to know whether Erschöpfung rose during the day; end of day itself does not count.
      if (typeof next === "number" && next > this.erschoepfung.value && !(options as { flexEndOfDay?: boolean }).flexEndOfDay) {
        (sys.erschoepfung as Record<string, unknown>).heuteErhalten = true;
      }
    }
    return super._preUpdate(changes, options, user);
  }

  override prepareDerivedData(): void {
    // Active effects may have written anything here since the source was validated: coerce, never throw.
    const ko = coerceDie(this.attributes.ko, CONFIG.FLEX?.defaultAttributeDie ?? 6);
    const level = Math.max(1, Math.trunc(Number(this.level)) || 1);
    const spent = Math.min(Math.max(0, Math.trunc(Number(this.trefferwuerfel.verbraucht)) || 0), level);
    this.derived = {
      koWert: attributeValue(ko),
      ruestung: (Number(this.ruestung) || 0) + armorFromItems(this.parent),
      malus: {
        talent: exhaustionMalus(this.erschoepfung.value, "talent"),
        attribut: exhaustionMalus(this.erschoepfung.value, "attribute"),
      },
      todesschwelle: attributeValue(ko),
      atemWuerfel: breathDie(this.atem?.wuerfel, ko),
      atem: { value: breathDie(this.atem?.wuerfel, ko), max: ko },
      schwimmen: swimSpeed(Number(this.geschwindigkeit)),
      uebungsbonus: proficiencyBonus(level),
      trefferwuerfel: { max: level, verbleibend: level - spent, wuerfel: ko },
    };
  }
}
