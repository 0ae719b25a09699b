// R-CORE-6 at the table: 3 Aktionen and 1 RE per KR, counted on the combatant of the started active combat.
// Aktionen come back at the start of the combatant's own turn, the RE at the next KR; past the limit a spend is
// refused with a message and writes nothing, unless a GM overrides it; an Undo gives them back. The client
// that owns the combatant writes, once per spend, one spend after the other; with 2 GMs and 3 players
// connected nothing else writes. The tracker and the sheet show what is left.
import { parse } from "node-html-parser";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { CharacterSheet } from "../../src/applications/sheets/character-sheet";
import { actionStatusOf, refundSpend, spendActionsFor, spendReactionFor } from "../../src/automation/combat/actions";
import { actionLabel } from "../../src/automation/combat/tracker";
import { askActiveGM } from "../../src/automation/gm-relay";
import { as, createActor, createScene, messages, placeToken, queryCount, resetWorld, settle, state, type Clients } from "../harness";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
let clients: Clients;
const g = globalThis as Any;
const DialogV2 = () => g.foundry.applications.api.DialogV2;

beforeEach(() => {
  clients = resetWorld({ gms: 2, players: 3 });
  DialogV2().answers.length = 0;
  DialogV2().prompts.length = 0;
});

/** Alrik (player 1's) acts first, then the goblin (the GM's); the combat is started: KR 1, Alrik's turn. */
async function fight() {
  const alrik = (await createActor({ name: "Alrik", type: "character", ownership: { default: 0, [clients.players[0].id]: 3 }, system: { attributes: { ge: 8 } } })) as Any;
  const goblin = (await createActor({ name: "Goblin", type: "creature", system: { attributes: { ge: 6 } } })) as Any;
  const scene = await createScene();
  const tokens = [await placeToken(scene, alrik, { col: 0 }), await placeToken(scene, goblin, { col: 1, actorLink: false })];
  const combat = await g.Combat.create({});
  await combat.createEmbeddedDocuments("Combatant", tokens.map((t: Any, i: number) => ({ actorId: t.actorId, tokenId: t.id, sceneId: scene.id, initiative: 20 - i * 10 })));
  await combat.startCombat();
  await settle();
  const [alrikC, goblinC] = combat.turns as Any[];
  return { alrik, goblin: (tokens[1] as Any).actor as Any, combat, alrikC, goblinC };
}

const writesSince = (n: number) => state.writes.slice(n);
const warnings = (user: Any) => state.notifications.filter((n) => n.type === "warn" && n.userId === user.id).map((n) => n.message);
const spend = (user: Any, actor: Any, cost: number) => as(user, () => spendActionsFor(actor, cost, { label: "Kurzschwert" }));
const react = (user: Any, actor: Any) => as(user, () => spendReactionFor(actor, { label: "Ausweichen" }));
async function advance(combat: Any, how: "nextTurn" | "nextRound") {
  await as(clients.gms[0], () => combat[how]());
  await settle();
}

