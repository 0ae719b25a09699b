// Riding at the table (R-RIDE-1 … R-RIDE-5), with 2 GMs and 3 players connected: mounting and dismounting, the rider
// carried by its mount in one write per move by exactly one client, a rider moved off by a spell, deletions, a dying
// mount, a reload and a GM who is not there.
import { beforeEach, describe, expect, it } from "vitest";
import { dismount, mountUp } from "../../src/automation/riding";
import { disconnect, reconnect, resetWorld, state, type Clients } from "../harness";
import { acting, at, riding, ridingTable, since, tokenMoves, warnings } from "./riding-helpers";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
let clients: Clients;
const g = globalThis as Any;

beforeEach(() => {
  clients = resetWorld({ gms: 2, players: 3 });
});

async function mounted(options: Parameters<typeof ridingTable>[1] = {}) {
  const table = await ridingTable(clients, options);
  const report = await acting(clients.players[0], () => mountUp(table.heroToken, table.wolfToken));
  expect(report.status).toBe("mounted");
  return table;
}

describe("R-RIDE-1 mounting a ridable companion at least the rider's size", () => {
  it("Rikka mounts her wolf: she sits on it (a fifth of a field higher, drawn above it), both show *beritten*", async () => {
    const { hero, wolf, heroToken, wolfToken } = await mounted();
    expect(riding(heroToken)).toEqual({ mount: wolfToken.id });
    expect(riding(wolfToken)).toEqual({ rider: heroToken.id });
    expect(at(heroToken)).toEqual({ x: 100, y: 180, elevation: 0 });
    expect(heroToken.sort).toBeGreaterThan(wolfToken.sort);
    expect(hero.statuses.has("mounted")).toBe(true);
    expect(wolf.statuses.has("mounted")).toBe(true);
    expect(hero.effects.contents.map((e: Any) => e.name)).toContain("Beritten");
  });

  it.each([
    [{ ridable: false }, "Grauwolf ist nicht reitbar – das entscheidet die Spielleitung."],
    [{ wolfSize: "klein" }, "Grauwolf ist kleiner als Rikka: Ein Reittier muss mindestens so groß sein wie sein Reiter."],
    [{ trained: false }, "Grauwolf ist kein Begleiter: Reiten kann man nur einen abgerichteten Begleiter."],
  ])("refused with the reason (%o), nothing written", async (options, message) => {
    const table = await ridingTable(clients, options);
    const before = state.writes.length;
    const report = await acting(clients.players[0], () => mountUp(table.heroToken, table.wolfToken));
    expect(report.status).toBe("refused");
    expect(since(before)).toEqual([]);
    expect(warnings(clients.players[0])).toEqual([message]);
  });

  it("too far away: refused; another player cannot mount Rikka at all", async () => {
    const table = await ridingTable(clients);
    await acting(clients.gms[0], () => table.wolfToken.move({ x: 500 }));
    const before = state.writes.length;
    await acting(clients.players[0], () => mountUp(table.heroToken, table.wolfToken));
    expect(warnings(clients.players[0])).toEqual(["Grauwolf ist zu weit weg: Rikka muss direkt danebenstehen."]);
    await acting(clients.players[1], () => mountUp(table.heroToken, table.wolfToken));
    expect(warnings(clients.players[1])).toEqual(["Rikka gehört dir nicht."]);
    expect(since(before)).toEqual([]);
  });

  it("a wolf owned by the GM: Rikka's player mounts it through the active GM, who writes the pair", async () => {
    const table = await ridingTable(clients, { wolfOwner: null });
    const before = state.writes.length;
    const report = await acting(clients.players[0], () => mountUp(table.heroToken, table.wolfToken));
    expect(report.status).toBe("mounted");
    expect(new Set(since(before).map((w) => w.userId))).toEqual(new Set([clients.gms[0].id]));
    expect(riding(table.wolfToken)).toEqual({ rider: table.heroToken.id });
  });
});

