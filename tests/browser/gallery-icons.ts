// Foundry's own images on the gallery's pages: they are not ours to ship, so each is drawn as the Font Awesome icon that
// says what it shows (a sword, a flask, a paw). Core's icons/svg/* are drawn as they really are, white line art on
// transparent, so a page shows where the system still uses one (invisible on the light sheet); core's painted icons
// (icons/weapons/….webp and the like) as a light glyph on a muted tile. The system's own images (assets/…) are used as
// they are.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const ROOT = join(import.meta.dirname, "..", "..");
const SOLID = join(ROOT, "node_modules", "@fortawesome", "fontawesome-free", "svgs", "solid");

/** What an image path shows, by the words in it; the first that matches wins. */
const BY_PATH: [RegExp, string][] = [
  [/portrait|mystery-man|bandit|tarek|figure|character/, "user"],
  [/wolf|pawprint|bear|beast/, "paw"],
  [/goblin|skull|undead/, "skull"],
  [/bow|crossbow/, "crosshairs"],
  [/sword|blade|weapon|axe|spear|strike/, "khanda"],
  [/punch|fist|unarmed/, "hand-fist"],
  [/shield|armou?r|defensive/, "shield-halved"],
  [/cauldron|laboratory|potion|flask|alchem/, "flask"],
  [/mortar|herb/, "mortar-pestle"],
  [/heart|life|angel/, "heart-pulse"],
  [/fire|flame|burning/, "fire"],
  [/water|wave/, "water"],
  [/eye|perception|stealth|hypnosis|control/, "eye"],
  [/lock/, "lock"],
  [/diplomacy|handshake|social/, "handshake"],
  [/running|movement|boots|feet/, "person-running"],
  [/hammer|smithing|tool/, "hammer"],
  [/map|navigation/, "map"],
  [/gem|crystal/, "gem"],
  [/poison/, "skull-crossbones"],
  [/aura|magic|spell/, "wand-sparkles"],
  [/item-bag|bag|sack/, "bag-shopping"],
];

const made = new Map<string, string>();

/** The gallery's file for a Font Awesome icon: white on transparent (core's line art) or light on a muted tile (made once). */
function standIn(name: string, out: string, lineArt: boolean): string {
  const key = `${lineArt ? "line" : "tile"}-${name}`;
  const cached = made.get(key);
  if (cached) return cached;
  const svg = readFileSync(join(SOLID, `${name}.svg`), "utf8");
  const viewBox = /viewBox="([^"]+)"/.exec(svg)![1]!.split(" ").map(Number);
  const [, , w, h] = viewBox as [number, number, number, number];
  const paths = svg.replace(/<!--[\s\S]*?-->/g, "").replace(/^[\s\S]*?<svg[^>]*>|<\/svg>\s*$/g, "");
  const size = Math.max(w, h) * 1.5;
  const x = (w - size) / 2;
  const y = (h - size) / 2;
  // Line art under …/icons/svg/, as core serves it, so the sheet's CSS for core's icons applies as in Foundry.
  const file = lineArt ? join(out, "svg", `${name}.svg`) : join(out, `${key}.svg`);
  const tile = lineArt ? "" : `<rect x="${x}" y="${y}" width="${size}" height="${size}" rx="${size / 6}" fill="#6e5e4e"/>`;
  writeFileSync(file, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${x} ${y} ${size} ${size}">${tile}<g fill="${lineArt ? "#ffffff" : "#f4efe4"}">${paths}</g></svg>`);
  made.set(key, file);
  return file;
}

/** The page's image sources: core's icons/… drawn as Font Awesome stand-ins, written to `out`. */
export function galleryIcons(html: string, out: string): string {
  mkdirSync(join(out, "svg"), { recursive: true });
  return html.replace(/src="(icons\/[^"]*)"/g, (_m, path: string) => {
    const name = BY_PATH.find(([re]) => re.test(path))?.[1] ?? "circle-dot";
    return `src="file://${standIn(name, out, path.startsWith("icons/svg/"))}"`;
  });
}
