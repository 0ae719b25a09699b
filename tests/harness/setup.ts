// vitest setup for tests/foundry: install the stand-in Foundry, load the system's entry module and run
// Foundry's start-up hooks in order, as a client would.
import { afterEach } from "vitest";
import { installGlobals } from "./globals";
import { packs, resetWorld, settle, state } from "./index";
import { recordStartHooks } from "./start";

installGlobals();
recordStartHooks((globalThis as unknown as { Hooks: Parameters<typeof recordStartHooks>[0] }).Hooks);
resetWorld();
await import("../../src/flex");
const hooks = (globalThis as unknown as { Hooks: { callAll: (n: string) => void } }).Hooks;
hooks.callAll("init");
hooks.callAll("i18nInit");
hooks.callAll("setup");
// Core builds every pack's index as the client starts (the system's packs hold nothing until a test stores some).
for (const pack of packs) await pack.getIndex();
hooks.callAll("ready");
(globalThis as unknown as { game: { ready: boolean } }).game.ready = true;

// An error thrown on any simulated client fails the test, as a crash on a player's browser would fail the table.
afterEach(async () => {
  await settle();
  const errors = state.errors.splice(0);
  if (errors.length) {
    const text = errors.map((e) => (e instanceof Error ? e.stack ?? e.message : String(e))).join("\n---\n");
    throw new Error(`${errors.length} error(s) on simulated clients:\n${text}`);
  }
});
