// Hooks.on for the v13 hooks the Foundry types do not list yet (declared in src/types/hooks.d.ts).
import type { FlexHookSignatures } from "../types/hooks";

export type { TokenMovementLike } from "../types/hooks";

export function onHook<K extends keyof FlexHookSignatures>(name: K, fn: FlexHookSignatures[K]): number {
  // The one place the hook names meet the types: they list only the hooks they know.
  return (Hooks.on as unknown as (hook: string, handler: FlexHookSignatures[K]) => number)(name, fn);
}
