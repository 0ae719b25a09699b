// Token Action HUD (issue 34, scope 2): Flex registers its own system module with TAH Core 2.x from inside the system
// (as Torg Eternity does). Without TAH Core its hook never fires and nothing here runs.
// Files: pin.ts (the core version Flex asks for), model.ts (groups and actions), actions.ts (a click → the public
// verbs), adapter.ts (the TAH subclasses).
import { buildSystemManager } from "./adapter";
import type { TahCoreApi } from "./adapter";
import { corePin } from "./pin";
import { registerHudScenario } from "./selftest";
import { callModuleHook, callModuleHookAll, onceModuleHook } from "../module-hooks";

/** TAH Core's module as its `tokenActionHudCoreApiReady` hook passes it (module/core/api.mjs). */
export interface TahCoreModule {
  version?: string;
  api?: Partial<TahCoreApi>;
}

/** The hook's callback: Flex's SystemManager on TAH's classes, handed to TAH as the system module. */
export function onCoreApiReady(value: unknown): void {
  const core = value as TahCoreModule | null | undefined;
  const api = core?.api;
  if (!core || !api?.ActionHandler || !api.RollHandler || !api.SystemManager) return;
  const SystemManager = buildSystemManager(api as TahCoreApi);
  // TAH reads only `api` of the module it is given (module/main.mjs registerCoreModule); the game's System is that module.
  const system = Object.assign(game.system!, { api: { requiredCoreModuleVersion: corePin(core.version), SystemManager } });
  callModuleHook("tokenActionHudSystemReady", system);
  registerHudScenario();
}

export function registerTokenActionHud(): void {
  // TAH Core fires it at `ready`, once; registered at init.
  onceModuleHook("tokenActionHudCoreApiReady", onCoreApiReady);
  // Aktionen spent change a combatant's flags, which TAH does not watch; refresh when TAH is there to refresh.
  Hooks.on("updateCombatant", () => {
    if (game.system && Reflect.has(game.system, "api")) callModuleHookAll("forceUpdateTokenActionHud");
  });
}
