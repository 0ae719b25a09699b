// vitest setup for tests/foundry: install the stand-in Foundry, load the system's entry module and run
// Foundry's start-up hooks in order, as a client would.
import { installGlobals } from "./globals";
import { resetWorld } from "./index";

installGlobals();
resetWorld();
await import("../../src/flex");
const hooks = (globalThis as unknown as { Hooks: { callAll: (n: string) => void } }).Hooks;
for (const hook of ["init", "i18nInit", "setup", "ready"]) hooks.callAll(hook);
(globalThis as unknown as { game: { ready: boolean } }).game.ready = true;
