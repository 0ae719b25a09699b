/** R-CORE-9: the proficiency bonus used by the rest rules, 2 + ⌊(Level − 1) / 4⌋; Level is at least 1. */
export function proficiencyBonus(level: number): number {
  const l = Number.isNaN(level) ? 1 : Math.max(1, Math.floor(level));
  return 2 + Math.floor((l - 1) / 4);
}
