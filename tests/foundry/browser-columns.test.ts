// Issue 36 (G-5, G-6): the browser's columns follow what is in view (a Wert column named Rüstung, Stufe or Fluss for
// the one type filtered, no column of dashes, no Rast column when one rest is ticked), names in the list without the
// rest the column says, the activity's duration in the preview, and "Zu Rikka hinzufügen" when opened from a sheet.
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import yaml from "js-yaml";
import { beforeEach, describe, expect, it } from "vitest";
import { FlexBrowser } from "../../src/applications/browser";
import { emptyFilters, type FilterState } from "../../src/applications/browser/filters";
import { as, createActor, resetWorld, settle, startClient, state, type Clients } from "../harness";
import { click, resultTarget } from "./browser-helpers";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
const ROOT = join(import.meta.dirname, "..", "..");
const PACKS = ["bestiarium", "begleiter", "ausruestung", "talente", "rast"];
const ARMOUR = readdirSync(join(ROOT, "packs", "_source", "ausruestung"), { recursive: true, encoding: "utf8" })
  .filter((f) => f.endsWith(".yml"))
  .map((f) => yaml.load(readFileSync(join(ROOT, "packs", "_source", "ausruestung", f), "utf8")) as Any)
  .filter((d) => d.type === "armor");

let clients: Clients;
beforeEach(() => {
  clients = resetWorld({ gms: 1, players: 1 });
});

async function open(options: Record<string, unknown> = {}, user: Any = clients.gms[0], lang = "de"): Promise<Any> {
  await startClient({ lang, systemPacks: PACKS });
  return as(user, async () => {
    const app = new FlexBrowser(options);
    await app.render(true);
    return app;
  });
}

/** Shows `tab` with `filters`, as the filter column's form would. */
async function show(app: Any, tab: string, filters: Partial<FilterState>): Promise<void> {
  app.tab = tab;
  app.filters[tab] = { ...emptyFilters(), ...filters };
  await app.render();
}

