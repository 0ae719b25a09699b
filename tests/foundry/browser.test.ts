// Issue 26: the compendium browser against the packs the system ships. Every filter's matches are counted against the
// pack sources (packs/_source), each choice's count too; the search finds an entry by its name in the client's
// language and by its German name; a result drags as a pack entry does; it reads every Flex pack a user may see (the
// world's and modules' too, less those a GM turned off) from the indexes alone; select mode answers with UUIDs and
// offers nothing the user may not see.
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import yaml from "js-yaml";
import { beforeEach, describe, expect, it } from "vitest";
import { FlexBrowser, pick } from "../../src/applications/browser";
import type { BrowseTab } from "../../src/applications/browser";
import { choiceCounts, emptyFilters, type FilterState } from "../../src/applications/browser/filters";
import { CharacterSheet } from "../../src/applications/sheets/character-sheet";
import { defaultMisstrauen, downtimeActivities, REST_TALENTS, sizeStep } from "../../src/rules";
import { as, createActor, packs, resetWorld, settle, startClient, state, type Clients } from "../harness";
import { parse } from "node-html-parser";
import { dispatch, drop, fillIn, RenderedElement, renderSettled, typeInto } from "../harness/applications";
import { installPack, storeInPack } from "../harness/packs";
import { choose, click, pickerOn, resultTarget } from "./browser-helpers";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
const g = globalThis as Any;
const ROOT = join(import.meta.dirname, "..", "..");
const PACKS = ["bestiarium", "begleiter", "ausruestung", "talente", "rast"];

function packSource(name: string): Any[] {
  const dir = join(ROOT, "packs", "_source", name);
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".yml"))
    .map((f) => yaml.load(readFileSync(join(dir, f), "utf8")) as Any)
    .filter((d) => !String(d._key).startsWith("!folders!"));
}
const SOURCES = Object.fromEntries(PACKS.map((p) => [p, packSource(p)]));
const CREATURES = [...SOURCES.bestiarium, ...SOURCES.begleiter].filter((d) => d.type === "creature");
const ITEMS = SOURCES.ausruestung.filter((d) => ["weapon", "armor", "equipment", "alchemical", "spell"].includes(d.type));
const TALENTS = SOURCES.talente;
const REST = SOURCES.rast;

let clients: Clients;
beforeEach(() => {
  clients = resetWorld({ gms: 1, players: 1 });
});

async function open(options: Record<string, unknown> = {}, lang = "de"): Promise<Any> {
  await startClient({ lang, systemPacks: PACKS });
  const app = new FlexBrowser(options);
  await app.render(true);
  return app;
}

/** The German names the browser lists on `tab` with `filters`, sorted. */
function listed(app: Any, tab: BrowseTab, filters: Partial<FilterState>): string[] {
  app.tab = tab;
  app.filters[tab] = { ...emptyFilters(), ...filters };
  return app.results().map((r: Any) => r.german).sort();
}
const namesOf = (docs: Any[]) => docs.map((d) => d.name).sort();
const avg = (dice: string) => {
  const m = /^(\d+)W(\d+)(?:\+(\d+))?$/.exec(dice);
  return m ? (Number(m[1]) * (1 + Number(m[2]))) / 2 + Number(m[3] ?? 0) : null;
};
const restTypesOf = (d: Any): string[] => {
  const flex = d.flags?.flex ?? {};
  if (flex.restTalent) return [...(REST_TALENTS as Any)[flex.restTalent].effectAfter];
  if (flex.downtime) return [flex.restType];
  return Object.entries(d.system?.aufladung ?? {}).filter(([, v]) => v !== "keine").map(([k]) => k);
};

