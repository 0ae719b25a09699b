// The compendium "Begleiter" (issue 10, scope 6): trainable example creatures across Stufe 0.25–4, animals and
// crystal-tech apparatuses, some ridable, each with attacks, passives and Misstrauen, marked as examples. Each
// source loads into the creature model unchanged, and a trainer can command its attacks.
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import yaml from "js-yaml";
import { beforeEach, describe, expect, it } from "vitest";
import { defaultMisstrauen } from "../../src/rules";
import { createActor, resetWorld } from "../harness";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
const DIR = join(import.meta.dirname, "..", "..", "packs", "_source", "begleiter");
const sources = readdirSync(DIR)
  .filter((f) => f.endsWith(".yml"))
  .map((file) => ({ file, doc: yaml.load(readFileSync(join(DIR, file), "utf8")) as Any }));

beforeEach(() => {
  resetWorld({ gms: 1 });
});

describe("R-COMP-1 / R-COMP-2 the Begleiter compendium", () => {
  it("at least 12 trainable creatures across Stufe 0.25–4: animals and apparatuses, some ridable", () => {
    const docs = sources.map((s) => s.doc);
    expect(docs.length).toBeGreaterThanOrEqual(12);
    expect(docs.every((d) => d.type === "creature" && d.system.trainierbar === true && d.system.trainer === null)).toBe(true);
    expect(new Set(docs.map((d) => d.system.stufe))).toEqual(new Set([0.25, 0.5, 1, 2, 3, 4]));
    expect(new Set(docs.map((d) => d.system.art))).toEqual(new Set(["tier", "apparatur"]));
    expect(docs.filter((d) => d.system.reitbar).length).toBeGreaterThanOrEqual(3);
    expect(new Set(docs.map((d) => d.name)).size).toBe(docs.length);
  });

  it("each has its keys, attacks and a passive, and says it is an example", () => {
    for (const { file, doc } of sources) {
      expect(doc._id, file).toMatch(/^[A-Za-z0-9]{16}$/);
      expect(doc._key, file).toBe(`!actors!${doc._id}`);
      expect(file).toMatch(new RegExp(`^[A-Za-z0-9_]+_${doc._id}\\.yml$`));
      expect(doc.system.beschreibung, file).toContain("Beispielkreatur");
      const types = doc.items.map((i: Any) => i.type);
      expect(types, file).toContain("attack");
      expect(types, file).toContain("passive");
      for (const item of doc.items) expect(item._key, `${file}: ${item.name}`).toBe(`!actors.items!${doc._id}.${item._id}`);
    }
  });

  it("every source loads into the creature model unchanged; Misstrauen is the Stufe's, or the GM's adjusted value", async () => {
    for (const { file, doc } of sources) {
      const actor = (await createActor({ name: doc.name, type: "creature", system: doc.system, items: doc.items })) as Any;
      const system = actor.toObject().system;
      expect(system, file).toEqual(doc.system);
      expect(actor.items.size, file).toBe(doc.items.length);
      const misstrauen = doc.system.misstrauen ?? defaultMisstrauen(doc.system.stufe);
      expect(actor.system.derived.misstrauen, file).toBe(misstrauen);
      expect(actor.system.derived.umgangTalent, file).toBe(doc.system.art === "tier" ? "Mit Tieren umgehen" : "Kristalltechnik");
      for (const item of actor.items) expect(item.toObject().system, `${file}: ${item.name}`).toEqual(doc.items.find((i: Any) => i._id === item.id || i.name === item.name).system);
    }
  });
});
