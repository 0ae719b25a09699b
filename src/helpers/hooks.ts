// Hooks.on for the v13 hooks the Foundry types do not list yet (declared in src/types/hooks.d.ts).
import type { FlexHookSignatures } from "../types/hooks";

export type { TokenMovementLike } from "../types/hooks";

export function onHook<K extends keyof FlexHookSignatures>(name: K, fn: FlexHookSignatures[K]): number {
  // The one place the hook names meet the types: they list only the hooks they know.
  return (Hooks.on as unknown as (hook: string, handler: FlexHookSignatures[K]) => number)(name, fn);
}

/** Hooks by any name: the system's own, other modules', and names built at run time, which the Foundry types do not list. */
export type AnyHooks = {
  once: (hook: string, fn: (...args: never[]) => unknown) => number;
  on: (hook: string, fn: (...args: never[]) => unknown) => number;
  call: (hook: string, ...args: unknown[]) => boolean;
  callAll: (hook: string, ...args: unknown[]) => boolean;
};
/** The one cast of Hooks for them; called on Hooks itself (its statics use `this`). */
export const anyHooks = (): AnyHooks => Hooks as unknown as AnyHooks;

/** Hooks.on for a hook whose name is built at run time (core's pre<Action><Document> family): its handler reads no arguments it needs typed. */
export function onAnyHook(name: string, fn: (...args: never[]) => unknown): number {
  return anyHooks().on(name, fn);
}

/** Hooks.off for a hook registered with onHook. */
export function offHook<K extends keyof FlexHookSignatures>(name: K, id: number): void {
  (Hooks.off as unknown as (hook: string, id: number) => void)(name, id);
}

/** Hooks.call for a system hook: false when a handler cancels. Called on Hooks itself (its statics use `this`). */
export function callHook(name: `flex.${string}`, ...args: unknown[]): boolean {
  return anyHooks().call(name, ...args);
}

/** Hooks.callAll for a system hook (nobody can cancel it). */
export function callHookAll(name: `flex.${string}`, ...args: unknown[]): void {
  anyHooks().callAll(name, ...args);
}
