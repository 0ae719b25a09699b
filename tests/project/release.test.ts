import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { inflateRawSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { syncManifest } from "../../tools/manifest.mjs";
import { writeRelease } from "../../tools/release.mjs";

const manifest = {
  id: "flex",
  title: "Flex",
  version: "0.0.0-test",
  url: "https://example.invalid/flex",
  manifest: "https://example.invalid/flex/releases/latest/download/system.json",
  download: "https://example.invalid/flex/releases/download/v0.0.0-test/flex-0.0.0-test.zip",
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

/** The files of a zip by name (stored or deflated entries, read through the central directory). */
function unzip(zip: Buffer): Map<string, Buffer> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(end, "end of central directory").toBeGreaterThan(0);
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const out = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    expect(zip.readUInt32LE(at), "central directory entry").toBe(0x02014b50);
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const skip = nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.toString("utf8", at + 46, at + 46 + nameLength);
    const data = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const raw = zip.subarray(data, data + size);
    out.set(name, method === 8 ? inflateRawSync(raw) : raw);
    at += 46 + skip;
  }
  return out;
}

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

  it("ships a system.json that says where to install and update it from", () => {
    const shipped = JSON.parse(unzip(bytes).get("flex/system.json")!.toString("utf8"));
    expect(shipped).toEqual(manifest);
  });

  it("refuses a system.json without url, manifest or download, or whose download is another zip", async () => {
    const out = path.join(root, "release", "flex-0.0.0-test.zip");
    for (const key of ["url", "manifest", "download"] as const) {
      const { [key]: _gone, ...without } = manifest;
      await expect(writeRelease({ root, outFile: out, manifest: without }), key).rejects.toThrow(new RegExp(`no ${key}`));
    }
    const older = { ...manifest, download: manifest.download.replaceAll("0.0.0-test", "0.0.0-old") };
    await expect(writeRelease({ root, outFile: out, manifest: older })).rejects.toThrow(/does not point at this release/);
    const renamed = path.join(root, "release", "flex-9.9.9.zip");
    await expect(writeRelease({ root, outFile: renamed, manifest: { ...manifest, download: manifest.download.replace("flex-0.0.0-test.zip", "flex-9.9.9.zip") } })).rejects.toThrow(
      /does not point at this release/,
    );
  });

  it("refuses to write a release when a file system.json refers to is missing", async () => {
    await rm(path.join(root, "dist", "flex.mjs"));
    await expect(writeRelease({ root, outFile: path.join(root, "broken", "flex-0.0.0-test.zip") })).rejects.toThrow(/dist\/flex\.mjs/);
    await writeFile(path.join(root, "dist", "flex.mjs"), files["dist/flex.mjs"]);
  });
});

describe("release fields from package.json (what `npm run build` writes)", () => {
  let root: string;
  const pkg = {
    name: "flex-foundry",
    version: "1.2.3",
    homepage: "https://example.invalid/flex-home",
    repository: { type: "git", url: "git+https://example.invalid/flex-foundry.git" },
    flexRelease: {
      manifest: "{repository}/releases/latest/download/system.json",
      download: "{repository}/releases/download/v{version}/{id}-{version}.zip",
    },
  };
  const { url: _u, manifest: _m, download: _d, ...bare } = { ...manifest, version: "1.0.0", socket: undefined };

  async function fakeRoot(pkgJson: unknown, systemJson: unknown = bare) {
    await writeFile(path.join(root, "package.json"), JSON.stringify(pkgJson));
    await writeFile(path.join(root, "system.json"), JSON.stringify(systemJson, null, 2));
  }

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), "flex-manifest-"));
    for (const [file, text] of Object.entries(files)) {
      if (file === "system.json" || file === "package.json") continue;
      await mkdir(path.dirname(path.join(root, file)), { recursive: true });
      await writeFile(path.join(root, file), text);
    }
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it("fills version, url, manifest and download into the root system.json and the zip's copy alike", async () => {
    await fakeRoot(pkg);
    const { manifest: synced, changes } = await syncManifest({ root });
    expect(changes).toEqual(["version 1.0.0 → 1.2.3", "url set", "manifest set", "download set"]);
    const onDisk = JSON.parse(await readFile(path.join(root, "system.json"), "utf8"));
    expect(onDisk).toEqual(synced);
    expect(onDisk).toMatchObject({
      version: "1.2.3",
      url: "https://example.invalid/flex-home",
      manifest: "https://example.invalid/flex-foundry/releases/latest/download/system.json",
      download: "https://example.invalid/flex-foundry/releases/download/v1.2.3/flex-1.2.3.zip",
    });
    expect(Object.keys(onDisk).slice(0, 7)).toEqual(["id", "title", "version", "url", "manifest", "download", "esmodules"]);

    const outFile = path.join(root, "release", "flex-1.2.3.zip");
    await writeRelease({ root, outFile, manifest: synced });
    const shipped = JSON.parse(unzip(await readFile(outFile)).get("flex/system.json")!.toString("utf8"));
    expect(shipped).toEqual(onDisk);

    // A second build changes nothing.
    expect((await syncManifest({ root })).changes).toEqual([]);
  });

  it("follows a new package.json version (package.json is the one source)", async () => {
    await fakeRoot({ ...pkg, version: "1.3.0" }, JSON.parse(await readFile(path.join(root, "system.json"), "utf8")));
    const { manifest: synced, changes } = await syncManifest({ root });
    expect(changes).toEqual([
      "version 1.2.3 → 1.3.0",
      "download https://example.invalid/flex-foundry/releases/download/v1.2.3/flex-1.2.3.zip → https://example.invalid/flex-foundry/releases/download/v1.3.0/flex-1.3.0.zip",
    ]);
    expect(synced.manifest).toBe("https://example.invalid/flex-foundry/releases/latest/download/system.json");
  });

  it("fails with a clear message on a package.json it cannot make addresses from", async () => {
    const { repository: _r, ...noRepository } = pkg;
    const cases: [unknown, RegExp][] = [
      [noRepository, /no "repository\.url"/],
      [{ ...pkg, repository: "example.invalid/flex" }, /must be an http\(s\) address/],
      [{ ...pkg, flexRelease: { ...pkg.flexRelease, download: "{repository}/releases/latest/download/flex.zip" } }, /must contain \{version\}/],
      [{ ...pkg, flexRelease: { ...pkg.flexRelease, manifest: "{repository}/releases/download/v{version}/system.json" } }, /must not contain \{version\}/],
      [{ ...pkg, flexRelease: { ...pkg.flexRelease, manifest: undefined } }, /"flexRelease\.manifest" is missing/],
      [{ ...pkg, flexRelease: { ...pkg.flexRelease, download: "{repository}/v{version}/{name}.zip" } }, /unknown placeholder \{name\}/],
      [{ ...pkg, flexRelease: { ...pkg.flexRelease, download: "{repository}/v{version}/flex.zip" } }, /must end in the zip the build writes, flex-1\.2\.3\.zip/],
      [{ ...pkg, version: "next" }, /"version" is not a version/],
    ];
    for (const [pkgJson, message] of cases) {
      await fakeRoot(pkgJson);
      await expect(syncManifest({ root }), String(message)).rejects.toThrow(message);
      expect(JSON.parse(await readFile(path.join(root, "system.json"), "utf8")), "system.json untouched").toEqual(bare);
    }
  });
});
