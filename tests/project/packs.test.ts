import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import yaml from "js-yaml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compilePacks, readPack } from "../../tools/packs.mjs";

interface SourceDoc {
  _id: string;
  _key: string;
  name: string;
  type: string;
  system: Record<string, unknown>;
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const sourceRoot = path.join(repoRoot, "packs", "_source");

async function sourceDocs(pack: string): Promise<{ file: string; doc: SourceDoc }[]> {
  const dir = path.join(sourceRoot, pack);
  const files = (await readdir(dir, { recursive: true })).filter((f) => /\.ya?ml$/.test(f)).sort();
  return Promise.all(
    files.map(async (file) => ({ file, doc: yaml.load(await readFile(path.join(dir, file), "utf8")) as SourceDoc })),
  );
}

describe("compendium packs compile from packs/_source with the Foundry CLI", () => {
  let outRoot: string;
  let results: { name: string; sourceCount: number; dest: string }[];

  beforeAll(async () => {
    outRoot = await mkdtemp(path.join(tmpdir(), "flex-packs-"));
    results = await compilePacks({ root: repoRoot, outRoot });
  });
  afterAll(async () => {
    await rm(outRoot, { recursive: true, force: true });
  });

  it("compiles one pack per source folder, including talente", async () => {
    const folders = (await readdir(sourceRoot, { withFileTypes: true })).filter((e) => e.isDirectory()).map((e) => e.name);
    // Plus the rules journal, generated from the language files (tools/rules-journal.mjs).
    expect(results.map((r) => r.name).sort()).toEqual([...folders, "regeln"].sort());
    expect(results.map((r) => r.name)).toContain("talente");
    for (const r of results) expect(r.dest).toBe(path.join(outRoot, r.name));
  });

  it("every source document is in the compiled LevelDB with its name, type and system data", async () => {
    for (const { name, dest, sourceCount } of results.filter((r) => r.name !== "regeln")) {
      const docs = await sourceDocs(name);
      expect(sourceCount).toBe(docs.length);
      const byKey = new Map((await readPack(dest)).map((e) => [e.key, e.value]));
      for (const { file, doc } of docs) {
        const entry = byKey.get(doc._key);
        expect(entry, `${name}/${file} (${doc._key})`).toBeDefined();
        expect(entry.name).toBe(doc.name);
        expect(entry.type).toBe(doc.type);
        // A folder inside a pack has a name and a document type, but no system data.
        if (doc._key.startsWith("!folders!")) continue;
        // A macro has its script instead.
        if (doc._key.startsWith("!macros!")) {
          expect(entry.command).toBe((doc as unknown as { command: string }).command);
          continue;
        }
        expect(entry.system).toBeTypeOf("object");
        expect(entry.system).toEqual(doc.system);
      }
    }
  });

  it("talente: at least 20 talents, keyed by _id, named <Name>_<id>.yml, with a valid attribute and category", async () => {
    const docs = await sourceDocs("talente");
    expect(docs.length).toBeGreaterThanOrEqual(20);
    const attributes = ["mu", "kl", "in", "ch", "ge", "ff", "ko", "kk"];
    for (const { file, doc } of docs) {
      expect(doc._id).toMatch(/^[A-Za-z0-9]{16}$/);
      expect(doc._key).toBe(`!items!${doc._id}`);
      expect(file).toMatch(new RegExp(`^[A-Za-z0-9_]+_${doc._id}\\.yml$`));
      expect(doc.type).toBe("talent");
      expect(attributes).toContain(doc.system.attribut);
      expect(["allgemein", "kampfart", "zauberschule"]).toContain(doc.system.kategorie);
      expect(doc.system.uebungswert).toBe(0);
      expect(doc.system.beschreibung).toMatch(/^<p>.+<\/p>$/);
    }
    expect(new Set(docs.map((d) => d.doc._id)).size).toBe(docs.length);
  });

  it("readPack on a folder that is not a pack rejects instead of creating one", async () => {
    await expect(readPack(path.join(outRoot, "does-not-exist"))).rejects.toThrow();
  });
});

describe("compilePacks refuses to drop documents silently", () => {
  let root: string;

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), "flex-badpacks-"));
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  /** A fake system root whose only pack "kaputt" holds a valid talent plus the given files. */
  async function fakeRoot(name: string, extra: Record<string, string>): Promise<string> {
    const dir = path.join(root, name);
    const src = path.join(dir, "packs", "_source", "kaputt");
    await mkdir(src, { recursive: true });
    const [valid] = await sourceDocs("talente");
    await cp(path.join(sourceRoot, "talente", valid.file), path.join(src, valid.file));
    for (const [file, text] of Object.entries(extra)) await writeFile(path.join(src, file), text);
    return dir;
  }

  const doc = (id: string, key: string | null, more = "") =>
    `_id: ${id}\n${key ? `_key: '${key}'\n` : ""}name: Test\ntype: talent\nsystem:\n  attribut: mu\n${more}`;

  it("a document without _key makes it throw, naming the pack", async () => {
    const dir = await fakeRoot("no-key", { "Ohne_Key.yml": doc("AAAAAAAAAAAAAAAA", null) });
    await expect(compilePacks({ root: dir, outRoot: path.join(dir, "out") })).rejects.toThrow(/"kaputt".*_key/s);
  });

  it("an embedded document without _key makes it throw", async () => {
    const effects = "effects:\n  - _id: EEEEEEEEEEEEEEEE\n    name: Effekt\n";
    const dir = await fakeRoot("no-embedded-key", { "Mit_Effekt.yml": doc("BBBBBBBBBBBBBBBB", "!items!BBBBBBBBBBBBBBBB", effects) });
    await expect(compilePacks({ root: dir, outRoot: path.join(dir, "out") })).rejects.toThrow(/"kaputt".*EEEEEEEEEEEEEEEE/s);
  });

  it("a duplicate _key makes it throw, naming the pack", async () => {
    const dup = doc("CCCCCCCCCCCCCCCC", "!items!CCCCCCCCCCCCCCCC");
    const dir = await fakeRoot("duplicate", { "Eins.yml": dup, "Zwei.yml": dup });
    await expect(compilePacks({ root: dir, outRoot: path.join(dir, "out") })).rejects.toThrow(/"kaputt".*CCCCCCCCCCCCCCCC/);
  });

  it("fewer top-level documents compiled than source files (a malformed _key) makes it throw", async () => {
    const dir = await fakeRoot("malformed", { "Schief.yml": doc("GGGGGGGGGGGGGGGG", "items/GGGGGGGGGGGGGGGG") });
    await expect(compilePacks({ root: dir, outRoot: path.join(dir, "out") })).rejects.toThrow(/"kaputt": compiled 1 .* has 2/);
  });

  it("embedded documents with keys compile and the old output folder is replaced", async () => {
    const effects = "effects:\n  - _id: FFFFFFFFFFFFFFFF\n    _key: '!items.effects!DDDDDDDDDDDDDDDD.FFFFFFFFFFFFFFFF'\n    name: Effekt\n";
    const dir = await fakeRoot("embedded-ok", { "Mit_Effekt.yml": doc("DDDDDDDDDDDDDDDD", "!items!DDDDDDDDDDDDDDDD", effects) });
    const outRoot = path.join(dir, "out");
    await mkdir(path.join(outRoot, "kaputt"), { recursive: true });
    await writeFile(path.join(outRoot, "kaputt", "stale.txt"), "old");
    const [result] = await compilePacks({ root: dir, outRoot });
    expect(result).toMatchObject({ name: "kaputt", sourceCount: 2 });
    expect(await readdir(result.dest)).not.toContain("stale.txt");
    const entries = await readPack(result.dest);
    const parent = entries.find((e) => e.key === "!items!DDDDDDDDDDDDDDDD");
    expect(parent?.value.effects).toEqual(["FFFFFFFFFFFFFFFF"]);
    expect(entries.some((e) => e.key === "!items.effects!DDDDDDDDDDDDDDDD.FFFFFFFFFFFFFFFF")).toBe(true);
  });
});
