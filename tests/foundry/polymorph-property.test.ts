// R-POLY-1 … R-POLY-8, the proof: 1,000 random sequences (500 on a linked actor, 500 on an unlinked token's
// actor) of transform, damage, spent Fluss, healing, edits, items and effects added, edited and removed,
// reloads and reverts. The pure rules (rules/polymorph.ts) run beside the Foundry layer as the model. Each
// time the character turns back (by the button or at the threshold) every field, item and effect it had when
// it transformed must be back, exactly, and Leben, Fluss and Gunst must be what the rules say: 0 lost fields.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { POLY_KEPT, POLY_REPLACED, polymorphStep } from "../../src/rules";
import type { PolyEvent, PolyState } from "../../src/rules";
import { createScene, placeToken, reloadWorld, resetWorld, settle, state, takeErrors } from "../harness";
import { alrik, essence, wolf } from "./polymorph-helpers";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
const g = globalThis as Any;
const poly = () => g.game.flex.polymorph;

type Step =
  | { type: "transform"; form: number }
  | { type: "damage"; amount: number }
  | { type: "spendFluss"; amount: number }
  | { type: "heal"; amount: number }
  | { type: "edit"; key: "ruestung" | "geschwindigkeit" | "geld" | "level" | "groesse"; value: number }
  | { type: "addItem" }
  | { type: "editItem"; pick: number }
  | { type: "removeItem"; pick: number }
  | { type: "addEffect" }
  | { type: "removeEffect"; pick: number }
  | { type: "reload" }
  | { type: "revert" };

const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ type: fc.constant("transform" as const), form: fc.integer({ min: 0, max: 1 }) }) },
  { weight: 3, arbitrary: fc.record({ type: fc.constant("damage" as const), amount: fc.integer({ min: 0, max: 9 }) }) },
  fc.record({ type: fc.constant("spendFluss" as const), amount: fc.integer({ min: 0, max: 4 }) }),
  fc.record({ type: fc.constant("heal" as const), amount: fc.integer({ min: 0, max: 6 }) }),
  fc.record({ type: fc.constant("edit" as const), key: fc.constantFrom("ruestung" as const, "geschwindigkeit" as const, "geld" as const, "level" as const, "groesse" as const), value: fc.integer({ min: 1, max: 9 }) }),
  fc.constant({ type: "addItem" as const }),
  fc.record({ type: fc.constant("editItem" as const), pick: fc.nat() }),
  fc.record({ type: fc.constant("removeItem" as const), pick: fc.nat() }),
  fc.constant({ type: "addEffect" as const }),
  fc.record({ type: fc.constant("removeEffect" as const), pick: fc.nat() }),
  fc.constant({ type: "reload" as const }),
  { weight: 2, arbitrary: fc.constant({ type: "revert" as const }) },
);

const SIZES = ["winzig", "klein", "mittel", "gross", "riesig"];
const pools = (system: Any) => ({ leben: system.leben.value, fluss: system.fluss.value, gunst: system.gunst.value });
const pick = <T,>(list: T[], n: number): T | undefined => (list.length ? list[n % list.length] : undefined);

/** The fields, items and effects of `before` missing from or different in `after` (Flex's bookkeeping and what the rules route aside). */
function lost(before: Any, after: Any): string[] {
  const out: string[] = [];
  for (const key of POLY_REPLACED) if (JSON.stringify(before.system[key]) !== JSON.stringify(after.system[key])) out.push(`system.${key}`);
  for (const key of ["name", "img", "prototypeToken", "ownership", "type"]) if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) out.push(key);
  for (const coll of ["items", "effects"] as const) {
    for (const doc of before[coll]) {
      const now = after[coll].find((d: Any) => d._id === doc._id);
      if (!now) out.push(`${coll}.${doc.name} (gone)`);
      else if (JSON.stringify(now) !== JSON.stringify(doc)) out.push(`${coll}.${doc.name} (changed)`);
    }
    // Only what was added in the form may be new (what the test added, a status such as dying at 0 Leben): the form's own items and the verwandelt status are gone.
    const added = (doc: Any) => String(doc.name).startsWith("Fund") || (coll === "effects" && doc.statuses?.length && !doc.statuses.includes("polymorphed"));
    for (const doc of after[coll]) if (!before[coll].some((d: Any) => d._id === doc._id) && !added(doc)) out.push(`${coll}.${doc.name} (left over)`);
  }
  return out;
}

