// Companions in a fight (R-COMP-4, R-COMP-5, R-COMP-7): the wolf acts on Rikka's initiative, attacks on her command
// with her handling check's EW, defends with its own stored values; a failed command spends her actions and does
// nothing else; a reaction command spends her RE. With 2 GMs and 3 players connected: who writes what, how often.
import { parse } from "node-html-parser";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CharacterSheet } from "../../src/applications/sheets/character-sheet";
import { CreatureSheet } from "../../src/applications/sheets/creature-sheet";
import { attackCardAction } from "../../src/automation/combat";
import { actionStatusOf } from "../../src/automation/combat/actions";
import { commandCompanion } from "../../src/automation/companions";
import { askActiveGM } from "../../src/automation/gm-relay";
import { as, createActor, createScene, disconnect, messageContentFor, messages, placeToken, queueDice, resetWorld, settle, state, target, type Clients, writesSince } from "../harness";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
let clients: Clients;
const g = globalThis as Any;
const sys = (a: Any) => a.system as Any;
const rolls = (...faces: [number, number][]) => queueDice(faces.map(([f, result]) => ({ faces: f, result })));
const since = (n: number) => writesSince(n).map((w) => [w.action, w.documentName, w.userId]);
const warnings = (user: Any) => state.notifications.filter((n) => n.userId === user.id && n.type === "warn").map((n) => n.message);
const acting = <T,>(user: Any, fn: () => Promise<T> | T) =>
  as(user, async () => {
    const out = await fn();
    await settle();
    return out;
  });
let warn: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  clients = resetWorld({ gms: 2, players: 3 });
  g.CONFIG.Dice.randomUniform = Math.random;
  warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
});
afterEach(() => warn.mockRestore());

/**
 * Player 1's Rikka (CH W8, Mit Tieren umgehen 12: EW = d8 + 12) and her wolf (Misstrauen 18, Ausweichen 12,
 * Parade 8; the GM's unless `wolfOwner`), against the GM's goblin (Ausweichen 9). The combat is started:
 * Rikka (15), the goblin (10), the wolf (rolled 3).
 */
async function fight({ wolfOwner = null as Any } = {}) {
  const player = clients.players[0];
  const rikka = (await createActor({ name: "Rikka", type: "character", ownership: { default: 0, [player.id]: 3 }, system: { attributes: { ch: 8, ge: 8 }, leben: { value: 20, max: 20 } } })) as Any;
  await rikka.createEmbeddedDocuments("Item", [{ name: "Mit Tieren umgehen", type: "talent", system: { attribut: "ch", uebungswert: 12 } }]);
  const wolf = (await createActor({
    name: "Grauwolf",
    type: "creature",
    ownership: wolfOwner ? { default: 0, [wolfOwner.id]: 3 } : { default: 0 },
    system: { stufe: 1, art: "tier", trainierbar: true, trainer: rikka.uuid, ausweichen: 12, parade: 8, leben: { value: 18, max: 18 }, attributes: { ge: 10 } },
  })) as Any;
  await wolf.createEmbeddedDocuments("Item", [
    { name: "Biss", type: "attack", system: { angriff: "W8+3", schaden: "1W8", aktionen: 2 } },
    { name: "Reißen", type: "attack", system: { angriff: "W8+3", schaden: "2W4", aktionen: 3 } },
  ]);
  const goblin = (await createActor({ name: "Goblin", type: "creature", system: { ausweichen: 9, parade: 5, leben: { value: 12, max: 12 } } })) as Any;
  await goblin.createEmbeddedDocuments("Item", [{ name: "Krallen", type: "attack", system: { angriff: "W6+6", schaden: "1W4", aktionen: 1 } }]);
  const scene = await createScene();
  const tokens = [await placeToken(scene, rikka, { col: 0 }), await placeToken(scene, goblin, { col: 1 }), await placeToken(scene, wolf, { col: 2 })];
  const combat = await g.Combat.create({});
  const initiative = [15, 10, 3];
  await combat.createEmbeddedDocuments("Combatant", tokens.map((t: Any, i: number) => ({ actorId: t.actorId, tokenId: t.id, sceneId: scene.id, initiative: initiative[i] })));
  await combat.startCombat();
  await settle();
  const [rikkaToken, goblinToken, wolfToken] = tokens;
  return { rikka, wolf, goblin, combat, rikkaToken, goblinToken, wolfToken, player };
}

const names = (combat: Any) => combat.turns.map((c: Any) => c.actor.name);
const item = (actor: Any, name: string) => actor.items.getName(name);

