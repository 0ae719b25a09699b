// Bad input never breaks a world, as a property: random sources and updates built from each model's own
// schema, valid values mixed with garbage (texts, NaN, Infinity, 1e308, negatives, objects, arrays,
// objects without a prototype, __proto__ / constructor keys, off-ladder dice, bad UUIDs, unknown choices).
// Every create succeeds, every valid value survives exactly (pools held to their max are the one
// documented clamp), unusable values leave the default or the stored value, every number is finite.
import fc from "fast-check";
import { beforeEach, describe, expect, it } from "vitest";
import { CharacterSheet } from "../../src/applications/sheets/character-sheet";
import { CreatureSheet } from "../../src/applications/sheets/creature-sheet";
import { FlexItemSheet } from "../../src/applications/sheets/item-sheet";
import { itemDataModels } from "../../src/data/item/types";
import { resetWorld, state } from "../harness";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
type Obj = Record<string, unknown>;
const g = globalThis as Any;
const F = g.foundry.data.fields;

/** Fixed, so CI sees the same cases every run; change it to explore. */
const SEED = 0x5eed_f1e7;
const RUNS = { actor: 10_000, item: 2_000, update: 2_000 };
/** A limit for a slow or busy machine, not a measure: speed is measured in tests/bench. */
const LIMIT = 120_000;

// Plans: what each field of a random source gets -------------------------------------------------

type Part =
  | { kind: "absent" }
  | { kind: "valid"; value: unknown }
  | { kind: "garbage"; value: unknown; hard: boolean }
  | { kind: "nested"; parts: Record<string, Part>; wrap: Wrap };
type Wrap = "plain" | "nullProto" | "protoKey" | "ctorKey";

/** Values a prototype injection would smuggle in: schema keys with values no test source uses. */
const INJECTED = { geld: 4242, level: 42, stufe: 42, value: 4242, max: 4242, ko: 4, trainer: "Actor.INJECTEDINJECTED", wuerfel: 4, preis: 4242 };

/** Garbage no field can read as a value: it must leave the default (create) or the stored value (update). */
const oddValues: (() => unknown)[] = [
  () => NaN,
  () => [],
  () => [1, 2],
  () => ({ value: 3 }),
  () => new Date(0),
  () => new Map([["a", 1]]),
  () => new Set([4]),
  () => Object.create(null),
  () => Object.assign(Object.create(null), { value: 5 }),
  () => ({ toString: 1 }),
  () => JSON.parse('{"__proto__": {"value": 6}}'),
];
const hard = (value: unknown): Part => ({ kind: "garbage", value, hard: true });
const soft = (value: unknown): Part => ({ kind: "garbage", value, hard: false });
const shortText = fc.string({ maxLength: 6 });
/** Garbage some fields can read (and repair): only the document's validity is checked. */
const SOFT = [Infinity, -Infinity, 1e308, -1e308, -1, -7, 0, 1.5, 5, 7, 9, 13, 2 ** 53, "", "  ", "abc", "W9", "d8", "1W12", "12,5", " 3 ", "-3", "1e308", "NaN", "Infinity", "true", "on", "Gross", "KAMPFART", " kk ", "Actor.kurz", "Item.abcdefghijklmnop", "actor.abcdefghijklmnop", "Actor.abcdefghijklmnop.Item", null, true, false];
/** Garbage of every kind, flat (one choice per value keeps ten thousand sources cheap to generate). */
const garbage: fc.WeightedArbitrary<Part>[] = [
  { weight: 2, arbitrary: fc.integer({ min: 0, max: oddValues.length - 1 }).map((i) => hard(oddValues[i]())) },
  { weight: 1, arbitrary: fc.tuple(shortText, fc.oneof(fc.double(), shortText)).map(([k, v]) => hard({ [k]: v })) },
  { weight: 1, arbitrary: fc.tuple(fc.integer(), shortText).map((t) => hard([...t])) },
  { weight: 3, arbitrary: fc.integer({ min: 0, max: SOFT.length - 1 }).map((i) => soft(SOFT[i])) },
  { weight: 1, arbitrary: fc.string({ maxLength: 12 }).map(soft) },
  { weight: 1, arbitrary: fc.double().map(soft) },
  { weight: 1, arbitrary: fc.integer().map(soft) },
];
/** Where a group of fields belongs: nothing a group could be read from (a bare number would be an old pool). */
const groupGarbage = fc
  .constantFrom<() => unknown>(() => NaN, () => true, () => null, () => [], () => [1], () => "abc", () => new Date(0))
  .map((make): Part => hard(make()));

