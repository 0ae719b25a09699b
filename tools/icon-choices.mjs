// Which game-icons.net glyph (the @iconify-json/game-icons package, CC BY 3.0) each of the system's images shows, and
// on which colour of tile. tools/icon-set.mjs extracts exactly these into assets/icons/; tools/pack-icons.mjs gives
// every pack document its picture from PACK_ICONS; src/ names the status and default images by the same paths.

/** Tile colour per folder of assets/icons/ (the glyph is drawn light on it, readable on light and dark sidebars). */
export const GROUP_COLOURS = {
  status: "#6b3a2e",
  creature: "#4f5a36",
  attack: "#7a3428",
  ability: "#44506e",
  weapon: "#535a63",
  armor: "#5e5240",
  equipment: "#6b5234",
  alchemical: "#5e3d6e",
  spell: "#2e5878",
  talent: "#6e5a44",
  rest: "#4c6650",
  resource: "#6e4a2a",
  macro: "#3c5e60",
  default: "#5a5048",
};

/** Images whose file name is not the glyph's own name: "folder/file" → glyph. */
const RENAMED = {
  // Flex's statuses (src/helpers/status-effects.ts FLEX_STATUSES)
  "status/dying": "heart-beats",
  "status/drowning": "drowning",
  "status/underwater": "bubbles",
  "status/wet": "water-drop",
  "status/mounted": "cavalry",
  "status/polymorphed": "transform",
  "status/hallucinating": "spiral-bloom",
  "status/sleepless": "awareness",
  // core statuses Flex keeps (CORE_STATUSES_KEPT), drawn by the system instead of core's white line art
  "status/dead": "skull-crossed-bones",
  "status/unconscious": "knocked-out-stars",
  "status/sleep": "night-sleep",
  "status/stun": "star-swirl",
  "status/prone": "falling",
  "status/restrain": "manacles",
  "status/paralysis": "frozen-body",
  "status/fly": "feathered-wing",
  "status/blind": "sight-disabled",
  "status/deaf": "hearing-disabled",
  "status/silence": "silenced",
  "status/fear": "screaming",
  "status/burning": "flame",
  "status/frozen": "snowflake-1",
  "status/poison": "poison-bottle",
  "status/bleeding": "bleeding-wound",
  "status/disease": "virus",
  "status/invisible": "invisible",
  // what a new document of each type shows until someone picks a picture (src/helpers/default-art.ts)
  "default/character": "cowled",
  "default/creature": "paw-print",
  "default/loot": "open-treasure-chest",
  "default/talent": "skills",
  "default/weapon": "broadsword",
  "default/armor": "chest-armor",
  "default/equipment": "knapsack",
  "default/alchemical": "round-bottom-flask",
  "default/spell": "magic-swirl",
  "default/attack": "sword-wound",
  "default/passive": "aura",
  "default/resource": "token",
  "default/project": "anvil-impact",
  "default/plot": "field",
  "default/effect": "sparkles",
  "default/item": "swap-bag",
};