describe("R-RIDE-4 the rider's token moves with the mount's: one write per move, by one client", () => {
  it.each([
    ["Rikka's player (who owns both)", () => clients.players[0], () => clients.players[0]],
    ["a GM", () => clients.gms[1], () => clients.gms[1]],
  ])("moved 5 fields by %s: the rider moves 5 fields in one write, at the same elevation", async (_who, mover, writer) => {
    const { heroToken, wolfToken } = await mounted();
    const before = state.writes.length;
    await acting(mover(), () => wolfToken.move({ x: 600, y: 200 }));
    expect(at(wolfToken)).toEqual({ x: 600, y: 200, elevation: 0 });
    expect(at(heroToken)).toEqual({ x: 600, y: 180, elevation: 0 });
    const moves = tokenMoves(before);
    expect(moves.map((w) => [w.ids, w.userId])).toEqual([[[wolfToken.id], mover().id], [[heroToken.id], writer().id]]);
    expect(since(before)).toHaveLength(2);
    expect(riding(heroToken)).toEqual({ mount: wolfToken.id });
  });

  it("a player who may not move the rider: the active GM carries it along, once", async () => {
    const { heroToken, wolfToken } = await mounted({ wolfOwner: clients.players[1] });
    const before = state.writes.length;
    await acting(clients.players[1], () => wolfToken.move({ x: 600, y: 200 }));
    expect(tokenMoves(before).map((w) => w.userId)).toEqual([clients.players[1].id, clients.gms[0].id]);
    expect(at(heroToken)).toEqual({ x: 600, y: 180, elevation: 0 });
  });

  it("every waypoint: the rider takes the mount's path, with its movement actions, and ends on it; up in the air too", async () => {
    const { heroToken, wolfToken } = await mounted();
    // Every client sees each movement once: one movement of the rider, the same on each.
    const seen = new Map<string, Any>();
    const id = g.Hooks.on("moveToken", (token: Any, movement: Any) => {
      if (token === heroToken) seen.set(movement.id, movement.passed.waypoints.map((w: Any) => [w.x, w.y, w.elevation, w.action]));
    });
    await acting(clients.players[0], () => wolfToken.move([{ x: 300, y: 200 }, { x: 300, y: 500, elevation: 4, action: "fly" }]));
    g.Hooks.off("moveToken", id);
    expect([...seen.values()]).toEqual([[[300, 180, 0, "walk"], [300, 480, 4, "fly"]]]);
    expect(at(heroToken)).toEqual({ x: 300, y: 480, elevation: 4 });
  });

  it("undo and teleport of the mount carry the rider too", async () => {
    const { heroToken, wolfToken } = await mounted();
    await acting(clients.players[0], () => wolfToken.move({ x: 400, y: 200 }));
    await acting(clients.players[0], () => wolfToken.move({ x: 100, y: 200 }, { method: "undo" }));
    expect(at(heroToken)).toEqual({ x: 100, y: 180, elevation: 0 });
    await acting(clients.gms[0], () => wolfToken.move({ x: 900, y: 900, action: "blink" }));
    expect(at(heroToken)).toEqual({ x: 900, y: 880, elevation: 0 });
    expect(riding(heroToken)).toEqual({ mount: wolfToken.id });
  });

  it("R-RIDE-4 mounted, Rikka moves with the wolf's speed", async () => {
    const { movementOf } = await import("../../src/automation/riding");
    const table = await ridingTable(clients);
    expect(movementOf(table.hero)).toEqual({ speed: 6, swim: 3, mount: null });
    await acting(clients.players[0], () => mountUp(table.heroToken, table.wolfToken));
    expect(movementOf(table.hero)).toEqual({ speed: 10, swim: 5, mount: "Grauwolf" });
  });

  it("a reload keeps the pair: after Rikka's player and the GMs reload, the wolf still carries her", async () => {
    const { heroToken, wolfToken } = await mounted();
    for (const user of [...clients.gms, clients.players[0]]) {
      disconnect(user);
      reconnect(user);
    }
    await acting(clients.players[0], () => wolfToken.move({ x: 400, y: 400 }));
    expect(at(heroToken)).toEqual({ x: 400, y: 380, elevation: 0 });
  });

  it("no GM online and the mover may not move the rider: the mount's move is refused with a message, nothing moves", async () => {
    const { heroToken, wolfToken } = await mounted({ wolfOwner: clients.players[1] });
    for (const gm of clients.gms) disconnect(gm);
    const before = state.writes.length;
    await acting(clients.players[1], () => wolfToken.move({ x: 600, y: 200 }));
    expect(since(before)).toEqual([]);
    expect(at(wolfToken)).toEqual({ x: 100, y: 200, elevation: 0 });
    expect(at(heroToken)).toEqual({ x: 100, y: 180, elevation: 0 });
    expect(warnings(clients.players[1])).toEqual(["Grauwolf bleibt stehen: Rikka sitzt darauf, und mitbewegen darf Rikka gerade nur die Spielleitung – es ist keine online."]);
    // Rikka's own player moves her own wolf? Not hers: the wolf is player 2's. With a GM back, it goes again.
    reconnect(clients.gms[1]);
    await acting(clients.players[1], () => wolfToken.move({ x: 600, y: 200 }));
    expect(at(heroToken)).toEqual({ x: 600, y: 180, elevation: 0 });
  });
});

