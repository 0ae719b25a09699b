// The stand-in's scenes as a user sees them through the system: an unlinked token is a creature of its own,
// and a movement is carried out stretch by stretch between checkpoints, going on unless a behaviour stops it.
import { beforeEach, describe, expect, it } from "vitest";
import { as, createActor, createRegion, createScene, messages, placeToken, resetWorld, settle, state, type Clients } from "../harness";
import { d4s, resetFallSettings, roll } from "./falling-helpers";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
let clients: Clients;
const g = globalThis as Any;
const pit = { type: "flex.pit", system: { height: 4 } };
beforeEach(() => {
  clients = resetWorld({ gms: 2, players: 2 });
  resetFallSettings();
});

describe("harness scenes", () => {
  it("an unlinked token is its own creature: the wolf that falls into a pit is hurt, its pack mate and the sidebar wolf are not", async () => {
    const scene = await createScene();
    await createRegion(scene, { col: 3, behaviors: [pit] });
    const wolf = (await createActor({ name: "Wolf", type: "creature", system: { attributes: { kk: 8 }, leben: { value: 20, max: 20 } } })) as Any;
    const t1 = (await placeToken(scene, wolf, { actorLink: false })) as Any;
    const t2 = (await placeToken(scene, wolf, { actorLink: false, row: 3 })) as Any;
    const mark = state.writes.length;
    roll([8, 1], ...d4s(2, 2, 2, 2));
    await as(clients.gms[1], () => t1.move({ x: 300 }));
    await settle();
    expect(t1.actor.system.leben.value).toBe(12);
    expect(t2.actor.system.leben.value).toBe(20);
    expect(wolf.system.leben.value).toBe(20);
    expect(state.writes.slice(mark).find((w) => w.documentName === "Actor")).toMatchObject({ parent: t1.uuid, userId: clients.gms[1].id });
  });

  it("a movement goes on past a pit's edge unless the pit stops it: the flyer reaches its last waypoint, the walker stays at the edge", async () => {
    const scene = await createScene();
    await createRegion(scene, { col: 3, rows: 4, behaviors: [pit] });
    const owner = { default: 0, [clients.players[0].id]: 3 };
    const bird = (await createActor({ name: "Krähe", type: "creature", ownership: owner })) as Any;
    const hero = (await createActor({ name: "Alrik", type: "character", ownership: owner, system: { attributes: { kk: 8 } } })) as Any;
    const flyer = (await placeToken(scene, bird)) as Any;
    const walker = (await placeToken(scene, hero, { row: 2 })) as Any;
    const path = (row: number) => [{ x: 200, y: row * 100 }, { x: 600, y: row * 100 }, { x: 600, y: row * 100 + 100 }];

    await as(clients.players[0], () => flyer.move(path(0).map((w) => ({ ...w, action: "fly" }))));
    roll([8, 8]);
    await as(clients.players[0], () => walker.move(path(2)));
    await settle();
    expect([flyer.x, flyer.y]).toEqual([600, 100]);
    expect([walker.x, walker.y]).toEqual([250, 200]);
    expect(messages().map((m: Any) => m.flags.flex.fall.faller.name)).toEqual(["Alrik"]);
  });

  it("a movement split at a region's edge: each part has its own id, names the earlier ones and the movement's end; an undo reverts the movement recorded last", async () => {
    const scene = await createScene();
    await createRegion(scene, { col: 3, behaviors: [pit] });
    const bird = (await createActor({ name: "Krähe", type: "creature" })) as Any;
    const token = (await placeToken(scene, bird)) as Any;
    await token.toggleStatusEffect?.("fly", { active: true });
    const parts: Any[] = [];
    const id = g.Hooks.on("moveToken", (_t: Any, movement: Any, _o: Any, user: Any) => (user.isSelf ? parts.push(movement) : undefined));
    try {
      await token.move({ x: 600, elevation: 2, action: "fly" });
      await settle();
      // Into the pit's field and out of it: three parts.
      expect(parts.map((p) => p.chain)).toEqual([[], [parts[0].id], [parts[0].id, parts[1].id]]);
      for (const part of parts) expect(part.destination).toMatchObject({ x: 600, elevation: 2 });
      expect(parts.map((p) => p.passed.waypoints.at(-1).x)).toEqual([250, 350, 600]);
      expect(new Set(token._source._movementHistory.map((e: Any) => e.movementId))).toEqual(new Set([parts[0].id]));
      await token.move({ x: 600, y: 300 });
      await token.move({ x: 600, y: 0 }, { method: "undo" });
      expect(parts.at(-1).method).toBe("undo");
      expect(new Set(token._source._movementHistory.map((e: Any) => e.movementId))).toEqual(new Set([parts[0].id]));
    } finally {
      g.Hooks.off("moveToken", id);
    }
  });
});
