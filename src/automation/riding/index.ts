// Riding (RULES.md §5, R-RIDE-1 … R-RIDE-5) wired into Foundry: mounting and dismounting (mount.ts), the rider carried
// by its mount and the pair ended by what breaks it (triggers.ts), the writes (writes.ts), what sheets and the token
// HUD show (view.ts, hud.ts). The pair lives on the two tokens (pair.ts).
import { onRenderTokenHUD } from "./hud";
import type { TokenHudLike } from "./hud";
import { mountUp, registerRidingRelay } from "./mount";
import { tidyRiding } from "./tidy";
import { registerRidingTriggers } from "./triggers";

export { dismount, mountUp, mountDecision } from "./mount";
export type { RidingReport } from "./mount";
export { pairOf, tokenFromUuid, MOUNTED_STATUS } from "./pair";
export type { Pair } from "./pair";
export { ridingSection, movementOf, mountOptions } from "./view";
export type { RidingView } from "./view";
export { hudRidingAction } from "./hud";
export { tidyRiding } from "./tidy";

let registered = false;

export function registerRiding(): void {
  if (registered) return;
  registered = true;
  registerRidingRelay();
  registerRidingTriggers();
  Hooks.on("renderTokenHUD", (hud: unknown, html: HTMLElement) => onRenderTokenHUD(hud as TokenHudLike, html));
  // What a dropped client left half done is put right by the active GM: at start, and when a GM connects or drops.
  Hooks.once("ready", () => tidyRiding());
  // A GM who comes (or goes: another may be the active GM now) has the active GM tidy.
  Hooks.on("userConnected", (user: User.Implementation) => (user.isGM ? tidyRiding() : undefined));
  Hooks.once("setup", () => {
    // game.flex is set at init; riding joins it (src/types/config.d.ts declares it). Its `dismount` is the public
    // verb (applications/verbs.ts), which takes a token, a placeable or an actor.
    const api = (game as unknown as Game).flex;
    if (api) Object.assign(api, { mountUp, tidyRiding });
  });
}
