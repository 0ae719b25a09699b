// Every pack document's picture: a weapon its weapon, a creature its creature, a talent its activity, a spell its
// element, an ability what it does. By document type and (German) name; an embedded item by its own type and name.
// `node tools/pack-icons.mjs` writes the img fields of packs/_source/**/*.yml; `--check` lists what is off.
// The images are tools/icon-choices.mjs's; tests/project/icons.test.ts keeps every document in this table.
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ICON_FILES, iconPath } from "./icon-choices.mjs";
import { readSourceDocuments } from "./packs.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** type → name → "folder/file" of ICON_FILES. */
export const PACK_ICONS = {
  creature: {
    // begleiter
    Grauwolf: "creature/wolf-head", Hauskatze: "creature/cat", Jagdhund: "creature/hound",
    Kristallfalke: "creature/falcon-moon", Kristallgolem: "creature/rock-golem", Kristallross: "creature/horse-head",
    Maultier: "creature/donkey", "Messingkäfer": "creature/beetle-shell", Panzerechse: "creature/lizardman",
    Rabe: "creature/raven", "Schwarzbär": "creature/bear-head", "Uhrwerk-Wächter": "creature/robot-golem",
    Reitpferd: "creature/horse-head",
    // bestiarium
    Erdelementar: "creature/stone-pile", Feuerelementar: "creature/fire-silhouette", Sturmelementar: "creature/tornado",
    Kriegskoloss: "creature/battle-mech", "Splitterläufer": "creature/spider-bot", Wachdrohne: "creature/delivery-drone",
    Bandit: "creature/bandit", Banditenhauptmann: "creature/pirate-captain", Kultist: "creature/cultist",
    Kultpriester: "creature/hooded-figure", "Söldner": "creature/visored-helm",
    Nebelpanther: "creature/saber-toothed-cat-head", Riesenadler: "creature/eagle-head", Riesenratte: "creature/mouse",
    Riesenspinne: "creature/spider-alt", Wildschwein: "creature/boar",
    Felsenwyvern: "creature/wyvern", Glutdrache: "creature/dragon-head", "Höhlentroll": "creature/troll",
    Ertrunkener: "creature/shambling-zombie", Gespenst: "creature/ghost", Ghul: "creature/raise-zombie",
    "Grabkönig": "creature/crowned-skull", Skelettkrieger: "creature/skeleton",
    "Fischmensch-Jäger": "creature/fish-monster", Riffhai: "creature/shark-jaws", Sumpfegel: "creature/leeching-worm",
    Tiefenkrake: "creature/giant-squid",
  },
  attack: {
    Biss: "attack/fangs", "Reißen": "attack/claw-slashes", Kratzen: "attack/claw-slashes", Sturzflug: "attack/bird-claw",
    Hammerschlag: "attack/hammer-drop", Steinwurf: "attack/rock", Huftritt: "attack/hoof", Tritt: "attack/boot-kick",
    Zange: "attack/pincers", Schwanzschlag: "attack/spiked-tail", Schnabelhieb: "attack/triple-beak",
    Prankenhieb: "attack/claws", Umklammern: "attack/grapple", Stahlfaust: "attack/gauntlet",
    Felsfaust: "attack/punch", "Erdstoß": "attack/quake-stomp", Flammenhieb: "attack/flame-claws",
    "Feuerstoß": "attack/fireball", Kolbenfaust: "attack/mechanical-arm", Kristallkanone: "attack/laser-blast",
    Klingenbeine: "attack/sword-spin", Splitterschuss: "attack/crystal-growth", Blitzschlag: "attack/lightning-arc",
    Wirbelwind: "attack/whirlwind", "Funkenstoß": "attack/spark-spirit",
    Kurzschwert: "attack/broadsword", "Leichte Armbrust": "attack/crossbow", Armbrust: "attack/crossbow",
    "Säbel": "attack/crossed-sabres", Wurfmesser: "attack/thrown-knife", Opferdolch: "attack/sacrificial-dagger",
    Schattenfeuer: "attack/cursed-star", Ritualmesser: "attack/curvy-knife", Seelenfeuer: "attack/fire-punch",
    Langschwert: "attack/broadsword", Kehlbiss: "attack/neck-bite", Krallen: "attack/bird-claw",
    Schnabel: "attack/triple-beak", Giftbiss: "attack/fangs", Netz: "attack/web-spit", Hauer: "attack/boar-tusks",
    Schwanzstachel: "attack/scorpion-tail", Glutatem: "attack/fire-breath", Klauen: "attack/claws",
    Keule: "attack/wood-club", Felsbrocken: "attack/rock", "Würgegriff": "attack/grab",
    "Eisige Berührung": "attack/frozen-orb", Klageschrei: "attack/screaming", Runenklinge: "attack/broadsword",
    "Grabeskälte": "attack/energy-breath", "Rostiges Schwert": "attack/rusty-sword", Dreizack: "attack/trident",
    Harpune: "attack/harpoon-chain", Festsaugen: "attack/mouth-watering", Fangarme: "attack/kraken-tentacle",
  },
  passive: {
    // abilities of creatures
    "Rudeljäger": "ability/wolf-howl", "Leiser Gang": "ability/footsteps", "Spürnase": "ability/sniffing-dog",
    Flug: "ability/fluffy-wing", Kristallaugen: "ability/crystal-eye", Unbeirrbar: "ability/stone-wall",
    Kristallkern: "ability/crystal-ball", Kristallantrieb: "ability/gears", Trittsicher: "ability/footprint",
    Kletterer: "ability/spider-web", Schuppenpanzer: "ability/scale-mail", Schwimmer: "ability/swimfins",
    Nachahmen: "ability/bird-twitter", Ausdauernd: "ability/run", "Dickes Fell": "ability/fur-shirt",
    Panzerplatten: "ability/metal-scales", Erdgleiten: "ability/underground-cave", Steinleib: "ability/rock-golem",
    "Lebende Flamme": "ability/flame", Glutaura: "ability/sun-radiations", Luftgestalt: "ability/wind-hole",
    Alarm: "ability/alarm-clock", "Stampfender Schritt": "ability/footprint", "Überladung": "ability/electric",
    Hinterhalt: "ability/hidden", "Anführer": "ability/crown", "Schmutzige Tricks": "ability/magick-trick",
    Fanatisch: "ability/burning-eye", Blutopfer: "ability/blood", "Dunkler Segen": "ability/evil-book",
    Schildwall: "ability/defensive-wall", Kampferfahren: "ability/medal", Anspringen: "ability/pounce",
    "Nebelgänger": "ability/fog", Adlerauge: "ability/eye-target", "Seuchenträger": "ability/rat",
    "Im Rudel": "ability/wolf-howl", "Netzläufer": "ability/spider-web", Sturmangriff: "ability/charging-bull",
    "Zäh": "ability/heart-plus", Herabstoßen: "ability/fluffy-wing", Drachenschuppen: "ability/stegosaurus-scales",
    Furchterregend: "ability/terror", Regeneration: "ability/regeneration", Sonnenscheu: "ability/sun",
    Untot: "ability/death-skull", "Lauerer im Wasser": "ability/water-splash", "Körperlos": "ability/ghost-ally",
    "Ruf der Gruft": "ability/tombstone", Unbeugsam: "ability/crowned-heart", "Knochengerüst": "ability/ribcage",
    Amphibisch: "ability/frog", Blutrausch: "ability/angry-eyes", Wasserwesen: "ability/shark-fin",
    Tintenwolke: "ability/ink-swirl",
    // the rest pack's downtime activities and rest talents
    "Arbeit (lange Rast)": "rest/hammer-nails", "Ausbildung (lange Rast)": "rest/teacher", Einkaufen: "rest/shopping-bag",
    "Geschäfte (lange Rast)": "rest/shop", "Glücksspiel": "rest/rolling-dices", "Heilige Riten": "rest/church",
    "Zechen (lange Rast)": "rest/beer-stein", "Arbeit (volle Rast)": "rest/windmill", "Ausbildung (volle Rast)": "rest/teacher",
    Forschung: "rest/bookshelf", "Gegenstand herstellen": "rest/anvil-impact", Genesung: "rest/health-increase",
    "Gerüchte streuen": "rest/talk", "Geschäfte (volle Rast)": "rest/shop", Kampfturnier: "rest/fist",
    "Magische Gegenstände kaufen": "rest/open-treasure-chest", "Training für ein Level": "rest/upgrade",
    "Zechen (volle Rast)": "rest/beer-stein", "Aufmerksame Erholung": "rest/meditation",
    "Divergente Formeln": "rest/scroll-unfurled", "Eidbekräftigung": "rest/scroll-quill", "Grimmige Haltung": "rest/fire-dash",
    "Heiliges Ritual": "rest/angel-outfit", "Kreative Atempause": "rest/lyre", "Naturgefährte": "rest/wolf-howl",
    "Taktische Atempause": "rest/dice-target", "Zauberische Wiederherstellung": "rest/crystal-ball",
  },
  resource: {
    Aktionsschub: "resource/lightning-trio", "Bardische Inspiration": "resource/lyre", Handauflegen: "resource/hand",
    "Ki-Punkte": "resource/yin-yang", "Paktplatz (Hexenmeister)": "resource/contract",
    "Überlegenheitswürfel": "resource/rolling-dices", Wut: "resource/enrage", Zauberpunkte: "resource/sparkles",
    ...Object.fromEntries([1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => [`Zauberplatz Grad ${n}`, "resource/spell-book"])),
  },
  weapon: {
    Dolch: "weapon/plain-dagger", Handbeil: "weapon/hatchet", Hellebarde: "weapon/halberd", Kampfstab: "weapon/bo",
    Keule: "weapon/wood-club", Kriegshammer: "weapon/warhammer", Kurzbogen: "weapon/pocket-bow",
    Kurzschwert: "weapon/gladius", Langbogen: "weapon/high-shot", Langschwert: "weapon/broadsword",
    "Leichte Armbrust": "weapon/crossbow", Schlagring: "weapon/brass-knuckles", Schleuder: "weapon/sling",
    Speer: "weapon/spear-hook", Streitaxt: "weapon/battle-axe", Streitkolben: "weapon/flanged-mace",
    Wurfmesser: "weapon/thrown-knife", "Zweihänder": "weapon/two-handed-sword",
  },
  armor: {
    "Beschlagene Lederrüstung": "armor/leather-vest", Gambeson: "armor/armor-vest", Holzschild: "armor/round-shield",
    Kettenhemd: "armor/chain-mail", "Lederrüstung": "armor/leather-armor", "Plattenrüstung": "armor/breastplate",
    Turmschild: "armor/bordered-shield",
  },
  equipment: {
    Bettrolle: "equipment/sleeping-bag", Dietriche: "equipment/lock-picking", Fackeln: "equipment/torch",
    Hanfseil: "equipment/rope-coil", Heilerset: "equipment/first-aid-kit", Kristalllampe: "equipment/lantern",
    Reiseproviant: "equipment/meal", Rucksack: "equipment/backpack", "Saatgut: Heilkraut": "equipment/plant-seed",
    "Saatgut: Weizen": "equipment/wheat", Wasserschlauch: "equipment/water-flask", Zelt: "equipment/camping-tent",
    "Zunderbüchse": "equipment/flint-spark",
  },
  alchemical: {
    Atemwurzel: "alchemical/herbs-bundle", Feuerbombe: "alchemical/fire-bottle", Gegengift: "alchemical/corked-tube",
    "Großer Heiltrank": "alchemical/heart-bottle", Heiltrank: "alchemical/health-potion",
    "Kristallsäure": "alchemical/bubbling-flask", Meisterheiltrank: "alchemical/standing-potion",
    Rauchkugel: "alchemical/smoke-bomb", "Trank der Flinkheit": "alchemical/round-potion",
  },
  spell: {
    Bannkreis: "spell/pentacle", Blitzschlag: "spell/bolt-spell-cast", Flammenpfeil: "spell/flaming-arrow",
    Frostsplitter: "spell/ice-spear", Kraftschild: "spell/bolt-shield", Lebensquell: "spell/heart-tower",
    "Lindernder Hauch": "spell/healing", Spiegelbilder: "spell/mirror-mirror", Trugbild: "spell/invisible",
    "Wunden schließen": "spell/healing-shield",
  },
  talent: {
    Alchemie: "talent/cauldron", Athletik: "talent/run", Ausweichen: "talent/dodge", Elementarmagie: "talent/fire-ray",
    Fernkampf: "talent/bow-arrow", Handwerk: "talent/anvil-impact", Heilkunde: "talent/mortar", Heilmagie: "talent/healing",
    Heimlichkeit: "talent/cloak-dagger", Hiebwaffen: "talent/battle-axe", Illusionsmagie: "talent/spiral-bloom",
    Klingenwaffen: "talent/sword-clash", Kristalltechnik: "talent/crystal-cluster", "Mit Tieren umgehen": "talent/horse-head",
    Parade: "talent/sword-in-stone", "Schlösser öffnen": "talent/lock-picking", Schutzmagie: "talent/magic-shield",
    Schwimmen: "talent/swimfins", Stangenwaffen: "talent/spears", "Überleben": "talent/compass",
    "Überzeugen": "talent/shaking-hands", "Waffenloser Kampf": "talent/fist", Wahrnehmung: "talent/eye-target",
  },
  script: {
    Arbeiten: "macro/coins", Atemprobe: "macro/drowning", Belohnung: "macro/laurels-trophy",
    "Kurzer Kampf": "macro/crossed-swords", Rast: "macro/campfire", Sturz: "macro/falling", "Tag beenden": "macro/sunset",
    Trainingsblock: "macro/whistle",
  },
};

