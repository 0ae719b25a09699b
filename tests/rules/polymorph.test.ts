import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  POLY_KEPT,
  POLY_REPLACED,
  POLY_ROUTED,
  armourInForm,
  checkSnapshot,
  damageReceived,
  formLeben,
  formValues,
  polyEffectWorks,
  polyItemRole,
  polymorphRun,
  polymorphStep,
  restoredSystem,
  revertDue,
  snapshotChecksum,
  stableJson,
  swappedSystem,
} from "../../src/rules/polymorph";
import type { PolyEvent } from "../../src/rules/polymorph";

const alrik = () => ({
  system: {
    attributes: { mu: 8, kl: 10, in: 8, ch: 6, ge: 8, ff: 6, ko: 8, kk: 6 },
    leben: { value: 20, max: 24 },
    fluss: { value: 6, max: 10 },
    gunst: { value: 2, max: 3 },
    ruestung: 1,
    geschwindigkeit: 6,
    groesse: "mittel",
    level: 4,
    geld: 120,
    erschoepfung: { value: 1, heuteErhalten: false },
    biografie: "<p>Alrik</p>",
  } as Record<string, unknown>,
});
const wolf = { attributes: { mu: 6, kl: 4, in: 10, ch: 4, ge: 10, ff: 4, ko: 8, kk: 8 }, leben: { value: 12, max: 12 }, ruestung: 2, geschwindigkeit: 10, groesse: "klein", ausweichen: 7 };

describe("the contract: every field is replaced, routed or kept, and none is two of them", () => {
  it("the three lists are disjoint", () => {
    const all = [...POLY_REPLACED, ...POLY_ROUTED, ...POLY_KEPT];
    expect(new Set(all).size).toBe(all.length);
  });
});

describe("R-POLY-1 the character's values are replaced by the form's, except Leben, Fluss and Gunst", () => {
  it("the swap takes the form's attributes, Rüstung, speed and size and leaves the pools", () => {
    const out = swappedSystem(alrik().system, formValues(wolf));
    expect(out).toMatchObject({ attributes: wolf.attributes, ruestung: 2, geschwindigkeit: 10, groesse: "klein" });
    expect(out.leben).toEqual({ value: 20, max: 24 });
    expect(out.fluss).toEqual({ value: 6, max: 10 });
    expect(out.gunst).toEqual({ value: 2, max: 3 });
  });
  it("the form's Leben never becomes the character's", () => {
    const state = polymorphRun(alrik(), [{ type: "transform", form: wolf }]);
    expect(state.system.leben).toEqual({ value: 20, max: 24 });
    expect(state.last?.rules).toContain("R-POLY-1");
  });
  it("kept fields (Level, Geld, Erschöpfung, biography) are not touched by the swap", () => {
    const out = swappedSystem(alrik().system, formValues(wolf));
    for (const key of ["level", "geld", "erschoepfung", "biografie"]) expect(out[key]).toEqual(alrik().system[key]);
  });
});

describe("R-POLY-2 attribute dice (the mental ones too), Übungswerte and path benefits are the form's", () => {
  it("KL, IN, MU and CH come from the form like the physical attributes", () => {
    const out = swappedSystem(alrik().system, formValues(wolf)) as { attributes: Record<string, number> };
    expect([out.attributes.kl, out.attributes.in, out.attributes.mu, out.attributes.ch]).toEqual([4, 10, 6, 4]);
  });
  it("the character's talents, spells, attacks and passives sleep in the form; their effects stop working", () => {
    const snapshot = { items: [{ _id: "t1" }, { _id: "p1" }, { _id: "r1" }], formItems: ["b1"] };
    expect(polyItemRole({ id: "t1", type: "talent" }, snapshot)).toEqual({ role: "dormant", rule: "R-POLY-2" });
    expect(polyItemRole({ id: "p1", type: "passive" }, snapshot).role).toBe("dormant");
    expect(polyEffectWorks("dormant")).toEqual({ works: false, rule: "R-POLY-2" });
  });
});

describe("R-POLY-3 equipment is inaccessible; passive benefits (magic items) remain", () => {
  it("the character's equipment is locked, and its effects keep working", () => {
    const snapshot = { items: [{ _id: "r1" }, { _id: "w1" }], formItems: [] };
    expect(polyItemRole({ id: "r1", type: "equipment" }, snapshot)).toEqual({ role: "locked", rule: "R-POLY-3" });
    expect(polyItemRole({ id: "w1", type: "weapon" }, snapshot).role).toBe("locked");
    expect(polyEffectWorks("locked")).toEqual({ works: true, rule: "R-POLY-3" });
  });
  it("an item added in the form is the character's and free", () => {
    expect(polyItemRole({ id: "n1", type: "equipment" }, { items: [{ _id: "r1" }], formItems: [] })).toEqual({ role: "free", rule: null });
  });
});

describe("R-POLY-4 all actions and passives of the form are available", () => {
  it.each(["attack", "passive", "talent"])("the form's %s is usable", (type) => {
    expect(polyItemRole({ id: "b1", type }, { items: [{ _id: "b1x" }], formItems: ["b1"] })).toEqual({ role: "form", rule: "R-POLY-4" });
    expect(polyEffectWorks("form").works).toBe(true);
  });
});

