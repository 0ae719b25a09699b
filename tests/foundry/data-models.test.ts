// Bad input never breaks a world: defaults, repairs, migrations and clamps, seen through documents.
import { beforeEach, describe, expect, it } from "vitest";
import { createActor, resetWorld, state, storeRawActor, writesOf } from "../harness";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
const sys = (doc: { system: unknown }) => doc.system as Any;

beforeEach(() => {
  resetWorld({ gms: 1 });
});

describe("a character created with empty system data", () => {
  it("gets valid defaults and derived values", async () => {
    const actor = await createActor({ type: "character" });
    const s = sys(actor);
    expect(s.attributes).toEqual({ mu: 6, kl: 6, in: 6, ch: 6, ge: 6, ff: 6, ko: 6, kk: 6 });
    expect(s.leben).toEqual({ value: 10, max: 10 });
    expect(s.level).toBe(1);
    expect(s.versorgung).toEqual({ essen: true, trinken: true, schlaf: true });
    expect(s.atem.wuerfel).toBeNull();
    expect(s.derived).toMatchObject({ koWert: 6, todesschwelle: 6, atemWuerfel: 6, uebungsbonus: 2, malus: { talent: 0, attribut: 0 } });
    expect(s.derived.trefferwuerfel).toEqual({ max: 1, verbleibend: 1, wuerfel: 6 });
  });
});

describe("a character created with garbage system data", () => {
  it("repairs every bad value and keeps every good one", async () => {
    const actor = await createActor({
      name: "Rikka",
      type: "character",
      system: {
        attributes: { mu: "W8", kl: "abc", in: 10, ko: 7, kk: 20, ge: null },
        leben: { value: "15", max: "x" },
        fluss: { value: 3, max: 8 },
        level: -3,
        geld: "12,5",
        groesse: "Gross",
        erschoepfung: "lots",
        versorgung: { essen: "false" },
        biografie: 42,
        nonsense: { deep: true },
      },
    });
    const s = sys(actor);
    expect(actor.name).toBe("Rikka");
    expect(s.attributes).toEqual({ mu: 8, kl: 6, in: 10, ch: 6, ge: 6, ff: 6, ko: 6, kk: 12 });
    expect(s.leben).toEqual({ value: 10, max: 10 }); // max unusable → default 10; value clamped to it
    expect(s.fluss).toEqual({ value: 3, max: 8 });
    expect(s.level).toBe(1);
    expect(s.geld).toBe(13);
    expect(s.groesse).toBe("gross");
    expect(s.erschoepfung).toEqual({ value: 0, heuteErhalten: false });
    expect(s.versorgung).toEqual({ essen: false, trinken: true, schlaf: true });
    expect(s.biografie).toBe("42");
    expect(s.nonsense).toBeUndefined();
  });
});

describe("old and corrupted stored data", () => {
  it("migrates pools stored as bare numbers and dice stored as text", () => {
    const actor = storeRawActor({ type: "character", system: { leben: 12, fluss: "4", attributes: { ko: "W10", kk: "1d12" } } });
    const s = sys(actor);
    expect(s.leben).toEqual({ value: 12, max: 12 });
    expect(s.fluss).toEqual({ value: 4, max: 4 });
    expect(s.attributes.ko).toBe(10);
    expect(s.derived.koWert).toBe(10);
    expect(s.attributes.kk).toBe(12);
  });

  it("loads a document whose system data is not even an object, and prepares it", () => {
    const actor = storeRawActor({ type: "character", system: "corrupted" });
    expect(sys(actor).attributes.ko).toBe(6);
    expect(sys(actor).derived.koWert).toBe(6);
  });

  it("survives corrupted nested shapes without losing the rest", () => {
    const actor = storeRawActor({ type: "creature", system: { attributes: [1, 2], leben: { value: 7, max: 9 }, stufe: "zwei", misstrauen: "viel" } });
    const s = sys(actor);
    expect(s.attributes.ko).toBe(6);
    expect(s.leben).toEqual({ value: 7, max: 9 });
    expect(s.stufe).toBe(1);
    expect(s.misstrauen).toBeNull();
    expect(s.derived.misstrauen).toBe(18);
  });
});

