// The hooks of other modules (Token Action HUD, Item Piles, …), which the Foundry types do not list: the names Flex
// listens to or calls, declared once.

import { anyHooks } from "../helpers/hooks";

type ItemPilesPreHook = (source: unknown, ...args: unknown[]) => boolean | void;

/** The modules' hooks Flex uses, by name. */
export interface ModuleHookSignatures {
  /** TAH Core, at `ready`: its API is ready (module/core/api.mjs). */
  tokenActionHudCoreApiReady: (core: unknown) => unknown;
  /** Called by a system module with itself: TAH Core registers it (module/main.mjs). */
  tokenActionHudSystemReady: (systemModule: unknown) => unknown;
  /** Asks TAH to rebuild the HUD after a change it does not watch. */
  forceUpdateTokenActionHud: () => unknown;
  /** Dice So Nice, when its 3D dice are ready: its API (game.dice3d). */
  diceSoNiceReady: (dice3d: unknown) => unknown;
  /** Item Piles, after `ready`: its API is ready (src/module.js). */
  "item-piles-ready": () => unknown;
  // Item Piles' cancellable hooks that take items from an actor (docs/hooks.md): the source first; false interrupts.
  "item-piles-preDropItem": ItemPilesPreHook;
  "item-piles-preTransferItems": ItemPilesPreHook;
  "item-piles-preTransferAllItems": ItemPilesPreHook;
  "item-piles-preTransferEverything": ItemPilesPreHook;
  "item-piles-preRemoveItems": ItemPilesPreHook;
  "item-piles-preGiveItem": ItemPilesPreHook;
  "item-piles-preTradeItems": ItemPilesPreHook;
}

// The one cast of Hooks to reach hooks the Foundry types do not list (helpers/hooks.ts).
const hooks = anyHooks;

export function onceModuleHook<K extends keyof ModuleHookSignatures>(name: K, fn: ModuleHookSignatures[K]): number {
  return hooks().once(name, fn as (...args: never[]) => unknown);
}

export function onModuleHook<K extends keyof ModuleHookSignatures>(name: K, fn: ModuleHookSignatures[K]): number {
  return hooks().on(name, fn as (...args: never[]) => unknown);
}

export function callModuleHook<K extends keyof ModuleHookSignatures>(name: K, ...args: Parameters<ModuleHookSignatures[K]>): boolean {
  return hooks().call(name, ...args);
}

export function callModuleHookAll<K extends keyof ModuleHookSignatures>(name: K, ...args: Parameters<ModuleHookSignatures[K]>): void {
  hooks().callAll(name, ...args);
}
