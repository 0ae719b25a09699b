// What tests use to drive the simulated Foundry: connect clients, act as a user, inspect writes,
// chat messages and notifications, and make dice show chosen faces.
import type { ChatMessage} from "./documents";
import { Actor, ROLES, User, broadcast, dropConnection, queryCount, setActive, worldCollections, type Document } from "./documents";
import { resetClientLocal } from "../../src/helpers/client-local";
import { queueDice, seededUniform } from "./roll";
import type { RegionDocument, Scene, TokenDocument } from "./scene";
import { compendiumUuid, packs, resetPacks, storeInPack } from "./packs";
import { DialogV2 } from "./applications";
import { clientSocket } from "./globals";
import { randomID, type Obj } from "./utils";
import { ClientDisconnected, onClient, settle, state, type WriteRecord } from "./world";

export { settle, state, queueDice, seededUniform, worldCollections, queryCount };
export { takeErrors } from "./world";
export type { WriteRecord };

export interface Clients { gms: User[]; assistants: User[]; players: User[]; all: User[] }

/**
 * Empties the world and connects `gms` GMs, `assistants` assistant GMs and `players` players; the first GM is
 * the acting user. Assistants (role ASSISTANT = 3) are `isGM` as in v13 (issue 33: the trust worlds need one).
 */
export function resetWorld({ gms = 1, assistants = 0, players = 0 } = {}): Clients {
  for (const c of Object.values(worldCollections)) c.clear();
  resetPacks();
  state.writes.length = 0;
  state.notifications.length = 0;
  state.clipboard.length = 0;
  state.errors.length = 0;
  state.dropAfter.clear();
  state.socketDropAfter.clear();
  for (const kept of state.buffering.values()) kept.lose();
  state.buffering.clear();
  state.broadcasts = 0;
  queryCount.sent = 0;
  DialogV2.stayOpen = false;
  DialogV2.open.clear();
  resetClientLocal();
  const g = globalThis as unknown as { game: { i18n: { missing: Set<string>; lang: string }; settings: { values: Map<string, unknown> }; time: { worldTime: number } } };
  g.game.time.worldTime = 0;
  // A new world starts with every setting at its default.
  g.game.settings.values.clear();
  g.game.i18n.missing.clear();
  g.game.i18n.lang = "de";
  const mk = (name: string, role: number, idPrefix: string, i: number) => {
    const u = new User({ _id: `${idPrefix}${String(i).padStart(16 - idPrefix.length, "0")}`, name, role, active: true }, { strict: true });
    worldCollections.users.set(u.id, u);
    return u;
  };
  const gmUsers = Array.from({ length: gms }, (_, i) => mk(`GM ${i + 1}`, ROLES.GAMEMASTER, "gm", i + 1));
  const assistantUsers = Array.from({ length: assistants }, (_, i) => mk(`Assistenz ${i + 1}`, ROLES.ASSISTANT, "assistant", i + 1));
  const playerUsers = Array.from({ length: players }, (_, i) => mk(`Spieler ${i + 1}`, ROLES.PLAYER, "player", i + 1));
  state.currentUserId = (gmUsers[0] ?? assistantUsers[0] ?? playerUsers[0])?.id ?? "";
  return { gms: gmUsers, assistants: assistantUsers, players: playerUsers, all: [...gmUsers, ...assistantUsers, ...playerUsers] };
}

/** Runs fn as `user` on that user's client, then returns to the previous client. */
export async function as<T>(user: User, fn: () => Promise<T> | T): Promise<T> {
  return onClient(user.id, async () => fn());
}

/** Runs fn as `user` and lets everything it set off finish on every client. */
export async function acting<T>(user: User, fn: () => Promise<T> | T): Promise<T> {
  return as(user, async () => {
    const out = await fn();
    await settle();
    return out;
  });
}

