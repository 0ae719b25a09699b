// Actor subtype "creature": monsters, animals, apparatuses — and companions once trained (§4).
import { CREATURE_KINDS, SIZE_KEYS } from "../../config";
import { attributeValue, breathDie, clampMisstrauen, coerceDie, defaultMisstrauen, handlingTalent, isDie, MIN_MISSTRAUEN, landSpeed, swimSpeed } from "../../rules";
import type { CreatureKind, Die } from "../../rules";
import { attributesField, bounded, descriptionField, intField, LIMITS, poolField, stufeField } from "../fields";
import { clampPool } from "../repair";
import { migrateSystemSource, poolClampsOnCreate, repairSystemChanges } from "../type-data";
import { armorFromItems } from "./armor";

const { BooleanField, DocumentUUIDField, NumberField, SchemaField, StringField } = foundry.data.fields;

const creatureSchema = () => ({
  /** Creature tier: 0.25, 0.5, 1, 2, … */
  stufe: stufeField(),
  attributes: attributesField(),
  leben: poolField(10),
  ruestung: intField(0, { max: LIMITS.verteidigung }),
  ausweichen: intField(0, { max: LIMITS.verteidigung }),
  parade: intField(0, { max: LIMITS.verteidigung }),
  geschwindigkeit: intField(6, { max: LIMITS.schritt }),
  groesse: new StringField({ required: true, blank: false, initial: "mittel", choices: [...SIZE_KEYS] }),
  art: new StringField({ required: true, blank: false, initial: "tier", choices: [...CREATURE_KINDS] }),
  /** R-COMP-1: the handling talent of a creature of kind "andere", set by the GM. */
  umgangTalent: new StringField({ required: true, initial: "" }),
  trainierbar: new BooleanField({ initial: false }),
  reitbar: new BooleanField({ initial: false }),
  /** How it moves besides walking (its passives tell the table; these let a search find it): water creatures, flyers. */
  schwimmt: new BooleanField({ initial: false }),
  fliegt: new BooleanField({ initial: false }),
  /** B-7: lives only in water (a Wasserwesen): swims at its Geschwindigkeit, on land 1 Schritt per Aktion. */
  nurImWasser: new BooleanField({ initial: false }),
  /** R-COMP-2: null means "the default for its Stufe"; a number is the GM's adjusted value. */
  misstrauen: new NumberField({ required: true, nullable: true, integer: true, min: MIN_MISSTRAUEN, max: LIMITS.misstrauen, initial: null }),
  trainer: new DocumentUUIDField({ type: "Actor" }),
  /** R-TRAIN-1: the EW accumulated in the current training block. */
  training: new SchemaField({ fortschritt: intField(0, { max: LIMITS.training }) }),
  /** R-BREATH-2: the current breath die; null while the creature has its full KO die. */
  atem: new SchemaField({
    wuerfel: new NumberField({ required: true, nullable: true, integer: true, initial: null, validate: (v: unknown) => v === null || isDie(v) }),
  }),
  beschreibung: descriptionField(),
});
export type CreatureSchema = ReturnType<typeof creatureSchema>;
const POOLS = ["leben"] as const;

export type CreatureDerived = {
  derived: {
    koWert: number;
    ruestung: number;
    /** R-COMP-2 / R-COMP-3: the Misstrauen in force and the default for the Stufe. */
    misstrauen: number;
    misstrauenStandard: number;
    /** R-COMP-1: the talent every handling check uses. */
    umgangTalent: string;
    /** R-COMP-8: a trained companion at 0 Leben is dying, not dead. */
    begleiter: boolean;
    /** R-BREATH-2: the breath die in force, and as a token bar (value = its faces, max = the KO die). */
    atemWuerfel: Die;
    atem: { value: number; max: number };
    /** R-SWIM-1: swim speed in Schritt. */
    schwimmen: number;
    /** R-CORE-6: what one Aktion of moving covers on land, in Schritt (B-7: 1 for a creature that lives only in water). */
    laufen: number;
  };
};

export class CreatureData extends foundry.abstract.TypeDataModel<CreatureSchema, Actor.Implementation, Record<string, never>, CreatureDerived> {
  static override LOCALIZATION_PREFIXES = ["FLEX.Actor.creature", "FLEX.Actor.base"];

  static override defineSchema(): CreatureSchema {
    return creatureSchema();
  }

  static override migrateData(source: Record<string, unknown>) {
    migrateSystemSource(this, source, POOLS);
    return super.migrateData(source);
  }

  override async _preCreate(...args: Parameters<foundry.abstract.TypeDataModel<CreatureSchema, Actor.Implementation, Record<string, never>, CreatureDerived>["_preCreate"]>) {
    if ((await super._preCreate(...args)) === false) return false;
    const clamps = poolClampsOnCreate(this.parent._source.system, POOLS);
    if (clamps) this.parent.updateSource(clamps);
  }

  override async _preUpdate(changes: Parameters<foundry.abstract.TypeDataModel.Any["_preUpdate"]>[0], options: Parameters<foundry.abstract.TypeDataModel.Any["_preUpdate"]>[1], user: User.Implementation) {
    repairSystemChanges(CreatureData, changes);
    const sys = (changes as { system?: Record<string, unknown> }).system;
    if (sys) clampPool(sys.leben, this.leben);
    return super._preUpdate(changes, options, user);
  }

  override prepareDerivedData(): void {
    const standard = defaultMisstrauen(bounded(this.stufe, 0, LIMITS.stufe, 1));
    const ko = coerceDie(this.attributes.ko, CONFIG.FLEX?.defaultAttributeDie ?? 6);
    const atem = breathDie(this.atem?.wuerfel, ko);
    const speed = bounded(this.geschwindigkeit, 0, LIMITS.schritt, 0);
    this.derived = {
      koWert: attributeValue(ko),
      ruestung: bounded(this.ruestung, 0, LIMITS.verteidigung, 0) + armorFromItems(this.parent),
      misstrauen: clampMisstrauen(bounded(this.misstrauen ?? standard, MIN_MISSTRAUEN, LIMITS.misstrauen, standard)),
      misstrauenStandard: standard,
      umgangTalent: handlingTalent(this.art as CreatureKind, this.umgangTalent),
      begleiter: !!this.trainer,
      atemWuerfel: atem,
      atem: { value: atem, max: ko },
      // R-SWIM-1 (Decision): a creature with *schwimmt*, or one that lives only in water, swims at its Geschwindigkeit.
      schwimmen: swimSpeed(speed, this.schwimmt === true || this.nurImWasser === true),
      laufen: landSpeed(speed, this.nurImWasser === true),
    };
  }
}
