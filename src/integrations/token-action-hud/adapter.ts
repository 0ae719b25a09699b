// Flex's classes for Token Action HUD Core 2.x. TAH's base classes exist only once its API is ready, so the subclasses
// are built in that hook's callback (as Torg Eternity and the TAH system modules do). They only hand model.ts's
// groups to TAH and a click to actions.ts: what the HUD shows and does is decided there.
import { callModuleHookAll } from "../module-hooks";
import { runHudAction } from "./actions";
import { HUD_LAYOUT, hudGroups, hudGroupsForMany } from "./model";

/** The part of TAH Core's ActionHandler Flex uses (module/handlers/action-handlers/action-handler.mjs). */
interface TahActionHandler {
  readonly actor?: Actor.Implementation | null;
  readonly actors?: Actor.Implementation[] | null;
  addGroup(group: Record<string, unknown>, parent: Record<string, unknown>): unknown;
  addActions(actions: object[], group: Record<string, unknown>): void;
}

/** The part of TAH Core's RollHandler Flex uses (module/handlers/roll-handlers/roll-handler.mjs). */
interface TahRollHandler {
  actor?: Actor.Implementation | null;
  actionHandler?: { actors?: Actor.Implementation[] | null } | null;
  rightClick?: boolean;
}

/** TAH Core's `module.api` as far as Flex builds on it (module/core/api.mjs): plain JS classes, handed over at runtime. */
export interface TahCoreApi {
  ActionHandler: new () => TahActionHandler;
  RollHandler: new () => TahRollHandler;
  SystemManager: new (id: string) => object;
}

const localize = (key: string) => game.i18n!.localize(key);
const FLEX_TYPES = new Set(["character", "creature"]);
const flexActors = (actors: readonly (Actor.Implementation | null | undefined)[] | null | undefined) => (actors ?? []).filter((a): a is Actor.Implementation => !!a && FLEX_TYPES.has(a.type));

/** TAH's defaults: Flex's tabs (layout) and every group they hold, in the world's language. */
export function hudDefaults() {
  const group = (tab: string, g: { id: string; name: string }) => ({ id: g.id, nestId: `${tab}_${g.id}`, name: localize(g.name), type: "system" });
  const layout = HUD_LAYOUT.map((tab) => ({ nestId: tab.id, id: tab.id, name: localize(tab.name), groups: tab.groups.map((g) => group(tab.id, g)) }));
  return { layout, groups: layout.flatMap((tab) => tab.groups.map(({ nestId: _nest, ...g }) => ({ ...g, listName: `${tab.name}: ${g.name}` }))) };
}

/** Builds Flex's SystemManager on TAH Core's base classes. */
export function buildSystemManager(api: TahCoreApi) {
  const { ActionHandler: ActionBase, RollHandler: RollBase, SystemManager: ManagerBase } = api;

  class FlexActionHandler extends ActionBase {
    async buildSystemActions(): Promise<void> {
      const actor = this.actor && FLEX_TYPES.has(this.actor.type) ? this.actor : null;
      const groups = actor ? hudGroups(actor) : this.actor ? [] : hudGroupsForMany(flexActors(this.actors));
      for (const g of groups) {
        const type = g.parent ? "system-derived" : "system";
        if (g.parent) this.addGroup({ id: g.id, name: g.name, type, listName: g.name }, { id: g.parent, type: "system" });
        this.addActions(g.actions, { id: g.id, type });
      }
    }
  }

  class FlexRollHandler extends RollBase {
    async handleActionClick(event: Event, encodedValue: string): Promise<void> {
      await runHudAction(encodedValue, { actor: this.actor ?? null, actors: flexActors(this.actionHandler?.actors), event, rightClick: this.rightClick === true });
      // The Aktionen spent live on the combatant, which TAH does not watch.
      callModuleHookAll("forceUpdateTokenActionHud");
    }
  }

  return class FlexSystemManager extends ManagerBase {
    getActionHandler() {
      return new FlexActionHandler();
    }
    getAvailableRollHandlers() {
      return { core: "Flex" };
    }
    getRollHandler() {
      return new FlexRollHandler();
    }
    async registerDefaults() {
      return hudDefaults();
    }
    registerSettings() {}
  };
}
