// Healing that tells the table what happened (issue 25, R-CORE-12, R-CORE-8, R-CORE-15): the Heilen dialog's
// card and a healing potion's use card, each with "+5 Leben, jetzt 12/30", Undo for its author and the GM,
// safe to click twice; the player's own character is written by the player's client alone.
import { parse } from "node-html-parser";
import { beforeEach, describe, expect, it } from "vitest";
import { healCardAction, healFromSheet } from "../../src/automation/healing";
import { mayActOnHeal } from "../../src/automation/healing/apply";
import { acting, createActor, disconnect, messageContentFor, messages, queueDice, resetWorld, state, type Clients } from "../harness";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
const g = globalThis as Any;
let clients: Clients;

beforeEach(() => {
  clients = resetWorld({ gms: 2, players: 2 });
  g.game.i18n.lang = "de";
});

const leben = (a: Any) => a.system.leben.value as number;
/** The actor and card writes since `n` (a GM's task journal writes its own user besides). */
const since = (n: number) => state.writes.slice(n).filter((w) => w.documentName !== "User").map((w) => [w.action, w.documentName, w.userId]);
const card = () => messages().at(-1) as Any;
const dom = () => parse(card().content);
/**
 * The applied line as the healed character's player draws it: "jetzt 12/30" is hers and the GM's to see, the table
 * reads "+5 Leben" (automation/screen.ts).
 */
const appliedLine = async (user: Any = clients.players[0]) => parse(await messageContentFor(card(), user)).querySelector(".flex-applied")?.text.replace(/\s+/g, " ").trim() ?? null;
const notices = (user: Any) => state.notifications.filter((n) => n.userId === user.id).map((n) => n.message);

/** Player 1's Rikka at `value` of 30 Leben. */
async function rikka(value = 7, owner = clients.players[0]) {
  return (await createActor({ name: "Rikka", type: "character", ownership: { default: 0, [owner.id]: 3 }, system: { leben: { value, max: 30 } } })) as Any;
}

