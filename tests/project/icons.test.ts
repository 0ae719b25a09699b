// The system's pictures (issue 36): extracted from the game-icons.net package, never core's placeholders, and every
// picture a pack document or the code names is a file the built system ships.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ICON_FILES, iconPath } from "../../tools/icon-choices.mjs";
import { iconDrift } from "../../tools/icon-set.mjs";
import { applyPackIcons } from "../../tools/pack-icons.mjs";
import { readSourceDocuments } from "../../tools/packs.mjs";
import { ACTOR_ART, DEFAULT_ART, EFFECT_ART, ITEM_ART } from "../../src/helpers/default-art";
import { CORE_STATUSES_KEPT, FLEX_STATUSES } from "../../src/helpers/status-effects";

const ROOT = path.resolve(import.meta.dirname, "..", "..");
/** Core's images: any icons/svg/* (mystery-man, item-bag, aura, sword …), white line art made for the dark HUD. */
const CORE_ICON = /icons\/svg\/[\w-]+\.svg/g;

function filesUnder(dir: string, ext: string): string[] {
  return readdirSync(path.join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith(ext))
    .map((e) => path.relative(ROOT, path.join(e.parentPath, e.name)));
}

/** Every picture path in a pack document: its own, its embedded items' and effects', its pages'. */
function picturesOf(doc: Record<string, unknown>, where: string): { where: string; img: string }[] {
  const out: { where: string; img: string }[] = [];
  for (const key of ["img", "src"]) if (typeof doc[key] === "string" && doc[key]) out.push({ where, img: doc[key] as string });
  const token = (doc.prototypeToken as { texture?: { src?: unknown } } | undefined)?.texture?.src;
  if (typeof token === "string" && token) out.push({ where: `${where} (token)`, img: token });
  for (const field of ["items", "effects", "pages"]) {
    for (const child of (doc[field] as Record<string, unknown>[] | undefined) ?? []) out.push(...picturesOf(child, `${where} › ${String(child.name)}`));
  }
  return out;
}

const packSources = await readSourceDocuments(path.join(ROOT, "packs", "_source"));
const packPictures = packSources.flatMap(({ file, doc }) => picturesOf(doc, path.relative(ROOT, file)));
/** The pictures the code names: statuses, the default art of each type, the fallbacks. */
const codePictures = [...FLEX_STATUSES.map((s) => s.img), ...[...CORE_STATUSES_KEPT].map((id) => iconPath(`status/${id}`)), ...Object.values(DEFAULT_ART), ACTOR_ART, ITEM_ART, EFFECT_ART];

describe("icons extracted from @iconify-json/game-icons", () => {
  it("assets/icons/ is exactly what tools/icon-set.mjs extracts from the package (no hand-drawn or stale file)", async () => {
    expect(await iconDrift(ROOT)).toEqual([]);
  });

  it("every extracted picture is used by a pack document or the code (the set is not vendored whole)", () => {
    const used = new Set([...packPictures.map((p) => p.img), ...codePictures]);
    expect(Object.keys(ICON_FILES).filter((file) => !used.has(iconPath(file)))).toEqual([]);
  });
});

describe("no core placeholder images", () => {
  it("no pack document, template or source file names one of core's icons/svg/*", () => {
    const files = [
      ...filesUnder("packs/_source", ".yml"),
      ...filesUnder("templates", ".hbs"),
      ...filesUnder("src", ".ts"),
    ];
    const found = files.flatMap((file) => [...readFileSync(path.join(ROOT, file), "utf8").matchAll(CORE_ICON)].map((m) => `${file}: ${m[0]}`));
    expect(found).toEqual([]);
  });

  it("every pack document has its picture from tools/pack-icons.mjs", async () => {
    expect(await applyPackIcons(ROOT, { check: true })).toEqual([]);
  });

  it("every picture a pack document or the code names is a file of the built system (systems/flex/assets/…)", () => {
    const missing = [...packPictures, ...codePictures.map((img) => ({ where: "src/", img }))]
      .filter(({ img }) => !img.startsWith("systems/flex/assets/") || !existsSync(path.join(ROOT, img.replace(/^systems\/flex\//, ""))))
      .map(({ where, img }) => `${where}: ${img}`);
    expect(missing).toEqual([]);
  });
});