describe("R-COMP-6 the companion's free movement, on its row of the combat tracker", () => {
  function trackerHtml(combat: Any) {
    const rows = combat.turns.map((c: Any) => `<li class="combatant" data-combatant-id="${c.id}"><div class="token-name"><strong class="name">${c.actor.name}</strong></div></li>`);
    return parse(`<section class="combat-tracker"><ol>${rows.join("")}</ol></section>`);
  }
  const lines = (combat: Any) => {
    const html = trackerHtml(combat);
    g.Hooks.callAll("renderCombatTracker", { viewed: combat }, html, {}, {});
    g.Hooks.callAll("renderCombatTracker", { viewed: combat }, html, {}, {});
    return combat.turns.map((c: Any) => html.querySelector(`li[data-combatant-id="${c.id}"] .flex-companion-move`)?.text ?? null);
  };

  it("during Rikka's turn (and the wolf's place right after it) the wolf's row says 'Bewegung frei: 6 Schritt'; on the goblin's turn nothing", async () => {
    const { combat, wolf } = await fight();
    await as(clients.gms[0], () => wolf.update({ "system.geschwindigkeit": 6 }));
    expect(names(combat)).toEqual(["Rikka", "Grauwolf", "Goblin"]);
    expect(lines(combat)).toEqual([null, "Bewegung frei: 6 Schritt", null]);
    const html = trackerHtml(combat);
    g.Hooks.callAll("renderCombatTracker", { viewed: combat }, html, {}, {});
    const line = html.querySelector(".flex-companion-move");
    expect(line.getAttribute("data-tooltip")).toBe("Im Zug von Rikka darf sich Grauwolf unabhängig um 6 Schritt bewegen, und jedes Mal erneut um 6 Schritt, wenn Rikka Aktionen zum Laufen ausgibt.");
    await as(clients.gms[0], () => combat.nextTurn());
    expect(lines(combat)).toEqual([null, "Bewegung frei: 6 Schritt", null]);
    await as(clients.gms[0], () => combat.nextTurn());
    expect(lines(combat)).toEqual([null, null, null]);
  });
});

describe("R-COMP-4 a companion shares its trainer's initiative position", () => {
  it("the wolf acts right after Rikka whatever it rolled, and moves with her when her initiative is rerolled", async () => {
    const { combat } = await fight();
    expect(names(combat)).toEqual(["Rikka", "Grauwolf", "Goblin"]);
    const rikkaC = combat.turns[0];
    await as(clients.gms[0], () => rikkaC.update({ initiative: 4 }));
    expect(names(combat)).toEqual(["Goblin", "Rikka", "Grauwolf"]);
    // The wolf's own roll changes nothing while Rikka fights.
    await as(clients.gms[0], () => combat.turns[2].update({ initiative: 30 }));
    expect(names(combat)).toEqual(["Goblin", "Rikka", "Grauwolf"]);
  });

  it("its trainer changed mid-fight: the turn order follows on every client (no combatant changed, the turns set up again)", async () => {
    const { combat, wolf } = await fight();
    expect(names(combat)).toEqual(["Rikka", "Grauwolf", "Goblin"]);
    await as(clients.gms[0], () => wolf.update({ "system.trainer": null }));
    await settle();
    for (const user of clients.all) expect(await as(user, () => names(combat)), user.name).toEqual(["Rikka", "Goblin", "Grauwolf"]);
  });

  it("issue 35: the tracker draws the wolf under Rikka ('↳'), with no Aktionen of its own, its RE, and no initiative roll", async () => {
    const { combat } = await fight();
    const rows = combat.turns.map(
      (c: Any) => `<li class="combatant" data-combatant-id="${c.id}"><div class="token-name"><strong class="name">${c.actor.name}</strong></div><div class="token-initiative"><button data-action="rollInitiative">⚄</button></div></li>`,
    );
    const html = parse(`<section class="combat-tracker"><ol>${rows.join("")}</ol></section>`);
    g.Hooks.callAll("renderCombatTracker", { viewed: combat }, html, {}, {});
    const row = (name: string) => html.querySelector(`li[data-combatant-id="${combat.turns.find((c: Any) => c.actor.name === name).id}"]`)!;
    expect(row("Grauwolf").querySelector(".flex-combat-actions")!.text).toBe("↳ Begleiter von Rikka · RE 1/1");
    expect(row("Grauwolf").classList.contains("flex-follower")).toBe(true);
    expect(row("Grauwolf").querySelector("[data-action='rollInitiative']")).toBeNull();
    expect(row("Grauwolf").querySelector(".token-initiative")!.text).toBe("↳");
    expect(row("Rikka").querySelector(".flex-combat-actions")!.text).toBe("Aktionen 3/3 · RE 1/1");
    expect(row("Rikka").querySelector("[data-action='rollInitiative']")).not.toBeNull();
  });

  it("issue 35: Roll All rolls for Rikka and the goblin, never for the wolf; it still acts right after Rikka", async () => {
    const { combat } = await fight();
    await as(clients.gms[0], () => combat.updateEmbeddedDocuments("Combatant", combat.combatants.map((c: Any) => ({ _id: c.id, initiative: null }))));
    rolls([10, 7], [10, 2]);
    await as(clients.gms[0], () => combat.rollAll());
    const byName = (n: string) => combat.combatants.find((c: Any) => c.actor.name === n);
    expect(byName("Grauwolf").initiative).toBeNull();
    expect([byName("Rikka").initiative, byName("Goblin").initiative].every((i: unknown) => typeof i === "number")).toBe(true);
    expect(names(combat).indexOf("Grauwolf")).toBe(names(combat).indexOf("Rikka") + 1);
  });

  it("without its trainer in the fight it keeps its own place", async () => {
    const { combat } = await fight();
    await as(clients.gms[0], () => combat.turns[0].delete());
    expect(names(combat)).toEqual(["Goblin", "Grauwolf"]);
  });
});

