// Issue 36 (review C-1, C-3, C-4): a card's numbers can be checked from the card. Read as each client draws them
// (the stand-in's renderChatMessageHTML, the card HTML parsed): every Apply says the Leben its click takes — the GM
// clicks it and the target loses exactly that — and every damage and healing total is the sum of the faces and the
// constant the card shows. Attack, fall, heal, potion and short-combat cards, 2 GMs and 2 players; the first player's
// Alrik fights the GM's creatures, whose values the players' copies never hold (screen.ts).
import { beforeEach, describe, expect, it } from "vitest";
import { shortCombatAction, startShortCombat } from "../../src/automation/short-combat";
import { healFromSheet } from "../../src/automation/healing";
import { acting, createActor, createScene, messages, placeToken, queueDice, renderedMessage, resetWorld, settle, target, type Clients } from "../harness";
import { dispatch, type RenderedElement } from "../harness/applications";
import { resetFallSettings } from "./falling-helpers";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
let clients: Clients;
const g = globalThis as Any;
const rolls = (...faces: [number, number][]) => queueDice(faces.map(([f, result]) => ({ faces: f, result })));
const gm = () => clients.gms[0];
const player = () => clients.players[0];
const leben = (a: Any) => a.system.leben.value as number;
const words = (el: RenderedElement | null) => el?.textContent.replace(/\s+/g, " ").trim() ?? "";
const card = () => messages().at(-1) as Any;

beforeEach(() => {
  clients = resetWorld({ gms: 2, players: 2 });
  resetFallSettings();
});

/** The Leben a label promises: "Anwenden: −7 Leben" → −7, "+5 Leben anwenden" → +5, "kein Verlust" → 0. */
function promised(label: string): number {
  const m = /([+−-])\s?(\d+)/.exec(label);
  if (!m) return 0;
  return (m[1] === "+" ? 1 : -1) * Number(m[2]);
}

/** "7 Schaden (Physisch, 1W6+2: 5 + 2)" → the total and what the faces and the constant add up to. */
function totalAndFaces(line: string): { total: number; sum: number } {
  const total = Number(/(\d+)/.exec(line)![1]);
  const faces = /:\s*([\d\s+−-]+)\)/.exec(line);
  expect(faces, `no faces on "${line}"`).not.toBeNull();
  const terms = faces![1].trim().match(/[+−-]?\s*\d+/g)!;
  const sum = terms.reduce((s, t) => s + (/^[−-]/.test(t) ? -1 : 1) * Number(t.replace(/[^\d]/g, "")), 0);
  return { total, sum };
}

/** The GM clicks the button as drawn on its client; returns the Leben the target gained (+) or lost (−). */
async function click(message: Any, selector: string, actor: Any): Promise<{ label: string; why: string | null; change: number }> {
  const html = await renderedMessage(message, gm());
  const button = html.querySelector(selector);
  expect(button, `no ${selector} on the GM's card`).not.toBeNull();
  expect(button!.hidden).toBe(false);
  const label = words(button);
  const before = leben(actor);
  await acting(gm(), () => dispatch(button!, "click"));
  await acting(gm(), () => settle());
  return { label, why: button!.getAttribute("data-tooltip"), change: leben(actor) - before };
}

async function alrik(lebenValue = 30) {
  const hero = (await createActor({ name: "Alrik", type: "character", ownership: { default: 0, [player().id]: 3 }, system: { attributes: { ge: 10, in: 10 }, fluss: { value: 10, max: 10 }, leben: { value: lebenValue, max: 30 } } })) as Any;
  await hero.createEmbeddedDocuments("Item", [
    { name: "Klingenwaffen", type: "talent", system: { attribut: "ge", uebungswert: 4, kategorie: "kampfart" } },
    { name: "Heilmagie", type: "talent", system: { attribut: "in", uebungswert: 2, kategorie: "zauberschule" } },
    { name: "Kurzschwert", type: "weapon", system: { talent: "Klingenwaffen", schaden: "1W6+2", aktionen: 1 } },
    { name: "Heilende Hände", type: "spell", system: { zauberschule: "Heilmagie", fluss: 1, aktionen: 1, heilung: "1W6+1" } },
    { name: "Heiltrank", type: "alchemical", system: { stufe: 1, menge: 2, heilung: "2W6" } },
  ]);
  return hero;
}

const creature = (name: string, system: Record<string, unknown>) => createActor({ name, type: "creature", system: { ausweichen: 2, parade: 2, ...system } }) as Promise<Any>;