function choicesOf(field: Any): string[] | null {
  const c = typeof field.options.choices === "function" ? field.options.choices() : field.options.choices;
  return c ? (Array.isArray(c) ? c : Object.keys(c)) : null;
}

/** Texts for a text field with its own validation (dice notation, an attack check): the field keeps those it accepts as they are. */
const TEXT_CANDIDATES = ["", "W4", "W6", "W8+3", "W10-1", "W12+99", "W8+100", "1W6", "1W6+2", "2W6+2", "W8 - 1", "3", "100W6", "w8+3", "abc", "Mit Tieren umgehen"];

const id16 = fc.nat().map((n) => `x${n.toString(36)}`.padStart(16, "0").slice(-16));

/** Values the field accepts as they are (Foundry's own validation, already clean), as weighted choices. */
function validValues(field: Any): fc.Arbitrary<unknown>[] {
  const o = field.options;
  const out: fc.Arbitrary<unknown>[] = [];
  if (field instanceof F.NumberField) {
    const min = typeof o.min === "number" ? o.min : -1000;
    const max = typeof o.max === "number" ? o.max : 1000;
    // A custom validator (the dice ladder): candidates, the field keeps the ones it accepts.
    if (o.validate) out.push(fc.constantFrom(...[4, 5, 6, 7, 8, 9, 10, 12, 0].filter((v) => !field.validate(v))));
    else if (o.integer) out.push(fc.integer({ min, max }), fc.integer({ min, max: Math.min(max, min + 20) }), fc.constantFrom(min, max));
    else out.push(fc.double({ min, max, noNaN: true }).map((v) => (v === 0 ? 0 : v)), fc.constantFrom(0.25, 0.5, 1, 2, min, max));
    if (field.nullable) out.push(fc.constant(null));
  } else if (field instanceof F.BooleanField) {
    out.push(fc.boolean());
  } else if (field instanceof F.DocumentUUIDField) {
    out.push(fc.constant(null), id16.map((i) => `${o.type}.${i}`), fc.tuple(id16, id16).map(([s, t]) => `Scene.${s}.Token.${t}.${o.type}.${t}`), id16.map((i) => `Compendium.world.tiere.${o.type}.${i}`));
  } else if (field instanceof F.StringField) {
    const choices = choicesOf(field);
    if (choices) out.push(fc.constantFrom(...choices));
    else if (o.validate) out.push(fc.constantFrom(...TEXT_CANDIDATES.filter((v) => !field.validate(v) && field.clean(v) === v)));
    else out.push(fc.string({ maxLength: 16 }).map((t) => t.trim() || (o.blank === false ? "x" : "")), fc.constantFrom("1W6+2", "<p>Ä <b>ö</b></p>", "Mit Tieren umgehen", "Дрессировка"));
  } else {
    throw new Error(`no generator for ${field.constructor.name}`);
  }
  return out;
}

const wrapArb = fc.constantFrom<Wrap>("plain", "plain", "plain", "nullProto", "protoKey", "ctorKey");
const ABSENT: Part = { kind: "absent" };