describe("R-COMP-5 a command: Rikka pays the attack's actions, rolls against Misstrauen, the wolf attacks with that EW", () => {
  it("with 2 GMs and 3 players connected it writes once: Rikka's actions and one attack card, by the active GM", async () => {
    const { rikka, wolf, goblin, goblinToken, player } = await fight();
    target(player, goblinToken);
    rolls([8, 8], [8, 5]); // handling check 8 + 12 = EW 20 ≥ 18; the bite's damage 5
    const before = state.writes.length;
    const report = await acting(player, () => commandCompanion(wolf, item(wolf, "Biss")));

    expect(report).toMatchObject({ status: "attacked", ew: 20 });
    expect(since(before)).toEqual([
      ["update", "Combatant", clients.gms[0].id],
      ["create", "ChatMessage", clients.gms[0].id],
    ]);
    expect(actionStatusOf(rikka)?.actionsLeft).toBe(1);
    expect(actionStatusOf(wolf)?.actionsLeft).toBe(3); // the companion has no actions of its own to spend
    const card = messages()[0] as Any;
    const record = card.flags.flex.attack;
    expect(record).toMatchObject({ mode: "attack", ew: 20, attacker: { name: "Grauwolf" }, damage: { total: 5 }, targets: [{ name: "Goblin", status: "hit", defence: { kind: "ausweichen" } }] });
    expect(parse(await messageContentFor(card, clients.gms[0])).querySelector(".flex-target-status")!.text).toBe("Treffer · Ausweichen 9");
    expect(record.rules).toEqual(expect.arrayContaining(["R-COMP-5", "R-CORE-10", "R-CORE-11"]));
    expect(card.rolls.map((r: Any) => r.total)).toEqual([20, 5]);
    expect(card.content).toContain("Befehl von Rikka: Mit Tieren umgehen gegen Misstrauen 18");
    expect(card.content).toMatch(/class="flex-rules"[\s\S]*R-COMP-5/);

    // The card applies like any other: the GM re-derives it and believes it.
    expect(await acting(clients.gms[1], () => attackCardAction(card, ["t1"], "apply"))).toEqual({ t1: "applied" });
    expect(sys(goblin).leben.value).toBe(7);
  });

  it("a failed command spends the actions and does nothing else: one command card, no attack", async () => {
    const { rikka, wolf, goblin, goblinToken, player } = await fight();
    target(player, goblinToken);
    rolls([8, 2]); // 2 + 12 = 14 < 18
    const before = state.writes.length;
    const report = await acting(player, () => commandCompanion(wolf, item(wolf, "Biss")));
    expect(report).toMatchObject({ status: "failed", ew: 14 });
    expect(since(before)).toEqual([
      ["update", "Combatant", clients.gms[0].id],
      ["create", "ChatMessage", clients.gms[0].id],
    ]);
    expect(actionStatusOf(rikka)?.actionsLeft).toBe(1);
    const card = messages()[0] as Any;
    expect(card.flags.flex.attack).toBeUndefined();
    expect(card.flags.flex.command).toMatchObject({ success: false, sw: 18, attack: "Biss", cost: { kind: "actions", amount: 2 } });
    expect(card.content).toContain("Grauwolf gehorcht nicht: der Befehl misslingt.");
    expect(card.rolls).toHaveLength(1);
    expect(sys(goblin).leben.value).toBe(12);
    expect(sys(wolf).leben.value).toBe(18);
  });

  it("issue 25: the card names the handling talent as Rikka's sheet does, in the world's language, never by its German key", async () => {
    const { rikka, wolf, goblinToken, player } = await fight();
    // Imported from the talent pack in an English world: shown as "Animal handling", found by its German key.
    await item(rikka, "Mit Tieren umgehen").update({ name: "Animal handling", flags: { flex: { sourceName: "Mit Tieren umgehen" } } });
    g.game.i18n.lang = "en";
    try {
      target(player, goblinToken);
      rolls([8, 2]); // 2 + 12 = 14 < 18
      expect(await acting(player, () => commandCompanion(wolf, item(wolf, "Biss")))).toMatchObject({ status: "failed" });
      const content = (messages()[0] as Any).content as string;
      expect(content).toContain("Animal handling");
      expect(content).not.toContain("Mit Tieren umgehen");
    } finally {
      g.game.i18n.lang = "de";
    }
  });

  it("too few actions left: refused with Rikka's count, nothing rolled or written", async () => {
    const { wolf, player } = await fight();
    rolls([8, 8], [8, 1]);
    await acting(player, () => commandCompanion(wolf, item(wolf, "Biss")));
    const before = state.writes.length;
    expect(await acting(player, () => commandCompanion(wolf, item(wolf, "Reißen")))).toMatchObject({ status: "noActions" });
    expect(warnings(player)).toEqual(["Nicht genug Aktionen: Rikka hat in dieser KR noch 1 von 3."]);
    expect(since(before)).toEqual([]);
  });

  it("R-COMP-7 a reaction command spends Rikka's RE: the wolf may use one; a second one this KR is refused", async () => {
    const { rikka, wolf, player } = await fight();
    rolls([8, 7]);
    const before = state.writes.length;
    expect(await acting(player, () => commandCompanion(wolf, null, { reaction: true }))).toMatchObject({ status: "obeyed", ew: 19 });
    expect(since(before)).toEqual([
      ["update", "Combatant", clients.gms[0].id],
      ["create", "ChatMessage", clients.gms[0].id],
    ]);
    expect(actionStatusOf(rikka)).toMatchObject({ reactionsLeft: 0, actionsLeft: 3 });
    expect(messages()[0].content).toContain("Grauwolf gehorcht und darf eine Reaktion verwenden.");
    expect(messages()[0].content).toContain("Rikka zahlt dafür 1 RE.");
    const again = state.writes.length;
    expect(await acting(player, () => commandCompanion(wolf, null, { reaction: true }))).toMatchObject({ status: "noReaction" });
    expect(since(again)).toEqual([]);
    expect(warnings(player)).toEqual(["Keine Reaktion mehr: Rikka hat in dieser KR noch 0 von 1."]);
  });
});

