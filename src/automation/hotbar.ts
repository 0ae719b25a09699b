// Items on the hotbar: dropping a weapon, spell, creature attack, talent or consumable on a hotbar slot makes
// a macro that rolls (or uses) it, as dnd5e and Draw Steel do; the same macro is reused, never duplicated.
import { documentFromUuid } from "../helpers/uuid";

/** What a hotbar macro calls: rolls the item (its attack, check or use) for its owner; null when it is gone. */
export async function rollItemByUuid(uuid: string): Promise<unknown> {
  const item = await fromUuid(uuid as `Item.${string}`);
  if (!(item instanceof Item) || !item.actor) {
    ui.notifications?.warn(game.i18n!.localize("FLEX.Hotbar.Missing"));
    return null;
  }
  const flexItem = item as Item.Implementation;
  if (flexItem.type === "alchemical" || flexItem.type === "equipment") return flexItem.use();
  // The public check (documents/actor.ts requestCheck), as the sheet's button, at once: a macro has no click to ask with.
  return (flexItem.actor as Actor.Implementation).requestCheck({ item: flexItem }, { fastForward: true });
}

const ROLLABLE = new Set(["weapon", "spell", "attack", "talent", "alchemical", "equipment"]);

/** The hotbarDrop hook: an owned, rollable item becomes a macro in that slot; anything else is core's. */
function onHotbarDrop(_bar: unknown, data: { type?: string; uuid?: string }, slot: number): boolean | void {
  if (data?.type !== "Item" || typeof data.uuid !== "string") return;
  const item = documentFromUuid(data.uuid) as Item.Implementation | null;
  if (!item || !ROLLABLE.has(item.type) || !item.actor) return;
  void assignMacro(item, slot);
  return false;
}

async function assignMacro(item: Item.Implementation, slot: number): Promise<void> {
  const command = `return game.flex.rollItem(${JSON.stringify(item.uuid)});`;
  const name = `${item.actor?.name}: ${item.name}`;
  const existing = game.macros!.contents.find((m) => m instanceof Macro && m.command === command && m.author?.id === game.user!.id) as Macro.Implementation | undefined;
  const macro = existing ?? (await Macro.create({ name, type: "script", img: item.img ?? undefined, command, flags: { flex: { itemMacro: item.uuid } } }));
  if (macro) await game.user!.assignHotbarMacro(macro as Macro.Implementation, slot);
}

export function registerHotbar(): void {
  Hooks.on("hotbarDrop", onHotbarDrop);
}
