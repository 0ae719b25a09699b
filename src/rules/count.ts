/** A non-negative whole count from untrusted input: NaN, ±Infinity and negatives are 0, fractions round down. */
export function toCount(value: number): number {
  return Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;
}
