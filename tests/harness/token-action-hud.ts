// A stand-in for the surface of Token Action HUD Core 2.x that Flex's adapter touches, restated from TAH Core's public
// repository (Larkinabout/fvtt-token-action-hud-core, read, not copied) as of 2.0.16 and 2.1.1 (same surface):
// - module/core/api.mjs: at `ready` the module's `api` ({ ActionHandler, RollHandler, SystemManager, Utils, … }) is set
//   and `tokenActionHudCoreApiReady` is called with the module;
// - module/main.mjs registerCoreModule: on `tokenActionHudSystemReady` it reads only `api.requiredCoreModuleVersion`
//   and `api.SystemManager` of the module it is given, and starts no HUD when the version check fails;
// - module/core/utils.mjs isSystemModuleCompatible: the major must match, the minor and the patch too when given;
//   a failure is a permanent error notification;
// - module/managers/system-manager.mjs: getActionHandler, getRollHandler(id), registerDefaults → { layout, groups };
// - module/handlers/action-handlers/action-handler.mjs: actor / token / actors / tokens (one selected token: actor
//   set; several: actor unset, actors all of them), buildSystemActions(groupIds), addGroup(group, parent),
//   addActions(actions, { id, type }) into the layout's groups, each action shaped by createAction (id, name,
//   encodedValue, cssClass, img, info1..3 { text, title }, tooltip);
// - module/handlers/roll-handlers/roll-handler.mjs: handleActionClickCore(event, encodedValue, actionHandler) sets
//   actor and token, registers the keys (rightClick: button 2) and calls handleActionClick(event, encodedValue).
// What the HUD draws here is the groups with their actions: the words and values a user would see on the HUD.

type Obj = Record<string, unknown>;
const g = globalThis as unknown as { Hooks: { callAll: (n: string, ...a: unknown[]) => void; once: (n: string, fn: (...a: unknown[]) => void) => number; on: (n: string, fn: (...a: unknown[]) => void) => number }; ui: { notifications: { error: (m: string, o?: Obj) => void } } };

export interface TahAction { id: string; name: string; encodedValue: string; cssClass?: string; img?: string; tooltip?: string; info1: Obj; info2: Obj; info3: Obj }
export interface TahGroup { id: string; nestId: string; name: string; type: string; actions: TahAction[]; groups: TahGroup[] }

class ActionHandler {
  hudManager: Obj = {};
  groups = new Map<string, TahGroup>();
  get actor() { return this.hudManager.actor; }
  get actors() { return this.hudManager.actors; }
  get token() { return this.hudManager.token; }
  get tokens() { return this.hudManager.tokens; }
  async buildSystemActions(_groupIds: string[]): Promise<void> {}
  addGroup(groupData: Obj, parentGroupData: Obj): void {
    const parent = this.groups.get(String(parentGroupData.id));
    if (!parent) return;
    const group: TahGroup = { id: String(groupData.id), nestId: `${parent.nestId}_${String(groupData.id)}`, name: String(groupData.name ?? ""), type: String(groupData.type ?? "system-derived"), actions: [], groups: [] };
    parent.groups.push(group);
    this.groups.set(group.id, group);
  }
  addActions(actionsData: Obj[], groupData: Obj): void {
    if (!actionsData.length) return;
    const group = this.groups.get(String(groupData.id));
    if (!group) return;
    const info = (i: unknown) => (i && typeof i === "object" ? { ...(i as Obj) } : {});
    group.actions.push(...actionsData.map((a) => ({ ...a, id: String(a.id), name: String(a.name), encodedValue: String(a.encodedValue ?? ""), info1: info(a.info1), info2: info(a.info2), info3: info(a.info3), tooltip: String(a.tooltip ?? a.name) }) as TahAction));
  }
}

class RollHandler {
  actor: unknown = null;
  token: unknown = null;
  actionHandler: unknown = null;
  rightClick = false;
  shift = false;
  async handleActionClickCore(event: Obj, encodedValue: string, actionHandler: ActionHandler): Promise<void> {
    this.actor = actionHandler.actor;
    this.token = actionHandler.token;
    this.rightClick = (event.originalEvent as Obj | undefined)?.button === 2;
    this.shift = !!event.shiftKey;
    await (this as unknown as { handleActionClick: (e: Obj, v: string) => Promise<void> }).handleActionClick(event, encodedValue);
  }
  isRenderItem(): boolean { return this.rightClick && !this.shift; }
}

