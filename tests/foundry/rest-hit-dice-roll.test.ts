// Hit dice rolled in the owner's rest dialog (issue 25): the player rolls, sees the dice and the Leben they bring,
// and the active GM's rest uses exactly those dice, believed only from an owner of the character, as a plain roll
// of its hit die within the rest's allowance, the first roll only. Anything else: the GM rolls, as before.
import { parse } from "node-html-parser";
import { beforeEach, describe, expect, it } from "vitest";
import { HitDiceRoller, hitDiceContext, REST_HIT_DICE_TEMPLATE } from "../../src/applications/dialogs/rest-hit-dice";
import { as, dice, dropAfterWrites, messages, queueDice, resetWorld, settle, state, type Clients } from "../harness";
import { DialogV2, flex, giveKit, giveRestTalent, party, sys } from "./rest-helpers";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
const g = globalThis as Any;
let clients: Clients;

beforeEach(() => {
  clients = resetWorld({ gms: 1, players: 2 });
  DialogV2().answers.length = 0;
  DialogV2().prompts.length = 0;
});

/** Level 4 (a short rest allows 2 dice), W8 + 1 each, Leben 12 of 30. */
const hero = (i = 0) => ({ level: 4, attributes: { ko: 8, ch: 6 }, leben: { value: 12 + i, max: 30 }, trefferwuerfel: { verbraucht: 0, koModifikator: 1 } });

function deferred<T>(): { promise: Promise<T>; resolve: (v: T) => void } {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

async function until(test: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !test(); i++) await new Promise((r) => setTimeout(r, 0));
  expect(test()).toBe(true);
}

/** The form each open dialog will return; the dialogs stay open until `answer` is called. */
function holdDialogs(n: number): ((form: Record<string, unknown>) => void)[] {
  return Array.from({ length: n }, () => {
    const d = deferred<Record<string, unknown>>();
    DialogV2().answers.push(d.promise);
    return d.resolve;
  });
}

/** The question as the player's dialog got it (its id is the dialog's). */
const promptOf = (index: number, actor: Any, type = "shortRest") => ({ restId: String(DialogV2().prompts[index].id).replace("flex-rest-answer-", "").replace(`-${actor.id}`, ""), type, actorId: actor.id, healer: false, kitCharges: 10, seconds: 120 });
const form = (over: Record<string, unknown> = {}) => ({ activity: "light", hitDice: "0", talent: "", ...over });
const html = (text: string | null) => parse(text ?? "");

/** A roll message as a client could forge it (the harness's stored roll shape), flagged for this question. */
function forgedRoll(faces: number, results: number[], total = results.reduce((s, r) => s + r, 0), formula = `${results.length}d${faces}`) {
  return JSON.stringify({ class: "Roll", formula, options: {}, evaluated: true, total, terms: [{ kind: "die", sign: 1, die: { number: results.length, faces, modifiers: [], results: results.map((result) => ({ result, active: true })) } }] });
}
const postForged = (user: Any, prompt: string, actor: Any, roll: string) => as(user, () => g.ChatMessage.create({ content: "Trefferwürfel", rolls: [roll], flags: { flex: { hitDiceRoll: { prompt, actor: actor.id } } } }));