/** The picture a document of this type and name gets, or null when the table has none. */
export function packIcon(type, name) {
  const file = PACK_ICONS[type]?.[name];
  if (!file) return null;
  if (!(file in ICON_FILES)) throw new Error(`tools/pack-icons.mjs: ${type} "${name}" names ${file}, which tools/icon-choices.mjs does not extract`);
  return iconPath(file);
}

/** Documents of packs/_source with an img field: the document and its embedded items, each with the picture due. */
export function imageSlots(doc) {
  const slots = [{ where: doc.name, type: doc.type, name: doc.name, img: doc.img }];
  for (const item of doc.items ?? []) slots.push({ where: `${doc.name} › ${item.name}`, type: item.type, name: item.name, img: item.img });
  return slots.filter((s) => s.img !== undefined).map((s) => ({ ...s, due: packIcon(s.type, s.name) }));
}

/** The source text with each img line set to its slot's picture, in document order (the document's, then its items'). */
function withImages(text, slots) {
  let i = 0;
  const out = text.replace(/^( {0,2})img: .*$/gm, (line, indent) => {
    const slot = slots[i++];
    return slot?.due ? `${indent}img: ${slot.due}` : line;
  });
  if (i !== slots.length) throw new Error(`expected ${slots.length} img line(s), found ${i}`);
  return out;
}

/** Writes (or, with `check`, only lists) every pack document whose img is not its table picture. */
export async function applyPackIcons(root = ROOT, { check = false } = {}) {
  const problems = [];
  const sources = await readSourceDocuments(path.join(root, "packs", "_source"));
  for (const { file, doc } of sources) {
    if (!("img" in doc) && !doc.items) continue;
    const slots = imageSlots(doc);
    for (const s of slots) if (!s.due) problems.push(`${path.relative(root, file)}: ${s.type} "${s.where}" has no picture in tools/pack-icons.mjs`);
    if (check) {
      for (const s of slots) if (s.due && s.img !== s.due) problems.push(`${path.relative(root, file)}: "${s.where}" shows ${s.img}, not ${s.due}`);
      continue;
    }
    const text = await readFile(file, "utf8");
    const next = withImages(text, slots);
    if (next !== text) await writeFile(file, next);
  }
  return problems;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const problems = await applyPackIcons(ROOT, { check: process.argv.includes("--check") });
  console.log(problems.length ? problems.join("\n") : "Every pack document shows its picture.");
  process.exitCode = problems.length ? 1 : 0;
}