describe("updates with bad input", () => {
  it("ignores a text in a number field with a clear message and applies the rest of the update", async () => {
    const actor = await createActor({ type: "character" });
    await actor.update({ name: "Neu", "system.leben.value": "abc", "system.geld": 50 });
    expect(actor.name).toBe("Neu");
    expect(sys(actor).leben.value).toBe(10);
    expect(sys(actor).geld).toBe(50);
    const warn = state.notifications.find((n) => n.type === "warn");
    expect(warn?.message).toContain("leben.value");
    expect(warn?.message).toContain("abc");
  });

  it("clamps a negative value to the field's minimum and Leben to its maximum", async () => {
    const actor = await createActor({ type: "character", system: { leben: { value: 8, max: 12 } } });
    await actor.update({ "system.erschoepfung.value": -4, "system.leben.value": 30 });
    expect(sys(actor).erschoepfung.value).toBe(0);
    expect(sys(actor).leben.value).toBe(12);
  });

  it("snaps an off-ladder die down to the ladder", async () => {
    const actor = await createActor({ type: "character" });
    await actor.update({ "system.attributes.ge": 9 });
    expect(sys(actor).attributes.ge).toBe(8);
  });

  it("marks Erschöpfung gained during the day (R-EXH-4 bookkeeping)", async () => {
    const actor = await createActor({ type: "character" });
    await actor.update({ "system.erschoepfung.value": 1 });
    expect(sys(actor).erschoepfung.heuteErhalten).toBe(true);
  });
});

describe("creatures", () => {
  it.each([
    [0.25, 12],
    [0.5, 15],
    [2, 21],
    [4, 27],
  ])("R-COMP-2 Stufe %s without a set Misstrauen uses %i", async (stufe, misstrauen) => {
    const actor = await createActor({ type: "creature", system: { stufe } });
    expect(sys(actor).derived.misstrauen).toBe(misstrauen);
  });

  it("R-COMP-3 a GM value below 10 is raised to 10", async () => {
    const actor = await createActor({ type: "creature", system: { misstrauen: 4 } });
    expect(sys(actor).misstrauen).toBe(10);
    expect(sys(actor).derived.misstrauen).toBe(10);
  });

  it("R-COMP-1 the handling talent follows the kind", async () => {
    const tier = await createActor({ type: "creature", system: { art: "tier" } });
    const app = await createActor({ type: "creature", system: { art: "apparatur" } });
    const other = await createActor({ type: "creature", system: { art: "andere", umgangTalent: "Überzeugen" } });
    expect(sys(tier).derived.umgangTalent).toBe("Mit Tieren umgehen");
    expect(sys(app).derived.umgangTalent).toBe("Kristalltechnik");
    expect(sys(other).derived.umgangTalent).toBe("Überzeugen");
  });
});

describe("items", () => {
  const types = ["talent", "weapon", "armor", "equipment", "alchemical", "spell", "attack", "passive"];
  it.each(types)("an empty %s gets valid defaults", async (type) => {
    const actor = await createActor({ type: "character" });
    const [item] = await actor.createEmbeddedDocuments("Item", [{ name: "X", type }]);
    expect(sys(item).beschreibung).toBe("");
  });

  it("repairs a talent with a wrong attribute and a text Übungswert", async () => {
    const actor = await createActor({ type: "character" });
    const [item] = await actor.createEmbeddedDocuments("Item", [{ name: "Athletik", type: "talent", system: { attribut: "xx", uebungswert: "3", kategorie: "Kampfart" } }]);
    expect(sys(item)).toMatchObject({ attribut: "ge", uebungswert: 3, kategorie: "kampfart" });
  });

  it("equipped armour items add to the actor's Rüstung (R-CORE-7)", async () => {
    const actor = await createActor({ type: "character", system: { ruestung: 1 } });
    await actor.createEmbeddedDocuments("Item", [
      { name: "Lederrüstung", type: "armor", system: { wert: 2, ausgeruestet: true } },
      { name: "Helm im Rucksack", type: "armor", system: { wert: 1, ausgeruestet: false } },
    ]);
    expect(sys(actor).derived.ruestung).toBe(3);
  });

  it("an unknown item type is refused and nothing is written", async () => {
    const actor = await createActor({ type: "character" });
    const before = writesOf().length;
    await expect(actor.createEmbeddedDocuments("Item", [{ name: "?", type: "zauberstab" }])).rejects.toThrow(/not a valid type/);
    expect(writesOf().length).toBe(before);
  });
});
