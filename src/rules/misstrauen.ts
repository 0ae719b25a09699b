/** R-COMP-3: Misstrauen never falls below this, not even by training. */
export const MIN_MISSTRAUEN = 10;

export interface MisstrauenRow {
  stufe: number;
  misstrauen: number;
}

/** R-COMP-2: starting Misstrauen by Stufe, as printed. */
export const MISSTRAUEN_TABLE: readonly MisstrauenRow[] = [
  { stufe: 0.25, misstrauen: 12 },
  { stufe: 0.5, misstrauen: 15 },
  { stufe: 1, misstrauen: 18 },
  { stufe: 2, misstrauen: 21 },
  { stufe: 3, misstrauen: 24 },
  { stufe: 4, misstrauen: 27 },
];

/** R-COMP-2 (Decision): Misstrauen gained per whole Stufe above the table's last row. */
export const MISSTRAUEN_PER_STUFE_ABOVE_TABLE = 3;

/**
 * R-COMP-2: starting Misstrauen for a creature's Stufe. Between rows the highest row ≤ Stufe applies;
 * below the first row, the first row; above Stufe 4, +3 per whole Stufe (Decision).
 */
export function defaultMisstrauen(stufe: number): number {
  let row = MISSTRAUEN_TABLE[0];
  for (const r of MISSTRAUEN_TABLE) if (r.stufe <= stufe) row = r;
  const last = MISSTRAUEN_TABLE[MISSTRAUEN_TABLE.length - 1];
  const above = Number.isFinite(stufe) && stufe > last.stufe ? Math.floor(stufe - last.stufe) : 0;
  return clampMisstrauen(row.misstrauen + above * MISSTRAUEN_PER_STUFE_ABOVE_TABLE);
}

/** R-COMP-3: Misstrauen is a whole number and never below 10; NaN becomes 10. */
export function clampMisstrauen(value: number): number {
  return Number.isNaN(value) ? MIN_MISSTRAUEN : Math.max(MIN_MISSTRAUEN, Math.floor(value));
}

/** R-COMP-1: the kinds of creature whose kind decides the handling talent. */
export type CreatureKind = "tier" | "apparatur" | "andere";

/** R-COMP-1: the handling talent for animals and for apparatuses / mechanical creatures. */
export const HANDLING_TALENT: Record<"tier" | "apparatur", string> = {
  tier: "Mit Tieren umgehen",
  apparatur: "Kristalltechnik",
};

/** R-COMP-1: the talent checked against Misstrauen; other kinds use the talent the GM set (`custom`). */
export function handlingTalent(kind: CreatureKind, custom: string): string {
  return kind === "andere" ? custom : HANDLING_TALENT[kind];
}
