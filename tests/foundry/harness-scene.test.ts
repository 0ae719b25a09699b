// The stand-in's scenes behave like Foundry's: movement reaches every client once, region events fire
// on entering and leaving, unlinked tokens keep their own actor data.
import { beforeEach, describe, expect, it } from "vitest";
import { createActor, createRegion, createScene, placeToken, resetWorld, settle, state, type Clients } from "../harness";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
let clients: Clients;
beforeEach(() => {
  clients = resetWorld({ gms: 1, players: 2 });
});

describe("harness scenes", () => {
  it("an unlinked token's actor is its own copy; its writes go to the token", async () => {
    const scene = await createScene();
    const wolf = await createActor({ name: "Wolf", type: "creature" });
    const t1 = (await placeToken(scene, wolf, { actorLink: false })) as Any;
    const t2 = (await placeToken(scene, wolf, { actorLink: false, col: 2 })) as Any;
    await t1.actor.update({ "system.leben.value": 3 });
    expect(t1.actor.system.leben.value).toBe(3);
    expect(t2.actor.system.leben.value).toBe(10);
    expect((wolf.system as Any).leben.value).toBe(10);
    expect(state.writes.at(-1)).toMatchObject({ documentName: "Actor", parent: t1.uuid });
  });

  it("moving a token calls moveToken on every client, with the mover named", async () => {
    const scene = await createScene();
    const hero = await createActor({ name: "Alrik", type: "character" });
    const token = (await placeToken(scene, hero, { elevation: 5 })) as Any;
    const seen: string[] = [];
    const id = (globalThis as Any).Hooks.on("moveToken", (_t: Any, movement: Any, _o: Any, user: Any) => {
      seen.push(`${state.currentUserId}:${user.id}:${movement.origin.elevation}->${movement.destination.elevation}`);
    });
    await token.move({ elevation: 0 });
    (globalThis as Any).Hooks.off("moveToken", id);
    expect(seen).toEqual(clients.all.map((u) => `${u.id}:${clients.gms[0].id}:5->0`));
  });

  it("region events fire when a token enters and leaves", async () => {
    const scene = await createScene();
    const region = (await createRegion(scene, { col: 3, row: 0, cols: 2, rows: 2 })) as Any;
    const hero = await createActor({ name: "Alrik", type: "character" });
    const token = (await placeToken(scene, hero)) as Any;
    expect(region.tokens.has(token)).toBe(false);
    await token.move({ x: 300 });
    expect(region.tokens.has(token)).toBe(true);
    await token.move({ x: 600 });
    expect(region.tokens.has(token)).toBe(false);
    await settle();
  });
});
