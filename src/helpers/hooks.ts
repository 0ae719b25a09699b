// Hooks.on for the v13 hooks the Foundry types do not list yet (declared in src/types/hooks.d.ts).
import type { FlexHookSignatures } from "../types/hooks";

export type { TokenMovementLike } from "../types/hooks";

export function onHook<K extends keyof FlexHookSignatures>(name: K, fn: FlexHookSignatures[K]): number {
  // The one place the hook names meet the types: they list only the hooks they know.
  return (Hooks.on as unknown as (hook: string, handler: FlexHookSignatures[K]) => number)(name, fn);
}

/** Hooks.on for a hook whose name is built at run time (core's pre<Action><Document> family): its handler reads no arguments it needs typed. */
export function onAnyHook(name: string, fn: (...args: never[]) => unknown): number {
  return (Hooks.on as unknown as (hook: string, handler: (...args: never[]) => unknown) => number)(name, fn);
}

/** Hooks.off for a hook registered with onHook. */
export function offHook<K extends keyof FlexHookSignatures>(name: K, id: number): void {
  (Hooks.off as unknown as (hook: string, id: number) => void)(name, id);
}

/** The system's own hooks for modules (`flex.preRest`, `flex.rest`, …); the Foundry types list only core's. */
type SystemHooks = { call: (hook: string, ...args: unknown[]) => boolean; callAll: (hook: string, ...args: unknown[]) => boolean };

/** Hooks.call for a system hook: false when a handler cancels. Called on Hooks itself (its statics use `this`). */
export function callHook(name: `flex.${string}`, ...args: unknown[]): boolean {
  return (Hooks as unknown as SystemHooks).call(name, ...args);
}

/** Hooks.callAll for a system hook (nobody can cancel it). */
export function callHookAll(name: `flex.${string}`, ...args: unknown[]): void {
  (Hooks as unknown as SystemHooks).callAll(name, ...args);
}
