// Without any of the integrated modules (Token Action HUD, Item Piles, …): a client starts and plays as before, with no
// error, no warning and nothing of theirs set up (issue 34).
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { as, createActor, createScene, placeToken, resetWorld, settle, startClient, state, type Clients } from "../harness";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
const g = globalThis as Any;
let clients: Clients;
let spies: ReturnType<typeof vi.spyOn>[];

beforeEach(() => {
  clients = resetWorld({ gms: 1, players: 1 });
  spies = [vi.spyOn(console, "warn"), vi.spyOn(console, "error")];
});
afterEach(() => spies.forEach((s) => s.mockRestore()));

describe("no module integrated is active", () => {
  it("a client starts with no notice and no console warning; Flex has registered nothing with any module", async () => {
    await startClient();
    expect(state.notifications).toEqual([]);
    for (const spy of spies) expect(spy).not.toHaveBeenCalled();
    expect(g.game.system.api).toBeUndefined();
    expect(g.game.modules.size).toBe(0);
  });

  it("a fight's Aktionen change asks no HUD to redraw (there is none)", async () => {
    const hero = (await createActor({ name: "Alrik", type: "character", ownership: { default: 0, [clients.players[0].id]: 3 } })) as Any;
    const scene = await createScene();
    const token = await placeToken(scene, hero);
    const calls = vi.spyOn(g.Hooks, "callAll");
    const combat = await as(clients.gms[0], () => g.Combat.create({}));
    await as(clients.gms[0], () => combat.createEmbeddedDocuments("Combatant", [{ actorId: hero.id, tokenId: token.id, sceneId: scene.id, initiative: 10 }]));
    await as(clients.gms[0], () => combat.startCombat());
    await as(clients.gms[0], () => combat.combatants.contents[0].update({ "flags.flex.actions": { window: "x", spent: 1 } }));
    await settle();
    expect(calls.mock.calls.map((c) => c[0])).not.toContain("forceUpdateTokenActionHud");
    calls.mockRestore();
    expect(state.notifications).toEqual([]);
  });
});
