// The system's own pictures (game-icons.net, CC BY 3.0: assets/icons/LICENSE.md; extracted by tools/icon-set.mjs as
// tools/icon-choices.mjs names them) for what it makes: a new actor or item of each type, a new effect, and the
// fallbacks of its views. None of core's white icons/svg/* is shown on a light sheet.

/** The path a document stores for one of the system's images ("folder/file" of assets/icons/). */
export const flexIcon = (file: string): string => `systems/flex/assets/icons/${file}.svg`;

/** The picture of a new document per type, as the documents' getDefaultArtwork gives it. */
export const DEFAULT_ART: Readonly<Record<string, string>> = {
  character: flexIcon("default/character"),
  creature: flexIcon("default/creature"),
  loot: flexIcon("default/loot"),
  talent: flexIcon("default/talent"),
  weapon: flexIcon("default/weapon"),
  armor: flexIcon("default/armor"),
  equipment: flexIcon("default/equipment"),
  alchemical: flexIcon("default/alchemical"),
  spell: flexIcon("default/spell"),
  attack: flexIcon("default/attack"),
  passive: flexIcon("default/passive"),
  resource: flexIcon("default/resource"),
  project: flexIcon("default/project"),
  plot: flexIcon("default/plot"),
};

/** A new active effect's picture. */
export const EFFECT_ART = flexIcon("default/effect");
/** Any item without a picture of its own (a type the table does not know). */
export const ITEM_ART = flexIcon("default/item");
/** Any actor without a picture of its own. */
export const ACTOR_ART = DEFAULT_ART.character!;

/** The picture for a new document of this type; `fallback` for a type the system does not define. */
export function defaultArt(type: unknown, fallback: string): string {
  return (typeof type === "string" && DEFAULT_ART[type]) || fallback;
}