class SystemManager {
  constructor(readonly coreModuleId: string) {}
}

/** utils.mjs isSystemModuleCompatible, restated. */
export function isSystemModuleCompatible(installed: string, required: unknown): boolean {
  if (!required) return true;
  const [maj, min, pat] = installed.split(".");
  const [rMaj, rMin, rPat] = String(required).split(".");
  if (rMaj !== maj) return false;
  if (rMin !== undefined && rMin !== min) return false;
  return rPat === undefined || rPat === pat;
}

export interface FakeTah {
  module: Obj;
  /** The system module TAH accepted, or null (it showed its error). */
  manager: { getActionHandler(): ActionHandler; getRollHandler(id: string): RollHandler; registerDefaults(): Promise<{ layout: Obj[]; groups: Obj[] }> } | null;
  /** The HUD as drawn for these selected tokens: its tabs with their groups and actions. */
  draw(tokens: { actor: unknown; document?: unknown }[]): Promise<{ tabs: TahGroup[]; group(id: string): TahGroup | undefined; handler: ActionHandler }>;
  /** A click on an action (Shift, a right click) as TAH hands it to the roll handler. */
  click(hud: { handler: ActionHandler }, encodedValue: string, event?: { shiftKey?: boolean; button?: number }): Promise<void>;
}

/**
 * Starts a TAH Core of `version`: `tokenActionHudCoreApiReady` goes to `onApiReady` (Flex's callback, or the hook),
 * and the system module that comes back on `tokenActionHudSystemReady` is checked and started as TAH does.
 */
export async function startFakeTah(version: string, onApiReady: (module: Obj) => void = (m) => g.Hooks.callAll("tokenActionHudCoreApiReady", m)): Promise<FakeTah> {
  const module: Obj = { id: "token-action-hud-core", version, active: true, api: { ActionHandler, RollHandler, SystemManager, Utils: { i18n: (k: string) => k } } };
  const tah: FakeTah = {
    module,
    manager: null,
    async draw(tokens) {
      if (!tah.manager) throw new Error("TAH did not start");
      const defaults = await tah.manager.registerDefaults();
      const handler = tah.manager.getActionHandler();
      const tabs: TahGroup[] = defaults.layout.map((tab) => ({ id: String(tab.id), nestId: String(tab.nestId), name: String(tab.name), type: "system", actions: [], groups: (tab.groups as Obj[]).map((gr) => ({ id: String(gr.id), nestId: String(gr.nestId), name: String(gr.name), type: String(gr.type), actions: [], groups: [] })) }));
      for (const tab of tabs) for (const group of tab.groups) handler.groups.set(group.id, group);
      const one = tokens.length === 1 ? tokens[0] : null;
      handler.hudManager = { actor: one?.actor ?? null, token: one ?? null, actors: tokens.map((t) => t.actor), tokens };
      await handler.buildSystemActions([...handler.groups.keys()]);
      return { tabs, group: (id: string) => handler.groups.get(id), handler };
    },
    async click(hud, encodedValue, event = {}) {
      const roll = tah.manager!.getRollHandler("core");
      roll.actionHandler = hud.handler;
      await roll.handleActionClickCore({ shiftKey: !!event.shiftKey, originalEvent: { button: event.button ?? 0 } }, encodedValue, hud.handler);
    },
  };
  g.Hooks.once("tokenActionHudSystemReady", (systemModule: unknown) => {
    const api = (systemModule as { api?: Obj })?.api;
    if (!isSystemModuleCompatible(version, api?.requiredCoreModuleVersion)) {
      g.ui.notifications.error(`Token Action HUD: the installed system module requires Token Action HUD Core ${String(api?.requiredCoreModuleVersion)}; ${version} is installed.`, { permanent: true });
      return;
    }
    const Manager = api?.SystemManager as (new (id: string) => FakeTah["manager"]) | undefined;
    tah.manager = Manager ? new Manager(String(module.id)) : null;
  });
  onApiReady(module);
  return tah;
}
