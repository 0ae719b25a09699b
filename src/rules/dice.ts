/** R-CORE-1: the die ladder every attribute (and the breath die) moves on. */
export const DIE_LADDER = [4, 6, 8, 10, 12] as const;
export type Die = (typeof DIE_LADDER)[number];

const FLOOR_DIE: Die = DIE_LADDER[0];
const CEILING_DIE: Die = DIE_LADDER[DIE_LADDER.length - 1];

/** R-CORE-1: true for a die on the ladder W4 … W12. */
export function isDie(x: unknown): x is Die {
  return typeof x === "number" && (DIE_LADDER as readonly number[]).includes(x);
}

// A bad die here is a programmer error (the type already says Die), so fail loudly.
function ladderIndex(die: Die): number {
  const index = DIE_LADDER.indexOf(die);
  if (index < 0) throw new RangeError(`Not a die on the ladder W4–W12: ${String(die)}`);
  return index;
}

// Negative and NaN step counts mean "no step"; fractions count whole steps only.
function stepCount(steps: number): number {
  return Number.isNaN(steps) || steps <= 0 ? 0 : Math.floor(steps);
}

/** R-CORE-2: "one die type lower" moves one step down the ladder; W4 is the floor. */
export function stepDown(die: Die, steps = 1): Die {
  return DIE_LADDER[Math.max(0, ladderIndex(die) - stepCount(steps))];
}

/** R-CORE-2: one step up the ladder per step; W12 is the ceiling. */
export function stepUp(die: Die, steps = 1): Die {
  return DIE_LADDER[Math.min(DIE_LADDER.length - 1, ladderIndex(die) + stepCount(steps))];
}

/** R-CORE-1: German notation, W8 for an eight-sided die. */
export function dieLabel(die: Die): string {
  return `W${die}`;
}

// "W8", "w8", "d8", "к8" (Russian), "1W8", "1d8" and bare "8", whitespace ignored; group 1 is the number.
const DIE_TEXT = /^(?:1?[wdкК])?(\d+)$/i;
// The same prefixes around any decimal number, for repairing off-ladder data ("W7", "7.5", "-2").
const LOOSE_DIE_TEXT = /^(?:1?[wdкК])?([+-]?(?:\d+(?:\.\d*)?|\.\d+))$/i;

function compact(input: string): string {
  return input.replace(/\s+/g, "");
}

/** R-CORE-1: reads a die from a number or text; null unless it names a ladder die exactly. */
export function parseDie(input: unknown): Die | null {
  if (typeof input === "number") return isDie(input) ? input : null;
  if (typeof input !== "string") return null;
  const match = DIE_TEXT.exec(compact(input));
  if (!match) return null;
  const faces = Number(match[1]);
  return isDie(faces) ? faces : null;
}

/** R-CORE-1/R-CORE-2: repairs stored data; off-ladder numbers snap down to a ladder step within W4–W12. */
export function coerceDie(input: unknown, fallback: Die): Die {
  const parsed = parseDie(input);
  if (parsed !== null) return parsed;
  let faces: number;
  if (typeof input === "number") {
    faces = input;
  } else if (typeof input === "string") {
    const match = LOOSE_DIE_TEXT.exec(compact(input));
    faces = match ? Number(match[1]) : Number.NaN;
  } else {
    return fallback;
  }
  if (!Number.isFinite(faces)) return fallback;
  if (faces >= CEILING_DIE) return CEILING_DIE;
  // Snap down: the largest ladder die not above the value, W4 for anything below.
  let snapped: Die = FLOOR_DIE;
  for (const die of DIE_LADDER) if (die <= faces) snapped = die;
  return snapped;
}

/** R-CORE-1: an attribute's value is its die's number of faces (KO W8 → KO-Wert 8). */
export function attributeValue(die: Die): number {
  return die;
}