describe("every tab reads every Flex pack from its index alone", () => {
  it("41 creatures, 57 items, 23 talents and the rest entries, as the pack sources hold them; no document read, no index fetched twice", async () => {
    const app = await open();
    expect([CREATURES.length, ITEMS.length, TALENTS.length]).toEqual([41, 57, 23]);
    expect(app.rowsOf("creatures").map((r: Any) => r.german).sort()).toEqual(namesOf(CREATURES));
    expect(app.rowsOf("items").map((r: Any) => r.german).sort()).toEqual(namesOf(ITEMS));
    expect(app.rowsOf("talents").map((r: Any) => r.german).sort()).toEqual(namesOf(TALENTS));
    expect(app.rowsOf("rest").map((r: Any) => r.german).sort()).toEqual(namesOf(REST));
    for (const name of PACKS) {
      expect(packs.get(`flex.${name}`)!.size, name).toBe(0);
      expect(packs.get(`flex.${name}`)!.indexRequests, name).toBe(1);
    }
    expect(app.lastRender.tabs).toContain("Kreaturen");
    expect(app.lastRender.results).toContain("41 von 41");
  });

  it("a creature row shows Stufe, Leben, Rüstung and what a hit of it deals in 2 Aktionen; a weapon price, damage and Aktionen", async () => {
    const app = await open();
    const adler = app.rowsOf("creatures").find((r: Any) => r.german === "Riesenadler");
    expect([adler.stufe, adler.leben, adler.ruestung, adler.attack]).toEqual([2, 26, 1, { check: "W10+3", damage: "2W6", actions: 2, average: 7, hit: "2 × 1W8", hitAverage: 9 }]);
    // G-3: the column is the 2-action hit (Schnabel twice, Ø 9), not Krallen's single 2W6 (Ø 7) beside it.
    expect(app.lastRender.results).toContain("Schaden je Treffer");
    expect(app.lastRender.results).not.toContain("Bester Angriff");
    expect(app.lastRender.results.split("<li").find((li: string) => li.includes(">Riesenadler<"))).toContain('<span class="flex-browser-cell">2</span><span class="flex-browser-cell">26</span><span class="flex-browser-cell">1</span><span class="flex-browser-cell">2 × 1W8</span>');
    const ratte = app.rowsOf("creatures").find((r: Any) => r.german === "Riesenratte");
    expect(ratte.attack.hit).toBe("2 × 1W4");
    await click(app, clients.gms[0], "tab", { dataset: { tab: "items" } } as Any);
    const schwert = ITEMS.find((d) => d.name === "Langschwert").system;
    const row = app.lastRender.results.split("<li").find((li: string) => li.includes(">Langschwert<"));
    expect(row).toContain(`<span class="flex-browser-cell">${schwert.preis} ¥</span><span class="flex-browser-cell">${schwert.schaden}</span><span class="flex-browser-cell">${schwert.aktionen}</span>`);
  });

  it("a creature's attacks survive its document being read (v13 then writes the document over its index entry)", async () => {
    await startClient({ lang: "de", systemPacks: ["bestiarium"] });
    const bestiarium = packs.get("flex.bestiarium")!;
    const id = [...bestiarium.stored.values()].find((s: Any) => s.name === "Riesenadler")!._id as string;
    await bestiarium.getDocument(id);
    expect(Array.isArray(bestiarium.index.get(id)!.items)).toBe(false);
    const app = new FlexBrowser({});
    await app.load();
    expect(app.rowsOf("creatures").find((r: Any) => r.german === "Riesenadler")!.attack?.check).toBe("W10+3");
  });
});

/** A case of a filter table: the browser lists on `tab` exactly the source documents the predicate picks (at least one). */
const listsAsTheSources = (tab: BrowseTab, docs: Any[]) => async (_name: string, filters: Partial<FilterState>, predicate: (d: Any) => boolean) => {
  const app = await open();
  const expected = namesOf(docs.filter(predicate));
  expect(expected.length).toBeGreaterThan(0);
  expect(listed(app, tab, filters)).toEqual(expected);
};