/** The user's browser drops: its open queries fail, and it sends no more writes. */
export function disconnect(user: User): void {
  dropConnection(user);
  userConnected(user, false);
}
state.drop = (userId) => {
  const user = worldCollections.users.get(userId);
  if (user?.active) disconnect(user);
};

/**
 * The user's browser drops right after it has sent `writes` more writes (documents, world time, world
 * settings): the next write it tries is never sent. Lets a test drop a GM between any two writes of a task.
 */
export function dropAfterWrites(user: User, writes: number): void {
  state.dropAfter.set(user.id, writes);
}
/**
 * The user's socket drops for a while (issue 33, audit SD1/N11; socket.io buffers emits, foundryvtt#10562): the
 * server and every other client see the user go, its open queries fail, its own "disconnect" handlers run; what
 * it writes meanwhile is kept and reaches the server when the socket is back (restoreSocket). Its memory stays.
 */
export function dropSocket(user: User): void {
  if (state.buffering.has(user.id)) return;
  let send!: () => void;
  let lose!: () => void;
  const sent = new Promise<void>((resolve, reject) => {
    send = resolve;
    lose = () => reject(new ClientDisconnected(`User ${user.name} reloaded; what it kept was never sent`));
  });
  sent.catch(() => undefined);
  state.buffering.set(user.id, { sent, send, lose });
  disconnect(user);
  clientSocket.fire(user.id, "disconnect");
}
state.dropSocket = (userId) => {
  const user = worldCollections.users.get(userId);
  if (user) dropSocket(user);
};

/** The user's socket drops right after its next `writes` writes reached the server (what follows is buffered). */
export function dropSocketAfterWrites(user: User, writes: number): void {
  state.socketDropAfter.set(user.id, writes);
}

/**
 * The socket is back, without a reload: every client hears the user connect, the client's "connect" handlers
 * run, and the writes it kept go out, in order, with what they held when they were made. What others wrote
 * meanwhile reached this client's documents anyway (the stand-in's clients share them): only its writes are late.
 */
export function restoreSocket(user: User): void {
  const buffered = state.buffering.get(user.id);
  setActive(user, true);
  userConnected(user, true);
  clientSocket.fire(user.id, "connect");
  state.buffering.delete(user.id);
  buffered?.send();
}

/** The user comes back (a reload: this client's own memory is gone, and so is what a dropped socket kept). */
export function reconnect(user: User): void {
  state.buffering.get(user.id)?.lose();
  state.buffering.delete(user.id);
  resetClientLocal(user.id);
  setActive(user, true);
  userConnected(user, true);
}
/** Like Foundry, every connected client hears that a user connected or dropped (the `userConnected` hook). */
function userConnected(user: User, connected: boolean): void {
  broadcast(() => (globalThis as unknown as { Hooks: { callAll: (...a: unknown[]) => unknown } }).Hooks.callAll("userConnected", user, connected));
}

/**
 * Everyone reloads: every world actor is built again from what the database holds (its source through JSON),
 * every unlinked token's actor again from its base actor and delta, and each client's memory is gone. A
 * test must fetch its documents again afterwards, as a reloaded client would.
 */
export function reloadWorld(): void {
  const ActorCls = (Actor as unknown as { implementation: typeof Actor }).implementation;
  for (const [id, actor] of [...worldCollections.actors.entries()]) {
    const fresh = new ActorCls(JSON.parse(JSON.stringify(actor.toObject())) as Obj, { strict: false });
    worldCollections.actors.set(id, fresh);
    fresh.prepareData();
  }
  for (const scene of worldCollections.scenes.values()) {
    const tokens = scene.collectionsByName.Token;
    for (const token of tokens?.values() ?? []) (token as unknown as TokenDocument).reloadActor();
  }
  for (const user of worldCollections.users.values()) resetClientLocal(user.id);
}

/** Puts an actor into a compendium pack (as a built pack holds it) and returns its uuid, "Compendium.flex.<pack>.Actor.<id>". */
export function addToCompendium(pack: string, data: Obj): string {
  return addDocumentToCompendium(pack, "Actor", data).uuid;
}

