// The "flex.water" region behaviour and the manual toggle: under water and wet on entering (R-WATER-5),
// no longer under water on leaving; exactly one client (the mover's, or the toggler's) writes.
import { beforeEach, describe, expect, it } from "vitest";
import { as, createActor, createRegion, createScene, placeToken, resetWorld, settle, state, writesOf, type Clients } from "../harness";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
let clients: Clients;
const g = globalThis as Any;
const water = { type: "flex.water", system: {} };

beforeEach(() => {
  clients = resetWorld({ gms: 2, players: 3 });
});

async function lake() {
  const scene = await createScene();
  // A lake over columns 3–5, rows 0–2.
  const region = await createRegion(scene, { col: 3, row: 0, cols: 3, rows: 3, behaviors: [water] });
  const hero = (await createActor({ name: "Alrik", type: "character", ownership: { default: 0, [clients.players[0].id]: 3 } })) as Any;
  const token = (await placeToken(scene, hero)) as Any;
  return { scene, region, hero, token };
}

const effectWrites = () => state.writes.filter((w) => w.documentName === "ActiveEffect");

describe("region behaviour flex.water", () => {
  it("is registered with its icon and its name in three languages", () => {
    expect(g.CONFIG.RegionBehavior.dataModels["flex.water"]).toBeDefined();
    expect(g.CONFIG.RegionBehavior.typeIcons["flex.water"]).toBe("fa-solid fa-water");
    expect(g.game.i18n.localize("TYPES.RegionBehavior.flex.water")).toBe("Wasser (Flex)");
  });

  it("R-WATER-5 a token that swims in is under water and wet: one write, by the player who moved it", async () => {
    const { hero, token } = await lake();
    const before = state.writes.length;
    await as(clients.players[0], () => token.move({ x: 300 }));
    await settle();
    const writes = effectWrites().filter((w) => state.writes.indexOf(w) >= before);
    expect(writes).toHaveLength(1);
    expect(writes[0]).toMatchObject({ action: "create", userId: clients.players[0].id, parent: hero.uuid });
    expect(writes[0].ids).toHaveLength(2);
    expect([...hero.statuses].sort()).toEqual(["underwater", "wet"]);
    expect(hero.effects.map((e: Any) => e.name).sort()).toEqual(["Nass", "Unter Wasser"]);
  });

  it("moving within the lake changes nothing; leaving ends under water but the creature stays wet", async () => {
    const { hero, token } = await lake();
    await token.move({ x: 300 });
    await settle();
    const before = state.writes.length;
    await token.move({ x: 400 });
    await settle();
    expect(effectWrites().filter((w) => state.writes.indexOf(w) >= before)).toEqual([]);

    await token.move({ x: 700 });
    await settle();
    const writes = effectWrites().filter((w) => state.writes.indexOf(w) >= before);
    expect(writes.map((w) => [w.action, w.userId])).toEqual([["delete", clients.gms[0].id]]);
    expect([...hero.statuses]).toEqual(["wet"]);
  });

  it("a creature that is already wet only gets under water", async () => {
    const { hero, token } = await lake();
    await hero.toggleStatusEffect("wet", { active: true });
    const before = state.writes.length;
    await token.move({ x: 300 });
    await settle();
    const writes = effectWrites().filter((w) => state.writes.indexOf(w) >= before);
    expect(writes).toHaveLength(1);
    expect(writes[0].ids).toHaveLength(1);
    expect([...hero.statuses].sort()).toEqual(["underwater", "wet"]);
  });

  it("leaving one lake into an overlapping one keeps the creature under water", async () => {
    const { scene, hero, token } = await lake();
    await createRegion(scene, { col: 5, row: 0, cols: 4, rows: 3, behaviors: [water] });
    await token.move({ x: 300 });
    await settle();
    await token.move({ x: 700 }); // out of the first lake, still in the second
    await settle();
    expect(hero.statuses.has("underwater")).toBe(true);
    await token.move({ x: 1000 });
    await settle();
    expect(hero.statuses.has("underwater")).toBe(false);
  });

  it("a disabled water behaviour does nothing; unlinked tokens get their own statuses", async () => {
    const scene = await createScene();
    await createRegion(scene, { col: 3, cols: 2, behaviors: [{ ...water, disabled: true }] });
    await createRegion(scene, { col: 0, row: 5, cols: 2, behaviors: [water] });
    const wolf = (await createActor({ name: "Wolf", type: "creature" })) as Any;
    const t = (await placeToken(scene, wolf, { actorLink: false })) as Any;
    await t.move({ x: 300 });
    await settle();
    expect(t.actor.statuses.size).toBe(0);
    await t.move({ x: 0, y: 500 });
    await settle();
    expect([...t.actor.statuses].sort()).toEqual(["underwater", "wet"]);
    expect(wolf.statuses.size).toBe(0);
    expect(writesOf({ documentName: "ActiveEffect" }).at(-1)?.parent).toBe(t.actor.uuid);
  });
});

describe("R-WATER-5 the manual toggle (token HUD): under water makes wet too", () => {
  it("the player who switches it on adds wet, on that client only", async () => {
    const hero = (await createActor({ name: "Bela", type: "character", ownership: { default: 0, [clients.players[1].id]: 3 } })) as Any;
    await as(clients.players[1], () => hero.toggleStatusEffect("underwater"));
    await settle();
    const writes = writesOf({ documentName: "ActiveEffect" });
    expect(writes.map((w) => [w.action, w.userId])).toEqual([
      ["create", clients.players[1].id],
      ["create", clients.players[1].id],
    ]);
    expect([...hero.statuses].sort()).toEqual(["underwater", "wet"]);

    // Switching it off leaves the creature wet (Decision); on again adds nothing more.
    await as(clients.players[1], () => hero.toggleStatusEffect("underwater"));
    await as(clients.players[1], () => hero.toggleStatusEffect("underwater"));
    await settle();
    expect(writesOf({ documentName: "ActiveEffect" })).toHaveLength(4);
    expect([...hero.statuses].sort()).toEqual(["underwater", "wet"]);
  });
});

describe("R-WATER-5 every creature under water counts as wet, permanently", () => {
  it("under water, switching wet off (token HUD), deleting or disabling it is refused with a message; out of the water it can be cleared", async () => {
    const hero = (await createActor({ name: "Bela", type: "character", ownership: { default: 0, [clients.players[1].id]: 3 } })) as Any;
    await as(clients.players[1], () => hero.toggleStatusEffect("underwater"));
    await settle();
    const wet = () => hero.effects.find((e: Any) => e.statuses.has("wet"));
    const at = effectWrites().length;
    await as(clients.players[1], () => hero.toggleStatusEffect("wet", { active: false }));
    await as(clients.players[1], () => wet().delete());
    await as(clients.players[1], () => wet().update({ disabled: true }));
    await settle();
    expect(hero.statuses.has("wet")).toBe(true);
    expect(effectWrites().length).toBe(at);
    expect(state.notifications.filter((n) => n.type === "warn").map((n) => [n.message, n.userId])).toEqual(
      Array(3).fill(["Bela ist unter Wasser und bleibt nass.", clients.players[1].id]),
    );
    // Out of the water, the GM (or the owner) dries the creature.
    await as(clients.players[1], () => hero.toggleStatusEffect("underwater", { active: false }));
    await as(clients.players[1], () => hero.toggleStatusEffect("wet", { active: false }));
    await settle();
    expect([...hero.statuses]).toEqual([]);
  });
});
