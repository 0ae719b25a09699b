// R-POLY-4 / R-POLY-5 / R-POLY-6 / R-POLY-7 through the fight's own path: the transformed character bites with
// the form's attack, its own sword is refused, and a goblin's hits, applied from the attack card by the active
// GM, come off the character's own Leben through the wolf's armour only, until the wolf's Leben is spent and
// the character turns back, once, with 2 GMs and 3 players connected.
import { beforeEach, describe, expect, it } from "vitest";
import { attackCardAction, defendAgainst } from "../../src/automation/combat";
import { as, createActor, createScene, messages, placeToken, queueDice, resetWorld, settle, state, target, type Clients } from "../harness";
import { alrik, wolf } from "./polymorph-helpers";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
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
      rolls([10, 1]); // Alrik's Ausweichen with the wolf's GE W10 fails
      await acting(p1, () => defendAgainst(card, "t1", "ausweichen"));
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
    expect(reverts[0].content).toContain("Wolf hat 12 Schaden genommen");
    // Everything after the player's defence was written by the active GM.
    expect(state.writes.slice(before).filter((w) => w.documentName !== "ChatMessage" || w.action !== "create").every((w) => w.userId === gm.id || w.userId === p1.id)).toBe(true);
  });
});
