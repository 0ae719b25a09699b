// Bad input never breaks a world: defaults, repairs, migrations and clamps, seen through documents.
import { beforeEach, describe, expect, it } from "vitest";
import { describeValue } from "../../src/data/describe";
import { repairData } from "../../src/data/repair";
import { createActor, resetWorld, state, storeRawActor, worldCollections, writesOf } from "../harness";

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
    expect(warn?.message).toBe("Ungültiger Wert „abc“ für Leben – die Änderung wurde verworfen.");
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

  it("an unknown item type is refused with an error and nothing is written", async () => {
    const actor = await createActor({ type: "character" });
    const before = writesOf().length;
    await expect(actor.createEmbeddedDocuments("Item", [{ name: "?", type: "zauberstab" }])).resolves.toEqual([]);
    expect(writesOf().length).toBe(before);
    expect(state.notifications.at(-1)).toMatchObject({ type: "error", message: expect.stringMatching(/not a valid type/) });
  });
});

describe("fields with their own validation are repaired field by field", () => {
  it("a character created with an off-ladder breath die is created; the breath die is dropped, the rest kept", async () => {
    const actor = await createActor({ name: "Nixe", type: "character", system: { atem: { wuerfel: 5 }, geld: 50, attributes: { ko: 10 } } });
    expect(actor).toBeDefined();
    expect(sys(actor).atem.wuerfel).toBeNull();
    expect(sys(actor).geld).toBe(50);
    expect(sys(actor).derived.atemWuerfel).toBe(10);
    expect(state.notifications.filter((n) => n.type === "error")).toEqual([]);
  });

  it.each([["abc"], [12], ["Item.abcdefghijklmnop"], ["Actor.kurz"], [{ uuid: "Actor.abcdefghijklmnop" }]])(
    "a creature with the trainer %j is created without a trainer",
    async (trainer) => {
      const actor = await createActor({ name: "Wolf", type: "creature", system: { trainer, stufe: 2 } });
      expect(actor).toBeDefined();
      expect(sys(actor).trainer).toBeNull();
      expect(sys(actor).stufe).toBe(2);
      expect(sys(actor).derived.begleiter).toBe(false);
    },
  );

  it("keeps a well-formed Actor UUID as the trainer, and an emptied trainer input clears it", async () => {
    const actor = await createActor({ type: "creature", system: { trainer: " Actor.abcdefghijklmnop " } });
    expect(sys(actor).trainer).toBe("Actor.abcdefghijklmnop");
    await actor.update({ "system.trainer": "" });
    expect(sys(actor).trainer).toBeNull();
    expect(state.notifications.filter((n) => n.type !== "info")).toEqual([]);
  });

  it("an update with an off-ladder breath die still applies the money, and says what it ignored", async () => {
    const actor = await createActor({ type: "character", system: { atem: { wuerfel: 4 } } });
    await actor.update({ "system.atem.wuerfel": 5, "system.geld": 50 });
    expect(sys(actor).geld).toBe(50);
    expect(sys(actor).atem.wuerfel).toBe(4);
    expect(state.notifications.map((n) => n.message)).toEqual(["Ungültiger Wert „5“ für Atemwürfel – die Änderung wurde verworfen."]);
  });

  it("an update with a bad trainer still applies the rest", async () => {
    const actor = await createActor({ type: "creature" });
    await actor.update({ name: "Rex", "system.trainer": 12, "system.reitbar": true });
    expect(actor.name).toBe("Rex");
    expect(sys(actor).trainer).toBeNull();
    expect(sys(actor).reitbar).toBe(true);
    expect(state.notifications.at(-1)?.message).toContain("für Trainer");
  });
});