describe("R-CORE-6 Aktionen: 3 per KR, back at the start of the combatant's own turn", () => {
  it("refuses the spend past 3 with a message and 0 writes, and gives them back on Alrik's next turn", async () => {
    const { alrik, combat, alrikC } = await fight();
    const player = clients.players[0];
    expect(actionStatusOf(alrik)).toEqual({ actionsLeft: 3, actionsPerRound: 3, reactionsLeft: 1, reactionsPerRound: 1 });

    const first = await spend(player, alrik, 2);
    expect(first).toEqual({ allowed: true, tracked: true, combatantUuid: alrikC.uuid, window: "1", round: 1, cost: 2, kind: "actions", override: false });
    expect((await spend(player, alrik, 1)).allowed).toBe(true);
    expect(actionStatusOf(alrik)?.actionsLeft).toBe(0);

    const before = state.writes.length;
    const refused = await spend(player, alrik, 1);
    expect(refused).toMatchObject({ allowed: false, tracked: true, override: false });
    expect(writesSince(before)).toEqual([]);
    expect(warnings(player)).toEqual(["Nicht genug Aktionen: Alrik hat in dieser KR noch 0 von 3."]);
    // A player is never asked to override.
    expect(DialogV2().prompts).toHaveLength(0);

    // The goblin's turn: still Alrik's window.
    await advance(combat, "nextTurn");
    expect(actionStatusOf(alrik)?.actionsLeft).toBe(0);
    expect((await spend(player, alrik, 1)).allowed).toBe(false);

    // KR 2, Alrik's turn again: all three are back, with no write at the start of the turn.
    const atTurn = state.writes.length;
    await advance(combat, "nextTurn");
    expect(combat.round).toBe(2);
    expect(writesSince(atTurn).map((w) => w.documentName)).toEqual(["Combat"]);
    expect(actionStatusOf(alrik)?.actionsLeft).toBe(3);
    expect(await spend(player, alrik, 3)).toMatchObject({ allowed: true, window: "2", round: 2 });
  });

  it("a combatant later in the order has its actions back when its own turn starts, not at the start of the KR", async () => {
    const { goblin, combat } = await fight();
    const gm = clients.gms[0];
    expect((await spend(gm, goblin, 3)).window).toBe("0"); // KR 1 before its first turn
    expect(actionStatusOf(goblin)?.actionsLeft).toBe(0);
    await advance(combat, "nextTurn"); // the goblin's turn in KR 1
    expect(actionStatusOf(goblin)?.actionsLeft).toBe(3);
    expect((await spend(gm, goblin, 2)).window).toBe("1");
    await advance(combat, "nextTurn"); // KR 2, Alrik's turn: the goblin's window is still KR 1's
    expect(actionStatusOf(goblin)?.actionsLeft).toBe(1);
  });

  it("outside a started combat nothing is counted or written", async () => {
    const alrik = (await createActor({ name: "Alrik", type: "character", ownership: { default: 0, [clients.players[0].id]: 3 } })) as Any;
    const before = state.writes.length;
    expect(await spend(clients.players[0], alrik, 3)).toEqual({ allowed: true, tracked: false, combatantUuid: null, window: null, round: null, cost: 3, kind: "actions", override: false });
    expect(await spend(clients.players[0], alrik, 3)).toMatchObject({ allowed: true, tracked: false });
    expect(actionStatusOf(alrik)).toBeNull();
    // A combat that has not started does not count either.
    const combat = await g.Combat.create({});
    await combat.createEmbeddedDocuments("Combatant", [{ actorId: alrik.id }]);
    expect(await spend(clients.players[0], alrik, 3)).toMatchObject({ allowed: true, tracked: false });
    expect(writesSince(before).map((w) => w.documentName)).toEqual(["Combat", "Combatant"]);
  });
});

describe("R-CORE-6 Reaktion: one per KR, back at the next KR", () => {
  it("refuses a second RE in the same KR, also after the turn changes, and gives it back at the next KR", async () => {
    const { alrik, combat } = await fight();
    const player = clients.players[0];
    expect(await react(player, alrik)).toMatchObject({ allowed: true, tracked: true, kind: "reaction", cost: 1, round: 1 });
    const before = state.writes.length;
    expect((await react(player, alrik)).allowed).toBe(false);
    expect(writesSince(before)).toEqual([]);
    expect(warnings(player)).toEqual(["Keine Reaktion mehr: Alrik hat in dieser KR noch 0 von 1."]);
    await advance(combat, "nextTurn");
    expect((await react(player, alrik)).allowed).toBe(false);
    await advance(combat, "nextTurn"); // KR 2
    expect(actionStatusOf(alrik)).toMatchObject({ reactionsLeft: 1, actionsLeft: 3 });
    expect((await react(player, alrik)).allowed).toBe(true);
    // Aktionen and the RE are counted apart.
    expect((await spend(player, alrik, 3)).allowed).toBe(true);
  });
});

