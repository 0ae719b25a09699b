// Actor subtype "character": a player character of Flex.
import { SIZE_KEYS } from "../../config";
import { attributeValue, breathDie, coerceDie, exhaustionMalus, isDie, proficiencyBonus, REST_LIMITS, REST_TALENTS, REST_TYPES, swimSpeed } from "../../rules";
import type { Die } from "../../rules";
import { attributesField, bounded, descriptionField, intField, LIMITS, poolField } from "../fields";
import { clampPool } from "../repair";
import { migrateSystemSource, poolClampsOnCreate, repairSystemChanges } from "../type-data";
import { armorFromItems } from "./armor";

const { BooleanField, NumberField, SchemaField, StringField } = foundry.data.fields;

/** A world time in seconds (game.time.worldTime); null: none yet. Bounded so every stored number stays finite. */
const WORLD_TIME_LIMIT = 1e12;
const worldTimeField = () => new NumberField({ required: true, nullable: true, initial: null, min: -WORLD_TIME_LIMIT, max: WORLD_TIME_LIMIT });
/** R-REST-1 … 4: the starts of the last rests of one type, as many as its limit allows (s1, s2, …). */
const restStartsField = (count: number) => new SchemaField(Object.fromEntries(Array.from({ length: count }, (_, i) => [`s${i + 1}`, worldTimeField()])));

const characterSchema = () => ({
  attributes: attributesField(),
  leben: poolField(10),
  fluss: poolField(0),
  gunst: poolField(0),
  /** Armour the character has without equipped armour items (R-CORE-7). */
  ruestung: intField(0, { max: LIMITS.verteidigung }),
  geschwindigkeit: intField(6, { max: LIMITS.schritt }),
  groesse: new StringField({ required: true, blank: false, initial: "mittel", choices: [...SIZE_KEYS] }),
  level: intField(1, { min: 1, max: LIMITS.level }),
  meilensteine: intField(0, { max: LIMITS.meilensteine }),
  geld: intField(0, { max: LIMITS.geld }),
  erschoepfung: new SchemaField({
    value: intField(0, { max: LIMITS.erschoepfung }),
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
    verbraucht: intField(0, { max: LIMITS.level }),
    koModifikator: intField(0, { min: -LIMITS.modifikator, max: LIMITS.modifikator }),
  }),
  biografie: descriptionField(),
  /** RULES.md §11: the character's rests on the world clock. */
  rast: new SchemaField({
    /** R-REST-NO-1: when the last rest that stops the no-rest clock ended; null: the clock starts at the next time change. */
    letzte: worldTimeField(),
    /** R-REST-NO-1: the Erschöpfung this stretch without rest has already given (the mark of what was counted). */
    ohneRast: intField(0, { max: LIMITS.erschoepfung }),
    /** R-REST-1 … 4: when the last rests of each type began (rolling windows). */
    historie: new SchemaField(Object.fromEntries(REST_TYPES.map((t) => [t, restStartsField(REST_LIMITS[t].count)]))),
    /** R-REST-TAL: rest talents used that come back only after a long rest. */
    talente: new SchemaField(
      Object.fromEntries(Object.entries(REST_TALENTS).filter(([, t]) => t.untilLongRest).map(([id]) => [id, new BooleanField({ initial: false })])),
    ),
  }),
});
export type CharacterSchema = ReturnType<typeof characterSchema>;
const POOLS = ["leben", "fluss", "gunst"] as const;

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
    migrateSystemSource(this, source, POOLS);
    return super.migrateData(source);
  }

  override async _preCreate(...args: Parameters<foundry.abstract.TypeDataModel<CharacterSchema, Actor.Implementation, Record<string, never>, CharacterDerived>["_preCreate"]>) {
    if ((await super._preCreate(...args)) === false) return false;
    const clamps = poolClampsOnCreate(this.parent._source.system, POOLS);
    if (clamps) this.parent.updateSource(clamps);
  }

  override async _preUpdate(changes: Parameters<foundry.abstract.TypeDataModel.Any["_preUpdate"]>[0], options: Parameters<foundry.abstract.TypeDataModel.Any["_preUpdate"]>[1], user: User.Implementation) {
    repairSystemChanges(CharacterData, changes);
    const sys = (changes as { system?: Record<string, unknown> }).system;
    if (sys) {
      for (const pool of POOLS) clampPool(sys[pool], this[pool]);
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
    const level = Math.trunc(bounded(this.level, 1, LIMITS.level, 1));
    const spent = Math.min(Math.trunc(bounded(this.trefferwuerfel.verbraucht, 0, LIMITS.level, 0)), level);
    const erschoepfung = bounded(this.erschoepfung.value, 0, LIMITS.erschoepfung, 0);
    this.derived = {
      koWert: attributeValue(ko),
      ruestung: bounded(this.ruestung, 0, LIMITS.verteidigung, 0) + armorFromItems(this.parent),
      malus: {
        talent: exhaustionMalus(erschoepfung, "talent"),
        attribut: exhaustionMalus(erschoepfung, "attribute"),
      },
      todesschwelle: attributeValue(ko),
      atemWuerfel: breathDie(this.atem?.wuerfel, ko),
      atem: { value: breathDie(this.atem?.wuerfel, ko), max: ko },
      schwimmen: swimSpeed(bounded(this.geschwindigkeit, 0, LIMITS.schritt, 0)),
      uebungsbonus: proficiencyBonus(level),
      trefferwuerfel: { max: level, verbleibend: level - spent, wuerfel: ko },
    };
  }
}
