// Text fields of the item models that hold dice notation: a creature attack's own check ("W8+3") and a
// damage or healing entry ("2W6+2"). Each field's own validation says what is usable; the schema-driven
// repair (data/repair.ts) drops anything else with the usual warning, so nothing fails only when rolled.
import { attackCheckLabel, damageFormula, parseAttackCheck } from "../../rules";
import { LIMITS } from "../fields";

const { StringField } = foundry.data.fields;

/** R-CORE-10: a usable attack check, its bonus held within ±LIMITS.bonus: "w9 + 2" → "W8+2"; null for "abc". */
export function normaliseAttackCheck(value: unknown): string | null {
  const check = parseAttackCheck(value);
  if (!check) return null;
  return attackCheckLabel({ ...check, bonus: Math.max(-LIMITS.bonus, Math.min(LIMITS.bonus, check.bonus)) });
}

/**
 * R-CORE-10: a creature attack's check, a die and a bonus. Every text parseAttackCheck reads is usable
 * (an off-ladder die snaps down: "W9+2"); cleaning stores it in its German notation ("W8+2").
 */
class AttackCheckField extends StringField<{ required: true; blank: false; initial: string; validate: (v: unknown) => boolean }> {
  protected override _cleanType(value: string, options?: Parameters<foundry.data.fields.StringField["_cleanType"]>[1]): string {
    const text = super._cleanType(value, options);
    return normaliseAttackCheck(text) ?? text;
  }
}

export const attackCheckField = (initial: string) =>
  new AttackCheckField({
    required: true,
    blank: false,
    initial,
    validate: (v: unknown) => normaliseAttackCheck(v) !== null,
  });

/**
 * R-CORE-12: true for an empty entry (no damage, no healing) or Flex dice notation ("1W6+2", "2W4", "3")
 * whose dice Foundry can roll: at most LIMITS.wuerfel dice of at most LIMITS.seiten faces per term, each
 * number at most LIMITS.pool (Decision: far beyond play, so "1000000W6" never freezes a table).
 */
export function isDiceNotation(value: unknown): boolean {
  if (typeof value !== "string") return false;
  if (value.trim() === "") return true;
  const formula = damageFormula(value);
  if (formula === null) return false;
  for (const [, count, faces, flat] of formula.matchAll(/(\d+)d(\d+)|(\d+)/g)) {
    if (flat !== undefined ? Number(flat) > LIMITS.pool : Number(count) < 1 || Number(count) > LIMITS.wuerfel || Number(faces) > LIMITS.seiten || Number(faces) < 1) return false;
  }
  return true;
}

/** A usable entry in the German notation the data keeps: "1d6+2" or "1к6+2" (typed in an English or Russian sheet) → "1W6+2". */
export function normaliseDiceNotation(value: string): string {
  return isDiceNotation(value) ? value.replace(/(?<![\p{L}\p{N}_])(\d*)[WwDdКк](?=\d)/gu, "$1W") : value;
}

/** Damage or healing in Flex dice notation; blank means none. Each language's sheet shows and takes its own die letter. */
class DiceNotationField extends StringField<{ required: true; blank: true; initial: string; validate: (v: unknown) => boolean }> {
  protected override _cleanType(value: string, options?: Parameters<foundry.data.fields.StringField["_cleanType"]>[1]): string {
    return normaliseDiceNotation(super._cleanType(value, options));
  }
}

export const diceNotationField = (initial: string) =>
  new DiceNotationField({ required: true, blank: true, initial, validate: (v: unknown) => isDiceNotation(v) });