describe("the attack card: each Apply takes what it says; the damage is the sum of its faces", () => {
  it("three GM creatures: one Leben stops (−4), one armour stops all (kein Verlust), one plain (−5); the players' copies hold none of it", async () => {
    const hero = await alrik();
    const goblin = await creature("Goblin", { ruestung: 1, leben: { value: 4, max: 12 } });
    const knight = await creature("Ritter", { ruestung: 9, leben: { value: 20, max: 20 } });
    const bandit = await creature("Bandit", { ruestung: 2, leben: { value: 20, max: 20 } });
    const scene = await createScene();
    await placeToken(scene, hero);
    const tokens = [await placeToken(scene, goblin, { col: 1 }), await placeToken(scene, knight, { col: 2 }), await placeToken(scene, bandit, { col: 3 })];
    await settle();
    target(player(), ...tokens);
    // Klingenwaffen W10 9 + 4 = EW 13 hits all three; 1W6+2: 5 + 2 = 7.
    rolls([10, 9], [6, 5]);
    await acting(player(), () => hero.items.getName("Kurzschwert").roll({}));
    const message = card();

    const gmCopy = await renderedMessage(message, gm());
    const damage = totalAndFaces(words(gmCopy.querySelector(".flex-attack-damage")));
    expect(damage).toEqual({ total: 7, sum: 7 });
    expect(gmCopy.querySelector(".flex-apply-all")).not.toBeNull();

    // The players' copies: no target's loss, no tooltip with its Leben (the gross damage is the card's own).
    for (const p of clients.players) {
      const seen = await renderedMessage(message, p);
      for (const b of seen.querySelectorAll("button[data-action=flexAttackApply]")) {
        expect(words(b)).toBe("Anwenden: 7 Schaden");
        expect(b.getAttribute("data-tooltip")).toBeNull();
      }
      expect(words(seen)).not.toMatch(/Leben \d+ →|−4 Leben|kein Verlust/);
    }

    const expected: [Any, string, number, RegExp][] = [
      [goblin, "t1", -4, /7 Schaden − 1 Rüstung; Leben 4 → 0 \(2 verfallen\)/],
      [knight, "t2", 0, /7 Schaden − 7 Rüstung; Leben 20 → 20/],
      [bandit, "t3", -5, /7 Schaden − 2 Rüstung; Leben 20 → 15/],
    ];
    for (const [actor, key, loss, why] of expected) {
      const done = await click(message, `button[data-action=flexAttackApply][data-key=${key}]`, actor);
      expect(done.change).toBe(loss);
      expect(promised(done.label)).toBe(done.change);
      expect(done.why).toMatch(why);
      // "Apply to all" only while two or more are still open.
      const open = expected.filter(([a, k]) => k > key && a).length;
      expect(!!(await renderedMessage(message, gm())).querySelector(".flex-apply-all")).toBe(open >= 2);
    }
    // What each Apply wrote, in words that are true: no "= 0 Leben", no "7 Schaden = −4".
    const lines = (await renderedMessage(message, gm())).querySelectorAll(".flex-applied-text").map(words);
    expect(lines).toEqual(["7 Schaden − 1 Rüstung: Leben 4 → 0/12 (2 verfallen)", "7 Schaden: Rüstung fängt alles ab, Leben 20/20", "7 Schaden − 2 Rüstung = −5 Leben, jetzt 15/20"]);
  });

  it("a healing spell on Alrik at 27/30: 'Heilen: +3 Leben' of 5 rolled, the click gives 3; the row says Geheilt", async () => {
    const hero = await alrik(27);
    const scene = await createScene();
    const token = await placeToken(scene, hero);
    await settle();
    target(player(), token);
    // Heilmagie W10 6 + 2; 1W6+1: 4 + 1 = 5.
    rolls([10, 6], [6, 4]);
    await acting(player(), () => hero.items.getName("Heilende Hände").roll({}));
    const message = card();
    const shown = await renderedMessage(message, gm());
    expect(totalAndFaces(words(shown.querySelector(".flex-attack-healing")))).toEqual({ total: 5, sum: 5 });
    const done = await click(message, "button[data-action=flexAttackHeal]", hero);
    expect(done).toMatchObject({ label: "Heilen: +3 Leben", change: 3 });
    expect(done.why).toBe("5 Heilung; Leben 27 → 30 (Maximum)");
    expect(words((await renderedMessage(message, gm())).querySelector(".flex-target-status"))).toBe("Geheilt");
  });
});