describe("R-POLY-5 damage in the form reduces the character's own Leben; Fluss spent its own Fluss", () => {
  it("a hit in the form comes off the character's Leben", () => {
    const state = polymorphRun(alrik(), [{ type: "transform", form: wolf }, { type: "damage", amount: 7 }]);
    expect(state.system.leben).toEqual({ value: 15, max: 24 });
    expect(state.last?.rules).toContain("R-POLY-5");
  });
  it("Fluss spent in the form is gone after the revert", () => {
    const state = polymorphRun(alrik(), [{ type: "transform", form: wolf }, { type: "spendFluss", amount: 4 }, { type: "revert" }]);
    expect(state.system.fluss).toEqual({ value: 2, max: 10 });
  });
  it("the damage received in the form adds up every loss of the character's Leben; a gain adds nothing", () => {
    expect(damageReceived(0, 20, 15)).toBe(5);
    expect(damageReceived(5, 15, 22)).toBe(5);
    expect(damageReceived(5, 22, 14)).toBe(13);
  });
});

describe("R-POLY-6 only the form's armour counts", () => {
  it("the hit is reduced by the wolf's Rüstung 2, not the character's 1 or its worn armour", () => {
    const state = polymorphRun(alrik(), [{ type: "transform", form: wolf }, { type: "damage", amount: 5 }]);
    expect(state.system.leben).toMatchObject({ value: 17 });
    expect(state.last?.rules).toContain("R-POLY-6");
    expect(armourInForm({ formRuestung: 2, wornArmour: 4 })).toEqual({ ruestung: 2, ignored: 4, rule: "R-POLY-6" });
  });
  it("a form without armour takes the whole hit although the character wore armour", () => {
    const state = polymorphRun({ system: { ...alrik().system, ruestung: 5 } }, [{ type: "transform", form: { ...wolf, ruestung: 0 } }, { type: "damage", amount: 5 }]);
    expect(state.system.leben).toMatchObject({ value: 15 });
  });
});

describe("R-POLY-7 the character turns back when the damage in the form reaches the form's total Leben", () => {
  it.each([
    // damage received, form Leben, revert?
    [11, 12, false],
    [12, 12, true],
    [13, 12, true],
    [0, 0, false], // a form of 0 Leben still needs one point
    [1, 0, true],
    [Number.NaN, 12, false],
  ])("%d received, form Leben %i: revert %s", (taken, threshold, revert) => {
    expect(revertDue({ taken, threshold })).toMatchObject({ revert, rule: "R-POLY-7" });
  });
  it("the character at 0 (dying) before the form is spent stays in the form: 5 Leben lost is 5 received", () => {
    const state = polymorphRun({ system: { ...alrik().system, leben: { value: 5, max: 24 } } }, [{ type: "transform", form: { ...wolf, ruestung: 0 } }, { type: "damage", amount: 9 }]);
    expect(state.snapshot).toMatchObject({ taken: 5 });
    expect(state.system.leben).toMatchObject({ value: 0 });
  });
  it("the threshold is the form's maximum Leben, not its current", () => {
    expect(formLeben({ leben: { value: 3, max: 12 } })).toBe(12);
    expect(formLeben({})).toBe(1);
  });
  it("the hit that reaches it reverts at once, and the hit one short does not", () => {
    const form = { ...wolf, ruestung: 0 };
    const short = polymorphRun(alrik(), [{ type: "transform", form }, { type: "damage", amount: 11 }]);
    expect(short.snapshot).not.toBeNull();
    const exact = polymorphRun(alrik(), [{ type: "transform", form }, { type: "damage", amount: 12 }]);
    expect(exact.snapshot).toBeNull();
    expect(exact.last).toMatchObject({ outcome: "reverted", rules: expect.arrayContaining(["R-POLY-7", "R-POLY-8"]) });
    expect(exact.system).toMatchObject({ attributes: alrik().system.attributes, leben: { value: 8 } });
  });
  it("damage received accumulates; healing does not undo it (Decision 2026-12-01): 10, healed 6, then 8 is 18 against a bear of 18 Leben", () => {
    const bear = { ...wolf, ruestung: 0, leben: { value: 18, max: 18 } };
    const healed = polymorphRun(alrik(), [{ type: "transform", form: bear }, { type: "damage", amount: 10 }, { type: "heal", amount: 6 }]);
    expect(healed.snapshot).toMatchObject({ taken: 10 });
    expect(healed.system.leben).toMatchObject({ value: 16 });
    const state = polymorphStep(healed, { type: "damage", amount: 8 });
    expect(state.snapshot).toBeNull();
    expect(state.last).toMatchObject({ outcome: "reverted", rules: expect.arrayContaining(["R-POLY-7"]) });
    expect(state.system.leben).toMatchObject({ value: 8 });
  });
});

