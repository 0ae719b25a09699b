import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeRelease } from "../../tools/release.mjs";

const manifest = {
  id: "flex",
  title: "Flex",
  version: "0.0.0-test",
  esmodules: ["dist/flex.mjs"],
  styles: ["styles/flex.css"],
  languages: [{ lang: "de", name: "Deutsch", path: "lang/de.json" }],
  packs: [{ name: "talente", label: "Talente", path: "packs/talente", type: "Item", system: "flex" }],
};

/** Files of the fake system root: what ships and what must not. */
const files: Record<string, string> = {
  "system.json": JSON.stringify(manifest),
  "dist/flex.mjs": "console.log('flex');\n",
  "dist/flex.mjs.map": "{}",
  "lang/de.json": "{}",
  "lang/notes.txt": "not a language file",
  "templates/x.hbs": "<div>{{x}}</div>",
  "templates/.gitkeep": "",
  "styles/flex.css": "@layer system {}",
  "packs/talente/000005.ldb": "leveldb table",
  "packs/talente/000007.log": "leveldb journal (data, ships)",
  "packs/talente/CURRENT": "MANIFEST-000006\n",
  "packs/talente/MANIFEST-000006": "manifest",
  "packs/talente/LOCK": "",
  "packs/talente/LOG": "log",
  "packs/talente/LOG.old": "old log",
  "packs/_source/talente/Athletik_x.yml": "_id: x",
  "src/flex.ts": "export {};",
  "node_modules/yazl/index.js": "module.exports = {};",
  "tests/project/release.test.ts": "",
  "package.json": "{}",
  "vite.config.ts": "",
  "README.md": "# Flex",
};

const expected = [
  "flex/system.json",
  "flex/dist/flex.mjs",
  "flex/dist/flex.mjs.map",
  "flex/templates/x.hbs",
  "flex/styles/flex.css",
  "flex/lang/de.json",
  "flex/packs/talente/000005.ldb",
  "flex/packs/talente/000007.log",
  "flex/packs/talente/CURRENT",
  "flex/packs/talente/MANIFEST-000006",
  "flex/README.md",
];

describe("release zip", () => {
  let root: string;
  let outFile: string;
  let archived: string[];
  let bytes: Buffer;

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), "flex-release-"));
    for (const [file, text] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(root, file)), { recursive: true });
      await writeFile(path.join(root, file), text);
    }
    outFile = path.join(root, "release", "flex-0.0.0-test.zip");
    archived = await writeRelease({ root, outFile });
    bytes = await readFile(outFile);
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it("archives exactly what Foundry needs, under flex/", () => {
    expect([...archived].sort()).toEqual([...expected].sort());
  });

  it("leaves out sources, tests, node_modules, pack sources and LevelDB LOCK/LOG files", () => {
    for (const p of archived) {
      expect(p).not.toMatch(/^flex\/(src|node_modules|tests|packs\/_source)\//);
      expect(p).not.toMatch(/\/(LOCK|LOG|LOG\.old)$/);
    }
  });

  it("writes a zip file that holds every archived path", async () => {
    expect((await stat(outFile)).size).toBeGreaterThan(0);
    expect(bytes.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
    for (const p of expected) expect(bytes.includes(Buffer.from(p)), p).toBe(true);
    for (const p of ["flex/src/flex.ts", "node_modules/", "_source/", "flex/packs/talente/LOCK", "flex/package.json"]) {
      expect(bytes.includes(Buffer.from(p)), p).toBe(false);
    }
  });

  it("refuses to write a release when a file system.json refers to is missing", async () => {
    await rm(path.join(root, "dist", "flex.mjs"));
    await expect(writeRelease({ root, outFile: path.join(root, "release", "broken.zip") })).rejects.toThrow(/dist\/flex\.mjs/);
    await writeFile(path.join(root, "dist", "flex.mjs"), files["dist/flex.mjs"]);
  });
});