describe("the fall card: each Apply takes what it says; the fall damage is the sum of its W4", () => {
  it("Alrik (30) drops 5 Schritt onto the GM's wolf at 6 Leben: −10 and −6 (4 verfallen), no Rüstung", async () => {
    await g.game.settings.set("flex", "fallAutoApply", false);
    const hero = await alrik();
    const wolf = await creature("Wolf", { ruestung: 3, ausweichen: 0, leben: { value: 6, max: 20 } });
    const scene = await createScene();
    const token = (await placeToken(scene, hero, { elevation: 5 })) as Any;
    await placeToken(scene, wolf, { col: 1 });
    await settle();
    // Athletik is missing: a bare KK check W… 1 fails; 5W4: 3 + 2 + 1 + 2 + 2 = 10; the wolf's Ausweichen 0 fails.
    rolls([8, 1], [4, 3], [4, 2], [4, 1], [4, 2], [4, 2], [6, 1]);
    await acting(player(), () => token.move({ x: 100, elevation: 0 }));
    const message = card();
    const shown = await renderedMessage(message, gm());
    expect(totalAndFaces(words(shown.querySelector(".flex-fall-damage")))).toEqual({ total: 10, sum: 10 });
    const faller = await click(message, "button[data-action=flexFallApply][data-key=faller]", hero);
    expect(faller).toMatchObject({ label: "Anwenden: −10 Leben (Alrik)", change: -10 });
    const landed = await click(message, "button[data-action=flexFallApply][data-key=target]", wolf);
    expect(landed).toMatchObject({ label: "Anwenden: −6 Leben (Wolf)", change: -6 });
    expect(landed.why).toBe("10 Schaden; Leben 6 → 0 (4 verfallen)");
    const lines = (await renderedMessage(message, gm())).querySelectorAll(".flex-applied-text").map(words);
    expect(lines).toEqual(["Alrik: 10 Schaden = −10 Leben, jetzt 20/30", "Wolf: 10 Schaden: Leben 6 → 0/20 (4 verfallen)"]);
  });
});

describe("heal and potion cards: the Apply gives what it says; the potion's healing is the sum of its faces", () => {
  it("a potion drunk at 25/30 rolls 2W6: 4 + 5 = 9; its Apply says +5 and gives 5", async () => {
    const hero = await alrik(25);
    rolls([6, 4], [6, 5]);
    await acting(player(), () => hero.items.getName("Heiltrank").use());
    const message = card();
    const shown = await renderedMessage(message, player());
    expect(totalAndFaces(words(shown.querySelector(".flex-attack-healing")))).toEqual({ total: 9, sum: 9 });
    const done = await click(message, "button[data-action=flexHealApply]", hero);
    expect(done).toMatchObject({ label: "+5 Leben anwenden", change: 5 });
    expect(done.why).toBe("9 Heilung; Leben 25 → 30 (Maximum)");
  });

  it("the Heilen dialog's card, undone at 26/30 after +4: its Apply again says what it will give", async () => {
    const hero = await alrik(26);
    await acting(player(), () => healFromSheet(hero, 4));
    const message = card();
    expect(leben(hero)).toBe(30);
    const { healCardAction } = await import("../../src/automation/healing");
    await acting(player(), () => healCardAction(message, "undo"));
    await hero.update({ "system.leben.value": 28 });
    const done = await click(message, "button[data-action=flexHealApply]", hero);
    expect(done).toMatchObject({ label: "+2 Leben anwenden", change: 2 });
  });
});

describe("the short-combat result: every hit's damage is the sum of its faces; each character's row is the sum of its hits", () => {
  it("Alrik alone against a club (1W6+2, 2 Aktionen): 2 hits of 6 (4 + 2) and 7 (5 + 2), Rüstung 2 from each", async () => {
    const hero = await alrik();
    await hero.update({ "system.ruestung": 2 });
    const ogre = await creature("Oger", { stufe: 1, attributes: { ge: 8 }, leben: { value: 20, max: 20 } });
    await ogre.createEmbeddedDocuments("Item", [{ name: "Keule", type: "attack", system: { angriff: "W8+2", schaden: "1W6+2", aktionen: 2 } }]);
    const message = (await acting(gm(), () => startShortCombat({ characters: [hero], enemies: [ogre] }))) as Any;
    await acting(gm(), () => shortCombatAction(message, "override", { key: "c1", value: 6 }));
    await acting(gm(), () => shortCombatAction(message, "override", { key: "e1", value: 9 }));
    await acting(gm(), () => shortCombatAction(message, "override", { key: "hits", value: 2 }));
    // Each hit: the share die (1d1), then the club.
    rolls([1, 1], [6, 4], [1, 1], [6, 5]);
    expect(await acting(gm(), () => shortCombatAction(message, "apply"))).toBe("applied");
    const result = await renderedMessage(card(), gm());
    const hits = result.querySelectorAll(".flex-short-hits li").map(words);
    expect(hits).toEqual(["Alrik: 6 (4 + 2) Schaden", "Alrik: 7 (5 + 2) Schaden"]);
    let total = 0;
    for (const hit of hits) {
      const [whole, faces] = /: (\d+) \(([^)]+)\)/.exec(hit)!.slice(1);
      expect(faces.split("+").reduce((s, f) => s + Number(f), 0)).toBe(Number(whole));
      total += Number(whole);
    }
    const row = words(result.querySelector(".flex-short-taken-row .flex-applied-text"));
    expect(row).toBe(`${total} Schaden − 4 Rüstung = −9 Leben, jetzt 21/30`);
    expect(leben(hero)).toBe(21);
  });
});
