// The short-combat windows against the stand-in (R-SHORT-1 … R-SHORT-6): the GM's tool sets one up and starts it,
// each player's view opens on their own client and rolls from there, the tool follows the card and sends the GM's
// values, in de, en and ru without a missing text.
import { beforeEach, describe, expect, it } from "vitest";
import { openShortCombat, ShortCombatPlayerView, ShortCombatTool } from "../../src/applications/short-combat";
import { openShortCombatApps } from "../../src/applications/short-combat/registry";
import { as, createActor, messages, queueDice, resetWorld, settle, state, type Clients } from "../harness";
import { fillIn } from "../harness/applications";
import { parse } from "node-html-parser";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
let clients: Clients;
const g = globalThis as Any;
const html = (app: Any) => Object.values(app.lastRender as Record<string, string>).join("\n");
const acting = <T,>(user: Any, fn: () => Promise<T> | T) =>
  as(user, async () => {
    const out = await fn();
    await settle();
    return out;
  });
/** Foundry calls an action's handler with the application as `this`, the event and the clicked element. */
async function click(app: Any, action: string, dataset: Record<string, string> = {}) {
  await app.options.actions[action].call(app, {}, { dataset });
}
const viewOf = (user: Any) => as(user, () => [...openShortCombatApps()].find((a) => a instanceof ShortCombatPlayerView) as Any);

beforeEach(() => {
  clients = resetWorld({ gms: 2, players: 3 });
});

/** Alrik (player 1, Klingenwaffen 4, Fluss 10, a Feuerbombe of Stufe 2 ×2), Bela (player 2), Cora (player 3). */
async function party(c: Clients) {
  const owned = (i: number) => ({ default: 0, [c.players[i].id]: 3 });
  const alrik = (await createActor({ name: "Alrik", type: "character", ownership: owned(0), system: { attributes: { ge: 10 }, fluss: { value: 10, max: 20 }, leben: { value: 30, max: 30 }, ruestung: 2 } })) as Any;
  await alrik.createEmbeddedDocuments("Item", [
    { name: "Klingenwaffen", type: "talent", system: { attribut: "ge", uebungswert: 4, kategorie: "kampfart" } },
    { name: "Feuerbombe", type: "alchemical", system: { stufe: 2, menge: 2 } },
  ]);
  const bela = (await createActor({ name: "Bela", type: "character", ownership: owned(1), system: { attributes: { kl: 8 }, leben: { value: 20, max: 20 } } })) as Any;
  await bela.createEmbeddedDocuments("Item", [{ name: "Elementarmagie", type: "talent", system: { attribut: "kl", uebungswert: 3, kategorie: "zauberschule" } }]);
  const cora = (await createActor({ name: "Cora", type: "character", ownership: owned(2), system: { leben: { value: 12, max: 12 } } })) as Any;
  return { alrik, bela, cora };
}

/** Two wolves, a goblin and an ogre (Stufe 2, Keule 2W6+2). */
async function pack() {
  const out: Any[] = [];
  for (const [name, stufe, attack, angriff, schaden] of [["Wolf", 1, "Biss", "W8+2", "1W8"], ["Wolf 2", 1, "Biss", "W8+2", "1W8"], ["Goblin", 0.5, "Messer", "W6+1", "1W6"], ["Oger", 2, "Keule", "W10+3", "2W6+2"]] as const) {
    const actor = (await createActor({ name, type: "creature", system: { stufe, ausweichen: 8, leben: { value: 20, max: 20 } } })) as Any;
    await actor.createEmbeddedDocuments("Item", [{ name: attack, type: "attack", system: { angriff, schaden, aktionen: 2 } }]);
    out.push(actor);
  }
  return out;
}

