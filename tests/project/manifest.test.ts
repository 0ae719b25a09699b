// system.json and the files it points at agree: what Foundry loads is there.
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { FLEX_STATUSES } from "../../src/helpers/status-effects";
import { releaseFields } from "../../tools/manifest.mjs";

const ROOT = join(import.meta.dirname, "..", "..");
const manifest = JSON.parse(readFileSync(join(ROOT, "system.json"), "utf8"));
const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8"));
const local = (p: string) => join(ROOT, p.replace(/^systems\/flex\//, ""));
const SYNC = "system.json is filled from package.json by `npm run build`; run it";

describe("system.json", () => {
  it("is the Flex system for Foundry v13", () => {
    expect(manifest).toMatchObject({ id: "flex", compatibility: { verified: "13" }, primaryTokenAttribute: "leben" });
    expect(manifest.grid).toMatchObject({ distance: 1, units: "Schritt" }); // R-OPT-GRID
  });

  it("needs a full v13 build (13.341, the first stable one) at least, not a bare \"13\"", () => {
    const minimum: string = manifest.compatibility.minimum;
    expect(minimum, "compatibility.minimum").toMatch(/^13\.\d{3,}$/);
    expect(Number(minimum.split(".")[1]), "compatibility.minimum").toBeGreaterThanOrEqual(341);
  });

  it("declares a socket only when the code uses game.socket (it talks to the GM through CONFIG.queries)", () => {
    const src = readdirSync(join(ROOT, "src"), { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".ts"));
    const users = src.filter((f) => /\bgame\.socket\b|\bsocket\s*\.\s*(emit|on)\s*\(/.test(readFileSync(join(ROOT, "src", f), "utf8")));
    if (users.length) expect(manifest.socket, `game.socket is used in ${users.join(", ")}`).toBe(true);
    else expect(manifest, "socket: nothing in src/ uses game.socket").not.toHaveProperty("socket");
  });

  it("has the version of package.json and the addresses to install and update it from", () => {
    expect(manifest.version, SYNC).toBe(pkg.version);
    const expected = releaseFields(pkg, "flex");
    expect({ url: manifest.url, manifest: manifest.manifest, download: manifest.download }, SYNC).toEqual({
      url: expected.url,
      manifest: expected.manifest,
      download: expected.download,
    });
    for (const key of ["url", "manifest", "download"]) expect(manifest[key], key).toMatch(/^https?:\/\/[^/\s]+/);
    // download: this version's zip; manifest: the latest system.json (no version in it, so updates are found).
    expect(manifest.download).toMatch(new RegExp(`/flex-${pkg.version.replace(/[.+]/g, "\\$&")}\\.zip$`));
    expect(manifest.manifest).toMatch(/\/system\.json$/);
    expect(manifest.manifest).not.toContain(pkg.version);
  });

  it("loads the bundle vite builds, the stylesheet and three languages", () => {
    expect(manifest.esmodules).toEqual(["dist/flex.mjs"]);
    expect(readFileSync(join(ROOT, "vite.config.ts"), "utf8")).toContain("flex.mjs");
    for (const s of manifest.styles) expect(existsSync(join(ROOT, s)), s).toBe(true);
    expect(manifest.languages.map((l: { lang: string }) => l.lang)).toEqual(["de", "en", "ru"]);
    for (const l of manifest.languages) expect(existsSync(join(ROOT, l.path)), l.path).toBe(true);
  });

  it("each item type has its details template (one model, one template, one language block)", () => {
    for (const type of Object.keys(manifest.documentTypes.Item)) {
      expect(existsSync(join(ROOT, "templates", "item", "details", `${type}.hbs`)), type).toBe(true);
    }
  });

  it("each pack has its source folder (the rules journal is generated from the language files), a banner, and sits in the Flex pack folder", () => {
    for (const pack of manifest.packs) {
      expect(pack.path).toBe(`packs/${pack.name}`);
      if (pack.name === "regeln") expect(existsSync(join(ROOT, "tools", "rules-journal.mjs"))).toBe(true);
      else expect(readdirSync(join(ROOT, "packs", "_source", pack.name)).length, pack.name).toBeGreaterThan(0);
      expect(existsSync(local(pack.banner)), pack.banner).toBe(true);
      expect(pack.ownership, pack.name).toEqual({ PLAYER: "OBSERVER", ASSISTANT: "OWNER" });
    }
    expect(manifest.packFolders.flatMap((f: { packs: string[] }) => f.packs).sort()).toEqual(manifest.packs.map((p: { name: string }) => p.name).sort());
  });

  it("each pack's label is a language key (core shows it in the client's language, as Draw Steel's packs do) with a text in de, en and ru", () => {
    const texts = ["de", "en", "ru"].map((l) => JSON.parse(readFileSync(join(ROOT, "lang", `${l}.json`), "utf8")).FLEX.Pack as Record<string, string>);
    for (const pack of manifest.packs) {
      expect(pack.label).toBe(`FLEX.Pack.${pack.name}`);
      for (const text of texts) expect(text[pack.name], pack.name).toBeTruthy();
    }
  });

  it("every template and icon the code names exists", () => {
    const src = readdirSync(join(ROOT, "src"), { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".ts"));
    const named = src.flatMap((f) => [...readFileSync(join(ROOT, "src", f), "utf8").matchAll(/"(systems\/flex\/templates\/[^"]+\.hbs)"/g)].map((m) => m[1]));
    expect(named.length).toBeGreaterThan(5);
    expect(named.filter((p) => !existsSync(local(p)))).toEqual([]);
    expect(FLEX_STATUSES.filter((s) => !existsSync(local(s.img)))).toEqual([]);
  });
});
