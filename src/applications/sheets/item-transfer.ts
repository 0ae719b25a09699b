// Drag and drop between actors: moving takes the item away from where it came from; copying leaves it.
export interface TransferOptions {
  copy: boolean;
}

/**
 * Puts a copy of `item` on `target` and, unless copying, deletes the original from its actor.
 * Moving needs the right to change both actors; a player may not take from an actor they do not own.
 * Returns the new item, or null (with a message) when nothing happened.
 */
export async function transferItem(item: Item.Implementation, target: Actor.Implementation, { copy }: TransferOptions): Promise<Item.Implementation | null> {
  const source = item.parent;
  if (source === target) return null;
  const user = game.user!;
  if (!target.isOwner) {
    ui.notifications?.warn(game.i18n!.format("FLEX.Transfer.NotOwner", { name: target.name }));
    return null;
  }
  const fromActor = source && source.documentName === "Actor";
  const mayTake = !fromActor || source.isOwner;
  if (fromActor && !mayTake && !user.isGM) {
    ui.notifications?.warn(game.i18n!.format("FLEX.Transfer.NotYours", { item: item.name, name: source.name }));
    return null;
  }
  const { _id, ...data } = item.toObject();
  const [created] = (await target.createEmbeddedDocuments("Item", [data])) as Item.Implementation[];
  if (!copy && fromActor && created) await item.delete();
  return created ?? null;
}