describe("the player rolls the hit dice in the dialog", () => {
  it("the dice go to chat as the player's roll, the dialog shows them and the Leben rising; the GM's rest heals exactly that", async () => {
    const [h] = await party(clients, 1, hero);
    await giveKit(h, 3);
    const [answer] = holdDialogs(1);
    const resting = flex().rest({ type: "shortRest", actors: [h.id] });
    await until(() => DialogV2().prompts.length === 1);
    const player = clients.players[0];
    dice(8, 6, 3);
    const block = html(await as(player, () => new HitDiceRoller(h, sys(h), promptOf(0, h) as Any).roll("2", false)));
    // The dialog: the number is fixed, the button done, the sum and the Leben it brings.
    expect(block.querySelector("input[name=hitDice]")!.getAttribute("value")).toBe("2");
    expect(block.querySelector("input[name=hitDice]")!.hasAttribute("readonly")).toBe(true);
    expect(block.querySelector("[data-flex-roll-hitdice]")!.hasAttribute("disabled")).toBe(true);
    expect(block.querySelector(".flex-rest-rolled")!.text).toBe("Gewürfelt: 2 × W8: (6 + 1) + (3 + 1) = +11 Leben");
    expect(block.querySelector(".flex-rest-preview")!.text).toBe("Leben 12 → 23 von 30");
    const meter = block.querySelector("[role=meter]")!;
    expect(meter.getAttribute("aria-valuenow")).toBe("23");
    expect(meter.querySelector(".flex-rest-leben-gain")!.getAttribute("style")).toBe("left: 40%; width: 36.7%");
    // In chat: the player's own message with the dice.
    const roll = messages().at(-1) as Any;
    expect(roll.author.id).toBe(player.id);
    expect(parse(roll.content).text).toContain("2 × W8: 6 + 3 = 9");
    // Were the GM to roll again, these would come up.
    dice(8, 1, 1);
    answer(form({ hitDice: "2" }));
    const report = await resting;
    expect(report.entries[0].hitDice).toMatchObject({ count: 2, rolls: [6, 3], care: "kit" });
    expect(sys(h).leben.value).toBe(23);
    expect(parse((messages().at(-1) as Any).content).text).toContain("2 × W8: (6 + 1) + (3 + 1) = +11 Leben");
  });

  it("a double click rolls once: one message, one set of dice; the typed number is clamped to the rest's allowance", async () => {
    const [h] = await party(clients, 1, hero);
    const prompt = { restId: "q1", type: "shortRest", actorId: h.id, healer: false, kitCharges: 2, seconds: 60 } as Any;
    const roller = new HitDiceRoller(h, sys(h), prompt);
    const before = messages().length;
    dice(8, 4, 5, 6);
    const [first, second] = await as(clients.players[0], () => Promise.all([roller.roll("7", false), roller.roll("7", false)]));
    expect(html(first).querySelector(".flex-rest-rolled")!.text).toBe("Gewürfelt: 2 × W8: (4 + 1) + (5 + 1) = +11 Leben");
    expect(second).toBeNull();
    expect(await as(clients.players[0], () => roller.roll("1", false))).toBeNull();
    expect(messages().length).toBe(before + 1);
  });

  it("nothing is rolled for 0 dice or a text, nor when no die can heal (no healer, no kit charge)", async () => {
    const [h] = await party(clients, 1, hero);
    const before = messages().length;
    const prompt = { restId: "q1", type: "shortRest", actorId: h.id, healer: false, kitCharges: 2, seconds: 60 } as Any;
    await as(clients.players[0], async () => {
      expect(await new HitDiceRoller(h, sys(h), prompt).roll("0", false)).toBeNull();
      expect(await new HitDiceRoller(h, sys(h), prompt).roll("viele", false)).toBeNull();
      expect(await new HitDiceRoller(h, sys(h), { ...prompt, kitCharges: 0 }).roll("2", false)).toBeNull();
    });
    expect(messages().length).toBe(before);
    // And the dialog offers no button then.
    const blocked = await g.foundry.applications.handlebars.renderTemplate(REST_HIT_DICE_TEMPLATE, hitDiceContext(h, sys(h), { ...prompt, kitCharges: 0 }));
    expect(html(blocked).querySelector("[data-flex-roll-hitdice]")).toBeNull();
  });

  it("Aufmerksame Erholung declared in the dialog: the first die counts in full, in the dialog and on the card", async () => {
    const [h] = await party(clients, 1, hero);
    await giveKit(h, 3);
    await giveRestTalent(h, "aufmerksameErholung");
    const [answer] = holdDialogs(1);
    const resting = flex().rest({ type: "shortRest", actors: [h.id] });
    await until(() => DialogV2().prompts.length === 1);
    const roller = new HitDiceRoller(h, sys(h), promptOf(0, h) as Any);
    dice(8, 2, 5);
    await as(clients.players[0], () => roller.roll("2", false));
    // The talent is chosen after the roll: the block is drawn again.
    const block = html(await roller.draw(true));
    expect(block.querySelector(".flex-rest-rolled")!.text).toBe("Gewürfelt: 2 × W8: (8 + 1) + (5 + 1) = +15 Leben");
    expect(block.text).toContain("Aufmerksame Erholung: Der erste Würfel zählt voll.");
    answer(form({ hitDice: "2", talent: "aufmerksameErholung" }));
    const report = await resting;
    expect(report.entries[0].hitDice).toMatchObject({ rolls: [8, 5], attentive: true });
    expect(sys(h).leben.value).toBe(27);
  });

  it("an ally's Kreative Atempause: the GM rolls a second die for each of the player's (the higher counts) and the inspiration die", async () => {
    const [a, b] = await party(clients, 2, hero);
    await giveKit(a, 3);
    await giveRestTalent(b, "kreativeAtempause");
    const answers = holdDialogs(2);
    const resting = flex().rest({ type: "shortRest", actors: [a.id, b.id] });
    await until(() => DialogV2().prompts.length === 2);
    const index = (actor: Any) => DialogV2().prompts.findIndex((p: Any) => String(p.window.title).startsWith(actor.name));
    dice(8, 2, 7);
    await as(clients.players[0], () => new HitDiceRoller(a, sys(a), promptOf(index(a), a) as Any).roll("2", false));
    // The GM's dice: 5 and 3 against the player's 2 and 7, then the singer's CH die (W6): 4.
    queueDice([{ faces: 8, result: 5 }, { faces: 8, result: 3 }, { faces: 6, result: 4 }]);
    answers[index(a)](form({ hitDice: "2" }));
    answers[index(b)](form({ talent: "kreativeAtempause" }));
    const report = await resting;
    expect(report.entries[0].hitDice).toMatchObject({ count: 2, rolls: [5, 7], advantage: true });
    // (5 + 1) + (7 + 1) + 4 = 18.
    expect(report.entries[0].hitDice.healing.total).toBe(18);
    expect(sys(a).leben.value).toBe(30);
  });
});

