// Compendium packs: packs/_source/<pack>/**/*.yml → packs/<pack> (LevelDB) with the official CLI,
// and a reader for the compiled LevelDB (used by the build check and by tests).
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { compilePack } from "@foundryvtt/foundryvtt-cli";
import { ClassicLevel } from "classic-level";
import yaml from "js-yaml";

// compilePack with { yaml: true } reads only these; anything else in a source folder would be dropped.
const SOURCE_EXTENSIONS = new Set([".yml", ".yaml"]);

/** A top-level key has no dot in its collection part: `!items!<id>`, not `!items.effects!<id>.<eid>`. */
const TOP_LEVEL_KEY = /^![^!.]+![^!.]+$/;

/** All YAML source files under `dir` (recursively), sorted; throws on a stray JSON source the CLI would ignore. */
async function listSourceFiles(dir) {
  const files = (await readdir(dir, { withFileTypes: true, recursive: true }))
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath ?? e.path, e.name))
    .sort();
  const json = files.filter((f) => path.extname(f).toLowerCase() === ".json");
  if (json.length) throw new Error(`JSON sources are not compiled (packs are built from YAML): ${json.join(", ")}`);
  return files.filter((f) => SOURCE_EXTENSIONS.has(path.extname(f).toLowerCase()));
}

/** Parsed source documents of one pack folder: `{ file, doc }[]` (one document per file, as the CLI reads them). */
export async function readSourceDocuments(dir) {
  const files = await listSourceFiles(dir);
  return Promise.all(
    files.map(async (file) => {
      const text = await readFile(file, "utf8");
      return { file, doc: yaml.load(text, { filename: file }) };
    }),
  );
}

/** Paths (as `file: field`) of documents and embedded documents lacking a `_key`. */
function missingKeys(sources, root) {
  const missing = [];
  const visit = (value, where) => {
    if (Array.isArray(value)) {
      value.forEach((v, i) => visit(v, `${where}[${i}]`));
      return;
    }
    if (value === null || typeof value !== "object") return;
    // Embedded documents live in arrays of objects with an _id (effects, items, pages, …).
    for (const [field, child] of Object.entries(value)) {
      if (!Array.isArray(child)) continue;
      child.forEach((item, i) => {
        if (item && typeof item === "object" && "_id" in item) {
          if (!item._key) missing.push(`${where}.${field}[${i}] (_id ${item._id})`);
          visit(item, `${where}.${field}[${i}]`);
        }
      });
    }
  };
  for (const { file, doc } of sources) {
    const rel = path.relative(root, file);
    if (!doc || typeof doc !== "object") {
      missing.push(`${rel} (not a document)`);
      continue;
    }
    if (!doc._key) missing.push(`${rel} (_id ${doc._id ?? "?"})`);
    visit(doc, rel);
  }
  return missing;
}

/**
 * Compile every folder packs/_source/<pack>/ under `root` into `<outRoot>/<pack>`.
 * Throws, naming the pack, if a source document did not end up in the compiled pack.
 * @param {{ root: string, outRoot?: string }} options
 * @returns {Promise<{ name: string, sourceCount: number, dest: string }[]>}
 */
export async function compilePacks({ root, outRoot = path.join(root, "packs") }) {
  const sourceRoot = path.join(root, "packs", "_source");
  if (!(await isDirectory(sourceRoot))) return [];
  const packs = (await readdir(sourceRoot, { withFileTypes: true }))
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();

  const results = [];
  for (const name of packs) {
    const src = path.join(sourceRoot, name);
    const dest = path.join(outRoot, name);
    if (path.resolve(dest) === path.resolve(src) || path.resolve(dest) === path.resolve(sourceRoot)) {
      throw new Error(`Pack "${name}": output folder ${dest} would overwrite the sources.`);
    }
    let sources;
    try {
      sources = await readSourceDocuments(src);
    } catch (err) {
      throw new Error(`Pack "${name}": ${err instanceof Error ? err.message : err}`, { cause: err });
    }
    const missing = missingKeys(sources, root);
    if (missing.length) {
      throw new Error(
        `Pack "${name}": ${missing.length} document(s) without _key, which compilePack would skip or fail on:\n  ` +
          missing.join("\n  "),
      );
    }

    await rm(dest, { recursive: true, force: true });
    try {
      await compilePack(src, dest, { yaml: true, recursive: true });
    } catch (err) {
      throw new Error(`Pack "${name}": compilePack failed: ${err instanceof Error ? err.message : err}`, { cause: err });
    }

    const compiled = (await readPack(dest)).filter(({ key }) => TOP_LEVEL_KEY.test(key)).length;
    if (compiled !== sources.length) {
      throw new Error(
        `Pack "${name}": compiled ${compiled} top-level document(s) but packs/_source/${name} has ${sources.length}. ` +
          "Every document needs a _key (`!items!<_id>`) and a unique _id.",
      );
    }
    results.push({ name, sourceCount: sources.length, dest });
  }
  // The rules journal is generated from the system's rule IDs and language files (absent in a bare pack folder).
  if (await isFile(path.join(root, "src", "rules", "ids.ts"))) results.push(await compileRulesJournal(root, outRoot));
  return results;
}

/** The generated pack "regeln" (tools/rules-journal.mjs): written as YAML to a temporary folder and compiled like the rest. */
async function compileRulesJournal(root, outRoot) {
  const { buildRulesJournal } = await import("./rules-journal.mjs");
  const entries = await buildRulesJournal(root);
  const src = await mkdtemp(path.join(tmpdir(), "flex-regeln-"));
  const dest = path.join(outRoot, "regeln");
  try {
    for (const entry of entries) await writeFile(path.join(src, `${entry._id}.yml`), yaml.dump(entry));
    await rm(dest, { recursive: true, force: true });
    await compilePack(src, dest, { yaml: true });
  } finally {
    await rm(src, { recursive: true, force: true });
  }
  const compiled = (await readPack(dest)).filter(({ key }) => TOP_LEVEL_KEY.test(key)).length;
  if (compiled !== entries.length) throw new Error(`Pack "regeln": compiled ${compiled} of ${entries.length} generated journal entries.`);
  return { name: "regeln", sourceCount: entries.length, dest, generated: true };
}

/**
 * Every entry of a compiled LevelDB pack. Only reads; the database is always closed again.
 * @param {string} dir
 * @returns {Promise<{ key: string, value: any }[]>}
 */
export async function readPack(dir) {
  const db = new ClassicLevel(dir, { keyEncoding: "utf8", valueEncoding: "json", createIfMissing: false });
  try {
    await db.open();
    const entries = [];
    for await (const [key, value] of db.iterator()) entries.push({ key, value });
    return entries;
  } finally {
    await db.close();
  }
}

async function isFile(p) {
  try {
    return (await stat(p)).isFile();
  } catch {
    return false;
  }
}

async function isDirectory(p) {
  try {
    return (await stat(p)).isDirectory();
  } catch {
    return false;
  }
}
