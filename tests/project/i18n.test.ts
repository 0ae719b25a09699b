// Every text a user sees is in German, English and Russian, with the same keys and placeholders.
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { FLEX } from "../../src/config";
import { FLEX_STATUSES } from "../../src/helpers/status-effects";

const ROOT = join(import.meta.dirname, "..", "..");
const LANGS = ["de", "en", "ru"] as const;

function flatten(obj: Record<string, unknown>, prefix = ""): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(obj)) {
    if (v && typeof v === "object") Object.assign(out, flatten(v as Record<string, unknown>, `${prefix}${k}.`));
    else out[`${prefix}${k}`] = String(v);
  }
  return out;
}
const lang = Object.fromEntries(LANGS.map((l) => [l, flatten(JSON.parse(readFileSync(join(ROOT, "lang", `${l}.json`), "utf8")))])) as Record<(typeof LANGS)[number], Record<string, string>>;

function files(dir: string, ext: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? files(p, ext) : p.endsWith(ext) ? [p] : [];
  });
}

/** Full keys written as literals in code and templates; "FLEX.Attribute." (a prefix) is not a key. */
function usedKeys(): Set<string> {
  const keys = new Set<string>();
  const sources = [...files(join(ROOT, "src"), ".ts"), ...files(join(ROOT, "templates"), ".hbs")];
  for (const f of sources) {
    for (const m of readFileSync(f, "utf8").matchAll(/["'`]((?:FLEX|TYPES)\.[A-Za-z0-9_.]+)["'`]/g)) {
      const key = m[1];
      if (key.endsWith(".")) continue;
      if (/^FLEX\.(Actor|Item)\.\w+$/.test(key)) continue; // LOCALIZATION_PREFIXES
      keys.add(key);
    }
  }
  return keys;
}

describe("language files", () => {
  it("de, en and ru have exactly the same keys", () => {
    expect(Object.keys(lang.en).sort()).toEqual(Object.keys(lang.de).sort());
    expect(Object.keys(lang.ru).sort()).toEqual(Object.keys(lang.de).sort());
  });

  it("no translation is empty and each keeps the German placeholders", () => {
    const placeholders = (s: string) => [...s.matchAll(/{(\w+)}/g)].map((m) => m[1]).sort();
    for (const [key, de] of Object.entries(lang.de)) {
      for (const l of LANGS) {
        expect(lang[l][key]?.trim(), `${l}: ${key}`).toBeTruthy();
        expect(placeholders(lang[l][key]), `${l}: ${key}`).toEqual(placeholders(de));
      }
    }
  });

  it("every key used in code or templates exists", () => {
    // A literal that is the prefix of existing keys (labels built as `${prefix}.${key}`) is not a key itself.
    const isPrefix = (k: string) => Object.keys(lang.de).some((key) => key.startsWith(`${k}.`));
    const missing = [...usedKeys()].filter((k) => !(k in lang.de) && !isPrefix(k));
    expect(missing).toEqual([]);
  });

  it("every label in CONFIG.FLEX and every status exists", () => {
    const labels = [
      ...Object.values(FLEX.attributes).flatMap((a) => [a.label, a.abbreviation]),
      ...Object.values(FLEX.sizes),
      ...Object.values(FLEX.talentCategories),
      ...Object.values(FLEX.creatureKinds),
      ...Object.values(FLEX.damageTypes),
      ...FLEX_STATUSES.map((s) => s.name),
      ...["essen", "trinken", "schlaf"].flatMap((n) => [`FLEX.Versorgung.${n}`, `FLEX.EndOfDay.Missing.${n}`]),
      ...["leben", "fluss", "gunst"].map((p) => `FLEX.Pool.${p}`),
    ];
    expect(labels.filter((k) => !(k in lang.de))).toEqual([]);
  });

  it("every document subtype has a name", () => {
    const manifest = JSON.parse(readFileSync(join(ROOT, "system.json"), "utf8"));
    const keys = Object.entries(manifest.documentTypes as Record<string, Record<string, unknown>>).flatMap(([doc, types]) => Object.keys(types).map((t) => `TYPES.${doc}.${t}`));
    expect(keys.filter((k) => !(k in lang.de))).toEqual([]);
  });
});
