// Release zip: exactly what Foundry needs to install the system, under one top-level folder named
// after the system id (`flex/system.json`, `flex/dist/…`, …). Nothing from src/, tests/, node_modules/
// or packs/_source/.
import { createWriteStream } from "node:fs";
import { mkdir, readdir, readFile, rm, stat } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import yazl from "yazl";

/** Folders shipped whole (recursively). */
const TREES = ["dist", "templates", "styles", "assets"];
/** Single files shipped if present. */
const OPTIONAL_FILES = ["README.md", "LICENSE", "LICENSE.md", "LICENSE.txt"];
/** LevelDB bookkeeping files that must not ship (a LOCK would even block Foundry opening the pack). */
const LEVELDB_SKIP = new Set(["LOCK", "LOG", "LOG.old"]);

async function exists(p) {
  try {
    await stat(p);
    return true;
  } catch {
    return false;
  }
}

/** Files under `dir` relative to `root`, POSIX separators, dot files left out, sorted. */
async function filesUnder(root, dir, keep = () => true) {
  const abs = path.join(root, dir);
  if (!(await exists(abs))) return [];
  const entries = await readdir(abs, { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile() && keep(e.name))
    .map((e) => path.relative(root, path.join(e.parentPath ?? e.path, e.name)).split(path.sep).join("/"))
    .filter((rel) => !rel.split("/").some((part) => part.startsWith(".")))
    .sort();
}

/** Every relative path (POSIX) that goes into the release, without the top-level folder. */
async function collectFiles(root) {
  const files = ["system.json"];
  for (const tree of TREES) files.push(...(await filesUnder(root, tree)));

  const langDir = path.join(root, "lang");
  if (await exists(langDir)) {
    const langs = (await readdir(langDir, { withFileTypes: true }))
      .filter((e) => e.isFile() && e.name.endsWith(".json"))
      .map((e) => `lang/${e.name}`)
      .sort();
    files.push(...langs);
  }

  const packsDir = path.join(root, "packs");
  if (await exists(packsDir)) {
    const packs = (await readdir(packsDir, { withFileTypes: true }))
      .filter((e) => e.isDirectory() && e.name !== "_source" && !e.name.startsWith("."))
      .map((e) => e.name)
      .sort();
    for (const pack of packs) files.push(...(await filesUnder(root, `packs/${pack}`, (name) => !LEVELDB_SKIP.has(name))));
  }

  for (const file of OPTIONAL_FILES) if (await exists(path.join(root, file))) files.push(file);
  return files;
}

/** Paths system.json points at that the archive must contain (bundle, styles, languages, packs). */
function referencedPaths(manifest) {
  const refs = [...(manifest.esmodules ?? []), ...(manifest.scripts ?? []), ...(manifest.styles ?? [])]
    .map((p) => ({ path: p, dir: false }));
  for (const lang of manifest.languages ?? []) if (lang?.path) refs.push({ path: lang.path, dir: false });
  for (const pack of manifest.packs ?? []) if (pack?.path) refs.push({ path: pack.path, dir: true });
  return refs.map((r) => ({ ...r, path: r.path.replace(/^\.?\//, "").replace(/\/$/, "") }));
}

/**
 * A release is installable from its manifest link only if system.json says where it lives:
 * `manifest` (the latest system.json), `download` (this very zip) and `url`.
 */
function checkReleaseFields(manifest, outFile) {
  const missing = ["url", "manifest", "download"].filter((key) => typeof manifest[key] !== "string" || !manifest[key]);
  if (missing.length) {
    throw new Error(`system.json has no ${missing.join(", ")}; \`npm run build\` fills them from package.json.`);
  }
  const zipName = path.basename(outFile);
  if (manifest.download.split("/").pop() !== zipName || !zipName.includes(`-${manifest.version}.zip`)) {
    throw new Error(`system.json "download" (${manifest.download}) does not point at this release, ${zipName} (version ${manifest.version}).`);
  }
}

/**
 * Write the release zip for the system folder `root` to `outFile`.
 * @param {{ root: string, outFile: string, manifest?: Record<string, any> }} options  `manifest`: the
 *   system.json to ship (as the build wrote it to the root); read from `root/system.json` if left out
 * @returns {Promise<string[]>} the archived paths, e.g. `flex/system.json`
 */
export async function writeRelease({ root, outFile, manifest: given }) {
  const manifestPath = path.join(root, "system.json");
  if (!given && !(await exists(manifestPath))) throw new Error(`No system.json in ${root}; nothing to release.`);
  const manifest = given ?? JSON.parse(await readFile(manifestPath, "utf8"));
  if (typeof manifest.id !== "string" || !manifest.id) throw new Error("system.json has no \"id\".");
  checkReleaseFields(manifest, outFile);
  const top = manifest.id;

  const files = await collectFiles(root);
  const missing = referencedPaths(manifest)
    .filter((ref) => !files.some((f) => (ref.dir ? f.startsWith(`${ref.path}/`) : f === ref.path)))
    .map((ref) => ref.path);
  if (missing.length) {
    throw new Error(`system.json refers to paths that are missing or empty (build first?): ${missing.join(", ")}`);
  }

  await mkdir(path.dirname(outFile), { recursive: true });
  const zip = new yazl.ZipFile();
  // yazl reports unreadable input files on the ZipFile itself; fail the stream so the await rejects.
  zip.on("error", (err) => zip.outputStream.destroy(err));
  const archived = files.map((rel) => `${top}/${rel}`);
  files.forEach((rel, i) => {
    if (rel === "system.json") zip.addBuffer(Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`), archived[i]);
    else zip.addFile(path.join(root, rel), archived[i]);
  });
  zip.end();
  try {
    await pipeline(zip.outputStream, createWriteStream(outFile));
  } catch (err) {
    await rm(outFile, { force: true });
    throw err;
  }
  return archived;
}
