// CONFIG.FLEX: the lists the system's data, sheets and rules read. Labels are i18n keys.
import { ACTIONS_PER_ROUND, DIE_LADDER, REACTIONS_PER_ROUND } from "./rules";

/** R-CORE-1: the eight attributes, each a die on the ladder. Keys are the Flex abbreviations. */
export const ATTRIBUTE_KEYS = ["mu", "kl", "in", "ch", "ge", "ff", "ko", "kk"] as const;
export type AttributeKey = (typeof ATTRIBUTE_KEYS)[number];

/** R-CORE-7: sizes from smallest to largest (riding compares them, R-RIDE-1). */
export const SIZE_KEYS = ["winzig", "klein", "mittel", "gross", "riesig"] as const;
export type SizeKey = (typeof SIZE_KEYS)[number];

export const TALENT_CATEGORIES = ["allgemein", "kampfart", "zauberschule"] as const;
export type TalentCategory = (typeof TALENT_CATEGORIES)[number];

export const CREATURE_KINDS = ["tier", "apparatur", "andere"] as const;

/** Damage types; (F) Feuer and Lava lose their effects under water (R-WATER-4). A GM may add more. */
export const DAMAGE_TYPES = ["physisch", "feuer", "lava", "eis", "blitz", "gift", "saeure"] as const;

const labels = <K extends string>(keys: readonly K[], prefix: string) =>
  Object.fromEntries(keys.map((k) => [k, `${prefix}.${k}`])) as Record<K, string>;

export const FLEX = {
  attributes: Object.fromEntries(
    ATTRIBUTE_KEYS.map((k) => [k, { label: `FLEX.Attribute.${k}.long`, abbreviation: `FLEX.Attribute.${k}.abbr` }]),
  ) as Record<AttributeKey, { label: string; abbreviation: string }>,
  dieLadder: DIE_LADDER,
  sizes: labels(SIZE_KEYS, "FLEX.Size"),
  talentCategories: labels(TALENT_CATEGORIES, "FLEX.TalentCategory"),
  creatureKinds: labels(CREATURE_KINDS, "FLEX.CreatureKind"),
  damageTypes: labels(DAMAGE_TYPES, "FLEX.DamageType") as Record<string, string>,
  /** R-CORE-6 (Decision): actions and reactions per KR. */
  actionsPerRound: ACTIONS_PER_ROUND,
  reactionsPerRound: REACTIONS_PER_ROUND,
  /** R-CORE-14 (Decision): initiative is a check of this attribute (with the Erschöpfung malus); a group may change it. */
  initiative: { attribute: "in" as AttributeKey },
  /** Decision: the die of an attribute nobody has set yet. */
  defaultAttributeDie: 6 as const,
  /** The highest fall (Schritt) a request to the GM may carry; higher ones are refused as forged. */
  maxFallHeight: 100,
  /** How long (ms) a client waits for the active GM to carry out a request, and for a requester to confirm one. */
  queryTimeout: 30_000,
  confirmTimeout: 5_000,
  /** A user whose requests the active GM refused this often within this many seconds is refused at once. */
  refusalLimit: { count: 10, seconds: 60 },
  /** After this many unconfirmed requests within this many seconds the active GM sends no confirm query for a while. */
  unconfirmedLimit: { count: 20, seconds: 60 },
};

export type FlexConfig = typeof FLEX;
