// Field builders shared by the actor and item models.
import { ATTRIBUTE_KEYS, FLEX } from "../config";
import type { Die } from "../rules";
import { markDieField } from "./repair";

const { HTMLField, NumberField, SchemaField } = foundry.data.fields;

/** A whole number ≥ min (default 0). */
export const intField = (initial: number, min = 0) =>
  new NumberField({ required: true, nullable: false, integer: true, min, initial });

/** A pool with value and max (Leben, Fluss, Gunst, charges). */
export const poolField = (initial: number) => new SchemaField({ value: intField(initial), max: intField(initial) });

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
    initial,
  );

export const attributesField = () =>
  new SchemaField(
    Object.fromEntries(ATTRIBUTE_KEYS.map((k) => [k, dieField(FLEX.defaultAttributeDie)])) as Record<
      (typeof ATTRIBUTE_KEYS)[number],
      ReturnType<typeof dieField>
    >,
  );

export const descriptionField = () => new HTMLField({ required: true, initial: "" });