/**
 * Stores a document in a compendium pack of the system and reads it as this client would (the configured class,
 * `{ pack }` in its context, so a system document class sees where it comes from): it is kept and indexed.
 */
export function addDocumentToCompendium(pack: string, documentName: "Actor" | "Item", data: Obj): Document & { uuid: string } {
  const collection = storeInPack(pack, [{ _id: randomID(), ...data }]);
  if (collection.documentName !== documentName) throw new Error(`flex.${pack} holds ${collection.documentName}, not ${documentName}`);
  const id = [...collection.stored.keys()].at(-1)!;
  return collection.read(id) as Document & { uuid: string };
}

export { packs, compendiumUuid };
export { slowPackReads } from "./packs";

export function writesOf(filter: Partial<Pick<WriteRecord, "action" | "documentName" | "userId">> = {}): WriteRecord[] {
  return state.writes.filter((w) => Object.entries(filter).every(([k, v]) => w[k as keyof WriteRecord] === v));
}

/** The writes since `from`, without the GMs' task journal (its records live on their own User documents). */
export function writesSince(from: number): WriteRecord[] {
  return state.writes.slice(from).filter((w) => w.documentName !== "User");
}

export function messages(): ChatMessage[] { return worldCollections.messages.contents as ChatMessage[]; }

export async function createActor(data: Obj): Promise<Actor> {
  return (await Actor.create({ name: "Testfigur", ...data })) as Actor;
}

/** Puts a document straight into the database, as if an old world had stored it: no validation on the way in. */
export function storeRawActor(data: Obj): Actor {
  const actor = new Actor({ _id: randomID(), name: "Altlast", ...data }, { strict: false });
  worldCollections.actors.set(actor.id, actor);
  actor.prepareData();
  return actor;
}

/** A scene with a 100 px grid of 1 Schritt. */
export async function createScene(data: Obj = {}): Promise<Scene> {
  const { Scene: SceneCls } = globalThis as unknown as { Scene: typeof Scene };
  return (await SceneCls.create({ name: "Szene", ...data })) as Scene;
}

/** Places a token of `actor` at grid square (col, row) and elevation (Schritt). */
export async function placeToken(scene: Scene, actor: Actor, { col = 0, row = 0, elevation = 0, actorLink = true, ...rest }: Obj & { col?: number; row?: number; elevation?: number; actorLink?: boolean } = {}): Promise<TokenDocument> {
  const size = scene.grid.size;
  const [token] = await scene.createEmbeddedDocuments("Token", [{ name: actor.name, actorId: actor.id, actorLink, x: col * size, y: row * size, elevation, ...rest }]);
  return token as TokenDocument;
}

/** A rectangular region over grid squares [col, col + cols) × [row, row + rows) with the given behaviours. */
export async function createRegion(scene: Scene, { col = 0, row = 0, cols = 1, rows = 1, behaviors = [] as Obj[], elevation = { bottom: null, top: null } as Obj } = {}): Promise<RegionDocument> {
  const size = scene.grid.size;
  const [region] = await scene.createEmbeddedDocuments("Region", [{ name: "Region", shapes: [{ type: "rectangle", x: col * size, y: row * size, width: cols * size, height: rows * size }], elevation, behaviors }]);
  return region as RegionDocument;
}

export function dice(faces: number, ...results: number[]): void {
  queueDice(results.map((result) => ({ faces, result })));
}

export type { Document };

/** `user` targets these tokens (and no others), as clicking them with the target tool does. */
export function target(user: User, ...tokens: TokenDocument[]): void {
  user.targets = new Set(tokens.map((document) => ({ document })));
}
export { startClient } from "./start";
export { renderedMessage, messageContentFor } from "./chat";
export { loadStoredWorld } from "./stored-world";
export type { StoredWorld } from "./stored-world";