describe("each filter, alone and combined, against the pack sources", () => {
  const mis = (d: Any) => d.system.misstrauen ?? defaultMisstrauen(d.system.stufe);
  const creatureCases: [string, Partial<FilterState>, (d: Any) => boolean][] = [
    ["Stufe ½ to 2", { ranges: { stufe: { min: 0.5, max: 2 } } }, (d) => d.system.stufe >= 0.5 && d.system.stufe <= 2],
    ["Art Tier", { sets: { art: ["tier"] } }, (d) => d.system.art === "tier"],
    ["Art Apparatur or Andere", { sets: { art: ["apparatur", "andere"] } }, (d) => d.system.art !== "tier"],
    ["Größe groß or riesig", { sets: { groesse: ["gross", "riesig"] } }, (d) => ["gross", "riesig"].includes(d.system.groesse)],
    ["swims", { flags: { schwimmt: true } }, (d) => d.system.schwimmt],
    ["flies", { flags: { fliegt: true } }, (d) => d.system.fliegt],
    ["trainable", { flags: { trainierbar: true } }, (d) => d.system.trainierbar],
    ["ridable", { flags: { reitbar: true } }, (d) => d.system.reitbar],
    ["Misstrauen 12 to 15", { ranges: { misstrauen: { min: 12, max: 15 } } }, (d) => mis(d) >= 12 && mis(d) <= 15],
    ["Leben at least 40", { ranges: { leben: { min: 40, max: null } } }, (d) => d.system.leben.max >= 40],
    ["Rüstung at most 1", { ranges: { ruestung: { min: null, max: 1 } } }, (d) => d.system.ruestung <= 1],
    ["a ridable animal of at least medium size", { sets: { art: ["tier"], groesse: ["mittel", "gross", "riesig"] }, flags: { reitbar: true } }, (d) => d.system.art === "tier" && d.system.reitbar && sizeStep(d.system.groesse) >= 2],
    ["an enemy around Stufe 2 that swims", { ranges: { stufe: { min: 1, max: 3 } }, flags: { schwimmt: true } }, (d) => d.system.stufe >= 1 && d.system.stufe <= 3 && d.system.schwimmt],
  ];
  it.each(creatureCases)("Kreaturen: %s", listsAsTheSources("creatures", CREATURES));

  it("Kreaturen: ridable by this character compares the mount's size with the rider's (R-RIDE-1)", async () => {
    await startClient({ lang: "de", systemPacks: PACKS });
    for (const [size, step] of [["mittel", 2], ["gross", 3]] as const) {
      const rider = await createActor({ name: "Reiterin", type: "character", system: { groesse: size } });
      const app = new FlexBrowser({ actor: rider });
      await app.render(true);
      expect(listed(app, "creatures", { flags: { reitbarFuer: true } })).toEqual(namesOf(CREATURES.filter((d) => d.system.reitbar && sizeStep(d.system.groesse) >= step)));
      expect(app.lastRender.filters).toContain("Reitbar für Reiterin");
    }
    const alone = new FlexBrowser({});
    await alone.render(true);
    expect(alone.lastRender.filters).not.toContain("flag.reitbarFuer");
  });

  const schule = (d: Any) => (d.type === "spell" ? d.system.zauberschule : d.type === "weapon" ? d.system.talent : "");
  const itemCases: [string, Partial<FilterState>, (d: Any) => boolean][] = [
    ["type weapon", { sets: { type: ["weapon"] } }, (d) => d.type === "weapon"],
    ["price 10 to 50", { ranges: { preis: { min: 10, max: 50 } } }, (d) => d.system.preis >= 10 && d.system.preis <= 50],
    ["Kampfart Klingenwaffen", { sets: { schule: ["Klingenwaffen"] } }, (d) => schule(d) === "Klingenwaffen"],
    ["Zauberschule Heilmagie", { sets: { schule: ["Heilmagie"] } }, (d) => schule(d) === "Heilmagie"],
    ["range at least 10 Schritt", { ranges: { reichweite: { min: 10, max: null } } }, (d) => d.system.reichweite >= 10],
    ["2 Aktionen", { sets: { aktionen: ["2"] } }, (d) => d.system.aktionen === 2],
    ["damage at least 5 on average", { ranges: { schaden: { min: 5, max: null } } }, (d) => (avg(d.system.schaden ?? "") ?? 0) >= 5],
    ["an Alchemikum of Stufe 2 or more (against Stufe 3, R-SHORT-6)", { ranges: { alchemikum: { min: 2, max: null } } }, (d) => d.type === "alchemical" && d.system.stufe >= 2],
    ["consumable", { flags: { verbrauchbar: true } }, (d) => d.type === "alchemical" || (d.type === "equipment" && d.system.verbrauch !== "keiner")],
    ["with charges", { flags: { ladungen: true } }, (d) => (d.system.ladungen?.max ?? 0) > 0],
  ];
  it.each(itemCases)("Gegenstände: %s", listsAsTheSources("items", ITEMS));

  const talentCases: [string, Partial<FilterState>, (d: Any) => boolean][] = [
    ["category Kampfart", { sets: { kategorie: ["kampfart"] } }, (d) => d.system.kategorie === "kampfart"],
    ["attribute GE or KK", { sets: { attribut: ["ge", "kk"] } }, (d) => ["ge", "kk"].includes(d.system.attribut)],
  ];
  it.each(talentCases)("Talente: %s", listsAsTheSources("talents", TALENTS));

  const restCases: [string, Partial<FilterState>, (d: Any) => boolean][] = [
    ["rest talents", { sets: { restKind: ["talent"] } }, (d) => !!d.flags?.flex?.restTalent],
    ["for a short rest", { sets: { restType: ["shortRest"] } }, (d) => restTypesOf(d).includes("shortRest")],
    ["the full rest's activities", { sets: { restKind: ["downtime"], restType: ["fullRest"] } }, (d) => !!d.flags?.flex?.downtime && d.flags.flex.restType === "fullRest"],
    ["costing at least 5", { ranges: { kosten: { min: 5, max: null } } }, (d) => {
      const activity = d.flags?.flex?.downtime ? (downtimeActivities(d.flags.flex.restType) as Any)[d.flags.flex.downtime] : null;
      return !!activity && activity.cost + (activity.amount?.min ?? 0) >= 5;
    }],
  ];
  it.each(restCases)("Rast und Auszeit: %s", listsAsTheSources("rest", REST));

  it("each choice shows how many entries it leaves with the other filters as they are", async () => {
    const app = await open();
    const filters = { ...emptyFilters(), flags: { schwimmt: true } };
    const counts = choiceCounts(app.rowsOf("creatures"), "creatures", filters, { riderSize: null });
    const swimmers = CREATURES.filter((d) => d.system.schwimmt);
    for (const art of ["tier", "apparatur", "andere"]) expect(counts.art[art] ?? 0, art).toBe(swimmers.filter((d) => d.system.art === art).length);
    // A yes/no filter counts as if switched on, with the others (its own left out).
    expect(counts.schwimmt.on).toBe(swimmers.length);
    expect(counts.fliegt.on ?? 0).toBe(swimmers.filter((d) => d.system.fliegt).length);
  });

  it("through the filter column's form: a click, then the list and the counts follow", async () => {
    const app = await open();
    await fillIn(app, { "set.art.0": true, "flag.reitbar": true });
    const expected = CREATURES.filter((d) => d.system.art === "tier" && d.system.reitbar);
    expect(app.results().map((r: Any) => r.german).sort()).toEqual(namesOf(expected));
    expect(app.lastRender.results).toContain(`${expected.length} von 41`);
    expect(app.lastRender.filters).toMatch(/name="set\.art\.0" checked/);
    await fillIn(app, { "set.art.0": false, "flag.reitbar": false, "min.stufe": "3" });
    expect(app.results().length).toBe(CREATURES.filter((d) => d.system.stufe >= 3).length);
    await click(app, clients.gms[0], "clearFilters");
    expect(app.results().length).toBe(41);
  });
});