/** Folders whose images carry the glyph's own name. */
const NAMED = {
  creature: [
    "wolf-head", "cat", "hound", "falcon-moon", "rock-golem", "horse-head", "donkey", "beetle-shell", "lizardman",
    "raven", "bear-head", "robot-golem", "stone-pile", "fire-silhouette", "tornado", "battle-mech", "spider-bot",
    "delivery-drone", "bandit", "pirate-captain", "cultist", "hooded-figure", "visored-helm", "saber-toothed-cat-head",
    "eagle-head", "mouse", "spider-alt", "boar", "wyvern", "dragon-head", "troll", "shambling-zombie", "ghost",
    "raise-zombie", "crowned-skull", "skeleton", "fish-monster", "shark-jaws", "leeching-worm", "giant-squid",
  ],
  attack: [
    "fangs", "claw-slashes", "claws", "bird-claw", "triple-beak", "hoof", "boot-kick", "punch", "pincers",
    "spiked-tail", "scorpion-tail", "web-spit", "crossbow", "thrown-knife", "sacrificial-dagger",
    "broadsword", "curvy-knife", "crossed-sabres", "rusty-sword", "wood-club", "rock", "fire-breath", "flame-claws", "fire-punch", "lightning-arc", "whirlwind", "energy-breath", "quake-stomp", "mechanical-arm",
    "laser-blast", "crystal-growth", "spark-spirit", "kraken-tentacle", "trident", "harpoon-chain", "neck-bite",
    "boar-tusks", "grapple", "gauntlet", "sword-spin", "frozen-orb", "screaming", "mouth-watering",
    "grab", "hammer-drop", "cursed-star", "fireball",
  ],
  ability: [
    "wolf-howl", "footsteps", "sniffing-dog", "fluffy-wing", "crystal-eye", "stone-wall", "crystal-ball", "gears",
    "footprint", "scale-mail", "swimfins", "bird-twitter", "run", "fur-shirt", "metal-scales", "rock-golem",
    "underground-cave", "flame", "sun-radiations", "wind-hole", "alarm-clock", "hidden", "crown", "magick-trick",
    "burning-eye", "blood", "evil-book", "defensive-wall", "medal", "pounce", "fog", "eye-target", "rat",
    "spider-web", "charging-bull", "heart-plus", "stegosaurus-scales", "terror", "regeneration", "sun", "death-skull",
    "water-splash", "ghost-ally", "ribcage", "shark-fin", "frog", "electric",
    "angry-eyes", "ink-swirl", "crowned-heart", "tombstone",
  ],
  weapon: [
    "plain-dagger", "hatchet", "halberd", "bo", "wood-club", "warhammer", "pocket-bow", "gladius", "high-shot",
    "broadsword", "crossbow", "brass-knuckles", "sling", "spear-hook", "battle-axe", "flanged-mace",
    "thrown-knife", "two-handed-sword",
  ],
  armor: ["leather-vest", "armor-vest", "round-shield", "chain-mail", "leather-armor", "breastplate", "bordered-shield"],
  equipment: [
    "sleeping-bag", "lock-picking", "torch", "rope-coil", "first-aid-kit", "lantern", "meal", "backpack", "plant-seed",
    "wheat", "water-flask", "camping-tent", "flint-spark",
  ],
  alchemical: [
    "herbs-bundle", "fire-bottle", "health-potion", "heart-bottle", "bubbling-flask", "standing-potion",
    "smoke-bomb", "round-potion", "corked-tube",
  ],
  spell: [
    "pentacle", "bolt-spell-cast", "flaming-arrow", "ice-spear", "bolt-shield", "heart-tower", "healing", "mirror-mirror",
    "invisible", "healing-shield",
  ],
  talent: [
    "cauldron", "run", "dodge", "fire-ray", "bow-arrow", "anvil-impact", "mortar", "healing", "cloak-dagger",
    "battle-axe", "spiral-bloom", "sword-clash", "crystal-cluster", "horse-head", "sword-in-stone", "lock-picking",
    "magic-shield", "swimfins", "spears", "compass", "shaking-hands", "fist", "eye-target",
  ],
  rest: [
    "anvil-impact", "teacher", "shopping-bag", "shop", "rolling-dices", "church", "beer-stein", "windmill", "bookshelf",
    "hammer-nails", "health-increase", "talk", "fist", "open-treasure-chest", "upgrade", "meditation",
    "scroll-unfurled", "scroll-quill", "fire-dash", "angel-outfit", "lyre", "wolf-howl", "dice-target", "crystal-ball",
  ],
  resource: [
    "lightning-trio", "lyre", "hand", "yin-yang", "contract", "rolling-dices", "enrage", "spell-book", "sparkles",
  ],
  macro: [
    "coins", "drowning", "laurels-trophy", "crossed-swords", "campfire", "falling", "sunset", "whistle",
  ],
};

/** Every image the system ships: "folder/file" → the game-icons glyph it shows. */
export const ICON_FILES = Object.fromEntries([
  ...Object.entries(RENAMED),
  ...Object.entries(NAMED).flatMap(([folder, names]) => names.map((name) => [`${folder}/${name}`, name])),
].sort(([a], [b]) => a.localeCompare(b)));

/** The path a document stores for an image of ICON_FILES. */
export const iconPath = (file) => `systems/flex/assets/icons/${file}.svg`;
