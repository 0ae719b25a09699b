// The world migrations as pure functions of a document's source (issue 37): what a 0.1.0 world stored, what 0.2.0
// reads, and that a second run changes nothing.
import { describe, expect, it } from "vitest";
import { rekeyAppliedMarks, rekeyJournalMarks } from "../../src/migration/marks";
import { MIGRATIONS, migrationsBetween } from "../../src/migration/registry";
import { removedSettings } from "../../src/migration/removed-settings";
import { markWaterOnly, WATER_ONLY_PASSIVE_NAMES } from "../../src/migration/water-only";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import yaml from "js-yaml";
import { sourceUpdate } from "../../src/migration/source-diff";
import { compareVersions } from "../../src/migration/version";

const mark = (taken: number) => ({ taken, downed: false, status: null, by: "player0000000001", at: 1 });
const attackCard = { _id: "msgAttack0000001", flags: { flex: { attack: { id: "recAttack0000001", targets: [] } } } };
const healCard = { _id: "msgHeal000000001", flags: { flex: { heal: { id: "recHeal000000001", amount: 5 } } } };
const world = { messages: [attackCard, healCard, { _id: "msgPlain00000001", content: "hallo" }] };

const goblin = () => ({
  _id: "actorGoblin00001",
  name: "Goblin",
  flags: {
    flex: {
      applied: {
        "attack-recAttack0000001-t1": mark(5),
        "heal-recHeal000000001": mark(-3),
        "attack-recGone000000001-t1": mark(2),
        "fall-fall_abc-target": mark(4),
      },
      tasks: ["k1"],
    },
    core: { sheetClass: "" },
  },
  system: { leben: { value: 7, max: 12 } },
});

describe("0.2.0 applied marks keyed by the message id (issue 33, Cards are claims)", () => {
  it("an attack card's and a heal card's mark move to the message id; others stay where they are", () => {
    const before = goblin();
    const after = rekeyAppliedMarks(before, world);
    expect(after.flags).toEqual({
      flex: {
        applied: {
          "attack-msgAttack0000001-t1": mark(5),
          "heal-msgHeal000000001": mark(-3),
          // Its card is gone from the chat: nothing can undo it, so it keeps its key.
          "attack-recGone000000001-t1": mark(2),
          // Fall marks were keyed by the fall id in 0.1.0 and still are.
          "fall-fall_abc-target": mark(4),
        },
        tasks: ["k1"],
      },
      core: { sheetClass: "" },
    });
    expect(after.system).toEqual(before.system);
  });

  it("leaves its input unchanged, and a second run changes nothing", () => {
    const before = goblin();
    const copy = structuredClone(before);
    const once = rekeyAppliedMarks(before, world);
    expect(before).toEqual(copy);
    expect(rekeyAppliedMarks(structuredClone(once), world)).toEqual(once);
  });

  it("a mark already under the message id (applied again since) is kept, the old one goes", () => {
    const source = goblin();
    (source.flags.flex.applied as Record<string, unknown>)["attack-msgAttack0000001-t1"] = mark(6);
    const applied = (rekeyAppliedMarks(source, world).flags as { flex: { applied: Record<string, unknown> } }).flex.applied;
    expect(applied["attack-msgAttack0000001-t1"]).toEqual(mark(6));
    expect(applied).not.toHaveProperty("attack-recAttack0000001-t1");
  });

  it("an actor without marks, or with a stored shape that is not one, is returned as it is", () => {
    for (const source of [{ _id: "a", name: "x" }, { _id: "a", flags: { flex: { applied: 3 } } }, { _id: "a", flags: null }]) {
      expect(rekeyAppliedMarks(source, world)).toBe(source);
    }
  });
});

describe("0.2.0 the setting restBreatherStopsClock dropped (R-REST-NO-1)", () => {
  it("only the removed setting, and only when the world stores it", () => {
    expect(removedSettings(["flex.restNoRestClock", "flex.restBreatherStopsClock", "core.time"])).toEqual(["flex.restBreatherStopsClock"]);
    expect(removedSettings(["flex.restNoRestClock"])).toEqual([]);
  });
});

describe("which migrations a world needs", () => {
  it("a 0.1.0 world gets every 0.2.0 migration, in order; a 0.2.0 world none", () => {
    expect(migrationsBetween("0.1.0", "0.2.0").map((m) => m.name)).toEqual(MIGRATIONS.filter((m) => m.version === "0.2.0").map((m) => m.name));
    expect(migrationsBetween("0.2.0", "0.2.0")).toEqual([]);
    expect(migrationsBetween("0.2.0", "0.3.1")).toEqual([]);
    // A system older than a migration does not run it (a world opened with an older Flex).
    expect(migrationsBetween("0.0.0", "0.1.0")).toEqual([]);
  });

  it("versions compare as numbers, part by part", () => {
    expect(compareVersions("0.10.0", "0.9.9")).toBeGreaterThan(0);
    expect(compareVersions("0.2", "0.2.0")).toBe(0);
    expect(compareVersions("0.0.0-harness", "0.2.0")).toBeLessThan(0);
  });
});

