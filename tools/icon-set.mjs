// The system's images, extracted from the game-icons.net set (@iconify-json/game-icons, CC BY 3.0) as
// tools/icon-choices.mjs names them. Each image is two files:
//   assets/icons/<folder>/<name>.svg        the glyph, light on a coloured rounded tile: what a document's img holds,
//                                           readable by itself where Foundry draws it (sidebar, token, HUD, compendium)
//   assets/icons/glyph/<folder>/<name>.svg  the bare glyph: the mask the system's own views tint with currentColor
// The files are committed (Foundry loads the repository folder as it is) and `npm run build` writes them again;
// tests/project/icons.test.ts fails when a committed file differs from what the package gives.
// `node tools/icon-set.mjs` writes them; `--check` only reports the differences.
import { mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { GROUP_COLOURS, ICON_FILES } from "./icon-choices.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const OUT = "assets/icons";
/** Hand-made files that live beside the extracted ones. */
const KEEP = new Set(["LICENSE.md"]);
const GLYPH_COLOUR = "#f6f1e6";

/** The package's icon set: { icons: { name: { body } }, aliases, width, height }. */
async function iconSet() {
  const file = createRequire(import.meta.url).resolve("@iconify-json/game-icons/icons.json");
  return JSON.parse(await readFile(file, "utf8"));
}

function bodyOf(set, name) {
  const icon = set.icons[name] ?? set.icons[set.aliases?.[name]?.parent];
  if (!icon) throw new Error(`game-icons has no icon "${name}" (tools/icon-choices.mjs)`);
  return icon.body;
}

const credit = (name) => `<!-- game-icons.net "${name}" (Lorc, Delapouite and contributors), CC BY 3.0: assets/icons/LICENSE.md -->`;

/** The tile: the glyph light on its folder's colour, with a light rim so it also stands out on a dark sidebar. */
function tileSvg(name, body, size, colour) {
  const glyph = body.replaceAll("currentColor", GLYPH_COLOUR);
  const inset = size * 0.14;
  const scale = (size - 2 * inset) / size;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}">${credit(name)}`
    + `<rect x="8" y="8" width="${size - 16}" height="${size - 16}" rx="${size / 7}" fill="${colour}" stroke="#d9cfbd" stroke-opacity=".55" stroke-width="12"/>`
    + `<g transform="translate(${inset} ${inset}) scale(${scale})">${glyph}</g></svg>\n`;
}

const glyphSvg = (name, body, size) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}">${credit(name)}${body}</svg>\n`;

/** Every extracted file: path relative to the repository → its text. */
export async function iconFiles() {
  const set = await iconSet();
  const size = set.width ?? 512;
  const files = new Map();
  for (const [file, name] of Object.entries(ICON_FILES)) {
    const folder = file.split("/")[0];
    const colour = GROUP_COLOURS[folder];
    if (!colour) throw new Error(`tools/icon-choices.mjs: no tile colour for folder "${folder}"`);
    const body = bodyOf(set, name);
    files.set(`${OUT}/${file}.svg`, tileSvg(name, body, size, colour));
    files.set(`${OUT}/glyph/${file}.svg`, glyphSvg(name, body, size));
  }
  return files;
}

async function filesOnDisk(root) {
  try {
    const entries = await readdir(path.join(root, OUT), { withFileTypes: true, recursive: true });
    return entries.filter((e) => e.isFile())
      .map((e) => path.relative(root, path.join(e.parentPath ?? e.path, e.name)).split(path.sep).join("/"))
      .filter((rel) => !KEEP.has(path.basename(rel)));
  } catch {
    return [];
  }
}

/** What differs between assets/icons/ and the extraction: files missing, changed, or not extracted at all. */
export async function iconDrift(root = ROOT) {
  const want = await iconFiles();
  const have = await filesOnDisk(root);
  const drift = [];
  for (const [rel, text] of want) {
    const current = await readFile(path.join(root, rel), "utf8").catch(() => null);
    if (current === null) drift.push(`${rel}: missing`);
    else if (current !== text) drift.push(`${rel}: differs from the package`);
  }
  for (const rel of have) if (!want.has(rel)) drift.push(`${rel}: not extracted from the package`);
  return drift;
}

/** Writes the extraction into assets/icons/ and removes files it no longer holds; returns how many it wrote. */
export async function writeIcons(root = ROOT) {
  const want = await iconFiles();
  for (const rel of await filesOnDisk(root)) if (!want.has(rel)) await rm(path.join(root, rel));
  for (const [rel, text] of want) {
    await mkdir(path.dirname(path.join(root, rel)), { recursive: true });
    await writeFile(path.join(root, rel), text);
  }
  return want.size;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (process.argv.includes("--check")) {
    const drift = await iconDrift();
    console.log(drift.length ? drift.join("\n") : "assets/icons/ is what the package gives.");
    process.exitCode = drift.length ? 1 : 0;
  } else {
    console.log(`assets/icons/: ${await writeIcons()} file(s) from @iconify-json/game-icons`);
  }
}
