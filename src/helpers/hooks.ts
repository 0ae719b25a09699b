// v13 hooks the Foundry types do not list yet, declared once and used typed.
/** What the `moveToken` hook says about one movement (the parts the system reads). */
export interface TokenMovementLike {
  id?: string;
  method?: string;
  origin?: { x: number; y: number; width: number; height: number; elevation: number };
  destination?: { x: number; y: number; width: number; height: number; elevation: number; action?: string };
  passed?: { waypoints?: { action?: string }[] };
}

export interface FlexHookSignatures {
  moveToken: (token: TokenDocument.Implementation, movement: TokenMovementLike, operation: { flexNoFall?: boolean } | undefined, user: User.Implementation) => unknown;
}

/** Hooks.on for the hooks above. */
export function onHook<K extends keyof FlexHookSignatures>(name: K, fn: FlexHookSignatures[K]): number {
  // The one place the hook names meet the types: they list only the hooks they know.
  return (Hooks.on as unknown as (hook: string, handler: FlexHookSignatures[K]) => number)(name, fn);
}