function partArb(field: Any): fc.Arbitrary<Part> {
  if (field instanceof F.SchemaField) {
    const nested = fc.record(Object.fromEntries(Object.entries(field.fields).map(([k, f]) => [k, partArb(f)])) as Record<string, fc.Arbitrary<Part>>);
    return fc.oneof(
      { weight: 1, arbitrary: fc.constant(ABSENT) },
      { weight: 1, arbitrary: groupGarbage },
      { weight: 6, arbitrary: fc.tuple(nested, wrapArb).map(([parts, wrap]): Part => ({ kind: "nested", parts, wrap })) },
    );
  }
  const valid = validValues(field);
  return fc.oneof(
    { weight: 4 * valid.length, arbitrary: fc.constant(ABSENT) },
    ...valid.map((arb) => ({ weight: 10, arbitrary: arb.map((value): Part => ({ kind: "valid", value })) })),
    ...garbage.map(({ weight, arbitrary }) => ({ weight: weight * valid.length, arbitrary })),
  );
}

/** The data a plan stands for; nested groups wrapped as JSON.parse or Object.create(null) would leave them. */
function build(part: Part): unknown {
  if (part.kind !== "nested") return part.kind === "absent" ? undefined : part.value;
  const out: Obj = part.wrap === "nullProto" ? Object.create(null) : {};
  for (const [k, p] of Object.entries(part.parts)) if (p.kind !== "absent") out[k] = build(p);
  if (part.wrap === "protoKey") Object.defineProperty(out, "__proto__", { value: { ...INJECTED }, enumerable: true, writable: true, configurable: true });
  if (part.wrap === "ctorKey") Object.assign(out, { constructor: { ...INJECTED }, prototype: { ...INJECTED } });
  return out;
}

// Expectations ------------------------------------------------------------------------------------

interface Leaf { path: string[]; name: string; inPool: boolean }
const leavesOf = new Map<object, Leaf[]>();
/** The leaf fields of a schema with their paths, computed once per model. */
function leaves(schema: Any, path: string[] = [], out: Leaf[] = []): Leaf[] {
  const pool = Object.keys(schema.fields).sort().join() === "max,value";
  for (const [key, field] of Object.entries(schema.fields) as [string, Any][]) {
    if (field instanceof F.SchemaField) leaves(field, [...path, key], out);
    else out.push({ path: [...path, key], name: [...path, key].join("."), inPool: pool && key === "value" });
  }
  return out;
}
function leavesFor(schema: Any): Leaf[] {
  let list = leavesOf.get(schema);
  if (!list) leavesOf.set(schema, (list = leaves(schema)));
  return list;
}

const get = (obj: unknown, path: string[]): unknown => {
  let o = obj;
  for (const k of path) o = (o as Obj | undefined)?.[k];
  return o;
};
function partAt(part: Part, path: string[]): Part | undefined {
  let p: Part | undefined = part;
  for (const k of path) p = p?.kind === "nested" ? p.parts[k] : undefined;
  return p;
}

/**
 * Checks every leaf of `schema` in `system` against the plan: a valid value is kept exactly, an absent
 * field or hard garbage leaves `before` (the default on create); a pool's value is held to its max;
 * `overrides` are the values the rules set themselves.
 */
function checkLeaves(schema: Any, part: Part, system: unknown, before: unknown, failures: string[], overrides: Obj = {}): void {
  for (const leaf of leavesFor(schema)) {
    const sub = partAt(part, leaf.path);
    let expected: unknown;
    if (leaf.name in overrides) expected = overrides[leaf.name];
    else if (sub?.kind === "valid") expected = sub.value;
    else if (!sub || sub.kind !== "garbage" || sub.hard) expected = get(before, leaf.path);
    else continue; // soft garbage: read or ignored, only validity counts
    if (leaf.inPool) expected = Math.min(expected as number, get(system, [...leaf.path.slice(0, -1), "max"]) as number);
    const actual = get(system, leaf.path);
    if (actual !== expected) failures.push(`${leaf.name}: expected ${String(expected)}, got ${String(actual)}`);
  }
}

const { Document } = g.foundry.abstract;
const { DataField } = F;

