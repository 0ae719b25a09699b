// R-CORE-3: a new character starts playable. When one is created (from the Actors sidebar, with no talents of its own),
// the general talents of the system's talent compendium come with it, at Übungswert 0, in the world's language and
// keyed by their German names as every import is; the world setting "starterTalents" (on by default) says whether.
// Kampfarten and Zauberschulen are the player's choice: the Talente tab says where to find them.
import { hasTalentNamed, sourceNameOf } from "../data/item/talent-link";
import { starterTalentsOn } from "../helpers/settings";

/** The compendium of talents the system ships (system.json "packs"). */
const TALENT_PACK = "talente";
/** The category every character gets (config.ts TALENT_CATEGORIES). */
const GENERAL = "allgemein";

type Obj = Record<string, unknown>;

/** The general talents of the system's compendium, as item data to create on an actor (sorted as the pack shows them). */
export async function starterTalents(): Promise<Obj[]> {
  const pack = game.packs?.get(`${game.system?.id ?? "flex"}.${TALENT_PACK}`);
  if (!pack) return [];
  const docs = (await pack.getDocuments()) as unknown as { type: string; system: unknown; uuid: string; name: string; toObject(): Obj }[];
  return docs
    .filter((d) => d.type === "talent" && (d.system as { kategorie?: unknown }).kategorie === GENERAL)
    .sort((a, b) => a.name.localeCompare(b.name, game.i18n?.lang))
    .map((d) => {
      const data = d.toObject();
      delete data._id;
      delete data.folder;
      // Where it came from, as core's import records it.
      return foundry.utils.mergeObject(data, { "_stats.compendiumSource": d.uuid }, { inplace: false });
    });
}

/** Adds the general talents to a character just created by this user, unless it brought talents of its own. */
async function equip(actor: Actor.Implementation): Promise<void> {
  if (actor.type !== "character" || !starterTalentsOn()) return;
  if (actor.items.some((i) => i.type === "talent")) return; // imported, duplicated or made with its talents
  // Whoever made it may have given it talents while the pack was read (a macro, an import): never one twice.
  const talents = (await starterTalents()).filter((t) => !hasTalentNamed(actor, sourceNameOf(t) || String(t.name)));
  if (talents.length) await actor.createEmbeddedDocuments("Item", talents as never);
}

export function registerStarterTalents(): void {
  Hooks.on("createActor", (actor, _options, userId) => {
    // The client that created it adds them, once.
    if (userId !== game.user?.id) return undefined;
    return equip(actor as Actor.Implementation).catch((err: unknown) => console.error("Flex | adding the general talents failed", err));
  });
}
