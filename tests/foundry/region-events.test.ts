// Region events in every case v13 fires them, seen through the system's behaviours: water ("flex.water") on
// entering and exiting however that happens (a move, a token created or deleted inside, a lake drawn,
// reshaped or deleted, a behaviour enabled or disabled), and the pit ("flex.pit") only on moving in, which
// stops the movement at its edge. Two GMs and two players are connected; each change is written by exactly
// one client: the one whose user caused it.
import { beforeEach, describe, expect, it } from "vitest";
import { as, createActor, createRegion, createScene, messages, placeToken, resetWorld, settle, state, type Clients } from "../harness";
import { alrikOf, d4s, resetFallSettings, roll } from "./falling-helpers";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
let clients: Clients;
const water = { type: "flex.water", system: {} };
const pit = (height: number) => ({ type: "flex.pit", system: { height } });
const lakeShape = { type: "rectangle", x: 300, y: 0, width: 300, height: 300 }; // columns 3–5, rows 0–2

beforeEach(() => {
  clients = resetWorld({ gms: 2, players: 2 });
  resetFallSettings();
});

/** A scene and Alrik, player 1's character (KK W8, no Athletik, 30 Leben). */
async function world() {
  const scene = (await createScene()) as Any;
  const hero = await alrikOf(clients.players[0]);
  return { scene, hero };
}

/** What was written since `mark`: [action, document, user] per request. */
const since = (mark: number) => state.writes.slice(mark).map((w) => [w.action, w.documentName, w.userId]);
const writers = (mark: number) => [...new Set(state.writes.slice(mark).map((w) => w.userId))];
const effectWrites = (mark: number) => state.writes.slice(mark).filter((w) => w.documentName === "ActiveEffect");
const statuses = (actor: Any) => [...actor.statuses].sort();
/** Runs fn on `user`'s client and lets everything it set off finish. */
const acting = async <T,>(user: Any, fn: () => Promise<T> | T): Promise<T> => {
  const out = await as(user, fn);
  await settle();
  return out;
};

describe("water: tokens that come to be in the lake without moving in", () => {
  it("a token created inside is under water and wet: one write, by the client that created it", async () => {
    const { scene, hero } = await world();
    await createRegion(scene, { col: 3, cols: 3, rows: 3, behaviors: [water] });
    const mark = state.writes.length;
    const token = (await acting(clients.gms[1], () => placeToken(scene, hero, { col: 4 }))) as Any;
    expect(statuses(hero)).toEqual(["underwater", "wet"]);
    expect(since(mark)).toEqual([
      ["create", "Token", clients.gms[1].id],
      ["create", "ActiveEffect", clients.gms[1].id],
    ]);
    expect(effectWrites(mark)[0].ids).toHaveLength(2);

    // An unlinked wolf dropped into the lake gets its own statuses; the wolf in the sidebar stays dry.
    const wolf = (await createActor({ name: "Wolf", type: "creature" })) as Any;
    const pup = (await acting(clients.gms[0], () => placeToken(scene, wolf, { col: 5, actorLink: false }))) as Any;
    expect(statuses(pup.actor)).toEqual(["underwater", "wet"]);
    expect(wolf.statuses.size).toBe(0);
    // Created beside the lake: dry.
    const dry = (await acting(clients.gms[0], () => placeToken(scene, wolf, { col: 7, actorLink: false }))) as Any;
    expect(dry.actor.statuses.size).toBe(0);
    expect(token.regions.size).toBe(1);
  });

  it("a lake drawn or reshaped over a token floods it, by the GM who changed it; reshaped away or deleted, it is in the air again", async () => {
    const { scene, hero } = await world();
    await placeToken(scene, hero, { col: 1 });

    let mark = state.writes.length;
    const lake = (await acting(clients.gms[1], () => createRegion(scene, { col: 3, cols: 3, rows: 3, behaviors: [water] }))) as Any;
    expect(effectWrites(mark)).toEqual([]);
    await acting(clients.gms[1], () => lake.update({ shapes: [{ ...lakeShape, x: 0, width: 600 }] }));
    expect(statuses(hero)).toEqual(["underwater", "wet"]);
    expect(writers(mark)).toEqual([clients.gms[1].id]);

    mark = state.writes.length;
    await acting(clients.gms[0], () => lake.update({ shapes: [lakeShape] }));
    expect(statuses(hero)).toEqual(["wet"]);
    expect(since(mark)).toEqual([
      ["update", "Region", clients.gms[0].id],
      ["delete", "ActiveEffect", clients.gms[0].id],
    ]);

    // A second lake drawn over the token, then deleted.
    mark = state.writes.length;
    const pond = (await acting(clients.gms[1], () => createRegion(scene, { col: 0, cols: 2, behaviors: [water] }))) as Any;
    expect(statuses(hero)).toEqual(["underwater", "wet"]);
    await acting(clients.gms[0], () => pond.delete());
    expect(statuses(hero)).toEqual(["wet"]);
    expect(since(mark)).toEqual([
      ["create", "Region", clients.gms[1].id],
      ["create", "ActiveEffect", clients.gms[1].id],
      ["delete", "Region", clients.gms[0].id],
      ["delete", "ActiveEffect", clients.gms[0].id],
    ]);
  });

  it("a water behaviour enabled (or added) over a token floods it; disabled, the token is in the air again", async () => {
    const { scene, hero } = await world();
    await placeToken(scene, hero, { col: 4 });
    const lake = (await createRegion(scene, { col: 3, cols: 3, rows: 3, behaviors: [{ ...water, disabled: true }] })) as Any;
    await settle();
    expect(hero.statuses.size).toBe(0);
    const behavior = lake.behaviors.contents[0];

    let mark = state.writes.length;
    await acting(clients.gms[1], () => behavior.update({ disabled: false }));
    expect(statuses(hero)).toEqual(["underwater", "wet"]);
    expect(writers(mark)).toEqual([clients.gms[1].id]);
    expect(effectWrites(mark)).toHaveLength(1);

    mark = state.writes.length;
    await acting(clients.gms[0], () => behavior.update({ disabled: true }));
    expect(statuses(hero)).toEqual(["wet"]);
    expect(writers(mark)).toEqual([clients.gms[0].id]);

    // A water behaviour added to a plain region over the token.
    await hero.toggleStatusEffect("wet", { active: false });
    const cellar = (await createRegion(scene, { col: 4 })) as Any;
    mark = state.writes.length;
    await acting(clients.gms[1], () => cellar.createEmbeddedDocuments("RegionBehavior", [water]));
    expect(statuses(hero)).toEqual(["underwater", "wet"]);
    expect(writers(mark)).toEqual([clients.gms[1].id]);
  });

  it("a token deleted in the lake is simply gone: no error on any client, nothing written", async () => {
    const { scene, hero } = await world();
    await createRegion(scene, { col: 3, cols: 3, rows: 3, behaviors: [water] });
    const wolf = (await createActor({ name: "Wolf", type: "creature" })) as Any;
    const token = (await placeToken(scene, hero, { col: 3 })) as Any;
    const pup = (await placeToken(scene, wolf, { col: 4, actorLink: false })) as Any;
    await settle();
    expect(statuses(hero)).toEqual(["underwater", "wet"]);
    expect(statuses(pup.actor)).toEqual(["underwater", "wet"]);

    const mark = state.writes.length;
    await acting(clients.gms[1], () => pup.delete());
    await acting(clients.gms[0], () => token.delete());
    expect(since(mark)).toEqual([
      ["delete", "Token", clients.gms[1].id],
      ["delete", "Token", clients.gms[0].id],
    ]);
    expect(state.errors).toEqual([]);
  });
});

