// R-CORE-3: a new character starts playable. When one is created (from the Actors sidebar, with no talents of its own),
// the general talents of the system's talent compendium come with it in its creation data (FlexActor#_preCreate), at
// Übungswert 0, in the world's language and keyed by their German names as every import is; the world setting "starterTalents" (on by default) says whether.
// Kampfarten and Zauberschulen are the player's choice: the Talente tab says where to find them.
import { sameTalentName, sourceNameOf } from "../data/item/talent-link";
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

/** Marks a talent that came with a new character (a later one of the same name takes its place). */
const STARTER_FLAG = "starterTalent";

/**
 * Before a character is created, on the creating client (FlexActor#_preCreate): unless it brings talents of its own
 * (imported, duplicated, made with its talents), its creation data gets the general talents. They arrive with the
 * character in its one create write, so no write of that client can come between the pack read and them, however
 * slow the read (audit N12). A pack that cannot be read leaves the character without them, never uncreated.
 */
export async function addStarterTalents(actor: Actor.Implementation, options: { pack?: unknown } = {}): Promise<void> {
  if (actor.type !== "character" || options.pack || !starterTalentsOn()) return;
  const items: Obj[] = Array.from(actor._source.items ?? [], (item) => ({ ...item }));
  if (items.some((i) => i.type === "talent")) return;
  let talents: Obj[];
  try {
    talents = await starterTalents();
  } catch (err) {
    console.error("Flex | the general talents could not be read; the character is created without them", err);
    return;
  }
  if (!talents.length) return;
  const marked = talents.map((t) => foundry.utils.mergeObject(t, { [`flags.flex.${STARTER_FLAG}`]: true }, { inplace: false }));
  actor.updateSource({ items: [...items, ...marked] } as never);
}

/** A starter talent nobody has touched yet (Übungswert still 0): a talent of the same name given later replaces it. */
export function untouchedStarter(item: Item.Implementation): boolean {
  return item.type === "talent" && item.getFlag("flex", STARTER_FLAG) === true && Number((item.system as { uebungswert?: unknown }).uebungswert) === 0;
}

const nameOf = (item: Item.Implementation) => sourceNameOf(item) || item.name;

/**
 * A macro or an import gives a new character a general talent it holds already as an untouched starter: the
 * starter copy goes, so each talent is there once, with the Übungswert it was given.
 */
async function dropReplacedStarters(item: Item.Implementation): Promise<void> {
  const actor = item.parent as Actor.Implementation | null;
  if (!actor || actor.type !== "character" || item.type !== "talent" || item.getFlag("flex", STARTER_FLAG) === true) return;
  const replaced = actor.items.filter((i) => i.id !== item.id && untouchedStarter(i) && sameTalentName(nameOf(i), nameOf(item)));
  if (replaced.length) await actor.deleteEmbeddedDocuments("Item", replaced.map((i) => i.id!));
}

export function registerStarterTalents(): void {
  Hooks.on("createItem", (item, _options, userId) => {
    // The client that gave the talent tidies up, once.
    if (userId !== game.user?.id) return undefined;
    return dropReplacedStarters(item as Item.Implementation).catch((err: unknown) => console.error("Flex | a replaced general talent could not be removed", err));
  });
}