describe("the search finds a name in the client's language and the German name", () => {
  const cases = [
    ["de", "grauw", ["Grauwolf"]],
    ["en", "grey wolf", ["Grauwolf"]],
    ["en", "grauwolf", ["Grauwolf"]],
    ["en", "eagle", ["Riesenadler"]],
    ["ru", "волк", ["Grauwolf"]],
    ["ru", "Riesenadler", ["Riesenadler"]],
    ["de", "bar", ["Schwarzbär"]],
  ] as const;
  it.each(cases)("%s: “%s”", async (lang, text, expected) => {
    const app = await open({}, lang);
    await typeInto(app, "[name=text]", text);
    await renderSettled(app);
    expect(app.results().map((r: Any) => r.german)).toEqual(expected);
    expect(app.lastRender.results).toContain(`${expected.length} ${{ de: "von", en: "of", ru: "из" }[lang]} 41`);
  });

  it("en and ru show the translated names, and the German one beside it in the preview", async () => {
    const app = await open({}, "en");
    const wolf = app.rowsOf("creatures").find((r: Any) => r.german === "Grauwolf");
    expect(wolf.name).toBe(SOURCES.begleiter.find((d: Any) => d.name === "Grauwolf").flags.flex.i18n.en.name);
    await click(app, clients.gms[0], "select", resultTarget(wolf.uuid));
    expect(app.lastRender.preview).toContain('German: <span lang="de">Grauwolf</span>');
    expect(app.lastRender.preview).toContain("Tier");
  });
});