describe("R-COMP-5 permissions: the trainer's player commands; without a GM for a companion they own", () => {
  it("a player commands the companion they own with no GM online: their own client writes", async () => {
    const { rikka, wolf, goblinToken, player } = await fight({ wolfOwner: clients.players[0] });
    for (const gm of clients.gms) disconnect(gm);
    target(player, goblinToken);
    rolls([8, 8], [8, 3]);
    const before = state.writes.length;
    expect(await acting(player, () => commandCompanion(wolf, item(wolf, "Biss")))).toMatchObject({ status: "attacked", ew: 20 });
    expect(since(before)).toEqual([
      ["update", "Combatant", player.id],
      ["create", "ChatMessage", player.id],
    ]);
    expect(actionStatusOf(rikka)?.actionsLeft).toBe(1);
  });

  it("another player cannot command Rikka's wolf: refused on their client, and by the GM when forged", async () => {
    const { rikka, wolf, goblinToken } = await fight();
    const hacker = clients.players[1];
    const before = state.writes.length;
    expect(await acting(hacker, () => commandCompanion(wolf, item(wolf, "Biss")))).toBeNull();
    expect(warnings(hacker)).toEqual(["Nur wer Rikka spielt, kann Grauwolf Befehle geben."]);

    const payload = { companion: { actorUuid: wolf.uuid, tokenUuid: null }, itemId: item(wolf, "Biss").id, targets: [goblinToken.uuid], reaction: false };
    for (const requester of [clients.players[0].id, clients.gms[1].id]) {
      const message = { type: "companionCommand", requestId: `forged-${requester}`, requester, payload };
      expect(await as(hacker, () => g.game.users.activeGM.query("flex", message, { timeout: 5000 }))).toEqual({ flexRefused: "unconfirmed" });
    }
    expect(await acting(hacker, () => askActiveGM("companionCommand", payload))).toBeNull();
    // Rikka's own player, with what the GM does not accept: no such attack, a missing flag, no companion.
    for (const bad of [{ itemId: "nope" }, { itemId: null }, { reaction: "yes" }, { targets: "all" }, { companion: { actorUuid: rikka.uuid, tokenUuid: null } }]) {
      expect(await acting(clients.players[0], () => askActiveGM("companionCommand", { ...payload, ...bad }))).toBeNull();
    }
    expect(since(before)).toEqual([]);
    expect(messages()).toHaveLength(0);
    expect(actionStatusOf(rikka)?.actionsLeft).toBe(3);
  });
});