/** The column heads the results show, after the name. */
const heads = (app: Any): string[] => [...app.lastRender.results.matchAll(/data-sort="(?!name)[^"]+">([^<]+)/g)].map((m: RegExpMatchArray) => m[1]!.trim());
/** The cells of the result row of `german`. */
function cells(app: Any, german: string): string[] {
  const row = app.rowsOf(app.tab).find((r: Any) => r.german === german);
  const li = app.lastRender.results.split("<li").find((l: string) => l.includes(`data-uuid="${row.uuid}"`));
  return [...li.matchAll(/flex-browser-cell">([^<]*)</g)].map((m: RegExpMatchArray) => m[1]);
}
const listedName = (app: Any, german: string): string => {
  const row = app.rowsOf(app.tab).find((r: Any) => r.german === german);
  const li = app.lastRender.results.split("<li").find((l: string) => l.includes(`data-uuid="${row.uuid}"`));
  return /flex-browser-name">([^<]*)</.exec(li)![1]!;
};

describe("G-6 the items tab: a Wert column named for what it is, no columns of dashes", () => {
  it("armour alone: Preis and Rüstung, each armour's value from its pack; no Schaden or Aktionen column", async () => {
    const app = await open();
    await show(app, "items", { sets: { type: ["armor"] } });
    expect(heads(app)).toEqual(["Preis", "Rüstung"]);
    for (const armour of ARMOUR) expect(cells(app, armour.name)).toEqual([`${armour.system.preis} ¥`, String(armour.system.wert)]);
  });

  it("spells alone: the column says Fluss; Alchemika alone: Stufe (as ¼, ½ …); weapons alone: no Wert column", async () => {
    const app = await open();
    await show(app, "items", { sets: { type: ["spell"] } });
    expect(heads(app)).toContain("Fluss");
    await show(app, "items", { sets: { type: ["alchemical"] } });
    expect(heads(app)).toContain("Stufe");
    expect(heads(app)).not.toContain("Aktionen");
    await show(app, "items", { sets: { type: ["weapon"] } });
    expect(heads(app)).toEqual(["Preis", "Schaden", "Aktionen"]);
  });

  it("every type: a generic 'Wert' head, and what a type has not shows as '—' in every column alike", async () => {
    const app = await open();
    await show(app, "items", {});
    expect(heads(app)).toEqual(["Preis", "Schaden", "Aktionen", "Wert"]);
    expect(cells(app, "Plattenrüstung").slice(1)).toEqual(["—", "—", "4"]);
    expect(cells(app, "Langschwert").at(-1)).toBe("—");
    expect(app.lastRender.results).not.toMatch(/flex-browser-cell">–</);
  });

  it("a range filter on the value: 'Rüstung' with armour ticked, and it keeps only armour of at least that value", async () => {
    const app = await open();
    await show(app, "items", { sets: { type: ["armor"] } });
    expect(app.lastRender.filters).toMatch(/<legend>Rüstung<\/legend>\s*<input type="number" name="min\.wert"/);
    app.filters.items.ranges = { wert: { min: 2, max: null } };
    expect(app.results().map((r: Any) => r.german).sort()).toEqual(ARMOUR.filter((a) => a.system.wert >= 2).map((a) => a.name).sort());
    await show(app, "items", { sets: { type: ["weapon"] } });
    expect(app.lastRender.filters).not.toContain('name="min.wert"');
  });
});

describe("G-6 the talents tab says the category once", () => {
  it("the kind line names the category, the column the attribute in full; no Kategorie column", async () => {
    const app = await open();
    await show(app, "talents", {});
    expect(heads(app)).toEqual(["Attribut"]);
    const row = app.rowsOf("talents").find((r: Any) => r.german === "Elementarmagie");
    const li = app.lastRender.results.split("<li").find((l: string) => l.includes(row.uuid));
    expect(li).toContain('<span class="flex-browser-kind" data-tooltip="Zauberschulen · ');
    expect(cells(app, "Elementarmagie")).toEqual(["Klugheit"]);
    expect(li.split("Zauberschulen")).toHaveLength(3); // the kind line and its tooltip only
  });
});

describe("G-6 the spells cast Still, and what a talent covers", () => {
  const SPELLS = readdirSync(join(ROOT, "packs", "_source", "ausruestung"), { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".yml"))
    .map((f) => yaml.load(readFileSync(join(ROOT, "packs", "_source", "ausruestung", f), "utf8")) as Any)
    .filter((d) => d.type === "spell");

  it("R-WATER-3: 'Still gewirkt' keeps the pack's silent spells, is tagged in their preview, and is not offered with only armour ticked", async () => {
    const app = await open();
    await show(app, "items", { sets: { type: ["spell"] } });
    expect(app.lastRender.filters).toContain('name="flag.still"');
    app.filters.items.flags = { still: true };
    const still = SPELLS.filter((d) => d.system.still).map((d) => d.name).sort();
    expect(still.length).toBeGreaterThan(0);
    expect(app.results().map((r: Any) => r.german).sort()).toEqual(still);
    await click(app, clients.gms[0], "select", resultTarget(app.results()[0].uuid));
    expect(app.lastRender.preview).toContain('<span class="flex-tag">Still gewirkt</span>');
    await show(app, "items", { sets: { type: ["armor"] } });
    expect(app.lastRender.filters).not.toContain('name="flag.still"');
  });

  it("a talent's preview says what it covers, in the world's language; only that talent is read", async () => {
    const app = await open({ tab: "talents" }, clients.gms[0], "en");
    const talente = (globalThis as Any).game.packs.get("flex.talente");
    expect(talente.size).toBe(0);
    const row = app.rowsOf("talents").find((r: Any) => r.german === "Alchemie");
    await click(app, clients.gms[0], "select", resultTarget(row.uuid));
    expect(app.lastRender.preview).toContain("Brewing potions, bombs and other alchemicals");
    expect(talente.size).toBe(1);
  });
});

describe("G-5 the Rast und Auszeit tab", () => {
  it("one rest ticked: no Rast column, and the names lose the '(volle Rast)' the filter says", async () => {
    const app = await open();
    await show(app, "rest", { sets: { restKind: ["downtime"], restType: ["fullRest"] } });
    expect(heads(app)).toEqual(["Kosten"]);
    expect(listedName(app, "Zechen (volle Rast)")).toBe("Zechen");
    expect(listedName(app, "Gerüchte streuen")).toBe("Gerüchte streuen");
    await show(app, "rest", { sets: { restKind: ["downtime"] } });
    expect(heads(app)).toEqual(["Rast", "Kosten"]);
    expect(listedName(app, "Zechen (lange Rast)")).toBe("Zechen");
    expect(cells(app, "Zechen (lange Rast)")[0]).toBe("Lange Rast");
  });

  it("in Russian too: 'Кутёж', not 'Кутёж (полноценный отдых)'", async () => {
    const app = await open({}, clients.gms[0], "ru");
    await show(app, "rest", { sets: { restType: ["fullRest"] } });
    expect(listedName(app, "Zechen (volle Rast)")).toBe("Кутёж");
  });

  it.each([
    ["Zechen (volle Rast)", "3 Tage"],
    ["Gerüchte streuen", "2–36 Tage"],
    ["Ausbildung (volle Rast)", "50 − KL Tage"],
    ["Kampfturnier", "1 Tag"],
  ])("the preview of %s says how long it takes: %s (the rules' table)", async (german, days) => {
    const app = await open();
    await show(app, "rest", {});
    await click(app, clients.gms[0], "select", resultTarget(app.rowsOf("rest").find((r: Any) => r.german === german).uuid));
    expect(app.lastRender.preview).toContain(`<dt>Dauer</dt><dd>${days}</dd>`);
    expect(app.lastRender.preview).toContain(`<h2>${german}</h2>`);
  });
});

describe("G-6 opened from a sheet: 'Zu Rikka hinzufügen' in the preview", () => {
  const heiltrank = (app: Any) => app.rowsOf("items").find((r: Any) => r.german === "Heiltrank");

  it("the owner adds the item to the character (a notice says so); a double click adds it once", async () => {
    const player = clients.players[0];
    const hero = (await createActor({ name: "Rikka", type: "character", ownership: { default: 0, [player.id]: 3 } })) as Any;
    const app = await open({ tab: "items", actor: hero }, player);
    const target = resultTarget(heiltrank(app).uuid);
    await click(app, player, "select", target);
    expect(app.lastRender.preview).toMatch(/data-action="addToActor"><i [^>]*><\/i> Zu Rikka hinzufügen<\/button>/);
    const writes = state.writes.length;
    await Promise.all([click(app, player, "addToActor", target), click(app, player, "addToActor", target)]);
    await settle();
    expect(hero.items.filter((i: Any) => i.name === "Heiltrank")).toHaveLength(1);
    expect(state.writes.length - writes).toBe(1);
    expect(state.notifications.filter((n) => n.type === "info").map((n) => [n.message, n.userId])).toEqual([["Heiltrank zu Rikka hinzugefügt.", player.id]]);
    // As from a pack: the copy keeps no translations.
    expect(hero.items.getName("Heiltrank").flags.flex?.i18n).toBeUndefined();
    // A second potion is a second click.
    await click(app, player, "addToActor", target);
    expect(hero.items.filter((i: Any) => i.name === "Heiltrank")).toHaveLength(2);
  });

  it("en and ru: 'Add to Rikka', 'Добавить: Rikka' (the name as it is)", async () => {
    const hero = (await createActor({ name: "Rikka", type: "character" })) as Any;
    for (const [lang, label] of [["en", "Add to Rikka"], ["ru", "Добавить: Rikka"]]) {
      const app = await open({ tab: "items", actor: hero }, clients.gms[0], lang);
      await click(app, clients.gms[0], "select", resultTarget(heiltrank(app).uuid));
      expect(app.lastRender.preview).toContain(`</i> ${label}</button>`);
      await app.close();
    }
  });

  it("an observer of the character gets no button, and a forged click adds nothing; nor without a character, nor for a downtime activity", async () => {
    const player = clients.players[0];
    const hero = (await createActor({ name: "Rikka", type: "character", ownership: { default: 0, [player.id]: 2 } })) as Any;
    const app = await open({ tab: "items", actor: hero }, player);
    const target = resultTarget(heiltrank(app).uuid);
    await click(app, player, "select", target);
    expect(app.lastRender.preview).toContain("Bogen öffnen");
    expect(app.lastRender.preview).not.toContain("addToActor");
    const writes = state.writes.length;
    await click(app, player, "addToActor", target);
    await settle();
    expect(state.writes.length).toBe(writes);
    expect(hero.items.size).toBe(0);

    const plain = await open({ tab: "items" });
    await click(plain, clients.gms[0], "select", resultTarget(heiltrank(plain).uuid));
    expect(plain.lastRender.preview).not.toContain("addToActor");

    const gmView = await open({ tab: "rest", actor: hero });
    await click(gmView, clients.gms[0], "select", resultTarget(gmView.rowsOf("rest").find((r: Any) => r.restKind === "downtime").uuid));
    expect(gmView.lastRender.preview).not.toContain("addToActor");
  });
});
