// G-6: the preview's "Zu Rikka hinzufügen" when the browser was opened from a character's sheet. The entry is read from
// its pack and added as a drop onto the sheet adds it (sheets/item-transfer.ts: a copy, the pack's translations left
// behind), then a notice says so. Offered only for what a character holds and only to a user who may change the actor.
import { transferItem } from "../sheets/item-transfer";
import type { BrowseRow } from "./rows";

/** Whether the preview offers adding this entry to `actor`: an item a character can hold (not a downtime activity), an owner. */
export function mayAddTo(row: BrowseRow, actor: Actor.Implementation): boolean {
  return row.documentName === "Item" && row.restKind !== "downtime" && !!actor.isOwner;
}

/** Adds the entry to `actor` (one item) and says so; null when it could not. */
export async function addToActor(row: BrowseRow, actor: Actor.Implementation): Promise<Item.Implementation | null> {
  if (!mayAddTo(row, actor)) return null;
  const item = (await fromUuid(row.uuid as `Item.${string}`)) as Item.Implementation | null;
  if (!item) {
    ui.notifications?.warn(game.i18n!.localize("FLEX.Browser.NotOffered"));
    return null;
  }
  const created = await transferItem(item, actor, { copy: true });
  if (created) ui.notifications?.info(game.i18n!.format("FLEX.Browser.Added", { item: created.name, name: actor.name }));
  return created;
}
