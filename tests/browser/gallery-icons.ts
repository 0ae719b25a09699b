// Real icons on the gallery's pages: Foundry's own images (icons/…) are not ours to ship, so each is drawn as the Font
// Awesome icon that says what it shows (a sword, a flask, a paw), light on a muted tile, readable in both themes. The
// system's own images (assets/…) are used as they are.
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

/** The gallery's file for a Font Awesome icon, drawn light on a muted tile (made once). */
function tile(name: string, out: string): string {
  const cached = made.get(name);
  if (cached) return cached;
  const svg = readFileSync(join(SOLID, `${name}.svg`), "utf8");
  const viewBox = /viewBox="([^"]+)"/.exec(svg)![1]!.split(" ").map(Number);
  const [, , w, h] = viewBox as [number, number, number, number];
  const paths = svg.replace(/<!--[\s\S]*?-->/g, "").replace(/^[\s\S]*?<svg[^>]*>|<\/svg>\s*$/g, "");
  const size = Math.max(w, h) * 1.5;
  const x = (w - size) / 2;
  const y = (h - size) / 2;
  const file = join(out, `${name}.svg`);
  writeFileSync(file, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${x} ${y} ${size} ${size}"><rect x="${x}" y="${y}" width="${size}" height="${size}" rx="${size / 6}" fill="#6e5e4e"/><g fill="#f4efe4">${paths}</g></svg>`);
  made.set(name, file);
  return file;
}

/** The page's image sources: core's icons/… drawn as Font Awesome tiles, written to `out`. */
export function galleryIcons(html: string, out: string): string {
  mkdirSync(out, { recursive: true });
  return html.replace(/src="(icons\/[^"]*)"/g, (_m, path: string) => {
    const name = BY_PATH.find(([re]) => re.test(path))?.[1] ?? "circle-dot";
    return `src="file://${tile(name, out)}"`;
  });
}
