// Issue 17 scope 2 and 4, "Done when": every document of every pack the system ships loads into the data
// models as it is (no invalid field, no unknown type, nothing repaired), carries its English and Russian
// translation, and its links resolve; the compiled packs read back whole; the rules journal has a page for
// every rule ID in every language; the macros call what the system offers.
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { RULE_IDS } from "../../src/rules";
import { compilePacks, readPack, readSourceDocuments } from "../../tools/packs.mjs";
import { translationProblems } from "../../tools/pack-i18n.mjs";
import { buildRulesJournal, rulesJournal, readRuleIds } from "../../tools/rules-journal.mjs";
import { addDocumentToCompendium, resetWorld, state } from "../harness";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
const ROOT = join(import.meta.dirname, "..", "..");
const manifest = JSON.parse(readFileSync(join(ROOT, "system.json"), "utf8"));
const g = globalThis as Any;

const sources: Record<string, Any[]> = {};
/** The source file of each document, by its _id (the generated journal has none). */
const fileOf = new Map<string, string>();

beforeAll(async () => {
  for (const pack of manifest.packs) {
    if (pack.name === "regeln") {
      sources[pack.name] = await buildRulesJournal(ROOT);
      continue;
    }
    const read = await readSourceDocuments(join(ROOT, "packs", "_source", pack.name)).catch(() => []);
    for (const { file, doc } of read as Any[]) fileOf.set(doc._id, file);
    sources[pack.name] = read.map((s: Any) => s.doc);
  }
});

beforeEach(() => {
  resetWorld({ gms: 1 });
});

const isFolder = (doc: Any) => String(doc._key).startsWith("!folders!");
const docsOf = (pack: string) => (sources[pack] ?? []).filter((d) => !isFolder(d));
const ofType = (type: string) => manifest.packs.filter((p: Any) => p.type === type).map((p: Any) => p.name) as string[];