describe("a migrated source as one update", () => {
  it("dotted paths for what changed, -= for what is gone, nothing for what stayed", () => {
    const before = goblin();
    const after = rekeyAppliedMarks(before, world);
    expect(sourceUpdate(before, after)).toEqual({
      "flags.flex.applied.attack-msgAttack0000001-t1": mark(5),
      "flags.flex.applied.heal-msgHeal000000001": mark(-3),
      "flags.flex.applied.-=attack-recAttack0000001-t1": null,
      "flags.flex.applied.-=heal-recHeal000000001": null,
    });
    expect(sourceUpdate(after, structuredClone(after))).toEqual({});
  });
});

describe("0.2.0 a GM's open journal record writes its mark under the message id", () => {
  const steps = (key: string) => JSON.stringify([{ kind: "actors", writes: [{ ref: { actorUuid: "Actor.x", tokenUuid: null }, changes: { "system.leben.value": 8, [`flags.flex.applied.${key}`]: mark(4) } }] }]);
  const gm = (key: string) => ({ _id: "gm00000000000001", name: "GM", flags: { flex: { journal: { k1: { id: "attackApply:r", type: "attackApply", heldAt: 1, finisher: "steps", data: steps(key) } }, journalDone: ["a"] } } });

  it("the record's steps name the new key; nothing else of the user changes; a second run changes nothing", () => {
    const after = rekeyJournalMarks(gm("attack-recAttack0000001-t1"), world);
    expect(after).toEqual(gm("attack-msgAttack0000001-t1"));
    expect(rekeyJournalMarks(after, world)).toBe(after);
    expect(rekeyJournalMarks(gm("fall-x-target"), world)).toEqual(gm("fall-x-target"));
  });
});

describe("0.2.0 creatures with Wasserwesen live only in water (B-7)", () => {
  const passive = (name: string, i18n: Record<string, unknown> = {}) => ({ _id: "passive000000001", name, type: "passive", system: {}, flags: { flex: { i18n } } });
  const kraken = (items: unknown[], system: Record<string, unknown> = {}) => ({ _id: "actorKraken00001", name: "Tiefenkrake", type: "creature", system: { geschwindigkeit: 24, schwimmt: true, ...system }, items });

  it("a creature taken from the Bestiarium with the passive, under its German, English or Russian name, gets nurImWasser", () => {
    for (const name of ["Wasserwesen", "Aquatic", "Водное существо"]) {
      expect((markWaterOnly(kraken([passive(name)])).system as Record<string, unknown>).nurImWasser, name).toBe(true);
    }
    // Renamed in the world, but still carrying the pack's translations.
    expect((markWaterOnly(kraken([passive("Meereswesen", { en: { name: "Aquatic" } })])).system as Record<string, unknown>).nurImWasser).toBe(true);
  });

  it("leaves a creature without it, a GM's stored choice, a character and a damaged source as they are; a second run changes nothing", () => {
    const wolf = kraken([passive("Rudeljäger")]);
    expect(markWaterOnly(wolf)).toBe(wolf);
    const cleared = kraken([passive("Wasserwesen")], { nurImWasser: false });
    expect(markWaterOnly(cleared)).toBe(cleared);
    const hero = { ...kraken([passive("Wasserwesen")]), type: "character" };
    expect(markWaterOnly(hero)).toBe(hero);
    for (const source of [{ _id: "a", type: "creature" }, { _id: "a", type: "creature", system: {}, items: "x" }, { _id: "a", type: "creature", system: {}, items: [null, 3] }]) {
      expect(markWaterOnly(source)).toBe(source);
    }
    const before = kraken([passive("Wasserwesen")]);
    const copy = structuredClone(before);
    const once = markWaterOnly(before);
    expect(before).toEqual(copy);
    expect(markWaterOnly(once)).toBe(once);
  });

  it("the names are the Bestiarium's: every creature in the packs with the passive is marked nurImWasser, and no other", () => {
    const root = join(import.meta.dirname, "..", "..", "packs", "_source");
    const creatures = ["bestiarium", "begleiter"].flatMap((pack) =>
      readdirSync(join(root, pack), { recursive: true, encoding: "utf8" })
        .filter((f) => f.endsWith(".yml"))
        .map((f) => yaml.load(readFileSync(join(root, pack, f), "utf8")) as Record<string, unknown>)
        .filter((d) => d.type === "creature"),
    );
    const marked = creatures.filter((c) => (c.system as Record<string, unknown>).nurImWasser === true).map((c) => c.name).sort();
    expect(marked.length).toBeGreaterThan(0);
    const withoutField = (c: Record<string, unknown>) => ({ ...c, system: { ...(c.system as Record<string, unknown>), nurImWasser: undefined } });
    const migrated = creatures.filter((c) => (markWaterOnly(withoutField(c)).system as Record<string, unknown>).nurImWasser === true).map((c) => c.name).sort();
    expect(migrated).toEqual(marked);
    expect(WATER_ONLY_PASSIVE_NAMES).toContain("Wasserwesen");
  });
});
