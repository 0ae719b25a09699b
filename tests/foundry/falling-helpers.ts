// Shared by the falling tests: dice sequences and the fall settings' defaults.
import { createActor, queueDice } from "../harness";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any

/** The next dice show these faces, in this order: [faces, result] pairs. */
export const roll = (...faces: [number, number][]) => queueDice(faces.map(([f, result]) => ({ faces: f, result })));
export const d4s = (...results: number[]) => results.map((r) => [4, r] as [number, number]);

/** Puts the three fall settings back to their defaults. */
export function resetFallSettings(): void {
  const g = globalThis as Any;
  for (const key of ["fallAutomatic", "fallRoller", "fallAutoApply"]) g.game.settings.values.delete(`flex.${key}`);
}

/** Alrik, `player`'s character (KK W8, no Athletik, 30 Leben). */
export async function alrikOf(player: Any): Promise<Any> {
  return createActor({
    name: "Alrik",
    type: "character",
    ownership: { default: 0, [player.id]: 3 },
    system: { attributes: { kk: 8 }, leben: { value: 30, max: 30 } },
  });
}
