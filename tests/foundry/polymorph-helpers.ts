// Shared set-up of the polymorph tests: a character with talents, equipment (a magic ring with a passive
// effect), worn armour and a path benefit, and a wolf to turn into.
import { createActor } from "../harness";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any

export const ownedBy = (user?: Any) => (user ? { default: 0, [user.id]: 3 } : { default: 0 });

export async function alrik(owner?: Any, name = "Alrik"): Promise<Any> {
  const actor = (await createActor({
    name,
    type: "character",
    ownership: ownedBy(owner),
    prototypeToken: { name, texture: { src: "alrik.webp" }, width: 1, height: 1 },
    system: { attributes: { mu: 8, kl: 10, in: 8, ch: 6, ge: 8, ff: 6, ko: 8, kk: 6 }, leben: { value: 20, max: 24 }, fluss: { value: 6, max: 10 }, gunst: { value: 2, max: 3 }, ruestung: 1, geschwindigkeit: 6, level: 4, geld: 120, biografie: "<p>Aus Ferdok.</p>" },
  })) as Any;
  await actor.createEmbeddedDocuments("Item", [
    { name: "Athletik", type: "talent", system: { attribut: "kk", uebungswert: 3 } },
    { name: "Schwerter", type: "talent", system: { attribut: "ge", uebungswert: 2, kategorie: "kampfart" } },
    { name: "Langschwert", type: "weapon", system: { schaden: "1W8", talent: "Schwerter" } },
    { name: "Kettenhemd", type: "armor", system: { wert: 3, ausgeruestet: true } },
    { name: "Heiltrank", type: "alchemical", system: { menge: 2 } },
    {
      name: "Schutzring",
      type: "equipment",
      effects: [{ _id: "ringEffect000001", name: "Schutz des Rings", changes: [{ key: "system.ruestung", mode: 2, value: "1" }], transfer: true }],
    },
    { name: "Pfad des Kriegers", type: "passive", effects: [{ _id: "pathEffect000001", name: "Kriegerpfad", transfer: true }] },
  ]);
  await actor.createEmbeddedDocuments("ActiveEffect", [{ name: "Segen", img: "icons/svg/angel.svg" }]);
  return actor;
}

/** The GM's wolf, which every player may observe (a form a player may choose). */
export async function wolf(name = "Wolf"): Promise<Any> {
  const actor = (await createActor({
    name,
    type: "creature",
    ownership: { default: 2 },
    img: "wolf.webp",
    prototypeToken: { name, texture: { src: "wolf-token.webp" }, width: 2, height: 2 },
    system: { attributes: { mu: 6, kl: 4, in: 10, ch: 4, ge: 10, ff: 4, ko: 8, kk: 8 }, leben: { value: 12, max: 12 }, ruestung: 2, ausweichen: 7, parade: 5, geschwindigkeit: 10, groesse: "klein" },
  })) as Any;
  await actor.createEmbeddedDocuments("Item", [
    { name: "Biss", type: "attack", system: { schaden: "1W8" } },
    { name: "Rudeltaktik", type: "passive" },
  ]);
  return actor;
}

/** Everything of an actor that must come back, with the pools and Flex's bookkeeping flags left out. */
export function essence(actor: Any): Any {
  const src = JSON.parse(JSON.stringify(actor.toObject()));
  for (const pool of ["leben", "fluss", "gunst"]) delete src.system[pool];
  delete src.flags?.flex?.applied;
  if (src.flags?.flex && !Object.keys(src.flags.flex).length) delete src.flags.flex;
  src.items.sort((a: Any, b: Any) => a._id.localeCompare(b._id));
  src.effects.sort((a: Any, b: Any) => a._id.localeCompare(b._id));
  return src;
}
