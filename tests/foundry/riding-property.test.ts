// Random sequences of 500 things a hurried table does with two pairs, 2 GMs and 3 players connected: mounts moved,
// teleported and undone by owners and GMs (and the active GM dropping while a move is under way), riders moved off or pushed within the field, mounting and dismounting,
// tokens deleted and placed again, mounts dying and healed, GMs dropping and coming back. After every step: no rider
// off its mount while *beritten*, none sitting on a mount while not, no creature *beritten* without its pair, and no
// error on any client.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { dismount, mountUp, pairOf } from "../../src/automation/riding";
import { riderSpot, onMount } from "../../src/rules";
import { as, createActor, createScene, disconnect, placeToken, reconnect, resetWorld, settle, takeErrors, type Clients } from "../harness";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any

type Who = "owner" | "gm0" | "gm1";
type Command =
  | { kind: "mount"; pair: number; approach: boolean }
  | { kind: "approach"; pair: number }
  | { kind: "dismount"; pair: number; fromMount: boolean }
  | { kind: "moveMount"; pair: number; by: Who; col: number; row: number; elevation: number; action: string; dropActiveGM: boolean }
  | { kind: "undoMount"; pair: number; by: Who }
  | { kind: "moveRider"; pair: number; by: Who; col: number; row: number; action: string; ontoMount: boolean }
  | { kind: "delete"; pair: number; which: "rider" | "mount"; by: Who }
  | { kind: "down"; pair: number; on: boolean }
  | { kind: "dropGM"; gm: number }
  | { kind: "returnGM"; gm: number };

const pair = fc.nat(1);
const who = fc.constantFrom<Who>("owner", "owner", "gm0", "gm1");
const field = fc.nat(9);
const command: fc.Arbitrary<Command> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant("mount" as const), pair, approach: fc.boolean() }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant("approach" as const), pair }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("dismount" as const), pair, fromMount: fc.boolean() }) },
  { weight: 8, arbitrary: fc.record({ kind: fc.constant("moveMount" as const), pair, by: who, col: field, row: field, elevation: fc.constantFrom(0, 0, 3), action: fc.constantFrom("walk", "walk", "blink", "fly"), dropActiveGM: fc.constantFrom(false, false, false, false, true) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("undoMount" as const), pair, by: who }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("moveRider" as const), pair, by: who, col: field, row: field, action: fc.constantFrom("walk", "blink"), ontoMount: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("delete" as const), pair, which: fc.constantFrom<"rider" | "mount">("rider", "mount"), by: who }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("down" as const), pair, on: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("dropGM" as const), gm: fc.nat(1) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("returnGM" as const), gm: fc.nat(1) }) },
);

interface PairTable {
  rider: Any;
  mount: Any;
  riderToken: Any;
  mountToken: Any;
  riderOwner: Any;
  mountOwner: Any | null;
  history: { x: number; y: number; elevation: number }[];
}

/** Rikka (player 1's) and her wolf (player 1's); Bela (player 2's) and a horse that belongs to the GM. */
async function table(clients: Clients) {
  const scene = await createScene();
  const [p1, p2] = clients.players;
  const own = (user: Any) => (user ? { default: 0, [user.id]: 3 } : { default: 0 });
  const pairs: PairTable[] = [];
  for (const [i, [riderName, mountName, riderOwner, mountOwner]] of ([["Rikka", "Grauwolf", p1, p1], ["Bela", "Schimmel", p2, null]] as const).entries()) {
    const rider = await createActor({ name: riderName, type: "character", ownership: own(riderOwner), system: { groesse: "mittel", leben: { value: 30, max: 30 } } });
    const mount = await createActor({ name: mountName, type: "creature", ownership: own(mountOwner), system: { groesse: "gross", reitbar: true, trainer: rider.uuid, leben: { value: 20, max: 20 } } });
    const riderToken = await placeToken(scene, rider, { col: 0, row: i * 5 });
    const mountToken = await placeToken(scene, mount, { col: 1, row: i * 5 });
    pairs.push({ rider, mount, riderToken, mountToken, riderOwner, mountOwner, history: [] });
  }
  return { scene: scene as Any, pairs };
}

/** The client that carries out a command: the owner (the mount's owner, else the active GM), or a GM; null when gone. */
function actor(clients: Clients, by: Who, owner: Any | null): Any | null {
  const user = by === "gm0" ? clients.gms[0] : by === "gm1" ? clients.gms[1] : (owner ?? clients.gms.find((g) => g.active));
  return user?.active ? user : null;
}