describe("R-CORE-6 a GM may override the limit", () => {
  it("asks the GM; yes spends past the limit (noted on the spend), no refuses with 0 writes", async () => {
    const { goblin, goblinC } = await fight();
    const gm = clients.gms[0];
    expect((await spend(gm, goblin, 3)).allowed).toBe(true);

    const before = state.writes.length;
    DialogV2().answers.push(false);
    expect(await spend(gm, goblin, 2)).toMatchObject({ allowed: false, override: false });
    expect(writesSince(before)).toEqual([]);
    expect(warnings(gm)).toEqual(["Nicht genug Aktionen: Goblin hat in dieser KR noch 0 von 3."]);
    expect(DialogV2().prompts.at(-1).content).toContain("Goblin hat in dieser KR noch 0 von 3 Aktionen; Kurzschwert kostet 2.");

    DialogV2().answers.push(true);
    const forced = await spend(gm, goblin, 2);
    expect(forced).toMatchObject({ allowed: true, tracked: true, override: true, cost: 2 });
    expect(writesSince(before).map((w) => [w.action, w.documentName, w.userId])).toEqual([["update", "Combatant", gm.id]]);
    expect(goblinC.flags.flex.actions).toMatchObject({ actions: 5 });
    expect(actionStatusOf(goblin)?.actionsLeft).toBe(0);

    // The Reaktion too.
    await react(gm, goblin);
    DialogV2().answers.push(true);
    expect(await react(gm, goblin)).toMatchObject({ allowed: true, override: true });
    expect(DialogV2().prompts.at(-1).content).toContain("keine Reaktion mehr");
  });
});

describe("R-CORE-6 an Undo gives them back", () => {
  it("refunds Aktionen and the RE within the same window, one write each; after the window nothing", async () => {
    const { alrik, combat } = await fight();
    const player = clients.players[0];
    const a = await spend(player, alrik, 2);
    const r = await react(player, alrik);
    const before = state.writes.length;
    await as(player, () => refundSpend(a));
    await as(player, () => refundSpend(r));
    expect(actionStatusOf(alrik)).toMatchObject({ actionsLeft: 3, reactionsLeft: 1 });
    expect(writesSince(before).map((w) => [w.documentName, w.userId])).toEqual([
      ["Combatant", player.id],
      ["Combatant", player.id],
    ]);
    // Refunding twice gives nothing more.
    await as(player, () => refundSpend(a));
    expect(writesSince(before)).toHaveLength(2);
    expect(actionStatusOf(alrik)?.actionsLeft).toBe(3);

    // A spend of an earlier window is not given back into the new one.
    const late = await spend(player, alrik, 3);
    await advance(combat, "nextTurn");
    await advance(combat, "nextTurn"); // KR 2, Alrik's turn
    const afterWindow = state.writes.length;
    await as(player, () => refundSpend(late));
    expect(writesSince(afterWindow)).toEqual([]);
    expect(actionStatusOf(alrik)?.actionsLeft).toBe(3);
    // Refused and untracked spends have nothing to give back.
    await as(player, () => refundSpend({ ...late, allowed: false }));
    await as(player, () => refundSpend({ ...late, tracked: false }));
    expect(writesSince(afterWindow)).toEqual([]);
  });
});