async function run(steps: Step[], linked: boolean): Promise<{ lost: string[]; cycles: number }> {
  resetWorld({ gms: 1, players: 0 });
  const hero = await alrik();
  // The property test's character wears no armour, so the rules model (which knows no armour items) sees the same Rüstung.
  await hero.items.getName("Kettenhemd").update({ "system.ausgeruestet": false });
  const forms = [await wolf(), await wolf("Bär")];
  await forms[1].update({ "system.leben.max": 20, "system.leben.value": 20, "system.ruestung": 0, "system.groesse": "gross" });
  const scene = await createScene();
  const token = await placeToken(scene, hero, { actorLink: linked, texture: { src: "alrik.webp" } });
  const tokenId = token.id;
  const current = (): Any => (linked ? g.game.actors.get(hero.id) : scene.tokens.get(tokenId)!.actor);
  const tokenNow = (): Any => scene.tokens.get(tokenId);

  let model: PolyState = { system: JSON.parse(JSON.stringify(current().toObject().system)), snapshot: null, last: null };
  let original: Any = null;
  let originalLook: Any = null;
  const missing: string[] = [];
  let cycles = 0;
  let found = 0;

  const check = () => {
    const actor = current();
    const after = essence(actor);
    // The Foundry layer agrees with the rules on whether the character is transformed (R-POLY-7 exactly at the threshold).
    if (!!actor.getFlag("flex", "polymorph") !== !!model.snapshot) missing.push(`transformed: ${!!actor.getFlag("flex", "polymorph")} vs rules ${!!model.snapshot}`);
    if (JSON.stringify(pools(actor.system)) !== JSON.stringify(pools(model.system))) missing.push(`pools ${JSON.stringify(pools(actor.system))} vs rules ${JSON.stringify(pools(model.system))}`);
    for (const key of [...POLY_REPLACED, ...POLY_KEPT.filter((k) => k === "level" || k === "geld")]) {
      if (JSON.stringify(actor.system[key]) !== JSON.stringify(model.system[key])) missing.push(`system.${key} vs rules`);
    }
    if (original && !model.snapshot) {
      // It turned back: everything it had when it transformed is here again.
      missing.push(...lost(original, after));
      const look = tokenNow().texture.src;
      if (look !== originalLook) missing.push(`token look ${look}`);
      if (actor.statuses.has("polymorphed")) missing.push("status left over");
      original = null;
      cycles += 1;
    }
  };

  for (const s of steps) {
    const actor = current();
    const ev = (e: PolyEvent) => (model = polymorphStep(model, e));
    switch (s.type) {
      case "transform": {
        const before = essence(actor);
        const look = tokenNow().texture.src;
        const done = await poly().transform(actor, forms[s.form]);
        ev({ type: "transform", form: forms[s.form].toObject().system });
        if (done) [original, originalLook] = [before, look];
        break;
      }
      case "damage":
        await actor.applyDamage(s.amount);
        ev({ type: "damage", amount: s.amount });
        break;
      case "spendFluss":
        if (s.amount <= actor.system.fluss.value) await actor.update({ "system.fluss.value": actor.system.fluss.value - s.amount });
        ev({ type: "spendFluss", amount: s.amount });
        break;
      case "heal":
        await actor.applyHealing(s.amount);
        ev({ type: "heal", amount: s.amount });
        break;
      case "edit": {
        const value = s.key === "groesse" ? SIZES[s.value % SIZES.length] : s.value;
        await actor.update({ [`system.${s.key}`]: value });
        ev({ type: "edit", key: s.key, value });
        break;
      }
      case "addItem":
        await actor.createEmbeddedDocuments("Item", [{ name: `Fund ${++found}`, type: "equipment" }]);
        break;
      case "editItem": {
        const item = pick(actor.items.contents as Any[], s.pick);
        if (item) await item.update({ "system.beschreibung": `<p>${s.pick}</p>` });
        break;
      }
      case "removeItem":
        await pick(actor.items.contents as Any[], s.pick)?.delete();
        break;
      case "addEffect":
        await actor.createEmbeddedDocuments("ActiveEffect", [{ name: `Fund-Effekt ${++found}` }]);
        break;
      case "removeEffect": {
        const effect = pick(actor.effects.contents as Any[], s.pick);
        await effect?.delete();
        if (effect?.statuses.has("polymorphed") && model.snapshot) {
          // Switching verwandelt off is the token HUD's revert.
          for (let i = 0; i < 200 && current().getFlag("flex", "polymorph"); i++) await new Promise((r) => setTimeout(r, 2));
          ev({ type: "revert" });
        }
        break;
      }
      case "reload":
        reloadWorld();
        break;
      case "revert":
        await poly().revert(actor);
        ev({ type: "revert" });
        break;
    }
    await settle();
    // Outside the form, the character's own changes are its own: compare a cycle only from its transformation.
    check();
  }
  // And finally it turns back.
  await poly().revert(current());
  model = polymorphStep(model, { type: "revert" });
  await settle();
  check();
  return { lost: missing, cycles };
}

describe("R-POLY-8 1,000 random sequences lose nothing (the property test of the issue)", () => {
  for (const linked of [true, false]) {
    it(`${linked ? "a linked actor" : "an unlinked token's actor"}: 500 sequences, 0 lost fields`, async () => {
      let cycles = 0;
      await fc.assert(
        fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
          const out = await run(steps, linked);
          cycles += out.cycles;
          expect(out.lost).toEqual([]);
          expect(takeErrors()).toEqual([]);
        }),
        { numRuns: 500 },
      );
      // The sequences really transformed and turned back, many times.
      expect(cycles).toBeGreaterThan(250);
      expect(state.errors).toEqual([]);
    }, 600_000);
  }
});
