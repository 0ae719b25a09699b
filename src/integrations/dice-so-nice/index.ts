// Dice So Nice (issue 34, scope 5): Flex's dice in DSN's list, as a dice system "Flex" with a preset for each die of the
// ladder and an optional colour set in the packs' purple. Every card's rolls are core Rolls on the message, which DSN
// animates by itself; W / d / к is only how Flex writes a die, the faces are core's (numbers 1 … n). Rolls that reach
// a card later, or no card, are shown by the client that made them (shown-rolls.ts).
import { onceModuleHook } from "../module-hooks";
import { registerShownRolls } from "./shown-rolls";
import type { ShowForRoll } from "./shown-rolls";

/** DSN's API as far as Flex calls it (DSN docs: api/dice-system, api/dice-preset, api/colorset). */
interface Dice3d {
  addSystem(system: { id: string; name: string }, mode?: string): void;
  addDicePreset(preset: { type: string; labels: string[]; system: string }, shape?: string): void;
  addColorset(colorset: Record<string, string>, mode?: string): void;
}

export const DSN_SYSTEM = "flex";

/** The dice Flex rolls: the attribute ladder W4 … W12 (CONFIG.FLEX.dieLadder), which damage uses too. */
export function flexDiceTypes(): string[] {
  return CONFIG.FLEX.dieLadder.map((faces) => `d${faces}`);
}

export function registerDiceSoNice(dice3d: Dice3d): void {
  // "default", not "preferred": a player's own choice of dice stays theirs.
  dice3d.addSystem({ id: DSN_SYSTEM, name: "Flex" }, "default");
  for (const type of flexDiceTypes()) {
    const faces = Number(type.slice(1));
    dice3d.addDicePreset({ type, labels: Array.from({ length: faces }, (_, i) => String(i + 1)), system: DSN_SYSTEM }, type);
  }
  dice3d.addColorset({ name: "flex", description: "Flex", category: "Flex", foreground: "#f4eefc", background: "#4a3466", outline: "#1d1428", edge: "#4a3466", texture: "none", material: "plastic" }, "default");
}

export function registerDiceSoNiceHook(): void {
  onceModuleHook("diceSoNiceReady", (dice3d) => {
    const api = dice3d as Partial<Dice3d & ShowForRoll> | null;
    if (typeof api?.addSystem === "function" && typeof api.addDicePreset === "function" && typeof api.addColorset === "function") registerDiceSoNice(api as Dice3d);
    if (typeof api?.showForRoll === "function") registerShownRolls(api as ShowForRoll);
  });
}
