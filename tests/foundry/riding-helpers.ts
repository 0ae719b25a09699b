// Shared by the riding tests: Rikka (player 1's character, mittel) and her Grauwolf (a ridable companion, groß) on a
// scene, side by side; and what a table sees of a pair.
import { as, createActor, createScene, placeToken, settle, state, type Clients, writesSince } from "../harness";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any

export interface RidingTable {
  scene: Any;
  hero: Any;
  wolf: Any;
  heroToken: Any;
  wolfToken: Any;
}

/** Rikka at field (0, 2), her wolf at (1, 2); `wolfOwner` owns the wolf (default: player 1, Rikka's player). */
export async function ridingTable(clients: Clients, { wolfOwner = clients.players[0], ridable = true, wolfSize = "gross", trained = true } = {}): Promise<RidingTable> {
  const scene = await createScene();
  const hero = await createActor({
    name: "Rikka",
    type: "character",
    ownership: { default: 0, [clients.players[0].id]: 3 },
    system: { groesse: "mittel", geschwindigkeit: 6, leben: { value: 30, max: 30 }, attributes: { ge: 8 } },
  });
  const wolf = await createActor({
    name: "Grauwolf",
    type: "creature",
    ownership: wolfOwner ? { default: 0, [wolfOwner.id]: 3 } : { default: 0 },
    system: { groesse: wolfSize, geschwindigkeit: 10, reitbar: ridable, trainierbar: true, trainer: trained ? hero.uuid : null, leben: { value: 18, max: 18 }, attributes: { ge: 6 } },
  });
  const heroToken = await placeToken(scene, hero, { col: 0, row: 2 });
  const wolfToken = await placeToken(scene, wolf, { col: 1, row: 2 });
  return { scene, hero, wolf, heroToken, wolfToken };
}

/** Runs fn as `user` and lets everything it set off finish on every client. */
export const acting = <T>(user: Any, fn: () => Promise<T> | T) =>
  as(user, async () => {
    const out = await fn();
    await settle();
    return out;
  });

export const since = (n: number) => writesSince(n);
export const tokenMoves = (n: number) => since(n).filter((w) => w.action === "update" && w.documentName === "Token" && w.data.some((d) => ["x", "y", "elevation"].some((k) => k in (d as Any))));
export const warnings = (user: Any) => state.notifications.filter((n) => n.type === "warn" && n.userId === user.id).map((n) => n.message);
export const riding = (token: Any) => token.flags?.flex?.riding ?? null;
export const at = (token: Any) => ({ x: token.x, y: token.y, elevation: token.elevation });