async function run(clients: Clients, t: Awaited<ReturnType<typeof table>>, c: Command): Promise<void> {
  const gmOnline = () => clients.gms.find((g) => g.active) ?? null;
  if (c.kind === "dropGM") return disconnect(clients.gms[c.gm]);
  if (c.kind === "returnGM") {
    if (!clients.gms[c.gm].active) reconnect(clients.gms[c.gm]);
    return;
  }
  const p = t.pairs[c.pair];
  const live = (token: Any) => !!t.scene.tokens.get(token.id);
  switch (c.kind) {
    case "mount":
      if (c.approach) await run(clients, t, { kind: "approach", pair: c.pair });
      if (live(p.riderToken) && live(p.mountToken) && p.riderOwner.active && (await as(p.riderOwner, () => mountUp(p.riderToken, p.mountToken))).status === "mounted") seen.mounts += 1;
      return;
    case "approach":
      if (live(p.riderToken) && live(p.mountToken) && p.riderOwner.active && !pairOf(p.riderToken)) {
        const m = p.mountToken;
        await as(p.riderOwner, () => p.riderToken.move({ x: m.x + 100, y: m.y, elevation: m.elevation }));
      }
      return;
    case "dismount": {
      const token = c.fromMount ? p.mountToken : p.riderToken;
      const user = c.fromMount ? (p.mountOwner ?? gmOnline()) : p.riderOwner;
      if (live(token) && user?.active) await as(user, () => dismount(token));
      return;
    }
    case "moveMount": {
      const user = actor(clients, c.by, p.mountOwner);
      if (!user || !live(p.mountToken)) return;
      p.history.push({ x: p.mountToken.x, y: p.mountToken.y, elevation: p.mountToken.elevation });
      const carrying = pairOf(p.mountToken)?.mount === p.mountToken;
      const moving = as(user, () => p.mountToken.move({ x: c.col * 100, y: c.row * 100, elevation: c.elevation, action: c.action }));
      // The active GM drops while the move is under way (before its work is done).
      const gm = gmOnline();
      if (c.dropActiveGM && gm) disconnect(gm);
      await moving.catch(droppedOnly);
      await settle();
      if (carrying && pairOf(p.mountToken) && p.mountToken.x === c.col * 100 && p.mountToken.y === c.row * 100) seen.carried += 1;
      return;
    }
    case "undoMount": {
      const user = actor(clients, c.by, p.mountOwner);
      const back = p.history.pop();
      if (user && back && live(p.mountToken)) await as(user, () => p.mountToken.move(back, { method: "undo" }));
      return;
    }
    case "moveRider": {
      const user = actor(clients, c.by, p.riderOwner);
      if (!user || !live(p.riderToken)) return;
      const target = c.ontoMount && live(p.mountToken) ? { x: p.mountToken.x, y: p.mountToken.y, elevation: p.mountToken.elevation } : { x: c.col * 100, y: c.row * 100 };
      await as(user, () => p.riderToken.move({ ...target, action: c.action }));
      return;
    }
    case "delete": {
      const token = c.which === "rider" ? p.riderToken : p.mountToken;
      const owner = c.which === "rider" ? p.riderOwner : p.mountOwner;
      const user = actor(clients, c.by, owner);
      if (!user || !live(token)) return;
      await as(user, () => token.delete());
      await settle();
      const placer = gmOnline() ?? owner;
      if (live(token) || !placer?.active) return;
      // The token comes back (the same actor, a new token) on a free field in the pair's row.
      const fresh = await as(placer, () => placeToken(t.scene, c.which === "rider" ? p.rider : p.mount, { col: 8, row: c.pair * 5 }));
      if (c.which === "rider") p.riderToken = fresh;
      else p.mountToken = fresh;
      return;
    }
    case "down": {
      const gm = gmOnline();
      if (gm) await as(gm, () => p.mount.toggleStatusEffect("dying", { active: c.on }));
      return;
    }
  }
}

/** Steps that ended with a pair mounted, and pairs made: the sequences must really ride. */
const seen = { pairedSteps: 0, mounts: 0, carried: 0 };

/** A write of a client that dropped fails on that client only: no error. */
function droppedOnly(err: unknown): void {
  if (!(err instanceof Error && /is not connected/.test(err.message))) throw err;
}

/** What a table must never see. */
function check(t: Awaited<ReturnType<typeof table>>): void {
  const tokens = t.scene.tokens.contents as Any[];
  if (tokens.some((token) => pairOf(token))) seen.pairedSteps += 1;
  for (const token of tokens) {
    const pair = pairOf(token);
    const mounted = token.actor.statuses.has("mounted");
    if (pair?.rider === token) {
      // A rider in its pair: *beritten*, on its mount, the mount *beritten* too.
      expect(mounted, `${token.name} rides without *beritten*`).toBe(true);
      expect(pair.mount.actor.statuses.has("mounted"), `${pair.mount.name} carries without *beritten*`).toBe(true);
      expect(onMount(token, pair.mount, 100), `${token.name} is off its mount while *beritten*`).toBe(true);
    } else if (!pair) {
      // Not in a pair: no *beritten*, and not sitting on a mount's seat.
      expect(mounted, `${token.name} shows *beritten* without a pair`).toBe(false);
      for (const other of tokens) {
        if (other === token) continue;
        const seat = riderSpot(other, token, 100);
        expect(token.x === seat.x && token.y === seat.y && token.elevation === seat.elevation, `${token.name} sits on ${other.name} without riding`).toBe(false);
      }
    }
  }
}

describe("riding with a hurried table (property)", () => {
  it("500 random steps: never a rider off its mount while *beritten* or on it while not", async () => {
    let steps = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 500, maxLength: 500 }), async (commands) => {
        const clients = resetWorld({ gms: 2, players: 3 });
        const t = await table(clients);
        for (const c of commands) {
          await run(clients, t, c);
          await settle();
          check(t);
          steps += 1;
        }
        expect(takeErrors()).toEqual([]);
      }),
      { numRuns: 2, seed: 20261130, endOnFailure: true },
    );
    expect(steps).toBeGreaterThanOrEqual(1000);
    expect(seen.mounts).toBeGreaterThan(20);
    expect(seen.carried).toBeGreaterThan(20);
    expect(seen.pairedSteps).toBeGreaterThan(250);
  }, 120_000);
});
