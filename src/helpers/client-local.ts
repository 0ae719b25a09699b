// State that belongs to one browser: a move already claimed, a request in flight, the GM work queue.
// In Foundry every client is its own page, so a module-level value is per client already; keying it by the
// client's user keeps that true where several clients share one module (the test stand-in), at no cost here.
const stores = new Map<string, Map<string, unknown>>();

/** A value of this client's own, made by `init` the first time this client asks for `key`. */
export function clientLocal<T>(key: string, init: () => T): () => T {
  return () => {
    const user = game.userId ?? "";
    let store = stores.get(user);
    if (!store) stores.set(user, (store = new Map()));
    if (!store.has(key)) store.set(key, init());
    return store.get(key) as T;
  };
}

/** Forgets one client's state (a reload of that browser), or every client's (a new world). */
export function resetClientLocal(userId?: string): void {
  if (userId === undefined) stores.clear();
  else stores.delete(userId);
}
