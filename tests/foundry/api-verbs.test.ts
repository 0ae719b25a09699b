// The public verbs (issue 34, docs/api.md): what game.flex and actor.requestCheck do is what the sheet's buttons do,
// the same dialog, the same card, the same Aktionen spent, because the sheet calls them too.
import { beforeEach, describe, expect, it, onTestFinished } from "vitest";
import { CharacterSheet } from "../../src/applications/sheets/character-sheet";
import { actionStatusOf } from "../../src/automation/combat/actions";
import { acting, as, createActor, createScene, messages, placeToken, queueDice, resetWorld, settle, state, target, type Clients } from "../harness";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
let clients: Clients;
const g = globalThis as Any;
const flex = () => g.game.flex;
const DialogV2 = () => g.foundry.applications.api.DialogV2;
const rolls = (...faces: [number, number][]) => queueDice(faces.map(([f, result]) => ({ faces: f, result })));
const warnings = (user: Any) => state.notifications.filter((n) => n.userId === user.id && n.type === "warn").map((n) => n.message);

beforeEach(() => {
  clients = resetWorld({ gms: 1, players: 2 });
  DialogV2().prompts.length = 0;
  DialogV2().answers.length = 0;
});

/** Player 1's Alrik (GE W8, KK W10, Erschöpfung 2), with Athletik (KK, 2), Klingenwaffen (GE, 3), a Kurzschwert and a potion. */
async function alrik() {
  const player = clients.players[0];
  const actor = (await createActor({
    name: "Alrik",
    type: "character",
    ownership: { default: 0, [player.id]: 3 },
    system: { erschoepfung: { value: 2 }, attributes: { ge: 8, kk: 10 }, leben: { value: 20, max: 20 } },
  })) as Any;
  await actor.createEmbeddedDocuments("Item", [
    { name: "Athletik", type: "talent", system: { attribut: "kk", uebungswert: 2 } },
    { name: "Klingenwaffen", type: "talent", system: { attribut: "ge", uebungswert: 3, kategorie: "kampfart" } },
    { name: "Kurzschwert", type: "weapon", system: { talent: "Klingenwaffen", schaden: "1W6", aktionen: 1 } },
    { name: "Heiltrank", type: "alchemical", system: { menge: 2 } },
  ]);
  return { actor, player, item: (name: string) => actor.items.getName(name) };
}

/** The sheet's button, as Foundry calls an action: the sheet as `this`, the event and the clicked element. */
async function click(sheet: Any, action: string, dataset: Record<string, string>, event: Record<string, unknown> = {}) {
  const targetEl = { dataset, closest: () => ({ dataset }) };
  await sheet.options.actions[action].call(sheet, event, targetEl);
}

const lastCheck = () => (messages().at(-1) as Any)?.flags.flex.check;

describe("actor.requestCheck: the check with the roll dialog, as the sheet asks it", () => {
  it("without Shift the dialog asks; the card rolls what was answered, and the sheet's click shows the very same dialog", async () => {
    const { actor, player } = await alrik();
    DialogV2().answers.push({ vorteile: "1", nachteile: "0", modifier: "2", sw: "9" });
    rolls([10, 3], [10, 8]);
    await acting(player, () => actor.requestCheck({ attribute: "kk" }));
    expect(lastCheck()).toMatchObject({ attribute: "kk", formula: "2d10kh + 2 - 1", kept: 8, sw: 9, success: true });
    const viaVerb = DialogV2().prompts.at(-1);

    const sheet = await as(player, async () => {
      const s = new CharacterSheet({ document: actor });
      await s.render(true);
      return s;
    });
    DialogV2().answers.push({ vorteile: "1", nachteile: "0", modifier: "2", sw: "9" });
    rolls([10, 3], [10, 8]);
    await acting(player, () => click(sheet, "rollAttribute", { attribute: "kk" }, { shiftKey: false }));
    const viaSheet = DialogV2().prompts.at(-1);
    expect(viaSheet.window).toEqual(viaVerb.window);
    expect(viaSheet.content).toBe(viaVerb.content);
    expect(lastCheck()).toMatchObject({ attribute: "kk", formula: "2d10kh + 2 - 1", kept: 8, sw: 9, success: true });
    expect(messages()).toHaveLength(2);
  });

  it("a held Shift or fastForward rolls at once, without the dialog; a closed dialog rolls nothing", async () => {
    const { actor, player } = await alrik();
    rolls([10, 6]);
    await acting(player, () => actor.requestCheck({ talent: "Athletik" }, { event: { shiftKey: true } as never }));
    rolls([10, 4]);
    await acting(player, () => actor.requestCheck({ talent: "Athletik" }, { fastForward: true }));
    expect(DialogV2().prompts).toHaveLength(0);
    expect(messages().map((m: Any) => m.flags.flex.check.ew)).toEqual([6 + 2 - 2, 4 + 2 - 2]);
    await acting(player, () => actor.requestCheck({ talent: "Athletik" }));
    expect(DialogV2().prompts).toHaveLength(1);
    expect(messages()).toHaveLength(2);
  });

  it("a weapon attacks the targets given (not the user's), with the dialog's Vorteile; the card names the target", async () => {
    const { actor, player, item } = await alrik();
    const goblin = (await createActor({ name: "Goblin", type: "creature", system: { ausweichen: 9, parade: 5, leben: { value: 12, max: 12 } } })) as Any;
    const orc = (await createActor({ name: "Ork", type: "creature", system: { ausweichen: 9, parade: 5, leben: { value: 12, max: 12 } } })) as Any;
    const scene = await createScene();
    await placeToken(scene, actor, { col: 0 });
    const goblinToken = await placeToken(scene, goblin, { col: 1 });
    const orcToken = await placeToken(scene, orc, { col: 0, row: 1 });
    target(player, orcToken);
    rolls([8, 7], [6, 4]);
    await acting(player, () => flex().attack(item("Kurzschwert"), { targets: [goblinToken], fastForward: true }));
    const attack = (messages().at(-1) as Any).flags.flex.attack;
    expect(attack.targets.map((t: Any) => t.name)).toEqual(["Goblin"]);
    expect(attack.ew).toBe(7 + 3 - 2);
  });

  it("the dead roll nothing: a notice, no dialog, no card; a player who does not own the actor is told so", async () => {
    const { actor, player } = await alrik();
    await actor.toggleStatusEffect("dead", { active: true });
    await acting(player, () => actor.requestCheck({ attribute: "ge" }));
    expect(warnings(player)).toEqual(["Alrik ist tot und handelt nicht mehr."]);
    const other = clients.players[1];
    await acting(other, () => flex().requestCheck(actor, { attribute: "ge" }));
    expect(warnings(other)).toEqual(["Du darfst für Alrik nicht würfeln."]);
    expect(DialogV2().prompts).toHaveLength(0);
    expect(messages()).toHaveLength(0);
  });
});

