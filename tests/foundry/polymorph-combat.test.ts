// R-POLY-4 / R-POLY-5 / R-POLY-6 / R-POLY-7 through the fight's own path: the transformed character bites with
// the form's attack, its own sword is refused, and a goblin's hits, applied from the attack card by the active
// GM, come off the character's own Leben through the wolf's armour only, until the wolf's Leben is spent and
// the character turns back, once, with 2 GMs and 3 players connected.
import { beforeEach, describe, expect, it } from "vitest";
import { parse } from "node-html-parser";
import { attackCardAction } from "../../src/automation/combat";
import { as, createActor, createScene, messageContentFor, messages, placeToken, queueDice, resetWorld, settle, state, target, type Clients } from "../harness";
import { alrik, wolf } from "./polymorph-helpers";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
/** The target's status line as the active GM's client draws it (a form's values are kept from other players: automation/screen.ts). */
const gmStatus = async (card: Any) => parse(await messageContentFor(card, clients.gms[0])).querySelector(".flex-target-status")!.text;
let clients: Clients;
const g = globalThis as Any;
const rolls = (...faces: [number, number][]) => queueDice(faces.map(([f, result]) => ({ faces: f, result })));
const acting = <T,>(user: Any, fn: () => Promise<T> | T) =>
  as(user, async () => {
    const out = await fn();
    await settle();
    return out;
  });

beforeEach(() => {
  clients = resetWorld({ gms: 2, players: 3 });
});

async function fight() {
  const [p1] = clients.players;
  const hero = await alrik(p1);
  const form = await wolf();
  await form.items.getName("Biss").update({ "system.angriff": "W8+3", "system.aktionen": 1 });
  const goblin = (await createActor({ name: "Goblin", type: "creature", system: { ausweichen: 9, parade: 5, ruestung: 1, leben: { value: 12, max: 12 } } })) as Any;
  await goblin.createEmbeddedDocuments("Item", [{ name: "Krallen", type: "attack", system: { angriff: "W6+6", schaden: "1W8", aktionen: 1 } }]);
  const scene = await createScene();
  const heroToken = await placeToken(scene, hero);
  const goblinToken = await placeToken(scene, goblin, { col: 1 });
  await acting(p1, () => g.game.flex.polymorph.transform(hero, form));
  return { p1, hero, goblin, heroToken, goblinToken };
}

describe("R-POLY-2 / R-CORE-11 a transformed character defends as its form does (Decision 2026-12-01)", () => {
  /** Alrik turned into a bear with Ausweichen 5 and Parade 8 (GE W8); the goblin's claws roll EW 8. */
  async function bearAlrik() {
    const { p1, hero, heroToken } = await fight();
    await acting(p1, () => g.game.flex.polymorph.revert(hero));
    const bear = await wolf("Bär");
    await bear.update({ "system.ausweichen": 5, "system.parade": 8, "system.attributes.ge": 8 });
    await acting(p1, () => g.game.flex.polymorph.transform(hero, bear));
    const gm = clients.gms[0];
    target(gm, heroToken);
    return { p1, hero, gm, heroToken };
  }
  const claws = (gm: Any) => acting(gm, () => g.game.actors.getName("Goblin").items.getName("Krallen").roll({}));

  it("an attack with EW 8 does not hit a bear with Parade 8: defended on the card and at Apply, no defence to roll", async () => {
    const { hero, gm } = await bearAlrik();
    rolls([6, 2], [8, 5]); // Krallen: 2 + 6 = EW 8 against the bear's Parade 8: defended
    await claws(gm);
    const card = messages().at(-1) as Any;
    expect(card.flags.flex.attack.targets[0]).toMatchObject({ kind: "creature", status: "defended", defence: { kind: "parade", source: "fixed" } });
    expect(await gmStatus(card)).toBe("Abgewehrt · Parade 8");
    expect(card.content).not.toContain('data-action="flexAttackDefend"');
    const leben = hero.system.leben.value;
    expect(card.flags.flex.attack.damage).toBeNull(); // every target defended: no damage rolled
    const at = state.writes.length;
    await acting(gm, () => attackCardAction(card, ["t1"], "apply"));
    expect(state.writes.slice(at).filter((w) => w.documentName === "Actor")).toEqual([]);
    expect(hero.system.leben.value).toBe(leben);
  });

  it("EW 9 hits the bear: the active GM's Apply agrees from the form's values", async () => {
    const { hero, gm } = await bearAlrik();
    rolls([6, 3], [8, 5]); // EW 9 > Parade 8: a hit; 5 damage − the bear's Rüstung 2
    await claws(gm);
    const card = messages().at(-1) as Any;
    expect(card.flags.flex.attack.targets[0]).toMatchObject({ status: "hit", defence: { kind: "parade" } });
    expect(await gmStatus(card)).toBe("Treffer · Parade 8");
    const leben = hero.system.leben.value;
    await acting(gm, () => attackCardAction(card, ["t1"], "apply"));
    expect(hero.system.leben.value).toBe(leben - 3);
  });

  it("a player's hit on the bear needs no defence card: the active GM reads the form's Parade and applies it for the attacker", async () => {
    const { hero, heroToken } = await bearAlrik();
    const p2 = clients.players[1];
    const bela = (await createActor({ name: "Bela", type: "character", ownership: { default: 0, [p2.id]: 3 }, system: { attributes: { ge: 8 } } })) as Any;
    await bela.createEmbeddedDocuments("Item", [
      { name: "Klingenwaffen", type: "talent", system: { attribut: "ge", uebungswert: 2, kategorie: "kampfart" } },
      { name: "Dolch", type: "weapon", system: { talent: "Klingenwaffen", schaden: "1W6", aktionen: 1 } },
    ]);
    target(p2, heroToken);
    rolls([8, 7], [6, 6]); // Klingenwaffen: 7 + 2 = EW 9 > Parade 8: a hit; 6 damage − Rüstung 2
    await acting(p2, () => bela.items.getName("Dolch").roll({}));
    const card = messages().at(-1) as Any;
    const leben = hero.system.leben.value;
    expect(await acting(p2, () => attackCardAction(card, ["t1"], "apply"))).toEqual({ t1: "applied" });
    expect(hero.system.leben.value).toBe(leben - 4);
  });

  it("with the world setting 'creatures roll their defence', the form's value is rolled around with the form's GE die", async () => {
    await g.game.settings.set("flex", "creatureDefence", "roll");
    const { hero, gm } = await bearAlrik();
    rolls([6, 6], [8, 1], [8, 5]); // EW 12; Parade 8 − 4 + 1 = 5: a hit; 5 damage
    await claws(gm);
    const card = messages().at(-1) as Any;
    expect(card.flags.flex.attack.targets[0]).toMatchObject({ status: "hit", defence: { kind: "parade", source: "roll" } });
    expect(await gmStatus(card)).toBe("Treffer · Parade 5");
    const leben = hero.system.leben.value;
    await acting(gm, () => attackCardAction(card, ["t1"], "apply"));
    expect(hero.system.leben.value).toBe(leben - 3);
  });
});