describe("R-RIDE-3 a rider moved to another field by anything but its mount is off at no cost; the mount stays", () => {
  it("a teleport spell: Rikka is off in the same write, the wolf stays, both lose *beritten*, no Aktion spent", async () => {
    const { hero, wolf, heroToken, wolfToken, scene } = await mounted();
    const combat = await g.Combat.create({});
    await combat.createEmbeddedDocuments("Combatant", [{ actorId: hero.id, tokenId: heroToken.id, sceneId: scene.id, initiative: 10 }]);
    await acting(clients.gms[0], () => combat.startCombat());
    const before = state.writes.length;
    await acting(clients.players[0], () => heroToken.move({ x: 800, y: 800, action: "blink" }));
    expect(at(heroToken)).toEqual({ x: 800, y: 800, elevation: 0 });
    expect(at(wolfToken)).toEqual({ x: 100, y: 200, elevation: 0 });
    expect(riding(heroToken)).toBeNull();
    expect(riding(wolfToken)).toBeNull();
    expect(hero.statuses.has("mounted")).toBe(false);
    expect(wolf.statuses.has("mounted")).toBe(false);
    const writes = since(before);
    expect(writes.filter((w) => w.documentName === "Combatant")).toEqual([]);
    expect(writes[0]).toMatchObject({ documentName: "Token", ids: [heroToken.id], userId: clients.players[0].id });
    expect(new Set(writes.map((w) => w.userId))).toEqual(new Set([clients.players[0].id]));
    expect(combat.combatants.contents[0].flags.flex?.actions ?? null).toBeNull();
  });

  it("nudged within the wolf's field she stays on; the next move of the wolf seats her again", async () => {
    const { heroToken, wolfToken } = await mounted();
    await acting(clients.players[0], () => heroToken.move({ x: 130, y: 210 }));
    expect(riding(heroToken)).toEqual({ mount: wolfToken.id });
    await acting(clients.players[0], () => wolfToken.move({ x: 200, y: 200 }));
    expect(at(heroToken)).toEqual({ x: 200, y: 180, elevation: 0 });
  });

  it("a GM drags Rikka off a wolf that belongs to another player: the GM cleans up both sides", async () => {
    const { hero, wolf, heroToken, wolfToken } = await mounted({ wolfOwner: clients.players[1] });
    const before = state.writes.length;
    await acting(clients.gms[1], () => heroToken.move({ x: 500, y: 500 }));
    expect(riding(heroToken)).toBeNull();
    expect(riding(wolfToken)).toBeNull();
    expect([hero.statuses.has("mounted"), wolf.statuses.has("mounted")]).toEqual([false, false]);
    expect(new Set(since(before).map((w) => w.userId))).toEqual(new Set([clients.gms[1].id]));
  });
});

describe("R-RIDE-2 dismounting costs 1 action, mounting 2, in a fight", () => {
  it("in KR 1 Rikka mounts (2) and dismounts (1): the third spend is refused with a message", async () => {
    const table = await ridingTable(clients);
    const combat = await g.Combat.create({});
    await combat.createEmbeddedDocuments("Combatant", [{ actorId: table.hero.id, tokenId: table.heroToken.id, sceneId: table.scene.id, initiative: 10 }]);
    await acting(clients.gms[0], () => combat.startCombat());
    const player = clients.players[0];
    expect((await acting(player, () => mountUp(table.heroToken, table.wolfToken))).status).toBe("mounted");
    expect((await acting(player, () => dismount(table.heroToken))).status).toBe("dismounted");
    expect(riding(table.heroToken)).toBeNull();
    // Set down on a free field beside the wolf: not on it.
    expect(at(table.heroToken)).toEqual({ x: 200, y: 200, elevation: 0 });
    expect(table.hero.statuses.has("mounted")).toBe(false);
    const before = state.writes.length;
    expect((await acting(player, () => mountUp(table.heroToken, table.wolfToken))).status).toBe("noActions");
    expect(since(before)).toEqual([]);
    expect(warnings(player).at(-1)).toBe("Nicht genug Aktionen: Rikka hat in dieser KR noch 0 von 3.");
  });
});

