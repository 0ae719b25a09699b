// G-22 the GM's reward dialog (R-MONEY-1): each character's amount is a cell prefilled from the guide's next share,
// following the number of quests until the GM types one; what is paid is what the GM typed, and an amount that is no
// whole, non-negative number is refused with a message naming the character, never paid as NaN ¥.
import { parse } from "node-html-parser";
import { beforeEach, describe, expect, it } from "vitest";
import { as, createActor, messages, resetWorld, state, type Clients } from "../harness";
import { dispatch, RenderedElement } from "../harness/applications";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
const g = globalThis as Any;
const flex = () => g.game.flex;
const DialogV2 = () => g.foundry.applications.api.DialogV2;
const sys = (d: Any) => d.system as Any;
let clients: Clients;

beforeEach(() => {
  clients = resetWorld({ gms: 1, players: 2 });
});

const hero = (name: string, level: number, geld = 0) =>
  createActor({ name, type: "character", ownership: { default: 0, [clients.players[0].id]: 3 }, system: { level, geld } }) as Promise<Any>;

describe("G-22 the reward dialog's amounts (R-MONEY-1)", () => {
  it("each row has an amount cell prefilled with the guide's next share; the GM's typed amount is what is paid and recorded", async () => {
    const a = await hero("Alrike", 6);
    const b = await hero("Tarek", 2);
    DialogV2().answers.push({ quests: "4", [a.id]: { include: true, amount: "1200" }, [b.id]: { include: true, amount: 125 } });
    const report = await as(clients.gms[0], () => flex().rewards({ actors: [a, b], quests: 4 }));
    const html = parse(DialogV2().prompts.at(-1).content);
    const cell = (actor: Any) => html.querySelector(`input[name='${actor.id}.amount']`)!;
    // Level 6: 1000 ¥ over 4 quests; Level 2: 500 ¥ over 4.
    expect([cell(a).getAttribute("value"), cell(b).getAttribute("value")]).toEqual(["250", "125"]);
    expect(cell(a).getAttribute("aria-label")).toBe("Betrag für Alrike");
    expect(cell(a).closest("td")!.text.replace(/\s+/g, " ").trim()).toBe("Auftrag 1 von 4 ¥");
    expect(report.paid.paid.map((p: Any) => [p.name, p.amount])).toEqual([["Alrike", 1200], ["Tarek", 125]]);
    expect([sys(a).geld, sys(b).geld]).toEqual([1200, 125]);
    expect(messages().at(-1).content).toContain("+1200 ¥");
    // 1200 of the mission's 1000 ¥ received: the mission is paid in full, and the next dialog offers 0.
    expect(flex().making.rewardRows([a], 4)[0].next).toMatchObject({ complete: true });
  });

  it.each([
    ["a text", "viel"],
    ["a negative number", "-50"],
    ["an empty cell", ""],
    ["a fraction", "1.200"],
  ])("%s is refused with a message naming the character; the others are paid", async (_what, typed) => {
    const a = await hero("Alrike", 6, 10);
    const b = await hero("Tarek", 2);
    DialogV2().answers.push({ quests: "1", [a.id]: { include: true, amount: typed }, [b.id]: { include: true, amount: "500" } });
    const report = await as(clients.gms[0], () => flex().rewards({ actors: [a, b] }));
    expect(state.notifications.at(-1)).toMatchObject({ type: "warn", message: `Alrike: „${typed}“ ist kein Betrag in ganzen ¥; nichts ausgezahlt.` });
    expect(report.paid.paid.map((p: Any) => [p.name, p.amount])).toEqual([["Tarek", 500]]);
    expect(sys(a).geld).toBe(10);
    expect(messages().at(-1).content).not.toContain("NaN");
  });

  it("an amount of 0 pays nothing and makes no card", async () => {
    const a = await hero("Alrike", 6, 10);
    DialogV2().answers.push({ quests: "1", [a.id]: { include: true, amount: "0" } });
    const report = await as(clients.gms[0], () => flex().rewards({ actors: [a] }));
    expect(report.paid).toBeNull();
    expect(messages()).toHaveLength(0);
    expect(sys(a).geld).toBe(10);
  });

  it("the amounts follow the number of quests as the GM types it, except one the GM has typed", async () => {
    const a = await hero("Alrike", 6);
    const b = await hero("Tarek", 2);
    // Unanswered, the dialog closes at once; its content and its render hook are what the GM's window runs.
    await as(clients.gms[0], () => flex().rewards({ actors: [a, b] }));
    const config = DialogV2().prompts.at(-1);
    const root = new RenderedElement(parse(`<form>${config.content}</form>`).firstElementChild!);
    config.render({}, { element: root });
    const amount = (actor: Any) => root.querySelector(`input[name='${actor.id}.amount']`)!;
    const quest = (actor: Any) => root.querySelector(`tr[data-reward] input[name='${actor.id}.amount']`)!.closest("td")!.querySelector(".flex-reward-quest")!.textContent;
    expect([amount(a).value, amount(b).value, quest(a)]).toEqual(["1000", "500", "Auftrag 1 von 1"]);
    amount(b).value = "90";
    await dispatch(amount(b), "input");
    const quests = root.querySelector("input[name='quests']")!;
    quests.value = "4";
    await dispatch(quests, "input");
    expect([amount(a).value, amount(b).value, quest(a)]).toEqual(["250", "90", "Auftrag 1 von 4"]);
  });
});
