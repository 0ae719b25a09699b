// The simulated world: one shared database, several connected clients (users), and a log of what
// reached the server (writes), what was posted to chat and which client did it.
import { AsyncLocalStorage } from "node:async_hooks";
export interface WriteRecord {
  userId: string;
  action: "create" | "update" | "delete";
  documentName: string;
  /** The parent document's uuid for embedded writes, null for world documents. */
  parent: string | null;
  ids: string[];
  /** The data sent (create) or the changes requested (update). */
  data: unknown[];
}

export interface NotificationRecord { type: "info" | "warn" | "error"; message: string; userId: string }
/** What a client put on its system clipboard (game.clipboard), and which user's client it was. */
export interface ClipboardRecord { text: string; userId: string }

type Handler = (...args: unknown[]) => unknown;

export class HooksImpl {
  private handlers = new Map<string, { id: number; fn: Handler; once: boolean }[]>();
  private nextId = 1;
  on(name: string, fn: Handler): number {
    const id = this.nextId++;
    this.handlers.set(name, [...(this.handlers.get(name) ?? []), { id, fn, once: false }]);
    return id;
  }
  once(name: string, fn: Handler): number {
    const id = this.nextId++;
    this.handlers.set(name, [...(this.handlers.get(name) ?? []), { id, fn, once: true }]);
    return id;
  }
  off(name: string, fnOrId: Handler | number): void {
    this.handlers.set(name, (this.handlers.get(name) ?? []).filter((h) => h.id !== fnOrId && h.fn !== fnOrId));
  }
  /** Calls every handler; async handlers are tracked so tests can `settle()`. Like Foundry, a throwing handler does not stop the others. */
  callAll(name: string, ...args: unknown[]): true {
    for (const h of [...(this.handlers.get(name) ?? [])]) {
      if (h.once) this.off(name, h.id);
      try {
        track(h.fn(...args));
      } catch (err) {
        recordError(err);
      }
    }
    return true;
  }
  /** Calls handlers until one returns false, like Foundry's Hooks.call. */
  call(name: string, ...args: unknown[]): boolean {
    for (const h of [...(this.handlers.get(name) ?? [])]) {
      if (h.once) this.off(name, h.id);
      if (h.fn(...args) === false) return false;
    }
    return true;
  }
  get events(): Record<string, unknown[]> { return Object.fromEntries(this.handlers); }
}

// Each simulated client runs its work — and everything that work goes on to await — as its own user,
// as a real client (its own process) would; outside any client, the acting user set by the test.
const client = new AsyncLocalStorage<string>();
let actingUserId = "";

/** Runs fn on the client of `userId`: that user stays current through all the sync and async work fn starts. */
export function onClient<T>(userId: string, fn: () => T): T {
  return client.run(userId, fn);
}

/**
 * The log of writes the server received. A client whose socket is planned to drop after its n-th write
 * (dropSocketAfterWrites) drops right after that write reached the server, so its next write finds it gone.
 */
class WriteLog extends Array<WriteRecord> {
  static override get [Symbol.species]() { return Array; }
  override push(...records: WriteRecord[]): number {
    const n = super.push(...records);
    for (const r of records) afterWrite(r.userId);
    return n;
  }
}

function afterWrite(userId: string): void {
  const left = state.socketDropAfter.get(userId);
  if (left === undefined) return;
  if (left <= 1) {
    state.socketDropAfter.delete(userId);
    state.dropSocket(userId);
  } else state.socketDropAfter.set(userId, left - 1);
}

export const state = {
  get currentUserId(): string {
    return client.getStore() ?? actingUserId;
  },
  set currentUserId(id: string) {
    actingUserId = id;
  },
  writes: new WriteLog() as WriteRecord[],
  notifications: [] as NotificationRecord[],
  clipboard: [] as ClipboardRecord[],
  pending: new Set<Promise<unknown>>(),
  errors: [] as unknown[],
  /** Planned drops: user id → how many more writes that client sends before its connection drops. */
  dropAfter: new Map<string, number>(),
  /** How the world drops a user (set by index.ts: the connection goes, every client hears of it). */
  drop: (_userId: string): void => undefined,
  /** Broadcasts so far: each one reaches the clients in another order, as a real server's fan-out does. */
  broadcasts: 0,
  /**
   * Clients whose socket dropped briefly (index.ts dropSocket): what they write meanwhile waits here and reaches
   * the server when the socket is back, as socket.io buffers emits (foundryvtt#10562; issue 33, audit SD1).
   */
  buffering: new Map<string, { sent: Promise<void>; send: () => void; lose: () => void }>(),
  /** Planned brief drops: user id → after how many more of its writes its socket drops (buffering what follows). */
  socketDropAfter: new Map<string, number>(),
  /** How the world drops a socket briefly (set by index.ts). */
  dropSocket: (_userId: string): void => undefined,
};

/** The wait of a write from a client whose socket is down (sent when it is back), or null: sent now. */
export function sendGate(user: { id: string }): Promise<void> | null {
  return state.buffering.get(user.id)?.sent ?? null;
}

/**
 * Called by every write a client sends (documents, world time, world settings): a client that lost its
 * connection cannot send one, and a planned drop happens right before the write it would not have sent.
 */
export function beforeWrite(user: { id: string; name: string; active: boolean }): void {
  const left = state.dropAfter.get(user.id);
  if (left !== undefined) {
    if (left <= 0) {
      state.dropAfter.delete(user.id);
      state.drop(user.id);
    } else state.dropAfter.set(user.id, left - 1);
  }
  // A socket that is down only for a while keeps what the client sends (sendGate); a browser that is gone sends nothing.
  if (!user.active && !state.buffering.has(user.id)) throw new ClientDisconnected(`User ${user.name} is not connected`);
}

/** A browser that lost its connection cannot write; what it still tries fails with this, and is no client error. */
export class ClientDisconnected extends Error {}

/** An error thrown on a simulated client: collected, and the test fails on it (see setup.ts). */
export function recordError(err: unknown): void {
  if (err instanceof ClientDisconnected) return;
  state.errors.push(err);
}

/** Takes the collected client errors away (for a test that expects some); returns them. */
export function takeErrors(): unknown[] {
  return state.errors.splice(0);
}

export function track(result: unknown): void {
  if (!(result instanceof Promise)) return;
  const p = result.catch((err) => {
    recordError(err);
  });
  state.pending.add(p);
  void p.finally(() => state.pending.delete(p));
}

/** Waits until every piece of async work started by hooks or document callbacks has finished. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 100 && state.pending.size; i++) await Promise.all([...state.pending]);
  await new Promise((r) => setTimeout(r, 0));
  if (state.pending.size) await settle();
}