describe("R-POLY-8 turning back restores everything replaced; nothing of the character is lost", () => {
  it("edits of replaced fields in the form are the form's; edits of kept fields stay", () => {
    const state = polymorphRun(alrik(), [
      { type: "transform", form: wolf },
      { type: "edit", key: "ruestung", value: 9 },
      { type: "edit", key: "geld", value: 500 },
      { type: "revert" },
    ]);
    expect(state.system.ruestung).toBe(1);
    expect(state.system.geld).toBe(500);
  });
  it("a second transform while transformed is refused and changes nothing", () => {
    const once = polymorphRun(alrik(), [{ type: "transform", form: wolf }]);
    const twice = polymorphStep(once, { type: "transform", form: { ...wolf, ruestung: 9 } });
    expect(twice.last).toMatchObject({ outcome: "refused" });
    expect(twice.system).toEqual(once.system);
    expect(twice.snapshot).toEqual(once.snapshot);
  });
  it("restoredSystem takes the replaced fields from the original and everything else from now", () => {
    const now = { ...swappedSystem(alrik().system, formValues(wolf)), leben: { value: 3, max: 24 }, level: 5 };
    expect(restoredSystem(now, alrik().system)).toEqual({ ...alrik().system, leben: { value: 3, max: 24 }, level: 5 });
  });

  const event: fc.Arbitrary<PolyEvent> = fc.oneof(
    fc.record({ type: fc.constant("transform" as const), form: fc.record({ attributes: fc.record({ kk: fc.constantFrom(4, 6, 8, 10, 12) }), leben: fc.record({ max: fc.integer({ min: 0, max: 30 }) }), ruestung: fc.integer({ min: 0, max: 6 }), geschwindigkeit: fc.integer({ min: 0, max: 20 }), groesse: fc.constantFrom("klein", "gross") }) }),
    fc.record({ type: fc.constant("damage" as const), amount: fc.integer({ min: 0, max: 15 }) }),
    fc.record({ type: fc.constant("spendFluss" as const), amount: fc.integer({ min: 0, max: 5 }) }),
    fc.record({ type: fc.constant("heal" as const), amount: fc.integer({ min: 0, max: 10 }) }),
    fc.record({ type: fc.constant("edit" as const), key: fc.constantFrom("ruestung", "geschwindigkeit", "level", "geld"), value: fc.integer({ min: 0, max: 50 }) }),
    fc.constant({ type: "revert" as const }),
  );

  it("property: after any sequence ending in a revert, every replaced field is the original and the pools follow the rules", () => {
    fc.assert(
      fc.property(fc.array(event, { maxLength: 25 }), (events) => {
        // The character's own replaced values: whatever they were the last time it was itself.
        const own = (system: Record<string, unknown>) => Object.fromEntries(POLY_REPLACED.map((k) => [k, structuredClone(system[k])]));
        let state = polymorphRun(alrik(), []);
        let expected = own(state.system);
        for (const e of events) {
          if (!state.snapshot) expected = own(state.system);
          state = polymorphStep(state, e);
        }
        if (!state.snapshot) expected = own(state.system);
        state = polymorphStep(state, { type: "revert" });
        expect(state.snapshot).toBeNull();
        expect(own(state.system)).toEqual(expected);
        const leben = state.system.leben as { value: number; max: number };
        expect(leben.value).toBeGreaterThanOrEqual(0);
        expect(leben.value).toBeLessThanOrEqual(leben.max);
      }),
      { numRuns: 500 },
    );
  });
});

describe("the snapshot's checksum catches any change to it", () => {
  const content = { v: 1, id: "s1", form: { name: "Wolf" }, original: { name: "Alrik", system: alrik().system }, items: [{ _id: "a", type: "talent", name: "Athletik" }], effects: [{ _id: "e" }], formItems: ["b"], lebenAtTransform: 20, threshold: 12 };
  const stored = () => ({ ...structuredClone(content), checksum: snapshotChecksum(content) });
  it("a sound snapshot passes", () => expect(checkSnapshot(stored(), 1)).toEqual({ ok: true }));
  it("the key order does not matter", () => expect(stableJson({ b: 1, a: [2, { d: 1, c: 2 }] })).toBe(stableJson({ a: [2, { c: 2, d: 1 }], b: 1 })));
  it.each([
    ["a changed attribute", (s: any) => ((s.original.system.attributes as Record<string, number>).kk = 12), "checksum"], // eslint-disable-line @typescript-eslint/no-explicit-any
    ["a lost item", (s: any) => s.items.pop(), "checksum"], // eslint-disable-line @typescript-eslint/no-explicit-any
    ["an item without id", (s: any) => delete s.items[0]._id, "shape"], // eslint-disable-line @typescript-eslint/no-explicit-any
    ["a missing replaced field", (s: any) => delete s.original.system.groesse, "shape"], // eslint-disable-line @typescript-eslint/no-explicit-any
    ["another version", (s: any) => (s.v = 2), "version"], // eslint-disable-line @typescript-eslint/no-explicit-any
  ])("%s is refused (%s)", (_what, corrupt, fault) => {
    const s = stored();
    corrupt(s);
    expect(checkSnapshot(s, 1)).toEqual({ ok: false, fault });
  });
  it("no snapshot at all", () => expect(checkSnapshot(null, 1)).toEqual({ ok: false, fault: "missing" }));
});