describe("R-CORE-6 who writes", () => {
  it("a player spends on their own combatant: one write, by their client; with 2 GMs and 3 players connected nothing else writes", async () => {
    const { alrik, alrikC } = await fight();
    const player = clients.players[0];
    const [writes, queries, cards] = [state.writes.length, queryCount.sent, messages().length];
    await spend(player, alrik, 2);
    await settle();
    expect(writesSince(writes).map((w) => [w.action, w.documentName, w.userId, w.ids])).toEqual([["update", "Combatant", player.id, [alrikC.id]]]);
    expect(queryCount.sent).toBe(queries);
    expect(messages()).toHaveLength(cards);
    expect(alrikC.flags.flex.actions).toEqual({ window: "1", actions: 2, reactions: 0, reactionRound: null });
  });

  it("a double click on one client cannot spend the last action twice", async () => {
    const { alrik, goblin } = await fight();
    const player = clients.players[0];
    await spend(player, alrik, 2);
    const before = state.writes.length;
    const both = await Promise.all([spend(player, alrik, 1), spend(player, alrik, 1)]);
    expect(both.map((s) => s.allowed)).toEqual([true, false]);
    expect(writesSince(before)).toHaveLength(1);
    expect(actionStatusOf(alrik)?.actionsLeft).toBe(0);
    // Five quick clicks of the GM on the goblin (the GM says no to every override): three are spent.
    DialogV2().answers.push(false, false);
    const clicks = await Promise.all(Array.from({ length: 5 }, () => spend(clients.gms[0], goblin, 1)));
    expect(clicks.filter((s) => s.allowed)).toHaveLength(3);
    expect(actionStatusOf(goblin)?.actionsLeft).toBe(0);
  });

  it("a player may not spend another's combatant: told so, nothing written", async () => {
    const { alrik } = await fight();
    const other = clients.players[1];
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const before = state.writes.length;
    const out = await spend(other, alrik, 1);
    expect(out).toMatchObject({ allowed: false, tracked: true });
    expect(writesSince(before)).toEqual([]);
    expect(warnings(other)).toEqual(["Das darfst du nicht – es wurde nichts geändert."]);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("Spieler 2 may not spend the actions of Alrik"));
    warn.mockRestore();
  });

  it("forged relay payloads from a player for another's combatant write nothing", async () => {
    const { alrikC, goblinC } = await fight();
    const hacker = clients.players[1];
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const before = state.writes.length;
    // Straight to the active GM's query handler, naming Alrik's player (whose client did not send it) or a GM.
    for (const requester of [clients.players[0].id, clients.gms[1].id]) {
      const message = { type: "combatActions", requestId: `forged-${requester}`, requester, payload: { op: "spend", combatantUuid: alrikC.uuid, kind: "actions", cost: 3 } };
      expect(await as(hacker, () => g.game.users.activeGM.query("flex", message, { timeout: 5000 }))).toEqual({ flexRefused: "unconfirmed" });
    }
    // Through the system's own path the hacker is who it says, and owns neither combatant.
    for (const combatantUuid of [alrikC.uuid, goblinC.uuid]) {
      for (const op of ["spend", "refund"]) {
        const payload = { op, combatantUuid, kind: "reaction", cost: 1, window: "1", round: 1, override: true };
        expect(await as(hacker, () => askActiveGM("combatActions", payload))).toBeNull();
      }
    }
    expect(writesSince(before)).toEqual([]);
    expect(warnings(hacker).every((m) => m === "Das darfst du nicht – es wurde nichts geändert.")).toBe(true);
    warn.mockRestore();
  });

  it("through the relay the active GM writes, and re-derives the cost; a player's override is ignored", async () => {
    const { alrik, alrikC } = await fight();
    const player = clients.players[0];
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const ask = (payload: Record<string, unknown>) => as(player, () => askActiveGM<Any>("combatActions", { combatantUuid: alrikC.uuid, op: "spend", kind: "actions", ...payload }));
    const before = state.writes.length;
    for (const cost of [0, -1, 1.5, 4, "2", null]) expect(await ask({ cost })).toBeNull();
    expect(await ask({ op: "steal", cost: 1 })).toBeNull();
    expect(writesSince(before)).toEqual([]);
    expect(await ask({ cost: 3 })).toMatchObject({ status: "spent", left: 0 });
    expect(writesSince(before).map((w) => [w.documentName, w.userId])).toEqual([["Combatant", clients.gms[0].id]]);
    expect(await ask({ cost: 1, override: true })).toMatchObject({ status: "refused", overridden: false });
    expect(writesSince(before)).toHaveLength(1);
    expect(actionStatusOf(alrik)?.actionsLeft).toBe(0);
    warn.mockRestore();
  });
});

