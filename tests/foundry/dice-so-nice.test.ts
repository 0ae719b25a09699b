// Dice So Nice (issue 34, scope 5) against a stand-in of its registration API (DSN docs: api/dice-system, dice-preset,
// colorset): when DSN is ready, Flex's dice are in its list as the system "Flex" (not forced on anyone), one preset per
// die of the ladder with core's faces; and the cards DSN animates carry their rolls as core Rolls.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { as, createActor, messages, queueDice, resetWorld, type Clients } from "../harness";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
const g = globalThis as Any;
let clients: Clients;
const calls: { systems: Any[]; presets: Any[]; colorsets: Any[] } = { systems: [], presets: [], colorsets: [] };

beforeAll(() => {
  const dice3d = {
    addSystem: (system: Any, mode: string) => calls.systems.push({ ...system, mode }),
    addDicePreset: (preset: Any, shape: string) => calls.presets.push({ ...preset, shape }),
    addColorset: (colorset: Any, mode: string) => calls.colorsets.push({ ...colorset, mode }),
  };
  g.Hooks.callAll("diceSoNiceReady", dice3d);
});

beforeEach(() => {
  clients = resetWorld({ gms: 1, players: 1 });
});

describe("Flex's dice in Dice So Nice's list", () => {
  it("a dice system 'Flex' (default, not preferred), a preset for each of W4 … W12 with the numbers 1 … n, a purple colour set", () => {
    expect(calls.systems).toEqual([{ id: "flex", name: "Flex", mode: "default" }]);
    expect(calls.presets.map((p) => [p.type, p.system, p.labels.length, p.labels[0], p.labels.at(-1)])).toEqual([
      ["d4", "flex", 4, "1", "4"],
      ["d6", "flex", 6, "1", "6"],
      ["d8", "flex", 8, "1", "8"],
      ["d10", "flex", 10, "1", "10"],
      ["d12", "flex", 12, "1", "12"],
    ]);
    expect(calls.colorsets).toEqual([expect.objectContaining({ name: "flex", category: "Flex", background: "#4a3466", mode: "default" })]);
  });

  it("a check's card carries its roll as a core Roll on the message (what DSN animates), with core's faces", async () => {
    const hero = (await createActor({ name: "Alrik", type: "character", ownership: { default: 0, [clients.players[0].id]: 3 }, system: { attributes: { ge: 8 } } })) as Any;
    queueDice([{ faces: 8, result: 5 }]);
    await as(clients.players[0], () => hero.rollAttribute("ge"));
    const [message] = messages() as Any[];
    expect(message.rolls).toHaveLength(1);
    expect(message.rolls[0].dice.map((d: Any) => d.faces)).toEqual([8]);
  });
});
