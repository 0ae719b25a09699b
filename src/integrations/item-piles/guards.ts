// R-POLY-3 with Item Piles: a transformed character's own gear is locked (automation/polymorph/guards.ts refuses its
// update and delete, not a copy). Item Piles would copy it to the pile and then fail to take it away, so every
// cancellable Item Piles hook that takes items from an actor refuses a locked one first, with a notice.
import { itemRoleOf, snapshotOf } from "../../automation/polymorph";
import { onModuleHook } from "../module-hooks";
import type { ModuleHookSignatures } from "../module-hooks";

/** The hooks (docs/hooks.md of Item Piles 3.3.x) whose first argument is the actor the items leave. */
export const GUARDED_HOOKS = [
  "item-piles-preDropItem",
  "item-piles-preTransferItems",
  "item-piles-preTransferAllItems",
  "item-piles-preTransferEverything",
  "item-piles-preRemoveItems",
  "item-piles-preGiveItem",
  "item-piles-preTradeItems",
] as const satisfies readonly (keyof ModuleHookSignatures)[];

/** An Actor, or a TokenDocument's actor, as Item Piles passes its sources. */
function actorOf(source: unknown): Actor.Implementation | null {
  if (source instanceof Actor) return source as Actor.Implementation;
  const actor = (source as { actor?: unknown } | null)?.actor;
  return actor instanceof Actor ? (actor as Actor.Implementation) : null;
}

/** Every string in what Item Piles passes (its update objects' shapes vary by hook): the item ids among them. */
function strings(value: unknown, depth = 0, out: Set<string> = new Set()): Set<string> {
  if (depth > 5 || value === null || value === undefined) return out;
  if (typeof value === "string") out.add(value);
  else if (Array.isArray(value)) for (const v of value) strings(v, depth + 1, out);
  else if (typeof value === "object" && !(value instanceof foundry.abstract.DataModel)) for (const v of Object.values(value)) strings(v, depth + 1, out);
  else if (value instanceof foundry.abstract.DataModel) out.add(String((value as { id?: unknown }).id ?? ""));
  return out;
}

/** The locked items of `source` that the rest of a hook's arguments would move; none when it is not transformed. */
export function lockedItemsIn(source: unknown, args: unknown[]): Item.Implementation[] {
  const actor = actorOf(source);
  if (!actor || !snapshotOf(actor)) return [];
  const ids = strings(args);
  return actor.items.filter((item) => ids.has(item.id ?? "") && itemRoleOf(item) === "locked");
}

function refuse(source: unknown, ...args: unknown[]): boolean | void {
  const locked = lockedItemsIn(source, args);
  if (!locked.length) return undefined;
  const actor = actorOf(source)!;
  ui.notifications?.warn(game.i18n!.format("FLEX.ItemPiles.Locked", { item: locked.map((i) => i.name).join(", "), name: actor.name }));
  return false;
}

let registered = false;

export function registerItemPilesGuards(): void {
  if (registered) return;
  registered = true;
  for (const hook of GUARDED_HOOKS) onModuleHook(hook, refuse);
}