describe("R-CORE-6 on screen", () => {
  /** v13's tracker rows, as far as the hook reads them. */
  function trackerHtml(combat: Any) {
    const rows = combat.turns.map((c: Any) => `<li class="combatant" data-combatant-id="${c.id}"><div class="token-name"><strong class="name">${c.actor.name}</strong></div></li>`);
    return parse(`<section class="combat-tracker"><ol>${rows.join("")}</ol></section>`);
  }
  const render = (combat: Any, html: Any) => g.Hooks.callAll("renderCombatTracker", { viewed: combat }, html, {}, {});

  it("the combat tracker shows each row's Aktionen and RE left, with an aria-label, once per render", async () => {
    const { alrik, combat } = await fight();
    await spend(clients.players[0], alrik, 1);
    await react(clients.players[0], alrik);
    const html = trackerHtml(combat);
    render(combat, html);
    render(combat, html);
    const labels = html.querySelectorAll(".flex-combat-actions");
    expect(labels.map((l: Any) => l.text)).toEqual(["Aktionen 2/3 · RE 0/1", "Aktionen 3/3 · RE 1/1"]);
    expect(labels[0].getAttribute("aria-label")).toBe("Noch 2 von 3 Aktionen und 0 von 1 Reaktionen in dieser KR");
    expect(labels[0].parentNode.classList.contains("token-name")).toBe(true);
  });

  it("a combat that has not started shows nothing", async () => {
    const alrik = await createActor({ name: "Alrik", type: "character" });
    const combat = await g.Combat.create({});
    await combat.createEmbeddedDocuments("Combatant", [{ actorId: alrik.id }]);
    const html = trackerHtml(combat);
    render(combat, html);
    expect(html.querySelectorAll(".flex-combat-actions")).toHaveLength(0);
  });

  it("the label is built by a pure function, in every language", () => {
    const status = { actionsLeft: 1, actionsPerRound: 3, reactionsLeft: 0, reactionsPerRound: 1 };
    const format = (key: string, data: Record<string, string>) => g.game.i18n.format(key, data);
    expect(actionLabel(status, format).text).toBe("Aktionen 1/3 · RE 0/1");
    g.game.i18n.lang = "en";
    expect(actionLabel(status, format).text).toBe("Actions 1/3 · Reactions 0/1");
    g.game.i18n.lang = "ru";
    expect(actionLabel(status, format).text).toBe("Действия 1/3 · Реакции 0/1");
  });

  it("the sheet header shows what is left while the actor is in combat, and its sheets re-render when it changes", async () => {
    const { alrik } = await fight();
    const sheet = new CharacterSheet({ document: alrik });
    await as(clients.players[0], () => sheet.render(true));
    const header = () => (sheet as Any).lastRender.header as string;
    expect(header()).toContain("Aktionen 3/3 · RE 1/1");
    expect(header()).toContain('aria-label="Noch 3 von 3 Aktionen und 1 von 1 Reaktionen in dieser KR"');

    const shown = { render: vi.fn(async () => sheet.render()) };
    alrik.apps = { sheet: shown };
    await spend(clients.players[0], alrik, 2);
    await settle();
    expect(shown.render).toHaveBeenCalled();
    expect(header()).toContain("Aktionen 1/3 · RE 1/1");

    const outside = new CharacterSheet({ document: await createActor({ name: "Bela", type: "character" }) });
    await outside.render(true);
    expect((outside as Any).lastRender.header).not.toContain("flex-combat-actions");
  });
});