describe("every pack document loads into its data model as it is", () => {
  it("Items and Actors: no unknown type, no invalid field, nothing repaired (system, embedded items)", () => {
    const warned = state.notifications.length;
    for (const type of ["Item", "Actor"] as const) {
      for (const pack of ofType(type)) {
        for (const doc of docsOf(pack)) {
          const where = `${pack}/${doc.name}`;
          const loaded = addDocumentToCompendium(pack, type, doc) as Any;
          expect(loaded.type, where).toBe(doc.type);
          expect(loaded.toObject().system, where).toEqual(doc.system);
          for (const item of doc.items ?? []) {
            const own = loaded.items.get(item._id);
            expect(own?.toObject().system, `${where} › ${item.name}`).toEqual(item.system);
          }
        }
      }
    }
    expect(state.notifications.slice(warned)).toEqual([]);
  });

  it("folders inside packs are of the pack's document type; every folder a document names exists, and the document sits in its directory", () => {
    for (const pack of manifest.packs) {
      const folders = (sources[pack.name] ?? []).filter(isFolder);
      for (const f of folders) expect(f.type, `${pack.name}/${f.name}`).toBe(pack.type);
      const ids = new Set(folders.map((f: Any) => f._id));
      for (const doc of docsOf(pack.name)) {
        if (!doc.folder) continue;
        expect(ids.has(doc.folder), `${pack.name}/${doc.name}`).toBe(true);
        expect(dirname(fileOf.get(doc._id)!), `${pack.name}/${doc.name}`).toBe(dirname(fileOf.get(doc.folder)!));
      }
    }
  });

  it("every document, embedded item, page and folder has its English and Russian translation", () => {
    const problems = manifest.packs.flatMap((p: Any) => (sources[p.name] ?? []).flatMap((doc: Any) => translationProblems(doc, `${p.name}/${doc.name}`)));
    expect(problems).toEqual([]);
  });

  it("ids are stable and unique across all packs", () => {
    const ids = manifest.packs.flatMap((p: Any) => (sources[p.name] ?? []).map((d: Any) => d._id));
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe("links between documents resolve", () => {
  const talentNames = () => new Set(docsOf("talente").map((t) => t.name));
  const talentTranslation = (name: string, lang: string) => docsOf("talente").find((t) => t.name === name)?.flags?.flex?.i18n?.[lang]?.name;

  it("a weapon's Kampfart and a spell's Zauberschule are talents of the Talente pack, translated to the same names", () => {
    const names = talentNames();
    const linked = ofType("Item").flatMap((p) => docsOf(p)).filter((d) => d.type === "weapon" || d.type === "spell");
    expect(linked.length).toBeGreaterThan(10);
    for (const doc of linked) {
      const field = doc.type === "weapon" ? "talent" : "zauberschule";
      const name = doc.system[field];
      expect(names.has(name), `${doc.name}: ${field} "${name}"`).toBe(true);
      for (const lang of ["en", "ru"]) expect(doc.flags.flex.i18n[lang].system?.[field], `${doc.name} ${lang}`).toBe(talentTranslation(name, lang));
    }
  });

  it("a creature's handling talent, when it names one, is in the Talente pack", () => {
    const names = talentNames();
    for (const doc of ofType("Actor").flatMap((p) => docsOf(p))) {
      if (doc.system.umgangTalent) expect(names.has(doc.system.umgangTalent), doc.name).toBe(true);
    }
  });

  it("every @UUID link in a description or journal page names a document of a pack", () => {
    const byUuid = new Set<string>();
    for (const pack of manifest.packs) for (const doc of docsOf(pack.name)) byUuid.add(`Compendium.flex.${pack.name}.${pack.type}.${doc._id}`);
    const texts = manifest.packs.flatMap((p: Any) =>
      docsOf(p.name).flatMap((d: Any) => [JSON.stringify(d.system ?? {}), ...(d.pages ?? []).map((pg: Any) => JSON.stringify([pg.text, pg.flags]))]),
    );
    const links = texts.flatMap((t: string) => [...t.matchAll(/@UUID\[([^\]]+)\]/g)].map((m) => m[1]));
    expect(links.length).toBeGreaterThan(0);
    expect(links.filter((l: string) => !byUuid.has(l))).toEqual([]);
  });
});

describe("what a Flex table gets on day one", () => {
  it("≥ 30 creatures, ≥ 40 items besides talents and rest entries, ≥ 6 macros", () => {
    const creatures = ofType("Actor").flatMap((p) => docsOf(p)).filter((d) => d.type === "creature");
    expect(creatures.length).toBeGreaterThanOrEqual(30);
    const gear = docsOf("ausruestung");
    expect(gear.length).toBeGreaterThanOrEqual(40);
    for (const type of ["weapon", "armor", "equipment", "alchemical", "spell"]) expect(gear.some((d) => d.type === type), type).toBe(true);
    expect(docsOf("makros").length).toBeGreaterThanOrEqual(6);
  });

  it("talents of every category; a healer's kit with 10 charges; Alchemika of several Stufen; seeds", () => {
    expect(new Set(docsOf("talente").map((t) => t.system.kategorie))).toEqual(new Set(["allgemein", "kampfart", "zauberschule"]));
    const gear = docsOf("ausruestung");
    expect(gear.find((d) => d.type === "equipment" && /Heilerset/.test(d.name))?.system.ladungen).toEqual({ value: 10, max: 10 });
    expect(new Set(gear.filter((d) => d.type === "alchemical").map((d) => d.system.stufe)).size).toBeGreaterThanOrEqual(3);
    expect(gear.some((d) => /Saat/i.test(d.name))).toBe(true);
  });
});

describe("the rules journal (generated from the language files)", () => {
  it("has a page for every rule ID of the system, in German, English and Russian, naming what the system does", () => {
    const pages = docsOf("regeln").flatMap((e) => e.pages);
    expect(pages.map((p: Any) => p.flags.flex.rule).sort()).toEqual([...RULE_IDS].sort());
    for (const page of pages) {
      const id = page.flags.flex.rule;
      // The page's title names the rule: its ID and its title in each language.
      for (const name of [page.name, page.flags.flex.i18n.en.name, page.flags.flex.i18n.ru.name]) expect(name, id).toMatch(new RegExp(`^${id} \\S`));
      for (const content of [page.text.content, page.flags.flex.i18n.en.text.content, page.flags.flex.i18n.ru.text.content]) {
        expect(content.length, id).toBeGreaterThan(120);
      }
      expect(page.text.content, id).toContain("Im System:");
      expect(page.flags.flex.i18n.en.text.content, id).toContain("In the system:");
      expect(page.flags.flex.i18n.ru.text.content, id).toContain("В системе:");
    }
  });

  it("reads the rule IDs from the system itself, and a rule ID without its texts is named as missing", async () => {
    expect(await readRuleIds(ROOT)).toEqual([...RULE_IDS]);
    const lang = Object.fromEntries(["de", "en", "ru"].map((c) => [c, JSON.parse(readFileSync(join(ROOT, "lang", `${c}.json`), "utf8"))]));
    expect(rulesJournal({ ids: [...RULE_IDS], lang }).missing).toEqual([]);
    const { missing } = rulesJournal({ ids: [...RULE_IDS, "R-CORE-99", "R-NEU-1"], lang });
    expect(missing).toEqual(expect.arrayContaining(["de: FLEX.RuleText.R-CORE-99.title", "ru: FLEX.RuleText.R-CORE-99.text", "chapter: R-NEU-1"]));
  });

  it("an entry opened from the pack in an English or Russian world shows its chapter and pages in that language", () => {
    const entry = docsOf("regeln").find((e) => e.flags.flex.chapter === "falling");
    for (const lang of ["en", "ru"]) {
      g.game.i18n.lang = lang;
      const shown = new g.CONFIG.JournalEntry.documentClass(entry, { pack: "flex.regeln" });
      expect(shown.name).toBe(entry.flags.flex.i18n[lang].name);
      const page = shown.pages.contents[0];
      expect(page.name).toBe(entry.pages[0].flags.flex.i18n[lang].name);
      expect(page.text.content).toBe(entry.pages[0].flags.flex.i18n[lang].text.content);
    }
    expect(entry.name).toMatch(/^8\. /);
  });
});

describe("the compiled packs read back whole", () => {
  let outRoot: string;
  beforeAll(async () => {
    outRoot = await mkdtemp(join(tmpdir(), "flex-validate-"));
    await compilePacks({ root: ROOT, outRoot });
  });
  afterAll(async () => {
    await rm(outRoot, { recursive: true, force: true });
  });

  it("every document and embedded document of every pack is in its LevelDB", async () => {
    for (const pack of manifest.packs) {
      const keys = new Set((await readPack(join(outRoot, pack.name))).map((e: Any) => e.key));
      for (const doc of sources[pack.name]!) {
        expect(keys.has(doc._key), `${pack.name}/${doc.name}`).toBe(true);
        for (const child of [...(doc.items ?? []), ...(doc.pages ?? [])]) expect(keys.has(child._key), `${pack.name}/${doc.name} › ${child.name}`).toBe(true);
      }
    }
  });
});

describe("the macros call what the system offers", () => {
  it("each macro runs and calls its game.flex function, for the user's character when no token is selected", async () => {
    const EXPECTED: Record<string, string[]> = {
      "Tag beenden": ["openEndOfDayDialog"],
      Sturz: ["promptFall", "fall"],
      Atemprobe: ["advanceBreath"],
      "Kurzer Kampf": ["shortCombat"],
      Rast: ["rest"],
      Trainingsblock: ["openTrainingDialog"],
      Arbeiten: ["openWorkDialog"],
      Belohnung: ["rewards"],
    };
    const calls: { fn: string; args: unknown[] }[] = [];
    const api = g.game.flex;
    const saved = { ...api };
    for (const key of [...Object.keys(api), "openTrainingDialog"]) api[key] = async (...args: unknown[]) => (calls.push({ fn: key, args }), key === "promptFall" ? { height: 3, onto: null } : null);
    const alrik = await g.Actor.create({ name: "Alrik", type: "character" });
    g.game.user.character = alrik;
    g.canvas = { tokens: { controlled: [] } }; // nothing selected: the macros act for the user's character
    try {
      expect(docsOf("makros").map((d) => d.name).sort()).toEqual(Object.keys(EXPECTED).sort());
      for (const doc of docsOf("makros")) {
        calls.length = 0;
        await new g.Macro(doc).execute();
        expect(calls.map((c) => c.fn), doc.name).toEqual(EXPECTED[doc.name]);
        for (const { fn } of calls) expect(typeof saved[fn] === "function" || fn === "openTrainingDialog", `game.flex.${fn}`).toBe(true);
        if (doc.name === "Sturz") {
          expect(calls[0]!.args).toEqual([alrik]);
          expect(calls[1]!.args).toEqual([alrik, 3, { onto: null }]);
        }
        if (doc.name === "Trainingsblock") expect(calls[0]!.args).toEqual([{ trainer: alrik }]);
        if (doc.name === "Arbeiten") expect(calls[0]!.args).toEqual([alrik]);
      }
      // Without a character and a selection, a macro that needs one says so instead of failing.
      g.game.user.character = null;
      calls.length = 0;
      await new g.Macro(docsOf("makros").find((d) => d.name === "Trainingsblock")).execute();
      expect(calls).toEqual([]);
      expect(state.notifications.at(-1)).toMatchObject({ type: "warn" });
    } finally {
      Object.assign(api, saved);
      g.game.user.character = null;
      delete g.canvas;
    }
  });
});