describe("results", () => {
  it("sort by a column, again for the other way; the name sorts in the client's language", async () => {
    const app = await open();
    const gm = clients.gms[0];
    await click(app, gm, "sort", { dataset: { sort: "leben" } } as Any);
    const leben = app.results().map((r: Any) => r.leben);
    expect(leben).toEqual([...leben].sort((a, b) => a - b));
    await click(app, gm, "sort", { dataset: { sort: "leben" } } as Any);
    expect(app.results()[0].german).toBe("Glutdrache");
    await click(app, gm, "sort", { dataset: { sort: "name" } } as Any);
    expect(app.results().map((r: Any) => r.name)).toEqual(app.results().map((r: Any) => r.name).sort((a: string, b: string) => a.localeCompare(b, "de")));
  });

  it("G-3: a creature's preview shows Ausweichen, Parade, Geschwindigkeit, its family, the 2-action hit and each attack with its check; no second 'best attack'", async () => {
    const app = await open();
    const adler = app.rowsOf("creatures").find((r: Any) => r.german === "Riesenadler");
    await click(app, clients.gms[0], "select", resultTarget(adler.uuid));
    const preview = app.lastRender.preview;
    expect(preview).toContain("<dt>Ausweichen</dt><dd>14</dd>");
    expect(preview).toContain("<dt>Parade</dt><dd>8</dd>");
    expect(preview).toContain("<dt>Geschwindigkeit</dt><dd>20 Schritt</dd>");
    expect(preview).toContain("<dt>Familie</dt><dd>Tiere</dd>");
    expect(preview).toContain("<dt>Schaden je Treffer (2 Aktionen)</dt><dd>2 × 1W8</dd>");
    expect(preview).toContain("<li>Krallen · W10+3 · 2W6 · 2 Aktionen</li>");
    expect(preview).toContain("<li>Schnabel · W10+3 · 1W8 · 1 Aktion</li>");
    expect(preview).toMatch(/Passiv:<\/strong> Flug, Adlerauge/);
    expect(preview).not.toContain("Bester Angriff");
  });

  it("B-7: the Tiefenkrake, which lives only in water, shows its speed on land and its swimming; the tag says why", async () => {
    const app = await open();
    const krake = app.rowsOf("creatures").find((r: Any) => r.german === "Tiefenkrake");
    await click(app, clients.gms[0], "select", resultTarget(krake.uuid));
    const text = parse(app.lastRender.preview).text.replace(/\s+/g, " ");
    expect(text).toContain("Geschwindigkeit1 Schritt an Land · schwimmend 24 Schritt");
    expect(text).toContain("Nur im Wasser");
  });

  it("G-3 in Russian: the attacks and passives by their Russian names, the dice as к", async () => {
    const app = await open({}, "ru");
    const adler = app.rowsOf("creatures").find((r: Any) => r.german === "Riesenadler");
    await click(app, clients.gms[0], "select", resultTarget(adler.uuid));
    expect(app.lastRender.preview).toContain("<li>Когти · к10+3 · 2к6 · 2 действия</li>");
    expect(app.lastRender.preview).toMatch(/Полёт, Орлиный глаз/);
    expect(app.lastRender.preview).not.toMatch(/Krallen|Adlerauge/);
  });

  it("G-5: the Rast tab's costs are what a player pays (—, ab, je Tag, one of several, the project's), and one Rast filter, no second list", async () => {
    const app = await open();
    await click(app, clients.gms[0], "tab", { dataset: { tab: "rest" } } as Any);
    const cost = (german: string, restType: string) => {
      const row = app.rowsOf("rest").find((r: Any) => r.restKind === "downtime" && r.restTypes[0] === restType && (r.german === german || r.german.startsWith(german)));
      expect(row, german).toBeTruthy();
      return app.lastRender.results.split("<li").find((li: string) => li.includes(row.uuid))!.match(/flex-browser-cell">([^<]*)<\/span>\s*<\/li>|flex-browser-cell">([^<]*)<\/span>(?![\s\S]*flex-browser-cell)/)!.slice(1).find(Boolean);
    };
    expect(cost("Forschung", "fullRest")).toBe("ab 50 ¥");
    expect(cost("Zechen", "fullRest")).toBe("5 / 25 / 100 ¥");
    expect(cost("Ausbildung", "longRest")).toBe("1 ¥ je Tag");
    expect(cost("Gegenstand herstellen", "fullRest")).toBe("½ Preis (Projekt)");
    expect(cost("Kampfturnier", "fullRest")).toBe("—");
    expect(app.lastRender.filters).not.toContain("Auszeit-Liste");
  });

  it("G-16: a downtime activity's preview says its money with the currency (kostet 4 ¥)", async () => {
    const app = await open();
    await click(app, clients.gms[0], "tab", { dataset: { tab: "rest" } } as Any);
    const zechen = app.rowsOf("rest").find((r: Any) => r.restKind === "downtime" && r.restTypes[0] === "longRest" && r.german.startsWith("Zechen"));
    await click(app, clients.gms[0], "select", resultTarget(zechen.uuid));
    expect(app.lastRender.preview).toContain("kostet 4 ¥, dazu ein Prozentwurf");
    expect(app.lastRender.preview).not.toContain("{");
  });

  it("G-4: the creatures filter by family (the Bestiarium's folders) and by source (the pack)", async () => {
    const app = await open();
    const rows = app.rowsOf("creatures");
    const families = new Set(rows.map((r: Any) => r.family));
    expect(families).toEqual(new Set(["Humanoide", "Tiere", "Ungeheuer", "Untote", "Wasserwesen", "Elementare und Konstrukte", ...rows.filter((r: Any) => !r.source.includes("Bestiarium")).map((r: Any) => r.family)]));
    const undead = rows.filter((r: Any) => r.family === "Untote");
    expect(undead.length).toBeGreaterThan(0);
    expect(listed(app, "creatures", { sets: { familie: ["Untote"] } })).toEqual(undead.map((r: Any) => r.german).sort());
    const sources = [...new Set(rows.map((r: Any) => r.source))];
    expect(sources.length).toBeGreaterThan(1);
    const one = sources[0] as string;
    expect(listed(app, "creatures", { sets: { quelle: [one] } })).toHaveLength(rows.filter((r: Any) => r.source === one).length);
    app.filters.creatures = emptyFilters();
    await app.render();
    expect(app.lastRender.filters).toContain("Familie");
    expect(app.lastRender.filters).toContain("Quelle");
    expect(app.lastRender.filters).toContain("Umgang (Tier, Apparatur, andere)");
  });

  it("the preview shows the selected entry; its link opens the sheet (the one document read)", async () => {
    const app = await open();
    const schwert = app.rowsOf("items").find((r: Any) => r.german === "Langschwert");
    await click(app, clients.gms[0], "tab", { dataset: { tab: "items" } } as Any);
    await click(app, clients.gms[0], "select", resultTarget(schwert.uuid));
    expect(app.lastRender.preview).toContain(`<dt>Preis</dt><dd>${ITEMS.find((d) => d.name === "Langschwert").system.preis} ¥</dd>`);
    expect(app.lastRender.preview).toMatch(/Kampfart<\/dt><dd>Klingenwaffen/);
    const pack = packs.get("flex.ausruestung")!;
    expect(pack.size).toBe(0);
    await click(app, clients.gms[0], "open", resultTarget(schwert.uuid));
    expect(pack.size).toBe(1);
    expect((pack.contents[0] as Any).name).toBe("Langschwert");
  });
});

