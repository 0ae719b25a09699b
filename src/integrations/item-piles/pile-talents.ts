// R-CORE-3 with Item Piles: its piles are Flex loot actors, which hold no talents. A GM may still set Item Piles'
// "actor class type" to `character`; Item Piles then creates a bare character (which gets the general talents on
// creation, documents/starter-talents.ts) and makes it a pile in a second write. That write takes them away again:
// only talents nobody has touched (Übungswert 0, still marked as starters), on the client that made the pile, once.
import { untouchedStarter } from "../../documents/starter-talents";

/** Item Piles' flag that makes an actor a pile (its CONSTANTS.FLAGS.PILE: `flags.item-piles.data`). */
const PILE_ENABLED = "flags.item-piles.data.enabled";

async function dropPileTalents(actor: Actor.Implementation, changes: object, userId: string): Promise<void> {
  if (userId !== game.user?.id || actor.type !== "character" || foundry.utils.getProperty(changes, PILE_ENABLED) !== true) return;
  const talents = actor.items.filter(untouchedStarter).map((i) => i.id!);
  if (talents.length) await actor.deleteEmbeddedDocuments("Item", talents);
}

export function registerPileTalents(): void {
  Hooks.on("updateActor", (actor, changes, _options, userId) => {
    void dropPileTalents(actor as Actor.Implementation, changes, userId).catch((err: unknown) => console.error("Flex | the general talents of an Item Piles pile could not be removed", err));
  });
}
