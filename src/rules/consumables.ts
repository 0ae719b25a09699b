// RULES.md §0 R-CORE-15: consumables (Alchemika, equipment with charges). Pure: the stored counts come in.
import { toCount } from "./count";
import type { RuleId } from "./ids";

export interface Charges {
  value: number;
  max: number;
}

export interface ConsumeInput {
  /** The item's quantity (menge); null when it has none. */
  quantity?: number | null;
  /** The item's charges (ladungen); an item with max 0 (or none) has no charges. */
  charges?: Charges | null;
}

export interface ConsumeOutcome {
  /** false: nothing left to spend, nothing changed. */
  allowed: boolean;
  quantity: number | null;
  charges: Charges | null;
  /** Nothing left: the item stays, marked empty. */
  empty: boolean;
  rules: RuleId[];
}

const countOrNull = (n: number | null | undefined): number | null => (n === null || n === undefined ? null : toCount(n));

/**
 * R-CORE-15 (Decision): using a consumable spends one charge when it has charges (max > 0), else one of its
 * quantity; at 0 it is refused and nothing changes. An item that reaches 0 stays, marked empty.
 * Bad numbers count as 0 (toCount); charges above their maximum count as the maximum.
 */
export function consumeOne({ quantity, charges }: ConsumeInput): ConsumeOutcome {
  const stock = countOrNull(quantity);
  const max = toCount(charges?.max ?? 0);
  if (charges && max > 0) {
    const value = Math.min(max, toCount(charges.value));
    if (value === 0) return { allowed: false, quantity: stock, charges: { value, max }, empty: true, rules: ["R-CORE-15"] };
    return { allowed: true, quantity: stock, charges: { value: value - 1, max }, empty: value === 1, rules: ["R-CORE-15"] };
  }
  const normalised = charges ? { value: 0, max: 0 } : null;
  if (!stock) return { allowed: false, quantity: stock, charges: normalised, empty: true, rules: ["R-CORE-15"] };
  return { allowed: true, quantity: stock - 1, charges: normalised, empty: stock === 1, rules: ["R-CORE-15"] };
}
