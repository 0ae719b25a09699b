// Issue 24: a drop that core splits at a region's edge (R-FALL-1). v13 carries the movement out in parts, each with an id
// of its own and the earlier ones in `movement.chain`, and every part names the movement's final destination. One
// movement is one fall: of the height between where the movement began and where its last part ended.
import { beforeEach, describe, expect, it } from "vitest";
import { as, createRegion, createScene, messages, placeToken, resetWorld, settle, type Clients } from "../harness";
import { RegionBehaviorType } from "../harness/scene";
import { alrikOf, d4s, resetFallSettings, roll } from "./falling-helpers";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
let clients: Clients;
const g = globalThis as Any;

/** Core's Execute Script behaviour as far as movement sees it: subscribed to moving in, so core splits a movement at its edge. */
class ScriptBehavior extends RegionBehaviorType {
  static override defineSchema() {
    return { events: this._createEventsField({ initial: ["tokenMoveIn"] }) };
  }
}
g.CONFIG.RegionBehavior.dataModels.executeScript ??= ScriptBehavior;

beforeEach(() => {
  clients = resetWorld({ gms: 1, players: 1 });
  resetFallSettings();
});

async function alrik(scene: Any, at: { col: number; elevation: number }) {
  const hero = await alrikOf(clients.players[0]);
  return { hero, token: (await placeToken(scene, hero, at)) as Any };
}

const cards = () => messages().filter((m: Any) => m.flags?.flex?.fall).map((m: Any) => m.flags.flex.fall);
const moves: Any[] = [];
g.Hooks.on("moveToken", (_token: Any, movement: Any, _options: Any, user: Any) => (user.isSelf ? moves.push(movement) : undefined));

describe("R-FALL-1 a drop split at a region's edge is one fall", () => {
  it("a drop of 4 Schritt split at a pit's edge (climbing down out of it): exactly one fall card, of 4 Schritt", async () => {
    const scene = await createScene();
    await createRegion(scene, { col: 3, behaviors: [{ type: "flex.pit", system: { height: 3 } }] });
    const { hero, token } = await alrik(scene, { col: 3, elevation: 4 });
    moves.length = 0;
    roll([8, 1], ...d4s(1, 1, 1, 1));
    await as(clients.players[0], () => token.move({ x: 600, elevation: 0 }));
    await settle();
    // The stand-in split the movement as v13 does: two parts, the second chained to the first, both naming the end.
    expect(moves.map((m) => m.chain.length)).toEqual([0, 1]);
    expect(moves.map((m) => m.destination.elevation)).toEqual([0, 0]);
    expect(cards()).toHaveLength(1);
    expect(cards()[0]).toMatchObject({ height: 4, source: "move" });
    expect(hero.system.leben.value).toBe(26);
  });

  it("a drop of 6 Schritt split in two halves: one fall of 6 Schritt where the movement ended", async () => {
    const scene = await createScene();
    await createRegion(scene, { col: 3, cols: 3, behaviors: [{ type: "executeScript", system: {} }] });
    const { token } = await alrik(scene, { col: 0, elevation: 6 });
    roll([8, 1], ...d4s(1, 1, 1, 1, 1, 1));
    await as(clients.players[0], () => token.move({ x: 600, elevation: 0 }));
    await settle();
    expect(cards()).toHaveLength(1);
    expect(cards()[0]).toMatchObject({ height: 6, source: "move" });
  });

  it("a movement stopped by a pit it walks into is the pit's one fall, though the movement named a lower end", async () => {
    const scene = await createScene();
    await createRegion(scene, { col: 3, behaviors: [{ type: "flex.pit", system: { height: 3 } }] });
    const { token } = await alrik(scene, { col: 0, elevation: 0 });
    roll([8, 1], ...d4s(1, 1, 1));
    await as(clients.players[0], () => token.move([{ x: 600 }, { x: 600, elevation: -5 }]));
    await settle();
    expect(cards()).toHaveLength(1);
    expect(cards()[0]).toMatchObject({ height: 3, source: "pit" });
    expect(token.x).toBeLessThan(400);
  });
});
