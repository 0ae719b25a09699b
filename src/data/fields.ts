// Field builders shared by the actor and item models.
import { ATTRIBUTE_KEYS, FLEX } from "../config";
import type { Die } from "../rules";
import { markDieField } from "./repair";

const { HTMLField, NumberField, SchemaField } = foundry.data.fields;

/**
 * Decision: upper bounds for numbers the rules leave open. Far above anything met in play, they keep
 * every stored and derived number finite (a Stufe of 1e308 would make its Misstrauen Infinity).
 */
export const LIMITS = {
  level: 99,
  meilensteine: 999,
  /** Creature and Alchemika Stufe. */
  stufe: 100,
  uebungswert: 99,
  /** Money and prices in ¥. */
  geld: 999_999_999,
  /** Leben, Fluss, Gunst, charges. */
  pool: 9_999,
  /** Rüstung, Ausweichen, Parade, an armour's value. */
  verteidigung: 999,
  /** Speed and range in Schritt. */
  schritt: 9_999,
  erschoepfung: 99,
  misstrauen: 999,
  /** Accumulated EW of a training block. */
  training: 99_999,
  aktionen: 99,
  menge: 999_999,
  /** The Constitution modifier of the hit dice, either way. */
  modifikator: 99,
  /** A creature attack's check bonus, either way (W8+3). */
  bonus: 99,
  /** Dice in one damage or healing entry (2W6+2: 2), and the faces of each. */
  wuerfel: 99,
  seiten: 100,
} as const;

/** A whole number within min..max (default 0..LIMITS.pool). */
export const intField = (initial: number, { min = 0, max = LIMITS.pool as number } = {}) =>
  new NumberField({ required: true, nullable: false, integer: true, min, max, initial });

/** A pool with value and max (Leben, Fluss, Gunst, charges). */
export const poolField = (initial: number) => new SchemaField({ value: intField(initial), max: intField(initial) });

/** A Stufe: 0.25, 0.5, 1, 2, … up to LIMITS.stufe. */
export const stufeField = () => new NumberField({ required: true, nullable: false, min: 0, max: LIMITS.stufe, initial: 1 });

/** R-CORE-1: an attribute die, stored as its number of faces (W8 → 8). */
export const dieField = (initial: Die) =>
  markDieField(
    new NumberField({
      required: true,
      nullable: false,
      integer: true,
      initial,
      validate: (v: unknown) => FLEX.dieLadder.includes(v as Die),
      validationError: "must be a die of the ladder W4–W12",
    }),
  );

export const attributesField = () =>
  new SchemaField(
    Object.fromEntries(ATTRIBUTE_KEYS.map((k) => [k, dieField(FLEX.defaultAttributeDie)])) as Record<
      (typeof ATTRIBUTE_KEYS)[number],
      ReturnType<typeof dieField>
    >,
  );

export const descriptionField = () => new HTMLField({ required: true, initial: "" });

/** Derived data reads values an active effect may have set to anything: a finite number within min..max. */
export function bounded(value: unknown, min: number, max: number, fallback: number): number {
  const n = typeof value === "number" ? value : typeof value === "string" && value.trim() ? Number(value) : Number.NaN;
  if (Number.isNaN(n)) return fallback;
  return Math.min(max, Math.max(min, n));
}