describe("R-RIDE-5 rider and mount stay separate creatures", () => {
  it("damage to Rikka leaves the wolf's Leben alone and the pair mounted; the wolf at 0 Leben is dying and sets her down", async () => {
    const { hero, wolf, heroToken, wolfToken } = await mounted();
    await acting(clients.gms[0], () => hero.applyDamage(7));
    expect([hero.system.leben.value, wolf.system.leben.value]).toEqual([23, 18]);
    expect(riding(heroToken)).toEqual({ mount: wolfToken.id });
    await acting(clients.gms[0], () => wolf.applyDamage(5));
    expect([hero.system.leben.value, wolf.system.leben.value]).toEqual([23, 13]);
    await acting(clients.gms[0], () => wolf.applyDamage(30));
    expect(wolf.statuses.has("dying")).toBe(true);
    expect(riding(heroToken)).toBeNull();
    expect(hero.statuses.has("mounted")).toBe(false);
    expect(wolf.statuses.has("mounted")).toBe(false);
    expect(at(heroToken)).toEqual({ x: 200, y: 200, elevation: 0 });
  });
});

describe("deleting either ends the mount cleanly", () => {
  it("the wolf deleted: Rikka keeps her place, loses *beritten* and her flag", async () => {
    const { hero, heroToken, wolfToken } = await mounted();
    await acting(clients.gms[0], () => wolfToken.delete());
    expect(riding(heroToken)).toBeNull();
    expect(hero.statuses.has("mounted")).toBe(false);
    expect(at(heroToken)).toEqual({ x: 100, y: 180, elevation: 0 });
  });

  it("Rikka's token deleted by her player: the wolf is free again", async () => {
    const { hero, wolf, heroToken, wolfToken } = await mounted();
    await acting(clients.players[0], () => heroToken.delete());
    expect(riding(wolfToken)).toBeNull();
    expect([hero.statuses.has("mounted"), wolf.statuses.has("mounted")]).toEqual([false, false]);
  });

  it("no GM online: a player may not delete her rider from another player's wolf (nothing half ended)", async () => {
    const { heroToken, wolfToken } = await mounted({ wolfOwner: clients.players[1] });
    for (const gm of clients.gms) disconnect(gm);
    await acting(clients.players[0], () => heroToken.delete());
    expect(heroToken.parent.tokens.get(heroToken.id)).toBe(heroToken);
    expect(riding(wolfToken)).toEqual({ rider: heroToken.id });
    expect(warnings(clients.players[0])).toHaveLength(1);
  });
});

describe("a scene deleted with a pair on it", () => {
  it("takes *beritten* off both (world) actors", async () => {
    const { hero, wolf, scene } = await mounted();
    await acting(clients.gms[0], () => scene.delete());
    expect([hero.statuses.has("mounted"), wolf.statuses.has("mounted")]).toEqual([false, false]);
  });
});

describe("R-FALL-1 with a rider: a mount that falls takes its rider along", () => {
  it("the wolf drops 6 Schritt: one fall card for both; it does not land on its own rider (no R-FALL-2 between them), she takes only her own fall", async () => {
    const { resetFallSettings, roll, d4s } = await import("./falling-helpers");
    const { messages } = await import("../harness");
    resetFallSettings();
    const { hero, heroToken, wolfToken } = await mounted();
    await acting(clients.players[0], () => wolfToken.move({ elevation: 6, action: "fly" }));
    expect(at(heroToken)).toEqual({ x: 100, y: 180, elevation: 6 });
    // The wolf's check and 6d4, then Rikka's own (she falls with it): 2 on every die, 12 damage — hers, not the wolf's.
    roll([6, 1], ...d4s(1, 1, 1, 1, 1, 1), [6, 1], ...d4s(2, 2, 2, 2, 2, 2));
    await acting(clients.players[0], () => wolfToken.move({ elevation: 0 }));
    expect(at(heroToken)).toEqual({ x: 100, y: 180, elevation: 0 });
    expect(messages()).toHaveLength(1);
    const fall = (messages()[0] as Any).flags.flex.fall;
    expect(fall).toMatchObject({ height: 6, faller: { name: "Grauwolf", damage: 6 }, rider: { name: "Rikka", damage: 12 } });
    expect(fall.target ?? null).toBeNull();
    expect(hero.system.leben.value).toBe(18);
    expect(riding(heroToken)).toEqual({ mount: wolfToken.id });
  });
});

