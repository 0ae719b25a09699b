// vitest setup for tests/foundry: install the stand-in Foundry, load the system's entry module and run
// Foundry's start-up hooks in order, as a client would.
import { afterEach } from "vitest";
import { installGlobals } from "./globals";
import { resetWorld, settle, state } from "./index";

installGlobals();
resetWorld();
await import("../../src/flex");
const hooks = (globalThis as unknown as { Hooks: { callAll: (n: string) => void } }).Hooks;
for (const hook of ["init", "i18nInit", "setup", "ready"]) hooks.callAll(hook);
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