describe("the warning about an ignored value never throws", () => {
  it.each([
    ["an object without a prototype", Object.create(null) as object, "{}"],
    ["an object whose toString is no function", { toString: 1 }, '{"toString":1}'],
    ["an object whose toJSON throws", { toJSON: () => { throw new Error("nope"); } }, "{…}"],
    ["a symbol", Symbol("x"), "x"],
    ["a very long text", "x".repeat(500), `${"x".repeat(39)}…`],
  ])("%s: the rest of the update is applied", async (_label, value, shown) => {
    const actor = await createActor({ type: "character" });
    await actor.update({ name: "Neu", "system.leben.value": value, "system.geld": 7 });
    expect(actor.name).toBe("Neu");
    expect(sys(actor).geld).toBe(7);
    expect(sys(actor).leben.value).toBe(10);
    expect(state.notifications.map((n) => n.message)).toEqual([`Ungültiger Wert „${shown}“ für Leben – die Änderung wurde verworfen.`]);
  });

  it("describes values it cannot print as they are, short", () => {
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    const hostile = new Proxy({}, { get: () => { throw new Error("no"); }, ownKeys: () => { throw new Error("no"); } });
    expect(describeValue(cyclic)).toBe("{…}");
    expect(describeValue([1, 2n])).toBe("[…]");
    expect(describeValue(hostile)).toBe("{…}");
    expect(describeValue(() => 1)).toBe("ƒ");
    expect(describeValue(10n)).toBe("10n");
    expect(describeValue(NaN)).toBe("NaN");
    expect(describeValue({ a: "ä".repeat(100) })).toHaveLength(40);
  });

  it("many ignored values make three warnings and one summary", async () => {
    const actor = await createActor({ type: "character" });
    await actor.update({ "system.level": "x", "system.geld": "x", "system.ruestung": "x", "system.meilensteine": "x", "system.groesse": "x" });
    // In the order of the sheet's fields.
    expect(state.notifications.map((n) => n.message)).toEqual([
      "Ungültiger Wert „x“ für Rüstung – die Änderung wurde verworfen.",
      "Ungültiger Wert „x“ für Größe – die Änderung wurde verworfen.",
      "Ungültiger Wert „x“ für Level – die Änderung wurde verworfen.",
      "2 weitere ungültige Werte wurden ebenfalls verworfen.",
    ]);
  });

  it("a bare value as the whole system data is ignored, not a reset", async () => {
    const actor = await createActor({ type: "character", system: { geld: 9 } });
    await actor.update({ name: "Neu", system: null });
    expect(actor.name).toBe("Neu");
    expect(sys(actor).geld).toBe(9);
    expect(state.notifications.at(-1)?.message).toBe("Ungültiger Wert „null“ für die Spielwerte – die Änderung wurde verworfen.");
  });
});

describe("every number a sheet shows is finite", () => {
  it("a creature of Stufe 1e308 is held to the highest Stufe and gets a finite Misstrauen", async () => {
    const actor = await createActor({ type: "creature", system: { stufe: 1e308 } });
    expect(sys(actor).stufe).toBe(100);
    expect(sys(actor).derived.misstrauen).toBe(27 + 96 * 3);
    expect(sys(actor).derived.misstrauenStandard).toBe(27 + 96 * 3);
  });

  it("stored data beyond the bounds is clamped on load", () => {
    const actor = storeRawActor({ type: "character", system: { level: 1e308, geld: 1e300, leben: { value: 1e308, max: 1e308 }, trefferwuerfel: { koModifikator: -1e308 } } });
    const s = sys(actor);
    expect(s.level).toBe(99);
    expect(s.geld).toBe(999_999_999);
    expect(s.leben).toEqual({ value: 9999, max: 9999 });
    expect(s.trefferwuerfel.koModifikator).toBe(-99);
    expect(s.derived.uebungsbonus).toBe(2 + Math.floor(98 / 4));
  });

  it("derived values stay finite when something writes past the source (an active effect)", async () => {
    const actor = await createActor({ type: "creature" });
    Object.assign(actor.system as Any, { stufe: 1e308, misstrauen: Infinity, ruestung: Infinity, geschwindigkeit: NaN });
    (actor.system as Any).prepareDerivedData();
    const d = sys(actor).derived;
    expect([d.misstrauen, d.misstrauenStandard, d.ruestung, d.schwimmen].every(Number.isFinite)).toBe(true);
  });
});

describe("keys that reach an object's prototype are stripped", () => {
  it("a source parsed from JSON with an own __proto__ key keeps every other value", async () => {
    const system = JSON.parse('{"__proto__": {"level": 20, "geld": 1}, "geld": 5, "attributes": {"__proto__": {"mu": 12}, "ko": 8}}');
    const actor = await createActor({ type: "character", system });
    const s = sys(actor);
    expect(s.geld).toBe(5);
    expect(s.level).toBe(1);
    expect(s.attributes.ko).toBe(8);
    expect(s.attributes.mu).toBe(6);
    expect(({} as Any).level).toBeUndefined();
  });

  it("constructor and prototype keys are dropped at every depth; objects without a prototype are read", async () => {
    const leben = Object.assign(Object.create(null) as object, { value: 4, max: 8, constructor: { x: 1 } });
    const system = JSON.parse('{"constructor": {"name": "x"}, "prototype": 1, "geld": 3}');
    system.leben = leben;
    const actor = await createActor({ type: "character", system });
    expect(sys(actor).geld).toBe(3);
    expect(sys(actor).leben).toEqual({ value: 4, max: 8 });
  });

  it("an update parsed from JSON with an own __proto__ key is applied without it", async () => {
    const actor = await createActor({ type: "character" });
    await actor.update({ system: JSON.parse('{"__proto__": {"level": 20}, "geld": 5}') });
    expect(sys(actor).geld).toBe(5);
    expect(sys(actor).level).toBe(1);
  });
});

