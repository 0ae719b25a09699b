// Items on the hotbar: a weapon dropped on a slot becomes one macro that makes the attack, as in dnd5e.
import { beforeEach, describe, expect, it } from "vitest";
import { as, createActor, messages, queueDice, resetWorld, settle, state, worldCollections, type Clients } from "../harness";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
let clients: Clients;
const g = globalThis as Any;

beforeEach(() => {
  clients = resetWorld({ gms: 1, players: 2 });
});

async function swordsman() {
  const actor = (await createActor({ name: "Alrik", type: "character", ownership: { default: 0, [clients.players[0].id]: 3 }, system: { attributes: { ge: 8 } } })) as Any;
  const [, sword, potion] = await actor.createEmbeddedDocuments("Item", [
    { name: "Klingenwaffen", type: "talent", system: { attribut: "ge", uebungswert: 2, kategorie: "kampfart" } },
    { name: "Kurzschwert", type: "weapon", system: { talent: "Klingenwaffen", schaden: "1W6" } },
    { name: "Heiltrank", type: "alchemical", system: { menge: 2 } },
  ]);
  return { actor, sword, potion };
}

describe("dropping an item on the hotbar", () => {
  it("an attack of a creature in a compendium (which fromUuidSync cannot read while its creature is not loaded) is left to core, no error", async () => {
    const uuid = "Compendium.flex.bestiarium.Actor.wolf000000000000.Item.bite000000000000";
    const answer = await as(clients.players[0], () => g.Hooks.call("hotbarDrop", {}, { type: "Item", uuid }, 5));
    await settle();
    expect(answer).toBe(true);
    expect(worldCollections.macros.size).toBe(0);
  });

  it("makes one script macro in that slot (a second drop reuses it), and the macro makes the attack", async () => {
    const { sword } = await swordsman();
    const drop = (slot: number) => as(clients.players[0], () => g.Hooks.call("hotbarDrop", {}, { type: "Item", uuid: sword.uuid }, slot));
    expect(await drop(3)).toBe(false);
    await settle();
    expect(await drop(4)).toBe(false);
    await settle();
    const macros = worldCollections.macros.contents as Any[];
    expect(macros).toHaveLength(1);
    expect(macros[0]).toMatchObject({ name: "Alrik: Kurzschwert", command: `return game.flex.rollItem("${sword.uuid}");` });
    expect(clients.players[0].hotbar).toEqual({ "3": macros[0].id, "4": macros[0].id });
    queueDice([{ faces: 8, result: 5 }, { faces: 6, result: 3 }]);
    await as(clients.players[0], () => macros[0].execute());
    expect(messages()).toHaveLength(1);
    expect((messages()[0] as Any).flags.flex.attack.ew).toBe(7);
  });

  it("a consumable's macro uses it; anything else dropped is left to core", async () => {
    const { potion } = await swordsman();
    await as(clients.players[0], () => g.Hooks.call("hotbarDrop", {}, { type: "Item", uuid: potion.uuid }, 1));
    await settle();
    await as(clients.players[0], () => (worldCollections.macros.contents[0] as Any).execute());
    expect(potion.system.menge).toBe(1);
    const before = state.writes.length;
    expect(await as(clients.players[0], () => g.Hooks.call("hotbarDrop", {}, { type: "Actor", uuid: "Actor.x" }, 2))).toBe(true);
    expect(state.writes.length).toBe(before);
  });

  it("a macro whose item is gone says so", async () => {
    const { actor, sword } = await swordsman();
    await as(clients.players[0], () => g.Hooks.call("hotbarDrop", {}, { type: "Item", uuid: sword.uuid }, 1));
    await settle();
    await actor.deleteEmbeddedDocuments("Item", [sword.id]);
    await as(clients.players[0], () => (worldCollections.macros.contents[0] as Any).execute());
    expect(state.notifications.at(-1)?.message).toBe("Den Gegenstand dieses Makros gibt es nicht mehr (oder er gehört niemandem).");
  });
});
