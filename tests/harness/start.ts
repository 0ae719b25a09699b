// A client starting (a reload in the world's language): core builds the index of every pack, between the system's
// `setup` and `ready` hooks, which run again. setup.ts records those hooks as the system registers them, so a test
// can start a client in English or Russian after the world is made, as a player's browser does.
import { packs, storeSystemPack } from "./packs";
import { settle, track } from "./world";

type Handler = (...args: unknown[]) => unknown;
const startHooks = { setup: [] as Handler[], ready: [] as Handler[] };

/** Remembers what the system runs once at `setup` and `ready` (called before the system's entry module loads). */
export function recordStartHooks(hooks: { once(name: string, fn: Handler): number }): void {
  const once = hooks.once.bind(hooks);
  hooks.once = (name: string, fn: Handler) => {
    if (name === "setup" || name === "ready") startHooks[name].push(fn);
    return once(name, fn);
  };
}

/**
 * Starts a client in `lang` with the system's packs `systemPacks` on the server (packs/_source): their index is built
 * as core builds it at start-up, and the system's setup and ready hooks run again.
 */
export async function startClient({ lang = "de", systemPacks = [] as string[] } = {}): Promise<void> {
  (globalThis as unknown as { game: { i18n: { lang: string } } }).game.i18n.lang = lang;
  for (const name of systemPacks) storeSystemPack(name);
  for (const fn of startHooks.setup) track(fn());
  await settle();
  for (const pack of packs) await pack.getIndex();
  for (const fn of startHooks.ready) track(fn());
  await settle();
}