describe("R-SHORT-1 the GM's tool and the players' views", () => {
  it("the GM sets it up and starts it; each player's view opens on their client, rolls and uses an Alchemikum; the tool follows", async () => {
    const { alrik, bela, cora } = await party(clients);
    const enemies = await pack();
    const gm = clients.gms[1];
    const tool = (await acting(gm, () => g.game.flex.shortCombat({ characters: [alrik, bela, cora], enemies }))) as Any;
    expect(tool).toBeInstanceOf(ShortCombatTool);
    expect(html(tool)).toContain('name="pick.c0"');
    expect(html(tool)).toContain("Oger");
    // The GM leaves Cora out, states the goal, keeps the enemies fighting.
    await acting(gm, () => fillIn(tool, { "pick.c2": false, goal: "knockOut", goalNote: "schnell", stance: "fight" }));
    expect(tool.setup).toMatchObject({ goal: "knockOut", goalNote: "schnell", stance: "fight" });
    await acting(gm, () => click(tool, "start"));
    await acting(gm, () => click(tool, "start")); // a second click starts nothing
    expect(messages()).toHaveLength(1);
    const card = messages()[0] as Any;
    expect(card.flags.flex.shortCombat.characters.map((c: Any) => c.name)).toEqual(["Alrik", "Bela"]);
    expect(tool.messageId).toBe(card.id);
    expect(html(tool)).toContain('name="override.c1"');

    // Players 1 and 2 got their view; player 3 (Cora, left out) did not.
    const view = (await viewOf(clients.players[0])) as Any;
    expect(view).toBeDefined();
    expect(await viewOf(clients.players[1])).toBeDefined();
    expect(await viewOf(clients.players[2])).toBeUndefined();
    expect(html(view)).toContain('name="steps.c1"');
    expect(html(view)).not.toContain('name="steps.c2"'); // Bela is not player 1's
    // G-10: the talent choice shows its roll and reach before rolling: W10 + 4, EW 5 bis 14.
    expect(html(view)).toContain("Klingenwaffen · W10 + 4 (EW 5 bis 14)");

    // Player 1: +1 EW for 4 Fluss, roll Klingenwaffen (6 + 4 = 10 → EW 11).
    await acting(clients.players[0], () => fillIn(view, { "steps.c1": 1 }));
    expect(view.choices.c1.steps).toBe(1);
    queueDice([{ faces: 10, result: 6 }]);
    await acting(clients.players[0], () => click(view, "roll", { key: "c1" }));
    expect(alrik.system.fluss.value).toBe(6);
    expect(card.flags.flex.shortCombat.characters[0]).toMatchObject({ flussSpent: 4, roll: { total: 10 } });
    await acting(clients.players[0], () => view.render());
    expect(html(view)).toContain('data-action="useAlchemikum"');
    // G-10: the button says the potion is used up and heals nothing (R-SHORT-6).
    expect(html(view)).toContain("Verbrauchen (+3 EW, heilt nicht)");
    expect(html(view)).toContain("EW 11");
    const bombe = alrik.items.getName("Feuerbombe");
    await acting(clients.players[0], () => click(view, "useAlchemikum", { key: "c1", item: bombe.id }));
    expect(bombe.system.menge).toBe(1);
    expect(card.flags.flex.shortCombat.characters[0].alchemika).toEqual([{ name: "Feuerbombe", stufe: 2, count: 1 }]);

    // The GM's tool followed the card (re-rendered on its update): Alrik's EW 14 there.
    expect(html(tool)).toMatch(/class="flex-short-ew">14</);
    // Bela's player is away: the GM rolls her best (Elementarmagie 2 + 3) from the tool.
    queueDice([{ faces: 8, result: 2 }]);
    await acting(gm, () => click(tool, "rollCharacter", { key: "c2" }));
    expect(card.flags.flex.shortCombat.characters[1].roll).toMatchObject({ label: "Elementarmagie", total: 5 });
    // The GM overrides Bela's EW and the strongest Stufe from the form.
    const before = state.writes.length;
    await acting(gm, () => fillIn(tool, { "override.c2": 9, "override.stufe": 1 }));
    expect(card.flags.flex.shortCombat.characters[1].override).toBe(9);
    expect(card.flags.flex.shortCombat.overrides.stufe).toBe(1);
    expect(state.writes.slice(before).every((w) => w.userId === clients.gms[0].id)).toBe(true);
    // Roll the enemies from the tool, then apply.
    queueDice([{ faces: 8, result: 1 }, { faces: 8, result: 1 }, { faces: 6, result: 1 }, { faces: 10, result: 1 }]);
    await acting(gm, () => click(tool, "rollEnemies"));
    expect(card.flags.flex.shortCombat.enemies.every((e: Any) => e.roll)).toBe(true);
    expect(html(tool)).toContain("Die Charaktere gewinnen");
    // 14 − 4 = 10 → 1 hit.
    queueDice([{ faces: 2, result: 2 }, { faces: 6, result: 1 }, { faces: 6, result: 1 }]);
    await acting(gm, () => click(tool, "apply"));
    expect(card.flags.flex.shortCombat).toMatchObject({ status: "applied", result: { hits: 1, perHit: [{ name: "Bela", damage: 4 }] } });
    expect(bela.system.leben.value).toBe(16);
    expect(html(tool)).toContain("Entschieden und angewendet");
  }, 60_000);

  it("G-9: a value the GM set reads 'von der SL gesetzt' in the Wurf column, and the enemies' button says it rolls them all again", async () => {
    const { alrik, bela } = await party(clients);
    const enemies = await pack();
    const tool = (await acting(clients.gms[0], () => openShortCombat({ characters: [alrik, bela], enemies, start: true }))) as Any;
    const row = (key: string) => parse(html(tool)).querySelector(`tr[data-key="${key}"]`)!;
    const button = () => parse(html(tool)).querySelector('[data-action="rollEnemies"]')!.text.trim();
    expect(row("c1").querySelectorAll("td")[0].text.trim()).toBe("wartet");
    expect(row("c1").querySelector('[data-action="rollCharacter"]')).not.toBeNull();
    expect(button()).toBe("Gegner würfeln");
    await acting(clients.gms[0], () => fillIn(tool, { "override.c1": 7, "override.e1": 5 }));
    await acting(clients.gms[0], () => tool.render());
    // Alrik's 7 is the GM's: no "wartet" and no dice button beside it; the wolf's 5 likewise.
    expect(row("c1").querySelectorAll("td")[0].text.trim()).toBe("von der SL gesetzt");
    expect(row("c1").querySelector('[data-action="rollCharacter"]')).toBeNull();
    expect(row("e1").querySelectorAll("td")[0].text.trim()).toBe("von der SL gesetzt");
    expect(row("e2").querySelectorAll("td")[0].text.trim()).toBe("noch nicht gewürfelt");
    queueDice([{ faces: 8, result: 1 }, { faces: 8, result: 1 }, { faces: 6, result: 1 }, { faces: 10, result: 1 }]);
    await acting(clients.gms[0], () => click(tool, "rollEnemies"));
    await acting(clients.gms[0], () => tool.render());
    expect(button()).toBe("Alle Gegner neu würfeln");
  });

  it("players cannot open the GM's tool; a GM gets the tool from the card's button, a player the view", async () => {
    const { alrik } = await party(clients);
    const [wolf] = await pack();
    expect(await acting(clients.players[0], () => openShortCombat({ characters: [alrik], enemies: [wolf] }))).toBeNull();
    expect(state.notifications.at(-1)).toMatchObject({ userId: clients.players[0].id, message: "Nur die Spielleitung führt einen kurzen Kampf." });
    const tool = (await acting(clients.gms[0], () => openShortCombat({ characters: [alrik], enemies: [wolf], start: true }))) as Any;
    expect(tool.messageId).toBe(messages()[0].id);
    const again = await acting(clients.gms[0], () => openShortCombat({ messageId: tool.messageId }));
    expect(again).toBe(tool);
  });
});

describe.each(["de", "en", "ru"])("the short-combat windows render in %s", (lang) => {
  it("tool, view and card without a missing text", async () => {
    g.game.i18n.lang = lang;
    const { alrik, bela } = await party(clients);
    const enemies = await pack();
    const tool = (await acting(clients.gms[0], () => openShortCombat({ characters: [alrik, bela], enemies }))) as Any;
    expect(html(tool)).toContain('data-action="start"');
    await acting(clients.gms[0], () => click(tool, "start"));
    const view = (await viewOf(clients.players[0])) as Any;
    queueDice([{ faces: 10, result: 5 }]);
    await acting(clients.players[0], () => click(view, "roll", { key: "c1" }));
    await acting(clients.players[0], () => view.render());
    await acting(clients.gms[0], () => tool.render());
    expect(html(view)).toContain("Feuerbombe");
    expect([...g.game.i18n.missing]).toEqual([]);
  });
});