describe("the stand-in's database behaves like Foundry's client backend", () => {
  it("a create whose data fails validation creates nothing and reports an error; the rest of the batch is created", async () => {
    const Actor = (globalThis as Any).Actor;
    const docs = await Actor.createDocuments([
      { name: "", type: "character" },
      { name: "Gut", type: "character" },
    ]);
    expect(docs.map((d: Any) => d.name)).toEqual(["Gut"]);
    expect(worldCollections.actors.size).toBe(1);
    expect(writesOf({ action: "create", documentName: "Actor" })).toHaveLength(1);
    expect(writesOf({ action: "create", documentName: "Actor" })[0].ids).toEqual([docs[0].id]);
    expect(state.notifications.filter((n) => n.type === "error")).toHaveLength(1);
  });

  it("an update that still fails validation after the repair skips that document with an error; the others are updated", async () => {
    const a = await createActor({ name: "A", type: "character" });
    const b = await createActor({ name: "B", type: "character" });
    const before = writesOf().length;
    const Actor = (globalThis as Any).Actor;
    const updated = await Actor.updateDocuments([
      { _id: a.id, name: "", "system.geld": 1 },
      { _id: b.id, name: "B2", "system.geld": 2 },
    ]);
    expect(updated.map((d: Any) => d.id)).toEqual([b.id]);
    expect(a.name).toBe("A");
    expect(sys(a).geld).toBe(0);
    expect(b.name).toBe("B2");
    expect(sys(b).geld).toBe(2);
    expect(writesOf().slice(before)).toHaveLength(1);
    expect(writesOf().at(-1)?.ids).toEqual([b.id]);
    expect(state.notifications.filter((n) => n.type === "error")).toHaveLength(1);
  });

  it("an update's system changes go through the model's migrateData first (an old pool shape in an update)", async () => {
    const actor = await createActor({ type: "character" });
    await actor.update({ "system.leben": 12 });
    expect(sys(actor).leben).toEqual({ value: 12, max: 12 });
    expect(state.notifications).toEqual([]);
  });

  it("lowering a pool's maximum takes its value down with it", async () => {
    const actor = await createActor({ type: "character", system: { leben: { value: 10, max: 12 } } });
    await actor.update({ "system.leben.max": 6 });
    expect((actor as Any)._source.system.leben).toEqual({ value: 6, max: 6 });
  });
});

describe("the repair works on every kind of field, one value at a time", () => {
  const f = (globalThis as Any).foundry.data.fields;
  const fields = () => ({
    tags: new f.SetField(new f.StringField({ required: true, blank: false, choices: ["a", "b"] })),
    zahlen: new f.ArrayField(new f.NumberField({ nullable: false, integer: true, min: 0, max: 10 })),
    frei: new f.ObjectField(),
    gruppe: new f.SchemaField({ x: new f.NumberField({ integer: true, min: 0 }), wer: new f.DocumentUUIDField({ type: "Actor" }) }),
    gerade: new f.NumberField({ integer: true, validate: (v: unknown) => typeof v === "number" && v % 2 === 0 }),
  });

  it("lists and sets keep their good elements; objects lose unsafe keys at every depth; groups without a prototype are read", () => {
    const data: Record<string, unknown> = {
      tags: new Set(["a", "B", "zz", 3]),
      zahlen: [1, "2", "x", 20, -1, NaN],
      frei: JSON.parse('{"__proto__": {"p": 1}, "ok": {"constructor": 1, "y": [{"prototype": 2, "z": 3}]}}'),
      gruppe: Object.assign(Object.create(null) as object, { x: "3", wer: "Item.abcdefghijklmnop" }),
      gerade: 3,
    };
    const notes = repairData(fields(), data);
    expect(data).toEqual({ tags: ["a", "b"], zahlen: [1, 2, 10, 0], frei: { ok: { y: [{ z: 3 }] } }, gruppe: { x: 3 } });
    expect(Object.getPrototypeOf(data.gruppe)).toBe(Object.prototype);
    expect(notes.filter((n) => n.outcome === "dropped").map((n) => n.path)).toEqual(["tags.2", "tags.3", "zahlen.2", "zahlen.5", "gruppe.wer", "gerade"]);
  });

  it("a single value where a list belongs becomes a list of one; a group given as a list is dropped", () => {
    const data: Record<string, unknown> = { tags: "a", zahlen: { 0: 1 }, gruppe: [1] };
    repairData(fields(), data);
    expect(data).toEqual({ tags: ["a"] });
  });
});