describe("across a change of GM", () => {
  it("the active GM drops between the rest's writes: the next GM finishes it with the player's dice, once", async () => {
    clients = resetWorld({ gms: 2, players: 1 });
    const [gm1, gm2] = clients.gms;
    const [h] = await party(clients, 1, hero);
    await giveKit(h, 3);
    const [answer] = holdDialogs(1);
    const resting = as(gm1, () => flex().rest({ type: "shortRest", actors: [h.id] }));
    await until(() => DialogV2().prompts.length === 1);
    dice(8, 6, 3);
    await as(clients.players[0], () => new HitDiceRoller(h, sys(h), promptOf(0, h) as Any).roll("2", false));
    // The journal record and the characters' write land; GM 2 does the rest.
    dropAfterWrites(gm1, 2);
    dice(8, 1, 1);
    answer(form({ hitDice: "2" }));
    await resting.catch(() => null);
    await settle();
    expect(sys(h).leben.value).toBe(23);
    expect(sys(h).trefferwuerfel.verbraucht).toBe(1);
    const cards = messages().filter((m: Any) => m.getFlag("flex", "rest"));
    expect(cards).toHaveLength(1);
    expect(parse((cards[0] as Any).content).text).toContain("2 × W8: (6 + 1) + (3 + 1) = +11 Leben");
    expect(state.writes.some((w: Any) => w.userId === gm2.id && w.documentName === "ChatMessage")).toBe(true);
  });
});

describe("rolls the GM does not believe: the GM rolls the dice asked for", () => {
  /** Opens the dialog, lets `forge` post whatever it likes, answers "2 dice", and returns what the rest did. */
  async function restWith(forge: (prompt: string, h: Any) => Promise<unknown>) {
    const [h] = await party(clients, 1, hero);
    await giveKit(h, 3);
    const [answer] = holdDialogs(1);
    const resting = flex().rest({ type: "shortRest", actors: [h.id] });
    await until(() => DialogV2().prompts.length === 1);
    await forge(promptOf(0, h).restId, h);
    await settle();
    // The GM's own dice.
    dice(8, 2, 2);
    answer(form({ hitDice: "2" }));
    const report = await resting;
    return { report, h };
  }

  it.each([
    ["another player's roll for this character", (p: string, h: Any) => postForged(clients.players[1], p, h, forgedRoll(8, [8, 8]))],
    ["the owner's roll of the wrong die (2d20)", (p: string, h: Any) => postForged(clients.players[0], p, h, forgedRoll(20, [20, 20]))],
    ["a face the die does not have (9 on a W8)", (p: string, h: Any) => postForged(clients.players[0], p, h, forgedRoll(8, [9, 8]))],
    ["more dice than the rest allows (3 at a short rest of level 4)", (p: string, h: Any) => postForged(clients.players[0], p, h, forgedRoll(8, [8, 8, 8]))],
    ["a total that is not the dice's", (p: string, h: Any) => postForged(clients.players[0], p, h, forgedRoll(8, [1, 1], 16))],
    ["a formula with a bonus", (p: string, h: Any) => postForged(clients.players[0], p, h, forgedRoll(8, [8, 8], 16, "2d8 + 10"))],
    ["a roll for an older question", (_p: string, h: Any) => postForged(clients.players[0], "an-old-question", h, forgedRoll(8, [8, 8]))],
  ])("%s", async (_label, forge) => {
    const { report, h } = await restWith(forge);
    expect(report.entries[0].hitDice).toMatchObject({ count: 2, rolls: [2, 2] });
    expect(sys(h).leben.value).toBe(18);
  });

  it("the first roll of the owner counts; a second, better one changes nothing", async () => {
    const { report, h } = await restWith(async (p, actor) => {
      await postForged(clients.players[0], p, actor, forgedRoll(8, [1, 2]));
      await postForged(clients.players[0], p, actor, forgedRoll(8, [8, 8]));
    });
    expect(report.entries[0].hitDice).toMatchObject({ count: 2, rolls: [1, 2] });
    expect(sys(h).leben.value).toBe(17);
  });

  it("a character the GM answered for was not asked: its owner's roll, made with another character's question, does not count", async () => {
    // Player 0 owns both; Held 2 is asked, Held 1 answered by the GM.
    const [a] = await party(clients, 1, hero);
    const [b] = await party({ ...clients, players: [clients.players[0]] } as Clients, 1, hero);
    await giveKit(a, 3);
    const [answer] = holdDialogs(1);
    const resting = flex().rest({ type: "shortRest", actors: [a.id, b.id], answers: { [a.id]: { hitDice: 2 } } });
    await until(() => DialogV2().prompts.length === 1);
    await postForged(clients.players[0], promptOf(0, b).restId, a, forgedRoll(8, [8, 8]));
    await settle();
    dice(8, 2, 2);
    answer(form());
    const report = await resting;
    expect(report.entries.find((e: Any) => e.actorId === a.id).hitDice).toMatchObject({ count: 2, rolls: [2, 2] });
  });
});