describe("a hotbar macro takes the same path", () => {
  it("game.flex.rollItem attacks at once as the sheet's Shift-click does, and for the dead it rolls nothing", async () => {
    const { actor, player, item } = await alrik();
    rolls([8, 6], [6, 2]);
    await acting(player, () => flex().rollItem(item("Kurzschwert").uuid));
    expect(DialogV2().prompts).toHaveLength(0);
    expect((messages().at(-1) as Any).flags.flex.attack.ew).toBe(6 + 3 - 2);
    await actor.toggleStatusEffect("dead", { active: true });
    await acting(player, () => flex().rollItem(item("Kurzschwert").uuid));
    expect(messages()).toHaveLength(1);
    expect(warnings(player)).toEqual(["Alrik ist tot und handelt nicht mehr."]);
  });
});

describe("game.flex: using an item, statuses, Aktionen, the end of a turn", () => {
  it("useItem spends one of the potion, as Benutzen does; the dead use nothing", async () => {
    const { actor, player, item } = await alrik();
    await acting(player, () => flex().useItem(item("Heiltrank")));
    expect(item("Heiltrank").system.menge).toBe(1);
    await actor.toggleStatusEffect("dead", { active: true });
    await acting(player, () => flex().useItem(item("Heiltrank")));
    expect(item("Heiltrank").system.menge).toBe(1);
  });

  it("toggleStatus switches a Flex status on and off; an id that is no status the sheet offers changes nothing", async () => {
    const { actor, player } = await alrik();
    await acting(player, () => flex().toggleStatus(actor, "wet"));
    expect(actor.statuses.has("wet")).toBe(true);
    await acting(player, () => flex().toggleStatus(actor, "wet", { active: false }));
    expect(actor.statuses.has("wet")).toBe(false);
    expect(await acting(player, () => flex().toggleStatus(actor, "nonsense"))).toBeNull();
    expect(flex().toggleableStatuses().map((s: Any) => s.id)).toContain("wet");
  });

  it("actionStatus and endTurn: the Aktionen left in the fight; only on its own turn does a player end it", async () => {
    // v13 lets the owner of the combatant whose turn it is end that turn (the tracker's End Turn button); the stand-in's
    // Combat knows only GM writes, so this test gives its Combat that one permission of core's.
    const modify = g.Combat.prototype.canUserModify;
    g.Combat.prototype.canUserModify = function (this: Any, user: Any, action: string) {
      return modify.call(this, user, action) || (action === "update" && !!this.combatant?.testUserPermission?.(user, "OWNER"));
    };
    onTestFinished(() => void (g.Combat.prototype.canUserModify = modify));
    const { actor, player, item } = await alrik();
    const goblin = (await createActor({ name: "Goblin", type: "creature", system: { ausweichen: 9, parade: 5, leben: { value: 12, max: 12 } } })) as Any;
    const scene = await createScene();
    const tokens = [await placeToken(scene, actor, { col: 0 }), await placeToken(scene, goblin, { col: 1 })];
    const combat = await as(clients.gms[0], () => g.Combat.create({}));
    await as(clients.gms[0], () => combat.createEmbeddedDocuments("Combatant", tokens.map((t: Any, i: number) => ({ actorId: t.actorId, tokenId: t.id, sceneId: scene.id, initiative: [15, 10][i] }))));
    await as(clients.gms[0], () => combat.startCombat());
    await settle();
    expect(flex().actionStatus(actor)).toEqual({ actionsLeft: 3, actionsPerRound: 3, reactionsLeft: 1, reactionsPerRound: 1 });
    rolls([8, 7], [6, 4]);
    await acting(player, () => flex().attack(item("Kurzschwert"), { targets: [tokens[1]], fastForward: true }));
    expect(flex().actionStatus(actor)?.actionsLeft).toBe(2);
    expect(actionStatusOf(actor)?.actionsLeft).toBe(2);

    expect(await acting(player, () => flex().endTurn(goblin))).toBe(false);
    expect(warnings(player)).toEqual(["Goblin ist nicht am Zug."]);
    expect(await acting(player, () => flex().endTurn(actor))).toBe(true);
    expect(combat.combatant.actor.name).toBe("Goblin");
    expect(flex().actionStatus(await createActor({ name: "Fern", type: "character" }))).toBeNull();
  });
});