describe("the Heilen dialog posts a heal card with the arithmetic and Undo", () => {
  it("+5 Leben, jetzt 12/30: one actor write and one card, both by the player; Undo (by the active GM) gives back exactly, twice is harmless", async () => {
    const player = clients.players[0];
    const hero = await rikka(7);
    const before = state.writes.length;
    await acting(player, () => healFromSheet(hero, 5));
    expect(leben(hero)).toBe(12);
    expect(since(before)).toEqual([["update", "Actor", player.id], ["create", "ChatMessage", player.id]]);
    expect(dom().querySelector("h3")?.text).toBe("Heilung: 5 Leben");
    expect(await appliedLine()).toBe("+5 Leben, jetzt 12/30");
    // A player's character: the other players read its Leben too (only a GM creature's are screened).
    expect(await appliedLine(clients.players[1])).toBe("+5 Leben, jetzt 12/30");
    const undo = dom().querySelector("button.flex-undo")!;
    expect(undo.getAttribute("data-action")).toBe("flexHealUndo");
    expect(undo.getAttribute("data-tooltip")).toBe("Nimmt genau diesen Eintrag zurück: Leben und Zustände wie vorher.");
    expect(undo.querySelector("i")?.classList.contains("fa-rotate-left")).toBe(true);
    expect(undo.text.trim()).toBe("Rückgängig");

    const undoAt = state.writes.length;
    expect(await acting(player, () => healCardAction(card(), "undo"))).toBe("undone");
    expect(leben(hero)).toBe(7);
    // The card's buttons are shared: with a GM online the active GM carries every click out, so two never both land.
    expect(since(undoAt)).toEqual([["update", "Actor", clients.gms[0].id], ["update", "ChatMessage", clients.gms[0].id]]);
    expect(await appliedLine()).toBeNull();
    expect(dom().querySelector("button[data-action=flexHealApply]")?.text.trim()).toBe("+5 Leben anwenden");
    // The card says what the Undo did, beside the Apply that may heal again.
    expect(dom().querySelector(".flex-undone")?.text.trim()).toBe("Rückgängig gemacht");

    const again = state.writes.length;
    expect(await acting(player, () => healCardAction(card(), "undo"))).toBe("notApplied");
    expect(leben(hero)).toBe(7);
    expect(state.writes.length).toBe(again);
    expect(notices(player)).toContain("Hier gibt es nichts rückgängig zu machen.");

    // Applied again from the card, then a second Apply: healed once.
    expect(await acting(player, () => healCardAction(card(), "apply"))).toBe("applied");
    expect(await acting(player, () => healCardAction(card(), "apply"))).toBe("already");
    expect(leben(hero)).toBe(12);
    expect(await appliedLine()).toBe("+5 Leben, jetzt 12/30");
  });

  it("a double click on Undo takes the healing back once", async () => {
    const player = clients.players[0];
    const hero = await rikka(7);
    await acting(player, () => healFromSheet(hero, 5));
    const shown = card();
    const both = await acting(player, () => Promise.all([healCardAction(shown, "undo"), healCardAction(shown, "undo")]));
    expect(both.sort()).toEqual(["notApplied", "undone"]);
    expect(leben(hero)).toBe(7);
  });

  it("R-CORE-8 from 0: no longer dying, said on the card; Undo brings Leben back to 0 and dying with it", async () => {
    const player = clients.players[0];
    const hero = await rikka(0);
    await hero.toggleStatusEffect("dying", { active: true });
    await acting(player, () => healFromSheet(hero, 4));
    expect(leben(hero)).toBe(4);
    expect(hero.statuses.has("dying")).toBe(false);
    expect(await appliedLine()).toBe("+4 Leben, jetzt 4/30 nicht mehr im Sterben");
    expect(dom().querySelector(".flex-tag.flex-tag-state")?.text).toBe("nicht mehr im Sterben");
    await acting(player, () => healCardAction(card(), "undo"));
    expect(leben(hero)).toBe(0);
    expect(hero.statuses.has("dying")).toBe(true);
  });

  it("R-CORE-12 never past the maximum: +3 of 5, and the card says the maximum stopped it; Undo takes back 3", async () => {
    const player = clients.players[0];
    const hero = await rikka(27);
    await acting(player, () => healFromSheet(hero, 5));
    expect(leben(hero)).toBe(30);
    expect(await appliedLine()).toBe("+3 Leben, jetzt 30/30 Maximum erreicht");
    await acting(player, () => healCardAction(card(), "undo"));
    expect(leben(hero)).toBe(27);
  });

  it("another player can neither see nor use Undo; a GM can, and the active GM writes it alone", async () => {
    const [p1, p2] = clients.players;
    const hero = await rikka(7);
    await hero.update({ ownership: { default: 0, [p1.id]: 3, [p2.id]: 3 } });
    await acting(p1, () => healFromSheet(hero, 5));
    // Player 2 owns Rikka too, but the card is player 1's: the buttons are hidden and a forced click is refused.
    expect(mayActOnHeal(p2 as Any, card(), card().flags.flex.heal)).toBe(false);
    expect(mayActOnHeal(p1 as Any, card(), card().flags.flex.heal)).toBe(true);
    expect(mayActOnHeal(clients.gms[1] as Any, card(), card().flags.flex.heal)).toBe(true);
    const before = state.writes.length;
    expect(await acting(p2, () => healCardAction(card(), "undo"))).toBe("refused");
    expect(leben(hero)).toBe(12);
    expect(state.writes.length).toBe(before);
    expect(await acting(clients.gms[1], () => healCardAction(card(), "undo"))).toBe("undone");
    expect(leben(hero)).toBe(7);
    expect(since(before)).toEqual([["update", "Actor", clients.gms[0].id], ["update", "ChatMessage", clients.gms[0].id]]);
  });

  it("with no GM online the author's own client applies and undoes", async () => {
    const player = clients.players[0];
    const hero = await rikka(7);
    for (const gm of clients.gms) disconnect(gm);
    await acting(player, () => healFromSheet(hero, 5));
    const before = state.writes.length;
    expect(await acting(player, () => healCardAction(card(), "undo"))).toBe("undone");
    expect(leben(hero)).toBe(7);
    expect(since(before)).toEqual([["update", "Actor", player.id], ["update", "ChatMessage", player.id]]);
    expect(await acting(clients.players[1], () => healCardAction(card(), "apply"))).toBe("refused");
    expect(leben(hero)).toBe(7);
  });

  it("a player cannot heal someone else's character, nor the dead: nothing written, told why", async () => {
    const [p1, p2] = clients.players;
    const hero = await rikka(7);
    const before = state.writes.length;
    expect(await acting(p2, () => healFromSheet(hero, 5))).toBeNull();
    expect(notices(p2)).toEqual(["Rikka gehört dir nicht: Heilen darf, wer den Charakter führt, oder die SL."]);
    await hero.toggleStatusEffect("dead", { active: true });
    const dead = state.writes.length;
    expect(await acting(p1, () => healFromSheet(hero, 5))).toBeNull();
    expect(notices(p1)).toEqual(["Rikka ist tot: Heilung hilft nicht mehr."]);
    expect(state.writes.length).toBe(dead);
    expect(leben(hero)).toBe(7);
    expect(state.writes.slice(before, dead).some((w) => w.documentName === "ChatMessage")).toBe(false);
  });

  it("a card a player posts about someone else's character is believed by nobody", async () => {
    const [p1, p2] = clients.players;
    const hero = await rikka(7, p1);
    const heal = { id: "forged", target: { actorUuid: hero.uuid, tokenUuid: null, name: "Rikka", img: "" }, amount: 20, formula: null, rules: ["R-CORE-12"], use: null, applied: null };
    const forged = await acting(p2, () => g.ChatMessage.create({ content: "<p>?</p>", flags: { flex: { heal } } }));
    const before = state.writes.length;
    expect(await acting(clients.gms[0], () => healCardAction(forged, "apply"))).toBe("refused");
    expect(leben(hero)).toBe(7);
    expect(state.writes.length).toBe(before);
  });
});

