// system.json and the files it points at agree: what Foundry loads is there.
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { FLEX_STATUSES } from "../../src/helpers/status-effects";

const ROOT = join(import.meta.dirname, "..", "..");
const manifest = JSON.parse(readFileSync(join(ROOT, "system.json"), "utf8"));
const local = (p: string) => join(ROOT, p.replace(/^systems\/flex\//, ""));

describe("system.json", () => {
  it("is the Flex system for Foundry v13", () => {
    expect(manifest).toMatchObject({ id: "flex", compatibility: { minimum: "13", verified: "13" }, socket: true, primaryTokenAttribute: "leben" });
    expect(manifest.grid).toMatchObject({ distance: 1, units: "Schritt" }); // R-OPT-GRID
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

  it("each pack has its source folder", () => {
    for (const pack of manifest.packs) {
      expect(pack.path).toBe(`packs/${pack.name}`);
      expect(readdirSync(join(ROOT, "packs", "_source", pack.name)).length).toBeGreaterThan(0);
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
