// The compendium "Rast und Auszeit" (issue 14, scope 2 and 5): one `resource` preset per resource kind of the
// seed (RULES.md §11, Decision "Flex pools on rest"), the nine rest talents (R-REST-TAL) and the downtime
// activities of both lists (R-DOWN-1 long rest, R-DOWN-2 full rest), in four compendium folders. Each source
// loads into its data model unchanged; the presets and ids are those of rules/rest.ts, found by their flags.
import { readFileSync, readdirSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import yaml from "js-yaml";
import { beforeEach, describe, expect, it } from "vitest";
import { FULL_REST_ACTIVITIES, LONG_REST_ACTIVITIES, RESOURCE_KINDS, RESOURCE_PRESETS, REST_TALENT_IDS, REST_TALENTS, type DowntimeActivity } from "../../src/rules";
import { resetWorld } from "../harness";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
const DIR = join(import.meta.dirname, "..", "..", "packs", "_source", "rast");
const sources = readdirSync(DIR, { recursive: true, encoding: "utf8" })
  .filter((f) => f.endsWith(".yml"))
  .sort()
  .map((file) => ({ file, doc: yaml.load(readFileSync(join(DIR, file), "utf8")) as Any }));
const folders = sources.filter((s) => s.doc._key?.startsWith("!folders!"));
const items = sources.filter((s) => !s.doc._key?.startsWith("!folders!"));
const folderNamed = (name: string) => folders.find((f) => f.doc.name === name)?.doc;

const FOLDERS = ["Ressourcen", "Rast-Talente", "Auszeit: lange Rast", "Auszeit: volle Rast"];
const CATALOGS: Record<"longRest" | "fullRest", { rule: string; folder: string; activities: Record<string, DowntimeActivity> }> = {
  longRest: { rule: "R-DOWN-1", folder: "Auszeit: lange Rast", activities: LONG_REST_ACTIVITIES },
  fullRest: { rule: "R-DOWN-2", folder: "Auszeit: volle Rast", activities: FULL_REST_ACTIVITIES },
};
const resources = items.filter((s) => s.doc.type === "resource");
const talents = items.filter((s) => s.doc.flags?.flex?.restTalent !== undefined);
const downtime = items.filter((s) => s.doc.flags?.flex?.downtime !== undefined);

beforeEach(() => {
  resetWorld({ gms: 1 });
});

describe("the Rast und Auszeit compendium: keys and folders", () => {
  it("every document has a stable 16-character id, its key, and a unique id; items are named <Name>_<id>.yml", () => {
    expect(sources.length).toBe(folders.length + items.length);
    for (const { file, doc } of sources) {
      expect(doc._id, file).toMatch(/^[A-Za-z0-9]{16}$/);
      expect(doc._stats, file).toMatchObject({ systemId: "flex" });
    }
    for (const { file, doc } of items) {
      expect(doc._key, file).toBe(`!items!${doc._id}`);
      expect(basename(file)).toMatch(new RegExp(`^[A-Za-z0-9_]+_${doc._id}\\.yml$`));
      expect(doc.ownership, file).toEqual({ default: 0 });
      expect(doc.img, file).toMatch(/^systems\/flex\/assets\/icons\/[\w-]+\/[\w-]+\.svg$/);
    }
    for (const { file, doc } of folders) expect(doc._key, file).toBe(`!folders!${doc._id}`);
    expect(new Set(sources.map((s) => s.doc._id)).size).toBe(sources.length);
    expect(new Set(items.map((s) => s.doc.name)).size).toBe(items.length);
  });

  it("four Item folders at the top level, in the CLI's layout (<dir>/_Folder.yml), each used", () => {
    expect(folders.map((f) => f.doc.name).sort()).toEqual([...FOLDERS].sort());
    for (const { file, doc } of folders) {
      expect(basename(file), doc.name).toBe("_Folder.yml");
      expect(doc, doc.name).toMatchObject({ type: "Item", folder: null, sorting: "m" });
      expect(items.filter((i) => i.doc.folder === doc._id).length, doc.name).toBeGreaterThan(0);
    }
  });

  it("every folder a document names exists, and each item sits in its folder's directory", () => {
    const ids = new Map(folders.map((f) => [f.doc._id, f]));
    for (const { file, doc } of items) {
      const folder = ids.get(doc.folder);
      expect(folder, `${file}: folder ${doc.folder}`).toBeDefined();
      expect(dirname(file), file).toBe(dirname(folder!.file));
    }
  });
});

describe("the Rast und Auszeit compendium: contents", () => {
  it("one resource per kind (except eigene), with exactly the preset recharge rule, in Ressourcen", () => {
    const kinds = RESOURCE_KINDS.filter((k) => k !== "eigene");
    expect(resources.map((r) => r.doc.system.art).sort()).toEqual([...kinds].sort());
    expect(items.filter((s) => s.doc.type !== "resource").every((s) => s.doc.type === "passive")).toBe(true);
    for (const { file, doc } of resources) {
      expect(doc.system.aufladung, file).toEqual(RESOURCE_PRESETS[doc.system.art as keyof typeof RESOURCE_PRESETS]);
      expect(doc.folder, file).toBe(folderNamed("Ressourcen")._id);
      expect(doc.system.beschreibung, file).toContain("Vorgabe aus den Hausregeln");
    }
  });

  it("all nine rest talents exactly once (R-REST-TAL), with when, who, cost, duration and effect", () => {
    expect(talents.map((t) => t.doc.flags.flex.restTalent).sort()).toEqual([...REST_TALENT_IDS].sort());
    for (const { file, doc } of talents) {
      const text: string = doc.system.beschreibung;
      expect(doc.type, file).toBe("passive");
      expect(doc.folder, file).toBe(folderNamed("Rast-Talente")._id);
      for (const part of ["R-REST-TAL", "Ansage:", "Wer:", "Kosten:", "Dauer:", "Wirkung:", "Zusammenfassung aus den Hausregeln"]) expect(text, `${file}: ${part}`).toContain(part);
      const untilLongRest = REST_TALENTS[doc.flags.flex.restTalent as keyof typeof REST_TALENTS].untilLongRest;
      expect(text.includes("erst nach einer langen Rast"), file).toBe(untilLongRest);
    }
  });

  it("every downtime activity of both lists exactly once (R-DOWN-1, R-DOWN-2), in its rest's folder", () => {
    for (const [rest, { activities, folder }] of Object.entries(CATALOGS)) {
      const of = downtime.filter((d) => d.doc.flags.flex.restType === rest);
      expect(of.map((d) => d.doc.flags.flex.downtime).sort(), rest).toEqual(Object.keys(activities).sort());
      for (const { file, doc } of of) expect(doc.folder, file).toBe(folderNamed(folder)._id);
    }
    expect(downtime.length).toBe(Object.keys(LONG_REST_ACTIVITIES).length + Object.keys(FULL_REST_ACTIVITIES).length);
    expect(items.length).toBe(resources.length + talents.length + downtime.length);
  });

  it("each activity says its rule, when, who, cost, duration and effect; the costs and days are the rules'", () => {
    for (const { file, doc } of downtime) {
      const { rule, activities } = CATALOGS[doc.flags.flex.restType as keyof typeof CATALOGS];
      const activity = activities[doc.flags.flex.downtime];
      const text: string = doc.system.beschreibung;
      expect(doc.type, file).toBe("passive");
      for (const part of [rule, "Wann:", "Wer:", "Kosten:", "Dauer:", "Wirkung:", "Zusammenfassung aus den Hausregeln"]) expect(text, `${file}: ${part}`).toContain(part);
      const amounts = [activity.cost, ...Object.values(activity.variants ?? {}), activity.amount?.min ?? 0].map(Math.abs).filter((n) => n > 0);
      for (const n of amounts) expect(text, `${file}: ${n} ¥`).toContain(`${n} ¥`);
      if (activity.amount?.half) expect(text, file).toContain("halben");
      if (typeof activity.days === "number" && activity.days > 1) expect(text, file).toContain(`${activity.days} Tage`);
      if (Array.isArray(activity.days)) expect(text, file).toContain(`${activity.days[0]} bis ${activity.days[1]} Tage`);
      if (activity.days === "training") expect(text, file).toContain("50 − KL");
      if (activity.days === "levelTraining") expect(text, file).toContain("2 × aktuelles Level");
      if (activity.days === "crafting") expect(text, file).toContain("Preis ÷ 15");
      if (activity.roll) expect(text, file).toContain(activity.roll.replace("d", "W"));
      if (activity.check) expect(text, file).toContain(`SW ${activity.check.sw}`);
    }
  });
});

describe("the Rast und Auszeit compendium loads into the data models", () => {
  it("every item source loads into its model unchanged (system, flags)", async () => {
    for (const { file, doc } of items) {
      const item = (await (globalThis as Any).Item.create({ name: doc.name, type: doc.type, img: doc.img, system: doc.system, flags: doc.flags })) as Any;
      const data = item.toObject();
      expect(data.system, file).toEqual(doc.system);
      // The translations serve the pack: a document created in the world leaves flags.flex.i18n behind.
      const { i18n, ...flex } = doc.flags.flex ?? {};
      expect(i18n, `${file}: translations`).toBeDefined();
      expect({ ...data.flags, flex: data.flags.flex ?? {} }, file).toEqual({ ...doc.flags, flex });
      expect(data.type, file).toBe(doc.type);
    }
  });
});