describe("R-CORE-15 / R-CORE-12 a healing potion's use card rolls its heilung and offers it", () => {
  async function withPotion(system: Record<string, unknown> = { heilung: "2W6", menge: 2 }) {
    const hero = await rikka(10);
    const [potion] = await hero.createEmbeddedDocuments("Item", [{ name: "Heiltrank", type: "alchemical", system }]);
    return { hero, potion: potion as Any };
  }

  it("Heilung: 7 Leben (2W6: 3 + 4) and '+7 Leben anwenden'; Apply heals the drinker once, however many click", async () => {
    const player = clients.players[0];
    const { hero, potion } = await withPotion();
    queueDice([{ faces: 6, result: 3 }, { faces: 6, result: 4 }]);
    expect(await acting(player, () => potion.use())).toEqual({ empty: false, left: 1 });
    expect(leben(hero)).toBe(10);
    expect(dom().querySelector("p")?.text).toBe("Rikka benutzt Heiltrank (noch 1).");
    expect(dom().querySelector(".flex-attack-healing")?.text.trim()).toBe("Heilung: 7 Leben (2W6: 3 + 4)");
    expect(dom().text).not.toContain("Keine Heilung eingetragen");
    expect(dom().querySelector("button[data-action=flexHealApply]")?.text.trim()).toBe("+7 Leben anwenden");
    expect(card().rolls.map((r: Any) => r.total)).toEqual([7]);

    const before = state.writes.length;
    const shown = card();
    const clicks = await Promise.all([acting(player, () => healCardAction(shown, "apply")), acting(clients.gms[0], () => healCardAction(shown, "apply"))]);
    expect(clicks.filter((s) => s === "applied")).toHaveLength(1);
    expect(leben(hero)).toBe(17);
    expect(since(before).filter((w) => w[1] === "Actor")).toHaveLength(1);
    expect(await appliedLine()).toBe("+7 Leben, jetzt 17/30");
    expect(dom().querySelector("p")?.text).toBe("Rikka benutzt Heiltrank (noch 1).");
    expect(dom().querySelector("button.flex-undo")).not.toBeNull();

    await acting(player, () => healCardAction(card(), "undo"));
    expect(leben(hero)).toBe(10);
    expect(dom().querySelector("button[data-action=flexHealApply]")?.text.trim()).toBe("+7 Leben anwenden");
  });

  it("an Alchemikum without heilung posts the use card, nothing to apply, and says it heals none (C-15)", async () => {
    const { hero, potion } = await withPotion({ menge: 1 });
    await acting(clients.players[0], () => potion.use());
    expect(card().flags.flex.heal).toBeUndefined();
    expect(dom().querySelector("button")).toBeNull();
    expect(dom().querySelector("p")?.text).toBe("Rikka benutzt Heiltrank – das war das letzte, jetzt ist es leer.");
    expect(dom().querySelector(".flex-note")?.text).toBe("Keine Heilung eingetragen: Was es bewirkt, steht in seiner Beschreibung.");
    expect(leben(hero)).toBe(10);
  });

  it.each([
    ["en", "Healing: 7 Life (2d6: 3 + 4)", "Apply +7 Life", "+7 Life, now 17/30"],
    ["ru", "Исцеление: Жизнь +7 (2к6: 3 + 4)", "Применить: Жизнь +7", "Жизнь +7, теперь 17/30"],
  ])("%s: the die letter and the words of the language", async (lang, line, button, applied) => {
    g.game.i18n.lang = lang;
    const { potion } = await withPotion();
    queueDice([{ faces: 6, result: 3 }, { faces: 6, result: 4 }]);
    await acting(clients.players[0], () => potion.use());
    expect(dom().querySelector(".flex-attack-healing")?.text.trim()).toBe(line);
    expect(dom().querySelector("button[data-action=flexHealApply]")?.text.trim()).toBe(button);
    await acting(clients.players[0], () => healCardAction(card(), "apply"));
    expect(await appliedLine()).toBe(applied);
    expect([...g.game.i18n.missing]).toEqual([]);
  });
});