describe("drag from the list", () => {
  it("a result carries what its pack entry carries, and drops onto a character sheet as from the pack", async () => {
    const app = await open();
    const gm = clients.gms[0];
    await click(app, gm, "tab", { dataset: { tab: "items" } } as Any);
    const pack = packs.get("flex.ausruestung")!;
    const entry = [...pack.index.values()].find((e: Any) => e.name === "Langschwert") as Any;
    const row = app.element.querySelector(`[data-uuid="${entry.uuid}"] .flex-browser-name`);
    const event = await dispatch(row, "dragstart");
    expect(JSON.parse(event.dataTransfer.getData("text/plain"))).toEqual({ type: pack.documentName, uuid: entry.uuid });
    const hero = await createActor({ name: "Rikka", type: "character" });
    const sheet = new CharacterSheet({ document: hero } as never) as Any;
    await sheet.render(true);
    await drop(sheet, event.dataTransfer);
    await settle();
    expect(hero.items.getName("Langschwert")?.system.schaden).toBe("1W8");
    expect(hero.items.getName("Langschwert")?.flags.flex?.i18n).toBeUndefined();
  });
});

describe("which packs: every Flex pack a user may see, less those a GM turned off", () => {
  it("the world's and a module's packs are read; another system's pack is not", async () => {
    await startClient({ lang: "de", systemPacks: ["bestiarium"] });
    const world = installPack({ id: "world.meine-kreaturen", label: "Meine Kreaturen", type: "Actor" });
    storeInPack("world.meine-kreaturen", [{ _id: "kobold0000000000", name: "Kobold", type: "creature", system: { stufe: 0.5, schwimmt: true, leben: { value: 6, max: 6 } }, items: [] }]);
    installPack({ id: "beasts.monsters", label: "Monsterbuch", type: "Actor", packageType: "module" });
    storeInPack("beasts.monsters", [{ _id: "hydra00000000000", name: "Hydra", type: "creature", system: { stufe: 6 }, items: [{ _id: "bite000000000000", name: "Biss", type: "attack", system: { angriff: "W12+4", schaden: "3W8", aktionen: 2 } }] }]);
    installPack({ id: "other.npcs", label: "Fremd", type: "Actor", system: "dnd5e" });
    storeInPack("other.npcs", [{ _id: "goblin0000000000", name: "Goblin", type: "npc", system: {} }]);
    for (const p of [world, packs.get("beasts.monsters")!, packs.get("other.npcs")!]) await p.getIndex();
    const app = new FlexBrowser({});
    await app.load();
    const rows = app.rowsOf("creatures");
    expect(rows.find((r: Any) => r.name === "Kobold")).toMatchObject({ source: "Meine Kreaturen", stufe: 0.5, schwimmt: true, uuid: "Compendium.world.meine-kreaturen.Actor.kobold0000000000" });
    expect(rows.find((r: Any) => r.name === "Hydra")).toMatchObject({ source: "Monsterbuch", attack: { check: "W12+4", damage: "3W8" } });
    expect(rows.some((r: Any) => r.name === "Goblin")).toBe(false);
  });

  it("a pack a GM turns off (world setting) is not read; a new pack is read until turned off", async () => {
    await startClient({ lang: "de", systemPacks: ["bestiarium", "begleiter"] });
    const gm = clients.gms[0];
    const { DialogV2 } = await import("../harness/applications");
    const app = await as(gm, async () => {
      const a = new FlexBrowser({});
      await a.render(true);
      return a;
    });
    expect(app.lastRender.search).toContain('data-action="configurePacks"');
    // The GM's gear lists every Flex pack, each ticked; closed without saving, nothing changes.
    DialogV2.prompts.length = 0;
    DialogV2.answers.push(null);
    await click(app, gm, "configurePacks");
    const listedPacks = [...String(DialogV2.prompts[0].content).matchAll(/name="pack(\d+)" checked> ([^<]+?) </g)].map((m) => [m[1], m[2]]);
    expect(listedPacks.map(([, label]) => label)).toContain("Begleiter");
    expect(g.game.settings.get("flex", "browserPacks")).toEqual({});
    // Unticking Begleiter: the world setting says so and the rows are read again without it.
    DialogV2.answers.push(Object.fromEntries(listedPacks.map(([i, label]) => [`pack${i}`, label !== "Begleiter"])));
    await click(app, gm, "configurePacks");
    expect(g.game.settings.get("flex", "browserPacks")).toEqual({ "flex.begleiter": false });
    expect(app.rowsOf("creatures").length).toBe(SOURCES.bestiarium.length);
    const player = await as(clients.players[0], async () => {
      const a = new FlexBrowser({});
      await a.render(true);
      return a;
    });
    expect(player.rowsOf("creatures").every((r: Any) => r.source === "Bestiarium")).toBe(true);
    expect(player.lastRender.search).not.toContain("configurePacks");
  });
});

