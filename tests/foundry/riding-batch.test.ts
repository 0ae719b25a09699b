// Issue 24: riders and mounts moved in one batched update (a GM drags several tokens at once; v13 sends them in one
// update whose options all tokens share), and the rider's follow-up as a movement of its own. After any batch every
// pair is consistent: both tokens name each other and the rider sits on its mount, or neither names the other.
import fc from "fast-check";
import { beforeEach, describe, expect, it } from "vitest";
import { mountUp, pairOf } from "../../src/automation/riding";
import { onMount } from "../../src/rules";
import { as, createActor, createScene, placeToken, resetWorld, settle, takeErrors, type Clients } from "../harness";
import { acting, at, riding } from "./riding-helpers";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
let clients: Clients;
const g = globalThis as Any;

beforeEach(() => {
  clients = resetWorld({ gms: 1, players: 2 });
});

/** Two mounted pairs: Rikka on her wolf (row 0), Bela on his horse (row 4), each owned by its player. */
async function twoPairs() {
  const scene = (await createScene()) as Any;
  const pairs: { rider: Any; mount: Any }[] = [];
  for (const [i, player] of clients.players.entries()) {
    const own = { default: 0, [player.id]: 3 };
    const hero = await createActor({ name: ["Rikka", "Bela"][i], type: "character", ownership: own, system: { groesse: "mittel", leben: { value: 30, max: 30 } } });
    const beast = await createActor({ name: ["Grauwolf", "Schimmel"][i], type: "creature", ownership: own, system: { groesse: "gross", reitbar: true, trainer: hero.uuid, leben: { value: 20, max: 20 } } });
    const rider = await placeToken(scene, hero, { col: 0, row: i * 4 });
    const mount = await placeToken(scene, beast, { col: 1, row: i * 4 });
    expect((await acting(player, () => mountUp(rider, mount))).status).toBe("mounted");
    pairs.push({ rider, mount });
  }
  return { scene, pairs };
}

/** Every token names a partner that names it back, every rider sits on its mount, and *beritten* shows exactly on pairs. */
function inconsistencies(scene: Any): string[] {
  const out: string[] = [];
  for (const token of scene.tokens.contents as Any[]) {
    const flag = riding(token) ?? {};
    const partnerId = flag.mount ?? flag.rider;
    const pair = pairOf(token);
    if (partnerId && !pair) out.push(`${token.name} names ${scene.tokens.get(partnerId)?.name ?? "a gone token"}, which does not name it back`);
    if (pair?.rider === token && !onMount(token, pair.mount, 100)) out.push(`${token.name} rides ${pair.mount.name} from afar`);
    if (token.actor.statuses.has("mounted") !== !!pair) out.push(`${token.name} shows *beritten* ${pair ? "not " : ""}while ${pair ? "" : "not "}in a pair`);
  }
  return out;
}

describe("R-RIDE-3 / R-RIDE-4 in one batched update", () => {
  it("two riders moved off their mounts at once: both pairs end, no mount still carries anyone", async () => {
    const { scene, pairs } = await twoPairs();
    await acting(clients.gms[0], () => scene.updateEmbeddedDocuments("Token", pairs.map((p, i) => ({ _id: p.rider.id, x: 600, y: i * 400 }))));
    for (const p of pairs) {
      expect(riding(p.rider)).toBeNull();
      expect(riding(p.mount)).toBeNull();
    }
    expect(inconsistencies(scene)).toEqual([]);
  });

  it("a mount and its rider moved together (a GM drags both): still a pair, the rider on its mount", async () => {
    const { scene, pairs } = await twoPairs();
    const [{ rider, mount }] = pairs;
    const seat = at(rider);
    await acting(clients.gms[0], () => scene.updateEmbeddedDocuments("Token", [
      { _id: rider.id, x: seat.x + 300, y: seat.y },
      { _id: mount.id, x: mount.x + 300, y: mount.y },
    ]));
    expect(riding(rider)).toEqual({ mount: mount.id });
    expect(riding(mount)).toEqual({ rider: rider.id });
    expect(at(rider)).toEqual({ ...seat, x: seat.x + 300 });
    expect(inconsistencies(scene)).toEqual([]);
  });

  it("the same, with the rider listed after its mount", async () => {
    const { scene, pairs } = await twoPairs();
    const [{ rider, mount }] = pairs;
    await acting(clients.gms[0], () => scene.updateEmbeddedDocuments("Token", [
      { _id: mount.id, x: mount.x, y: mount.y + 100 },
      { _id: rider.id, x: rider.x, y: rider.y + 100 },
    ]));
    expect(pairOf(rider)?.mount).toBe(mount);
    expect(inconsistencies(scene)).toEqual([]);
  });

  it("property: any batch moving any of two pairs' tokens (with their partner, onto it, or away) leaves 0 inconsistent pairs", async () => {
    const move = fc.record({
      token: fc.nat(3),
      how: fc.constantFrom("withPartner", "away", "ontoPartner"),
      col: fc.integer({ min: 0, max: 9 }),
      row: fc.integer({ min: 0, max: 9 }),
    });
    let batches = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(move, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 4 }), async (steps) => {
        clients = resetWorld({ gms: 1, players: 2 });
        const { scene, pairs } = await twoPairs();
        const tokens = pairs.flatMap((p) => [p.rider, p.mount]);
        for (const step of steps) {
          const updates = new Map<string, Any>();
          for (const m of step) {
            const token = tokens[m.token];
            const partner = tokens[m.token ^ 1];
            if (m.how === "away") updates.set(token.id, { _id: token.id, x: m.col * 100, y: m.row * 100 });
            else if (m.how === "ontoPartner") updates.set(token.id, { _id: token.id, x: partner.x, y: partner.y });
            else {
              const [dx, dy] = [m.col * 100 - token.x, m.row * 100 - token.y];
              updates.set(token.id, { _id: token.id, x: token.x + dx, y: token.y + dy });
              updates.set(partner.id, { _id: partner.id, x: partner.x + dx, y: partner.y + dy });
            }
          }
          await as(clients.gms[0], () => scene.updateEmbeddedDocuments("Token", [...updates.values()]));
          await settle();
          expect(inconsistencies(scene)).toEqual([]);
          batches += 1;
        }
        expect(takeErrors()).toEqual([]);
      }),
      { numRuns: 40, seed: 24 },
    );
    expect(batches).toBeGreaterThan(40);
  });
});

describe("R-RIDE-4 the rider's follow-up is a movement of its own", () => {
  it("the mount's move undone: the rider goes back along with it by a movement of its own, its own history kept", async () => {
    const { pairs } = await twoPairs();
    const [{ rider, mount }] = pairs;
    const player = clients.players[0];
    await acting(player, () => mount.move({ x: 500, y: 0 }));
    const kept = rider._source._movementHistory.length;
    const methods: string[] = [];
    const id = g.Hooks.on("moveToken", (token: Any, movement: Any, _o: Any, user: Any) => (token === rider && user.isSelf ? methods.push(movement.method) : undefined));
    try {
      await acting(player, () => mount.move({ x: 100, y: 0 }, { method: "undo" }));
    } finally {
      g.Hooks.off("moveToken", id);
    }
    expect(mount.x).toBe(100);
    expect(onMount(rider, mount, 100)).toBe(true);
    expect(methods).toEqual(["api"]);
    // Its follow-up is recorded like any movement; no movement of its own was taken out of its history.
    expect(rider._source._movementHistory.length).toBeGreaterThan(kept);
    expect(pairOf(rider)?.mount).toBe(mount);
  });
});
