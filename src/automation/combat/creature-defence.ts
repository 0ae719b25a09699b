// R-CORE-11 with the world setting "creatures roll their defence": the stored Ausweichen / Parade value is the
// creature's average defence, and its GE die makes it swing around that value (Decision, in the setting's hint:
// EW = value − ⌊GE value / 2⌋ + the GE die, never below 0). A real Roll, so Dice So Nice shows it on the card.
import { coerceDie } from "../../rules";

export async function creatureDefenceRoll(actor: Actor.Implementation, value: number): Promise<{ roll: Roll; ew: number }> {
  const ge = coerceDie((actor.system as { attributes?: { ge?: unknown } }).attributes?.ge, CONFIG.FLEX.defaultAttributeDie);
  const roll = new Roll(`1d${ge}`);
  await roll.evaluate();
  return { roll, ew: Math.max(0, value - Math.floor(ge / 2) + (roll.total ?? 0)) };
}