describe("select mode: the picker every feature uses", () => {
  it("answers with the chosen UUID; several when it allows several; none when closed", async () => {
    await startClient({ lang: "de", systemPacks: PACKS });
    const gm = clients.gms[0];
    const one = pick({ tabs: ["creatures"], preset: { flags: { fliegt: true } }, select: {} });
    const app = await pickerOn(gm);
    expect(app.results().map((r: Any) => r.german).sort()).toEqual(namesOf(CREATURES.filter((d) => d.system.fliegt)));
    const rabe = app.rowsOf("creatures").find((r: Any) => r.german === "Rabe");
    await choose(app, gm, rabe.uuid);
    expect(await one).toEqual([rabe.uuid]);
    expect(app.rendered).toBe(false);

    const several = pick({ tabs: ["items"], preset: { sets: { type: ["alchemical"] } }, select: { multiple: true } });
    const multi = await pickerOn(gm);
    const [a, b] = multi.results();
    await click(multi, gm, "toggleChoice", resultTarget(a.uuid));
    await click(multi, gm, "toggleChoice", resultTarget(b.uuid));
    expect(multi.lastRender.footer).toContain("Gewählt: 2");
    await click(multi, gm, "choose");
    expect(await several).toEqual([a.uuid, b.uuid]);

    const closed = pick({ tabs: ["talents"], select: {} });
    await (await pickerOn(gm)).close();
    expect(await closed).toEqual([]);
  });

  it("offers only what the user may see, and refuses a forged choice: a hidden world creature, a pack closed to players", async () => {
    await startClient({ lang: "de", systemPacks: ["bestiarium", "begleiter"] });
    const [player] = clients.players;
    const gm = clients.gms[0];
    const hidden = await createActor({ name: "Geheimer Drache", type: "creature", ownership: { default: 0 } });
    const seen = await createActor({ name: "Hofhund", type: "creature", ownership: { default: 2 } });
    await as(gm, () => packs.get("flex.bestiarium")!.configure({ ownership: { PLAYER: "NONE", ASSISTANT: "OWNER" } }));
    await settle();
    const answer = as(player, () => pick({ tabs: ["creatures"], world: "OBSERVER", select: {} }));
    const app = await pickerOn(player);
    const offered = app.rowsOf("creatures");
    expect(offered.map((r: Any) => r.name)).toContain("Hofhund");
    expect(offered.some((r: Any) => r.name === "Geheimer Drache")).toBe(false);
    expect(offered.every((r: Any) => r.source !== "Bestiarium")).toBe(true);
    expect(offered.length).toBe(SOURCES.begleiter.length + 1);
    const closedPackUuid = `Compendium.flex.bestiarium.Actor.${SOURCES.bestiarium[0]._id}`;
    for (const forged of [hidden.uuid, closedPackUuid]) {
      await click(app, player, "select", resultTarget(forged));
      await click(app, player, "choose");
      expect(app.chosen.size).toBe(0);
    }
    await choose(app, player, seen.uuid);
    expect(await answer).toEqual([seen.uuid]);
    // The GM sees all.
    const gmAnswer = as(gm, () => pick({ tabs: ["creatures"], world: "OBSERVER", select: {} }));
    const gmApp = await pickerOn(gm);
    expect(gmApp.rowsOf("creatures").map((r: Any) => r.name)).toContain("Geheimer Drache");
    expect(gmApp.rowsOf("creatures").some((r: Any) => r.source === "Bestiarium")).toBe(true);
    await gmApp.close();
    expect(await gmAnswer).toEqual([]);
    expect(state.errors).toEqual([]);
  });
});