/** Every number reachable from `value` (plain objects, arrays, sets, the system model) is finite; documents are not entered. */
function nonFinite(value: unknown, path: (string | number)[], seen: Set<unknown>, out: string[]): void {
  if (typeof value === "number") {
    if (!Number.isFinite(value)) out.push(`${path.join(".")} = ${value}`);
    return;
  }
  if (typeof value !== "object" || value === null || seen.has(value) || value instanceof Document || value instanceof DataField) return;
  seen.add(value);
  const list = value instanceof Set ? [...value] : value;
  for (const k in list) {
    path.push(k);
    nonFinite((list as Obj)[k], path, seen, out);
    path.pop();
  }
}

/** Source and system validate against the stand-in's schema as they are (no fallback, nothing changed): the document is valid. */
function validationFailures(doc: Any): Record<string, string> {
  const failures = doc.constructor.schema.validateFields(doc._source, {});
  const model = g.CONFIG[doc.documentName].dataModels[doc.type];
  return { ...failures, ...model.schema.validateFields(doc._source.system, {}) };
}

/** What the sheet's parts get to render: one sheet per test, pointed at each document in turn. */
async function sheetContext(sheet: Any, document: Any): Promise<Obj> {
  sheet.options.document = document;
  const options = { parts: Object.keys(sheet.constructor.PARTS) };
  const context = await sheet._prepareContext(options);
  const parts: Obj = {};
  for (const part of options.parts) parts[part] = await sheet._preparePartContext(part, { ...context }, options);
  return parts;
}

function problems(doc: Any, context: Obj, failures: string[]): void {
  nonFinite(doc.system, ["system"], new Set(), failures);
  nonFinite(context, ["sheet"], new Set(), failures);
}

// Properties --------------------------------------------------------------------------------------

const fuzz = { seed: SEED, endOnFailure: true } as const;
/** Sources are created in batches, as a GM importing creatures would: fewer requests, the same checks per document. */
const BATCH = 10;
/** Inside a property a plain throw is enough (and cheaper than expect, ten thousand times over). */
function assertNone(failures: string[]): void {
  if (failures.length) throw new Error(failures.join("\n"));
}
const injectedNowhere = () => expect(Object.keys(INJECTED).filter((k) => k in {})).toEqual([]);

/** Creates a batch of random sources of one type and checks every document and its sheet. */
async function createAndCheck(cls: Any, type: string, sheet: Any, plans: Part[]): Promise<void> {
  const model = g.CONFIG[cls.documentName].dataModels[type];
  const defaults = model.schema.getInitialValue();
  state.notifications.length = 0;
  const docs = await cls.createDocuments(plans.map((part, i) => ({ name: `Fuzz ${i}`, type, system: build(part) })));
  const failures = state.notifications.filter((n) => n.type === "error").map((n) => `error: ${n.message}`);
  if (docs.length !== plans.length) failures.push(`created ${docs.length} of ${plans.length}`);
  for (const [i, doc] of docs.entries()) {
    const known = failures.length;
    checkLeaves(model.schema, plans[i], doc._source.system, defaults, failures);
    problems(doc, await sheetContext(sheet, doc), failures);
    if (failures.length > known) failures.push(`(source ${i} of the batch)`);
    (cls.documentName === "Item" ? g.game.items : g.game.actors).delete(doc.id);
  }
  assertNone(failures);
}

beforeEach(() => {
  resetWorld({ gms: 1 });
});

describe.each([
  ["character", CharacterSheet],
  ["creature", CreatureSheet],
])("random %s sources", (type, Sheet) => {
  it(`${RUNS.actor} creates: none throws, every valid value is kept, every number is finite`, async () => {
    const model = g.CONFIG.Actor.dataModels[type];
    const system = fc.oneof({ weight: 20, arbitrary: partArb(model.schema) }, { weight: 1, arbitrary: groupGarbage });
    const sheet = new Sheet({ document: null });
    await fc.assert(
      fc.asyncProperty(fc.array(system, { minLength: BATCH, maxLength: BATCH }), (plans) => createAndCheck(g.Actor, type, sheet, plans)),
      { ...fuzz, numRuns: RUNS.actor / BATCH },
    );
    injectedNowhere();
  }, LIMIT);
});