describe("water: moving through", () => {
  it("a token dragged through the lake without stopping in it stays dry, whatever its waypoints", async () => {
    const { scene, hero } = await world();
    await createRegion(scene, { col: 3, cols: 3, rows: 3, behaviors: [water] });
    const token = (await placeToken(scene, hero)) as Any;
    await settle();
    const mark = state.writes.length;
    await acting(clients.players[0], () => token.move({ x: 800 }));
    await acting(clients.players[0], () => token.move([{ x: 400, y: 100 }, { x: 100, y: 100 }]));
    expect(hero.statuses.size).toBe(0);
    expect(since(mark)).toEqual([
      ["update", "Token", clients.players[0].id],
      ["update", "Token", clients.players[0].id],
    ]);

    // Control: stopping in the lake floods the token.
    await acting(clients.players[0], () => token.move({ x: 400 }));
    expect(statuses(hero)).toEqual(["underwater", "wet"]);
    expect(writers(mark)).toEqual([clients.players[0].id]);
  });
});

describe("the pit: only moving in makes a token fall", () => {
  it("a token dragged across a pit falls once and stops at its edge; its later waypoints are not carried out", async () => {
    const { scene, hero } = await world();
    const hole = (await createRegion(scene, { col: 3, cols: 2, rows: 2, behaviors: [pit(4)] })) as Any;
    const token = (await placeToken(scene, hero)) as Any;
    await settle();
    const mark = state.writes.length;
    roll([8, 1], ...d4s(2, 2, 2, 2));
    const done = await acting(clients.players[0], () => token.move([{ x: 200 }, { x: 800 }, { x: 800, y: 500 }]));

    expect(done).toBe(false);
    expect(messages()).toHaveLength(1);
    expect((messages()[0] as Any).flags.flex.fall).toMatchObject({ height: 4, source: "pit" });
    expect(hero.system.leben.value).toBe(22);
    // Stopped where its centre crossed into the pit.
    expect([token.x, token.y]).toEqual([250, 0]);
    expect(hole.tokens.has(token)).toBe(true);
    expect(since(mark)).toEqual([
      ["update", "Token", clients.players[0].id],
      ["update", "Actor", clients.players[0].id],
      ["create", "ChatMessage", clients.players[0].id],
    ]);
  });

  it("a token created in a pit, or a pit drawn, reshaped or enabled over one, does not fall; moving in does", async () => {
    const { scene, hero } = await world();
    const hole = (await createRegion(scene, { col: 3, cols: 2, rows: 2, behaviors: [pit(6)] })) as Any;
    const token = (await acting(clients.gms[1], () => placeToken(scene, hero, { col: 3 }))) as Any;
    const other = (await acting(clients.gms[1], () => placeToken(scene, hero, { col: 7 }))) as Any;
    await acting(clients.gms[0], () => hole.update({ shapes: [{ type: "rectangle", x: 300, y: 0, width: 500, height: 200 }] }));
    const trap = (await acting(clients.gms[0], () => createRegion(scene, { col: 7, behaviors: [{ ...pit(6), disabled: true }] }))) as Any;
    await acting(clients.gms[1], () => trap.behaviors.contents[0].update({ disabled: false }));
    expect(hole.tokens.has(other) && trap.tokens.has(other)).toBe(true);
    expect(messages()).toHaveLength(0);

    // Control: out of the pit and back in is a fall, on the mover's client.
    await acting(clients.players[0], () => token.move({ x: 0 }));
    const mark = state.writes.length;
    roll([8, 1], ...d4s(1, 1, 1, 1, 1, 1));
    await acting(clients.players[0], () => token.move({ x: 300 }));
    expect(messages()).toHaveLength(1);
    expect((messages()[0] as Any).flags.flex.fall).toMatchObject({ height: 6, source: "pit" });
    expect(writers(mark)).toEqual([clients.players[0].id]);
  });
});