describe("where it opens", () => {
  it("from the Compendium sidebar's button, from a sheet's group in edit mode (its type or category set), and by game.flex.browse", async () => {
    await startClient({ lang: "de", systemPacks: PACKS });
    const gm = clients.gms[0];
    const sidebar = new RenderedElement(parse(`<section class="compendium-sidebar"><header class="directory-header"><div class="header-actions"></div></header></section>`).firstElementChild!);
    g.Hooks.callAll("renderCompendiumDirectory", {}, sidebar);
    g.Hooks.callAll("renderCompendiumDirectory", {}, sidebar);
    expect(sidebar.querySelectorAll(".flex-open-browser")).toHaveLength(1);
    expect(sidebar.querySelector(".flex-open-browser")!.textContent.trim()).toBe("Flex-Kompendium durchsuchen");
    await dispatch(sidebar.querySelector(".flex-open-browser")!, "click");
    const fromSidebar = await pickerOn(gm);
    expect(fromSidebar.selectMode).toBe(false);
    expect(fromSidebar.tab).toBe("creatures");
    await fromSidebar.close();

    const hero = await createActor({ name: "Rikka", type: "character" });
    const sheet = new CharacterSheet({ document: hero } as never) as Any;
    sheet.mode = "edit";
    await sheet.render(true);
    sheet.changeTab("inventory", "primary");
    await sheet.render(true);
    expect(sheet.lastRender.inventory).toContain('data-action="browseItems" data-type="weapon"');
    await sheet.options.actions.browseItems.call(sheet, {}, { dataset: { type: "alchemical" } });
    const fromSheet = await pickerOn(gm);
    expect([fromSheet.tab, fromSheet.filters.items.sets.type]).toEqual(["items", ["alchemical"]]);
    expect(fromSheet.results().every((r: Any) => r.type === "alchemical")).toBe(true);
    await fromSheet.close();
    await sheet.options.actions.browseItems.call(sheet, {}, { dataset: { type: "talent", category: "kampfart" } });
    const talents = await pickerOn(gm);
    expect([talents.tab, talents.results().length]).toEqual(["talents", TALENTS.filter((d) => d.system.kategorie === "kampfart").length]);
    await talents.close();

    const app = await g.game.flex.browse({ tab: "rest" });
    expect(app).toBeInstanceOf(FlexBrowser);
    expect(app.tab).toBe("rest");
    await app.close();
    const answer = g.game.flex.browse({ tabs: ["talents"], select: {} });
    const picker = await pickerOn(gm);
    await choose(picker, gm, picker.rowsOf("talents")[0].uuid);
    expect(await answer).toEqual([picker.rowsOf("talents")[0].uuid]);
  });
});