describe("R-COMP-5 the buttons: Befehl on Rikka's companion section, the wolf's attack on its own sheet", () => {
  /** Foundry calls an action's handler with the application as `this`, the event and the clicked element. */
  async function click(sheet: Any, action: string, dataset: Record<string, string>) {
    const target = { dataset, closest: () => ({ dataset }) };
    await sheet.options.actions[action].call(sheet, { shiftKey: true }, target);
  }

  it("Rikka's sheet lists the wolf with a Befehl button per attack; clicking it commands", async () => {
    const { rikka, wolf, goblinToken, player } = await fight();
    const sheet = await as(player, async () => {
      const s = new CharacterSheet({ document: rikka });
      s.changeTab("companions", "primary");
      await s.render(true);
      return s;
    });
    const html = parse(sheet.lastRender.companions);
    const buttons = html.querySelectorAll("[data-action='flexCompanionCommand']");
    expect(buttons.map((b) => b.getAttribute("data-item-id"))).toEqual([item(wolf, "Biss").id, item(wolf, "Reißen").id]);
    expect(parse(sheet.lastRender.tabs).querySelector("[data-tab='companions']")).not.toBeNull();

    target(player, goblinToken);
    rolls([8, 8], [8, 5]);
    await acting(player, () => click(sheet, "flexCompanionCommand", { companion: wolf.uuid, itemId: item(wolf, "Biss").id }));
    expect((messages()[0] as Any).flags.flex.attack).toMatchObject({ ew: 20, attacker: { name: "Grauwolf" } });
  });

  it("in the fight the wolf's own sheet says its attacks are Rikka's commands, and rolling one commands", async () => {
    const { rikka, wolf, goblinToken } = await fight();
    const gm = clients.gms[0];
    const sheet = new CreatureSheet({ document: wolf });
    sheet.changeTab("abilities", "primary");
    await as(gm, () => sheet.render(true));
    expect(sheet.lastRender.abilities).toContain("Befehl: Rikka");
    target(gm, goblinToken);
    rolls([8, 8], [8, 5]);
    const before = state.writes.length;
    await acting(gm, () => item(wolf, "Biss").roll({}));
    expect(since(before)).toEqual([
      ["update", "Combatant", gm.id],
      ["create", "ChatMessage", gm.id],
    ]);
    expect(actionStatusOf(rikka)?.actionsLeft).toBe(1);
    expect((messages()[0] as Any).flags.flex.attack).toMatchObject({ ew: 20, rules: expect.arrayContaining(["R-COMP-5"]) });
  });
});

describe("R-COMP-7 attacked, a companion defends with its own stored Ausweichen or Parade value", () => {
  it("the goblin's claws against the wolf: EW against its stored Ausweichen 12, a tie goes to the wolf", async () => {
    const { wolf, wolfToken } = await fight();
    const gm = clients.gms[0];
    target(gm, wolfToken);
    rolls([6, 6]); // W6+6: EW 12 against Ausweichen 12: defended
    const first = await acting(gm, () => item(g.game.actors.getName("Goblin"), "Krallen").roll({}));
    expect(first.record.targets).toEqual([expect.objectContaining({ name: "Grauwolf", kind: "creature", status: "defended", defence: expect.objectContaining({ kind: "ausweichen", source: "fixed" }) })]);
    // The wolf is the GM's: its values are drawn on the GM's client only (automation/screen.ts).
    expect(parse(await messageContentFor(first.message, gm)).querySelector(".flex-target-status")!.text).toBe("Abgewehrt · Ausweichen 12");
    // With a better stored Parade it defends with that.
    await as(gm, () => wolf.update({ "system.parade": 15 }));
    rolls([6, 6], [4, 2]);
    const second = await acting(gm, () => item(g.game.actors.getName("Goblin"), "Krallen").roll({}));
    expect(second.record.targets[0]).toMatchObject({ status: "defended", defence: { kind: "parade" } });
    expect(parse(await messageContentFor(second.message, gm)).querySelector(".flex-target-status")!.text).toBe("Abgewehrt · Parade 15");
  });
});