describe("the fight in a form", () => {
  it("R-POLY-4: the wolf's bite hits the goblin; R-POLY-3: the character's sword is refused", async () => {
    const { p1, hero, goblin, goblinToken } = await fight();
    target(p1, goblinToken);
    const cards = messages().length;
    expect(await acting(p1, () => hero.items.getName("Langschwert").roll({}))).toBeNull();
    expect(messages()).toHaveLength(cards);
    rolls([8, 8], [8, 5]); // Biss: 8 + 3 = EW 11 against Ausweichen 9: a hit; 5 damage
    await acting(p1, () => hero.items.getName("Biss").roll({}));
    const card = messages().at(-1) as Any;
    await acting(clients.gms[0], () => attackCardAction(card, ["t1"], "apply"));
    expect(goblin.system.leben.value).toBe(8); // 5 − Rüstung 1
  });

  it("R-POLY-5 / R-POLY-6 / R-POLY-7: the goblin's hits, applied from its card, cost the character's own Leben through the wolf's Rüstung 2, and the 12th point turns it back once", async () => {
    const { p1, hero, heroToken } = await fight();
    const gm = clients.gms[0];
    target(gm, heroToken);
    const hit = async (damage: number) => {
      rolls([6, 6], [8, damage]); // Krallen: 6 + 6 = EW 12; then the damage die
      await acting(gm, async () => {
        // The GM's goblin attacks.
        const goblin = g.game.actors.getName("Goblin");
        await goblin.items.getName("Krallen").roll({});
      });
      const card = messages().at(-1) as Any;
      // Alrik defends as the wolf does (Decision 2026-12-01): its Ausweichen 7 against EW 12, a hit; nothing to roll.
      expect(card.flags.flex.attack.targets[0]).toMatchObject({ status: "hit", defence: { kind: "ausweichen", source: "fixed" } });
      expect(await gmStatus(card)).toBe("Treffer · Ausweichen 7");
      // Two GMs and three players click Apply at once: applied once.
      await Promise.all(clients.all.map((u) => acting(u, () => attackCardAction(card, ["t1"], "apply"))));
      return card;
    };
    await hit(8);
    expect(hero.system.leben.value).toBe(14); // 8 − 2, not − 4 (the Kettenhemd and the character's own Rüstung 1)
    expect(hero.getFlag("flex", "polymorph")).toBeTruthy();
    const before = state.writes.length;
    await hit(8);
    expect(hero.system.leben.value).toBe(8);
    expect(hero.getFlag("flex", "polymorph")).toBeUndefined();
    expect(hero.system.derived.ruestung).toBe(4);
    const reverts = messages().filter((m: Any) => m.flags?.flex?.polymorph);
    expect(reverts).toHaveLength(1);
    expect(reverts[0].content).toContain("Die Gestalt hat 12 Schaden genommen");
    // Everything after the player's defence was written by the active GM.
    expect(state.writes.slice(before).filter((w) => w.documentName !== "ChatMessage" || w.action !== "create").every((w) => w.userId === gm.id || w.userId === p1.id)).toBe(true);
  });
});