describe("R-FALL-2 never between mount and rider", () => {
  it("with the GM rolling falls, the landing is worked out after the rider came down: still not on its own rider", async () => {
    const { resetFallSettings, roll, d4s } = await import("./falling-helpers");
    const { messages, settle } = await import("../harness");
    resetFallSettings();
    await (globalThis as Any).game.settings.set("flex", "fallRoller", "gm");
    const { hero, heroToken, wolfToken } = await mounted();
    await acting(clients.players[0], () => wolfToken.move({ elevation: 6, action: "fly" }));
    roll([6, 1], ...d4s(1, 1, 1, 1, 1, 1), [6, 1], ...d4s(2, 2, 2, 2, 2, 2));
    await acting(clients.players[0], () => wolfToken.move({ elevation: 0 }));
    await settle();
    expect(messages()).toHaveLength(1);
    const fall = (messages()[0] as Any).flags.flex.fall;
    expect(fall).toMatchObject({ height: 6, faller: { name: "Grauwolf", damage: 6 }, rider: { name: "Rikka", damage: 12 } });
    expect(fall.target ?? null).toBeNull();
    expect(hero.system.leben.value).toBe(18);
    expect(riding(heroToken)).toEqual({ mount: wolfToken.id });
  });
});

describe("*beritten* switched by hand on the token HUD", () => {
  it("switched off on the wolf: the pair ends and Rikka is set down beside it; switched on without a pair: it goes again", async () => {
    const { hero, wolf, heroToken } = await mounted();
    await acting(clients.gms[0], () => wolf.toggleStatusEffect("mounted", { active: false }));
    expect(riding(heroToken)).toBeNull();
    expect(hero.statuses.has("mounted")).toBe(false);
    expect(at(heroToken)).toEqual({ x: 200, y: 200, elevation: 0 });
    await acting(clients.players[0], () => hero.toggleStatusEffect("mounted", { active: true }));
    expect(hero.statuses.has("mounted")).toBe(false);
  });
});

describe("what a dropped client leaves half done, the active GM puts right", () => {
  it("a GM drops mid-way: the next active GM gives the pair its statuses, seats the rider and clears a half pair's flag", async () => {
    const { tidyRiding } = await import("../../src/automation/riding");
    const { hero, wolf, heroToken, wolfToken, scene } = await ridingTable(clients);
    const { createActor, placeToken } = await import("../harness");
    const stray = await createActor({ name: "Streuner", type: "creature", system: {} });
    const strayToken = await placeToken(scene, stray, { col: 6, row: 6 });
    // As a client that dropped after its first write would leave it: the pair's flags without the statuses, the rider
    // not on its seat (a carry lost), and a flag naming a partner that does not name it back.
    await acting(clients.gms[0], async () => {
      await scene.updateEmbeddedDocuments("Token", [
        { _id: heroToken.id, x: 100, y: 500, "flags.flex.riding": { mount: wolfToken.id } },
        { _id: wolfToken.id, "flags.flex.riding": { rider: heroToken.id } },
        { _id: strayToken.id, "flags.flex.riding": { mount: wolfToken.id } },
      ], { flexRiding: "mount" });
    });
    expect([hero.statuses.has("mounted"), wolf.statuses.has("mounted")]).toEqual([false, false]);
    // That GM drops: every client hears it (userConnected); the other GM, active now, tidies. A player's client never does.
    const before = state.writes.length;
    expect(await acting(clients.players[0], () => tidyRiding())).toBe(0);
    await acting(clients.gms[1], () => disconnect(clients.gms[0]));
    expect(new Set(since(before).map((w) => w.userId))).toEqual(new Set([clients.gms[1].id]));
    expect(at(heroToken)).toEqual({ x: 100, y: 180, elevation: 0 });
    expect(riding(strayToken)).toBeNull();
    expect(riding(heroToken)).toEqual({ mount: wolfToken.id });
    expect([hero.statuses.has("mounted"), wolf.statuses.has("mounted"), stray.statuses.has("mounted")]).toEqual([true, true, false]);
    expect(await acting(clients.gms[1], () => tidyRiding())).toBe(0);
  });
});