describe.each(Object.keys(itemDataModels))("random %s sources", (type) => {
  it(`${RUNS.item} creates: none throws, every valid value is kept, every number is finite`, async () => {
    const model = g.CONFIG.Item.dataModels[type];
    const sheet = new FlexItemSheet({ document: null } as never);
    await fc.assert(
      fc.asyncProperty(fc.array(partArb(model.schema), { minLength: BATCH, maxLength: BATCH }), (plans) => createAndCheck(g.Item, type, sheet, plans)),
      { ...fuzz, numRuns: RUNS.item / BATCH },
    );
    injectedNowhere();
  }, LIMIT);
});

describe("random updates", () => {
  const targets: [string, string][] = [
    ["Actor", "character"],
    ["Actor", "creature"],
    ...Object.keys(itemDataModels).map((t): [string, string] => ["Item", t]),
  ];
  const update = fc.constantFrom(...targets).chain(([documentName, type]) => {
    const model = g.CONFIG[documentName].dataModels[type];
    return fc.record({
      documentName: fc.constant(documentName),
      type: fc.constant(type),
      start: partArb(model.schema),
      change: partArb(model.schema),
      name: fc.option(fc.constantFrom("Neu", "Änderung", "Новое"), { nil: undefined }),
      flat: fc.boolean(),
    });
  });

  it(`${RUNS.update} updates: every valid part is applied, garbage is ignored with a warning, the document stays valid`, async () => {
    await fc.assert(
      fc.asyncProperty(update, async ({ documentName, type, start, change, name, flat }) => {
        const cls = g[documentName];
        const model = g.CONFIG[documentName].dataModels[type];
        const doc = (await cls.create({ name: "Vorher", type, system: build(start) })) as Any;
        const before = structuredClone(doc._source.system);
        state.notifications.length = 0;
        const system = build(change);
        const changes: Obj = name ? { name } : {};
        // Dotted keys through an own __proto__ key are taken apart by Foundry's expandObject, before the system sees them.
        if (flat && change.kind === "nested" && change.wrap === "plain" && !JSON.stringify(change).includes('"protoKey"')) {
          for (const [k, v] of Object.entries(g.foundry.utils.flattenObject({ system }))) changes[k] = v;
        } else if (system !== undefined) changes.system = system;
        const updated = await doc.update(changes);
        const failures: string[] = [];
        if (updated !== doc) failures.push(`update refused: ${state.notifications.map((n) => n.message).join("; ")}`);
        if (name && doc.name !== name) failures.push(`name: expected ${name}, got ${doc.name}`);
        const after = doc._source.system;
        // R-EXH-4 bookkeeping: Erschöpfung that rises marks the day, whatever the update says.
        const rose = type === "character" && after.erschoepfung.value > before.erschoepfung.value;
        checkLeaves(model.schema, change, after, before, failures, rose ? { "erschoepfung.heuteErhalten": true } : {});
        problems(doc, {}, failures);
        for (const [k, v] of Object.entries(validationFailures(doc))) failures.push(`invalid ${k}: ${v}`);
        for (const n of state.notifications) if (n.type === "error") failures.push(`error: ${n.message}`);
        const hard = JSON.stringify(change, (_k, v) => (v?.kind === "garbage" && v.hard ? "HARD" : v)).includes("HARD");
        if (hard && !state.notifications.some((n) => n.type === "warn")) failures.push("ignored values without a warning");
        assertNone(failures);
        (documentName === "Item" ? g.game.items : g.game.actors).delete(doc.id);
      }),
      { ...fuzz, numRuns: RUNS.update },
    );
    injectedNowhere();
  }, LIMIT);
});
