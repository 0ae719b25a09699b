// End of day (R-EXH-1..4) for a whole party: one batched write and one chat card, on the active GM only.
import { parse } from "node-html-parser";
import { beforeEach, describe, expect, it } from "vitest";
import { as, createActor, disconnect, messages, resetWorld, state, writesOf, type Clients } from "../harness";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
let clients: Clients;
const flex = () => (globalThis as Any).game.flex;
const sys = (a: Any) => a.system as Any;

beforeEach(() => {
  clients = resetWorld({ gms: 2, players: 3 });
});

async function party(n: number, system: (i: number) => Record<string, unknown> = () => ({})) {
  const actors: Any[] = [];
  for (let i = 0; i < n; i++) actors.push(await createActor({ name: `Held ${i + 1}`, type: "character", system: system(i) }));
  return actors;
}

describe("end of day for 50 characters with two GMs and three players connected", () => {
  it("makes one batched write and one chat message, on the active GM's client only", async () => {
    const actors = await party(50, (i) => ({ erschoepfung: { value: 2 }, versorgung: { essen: i % 2 === 0, trinken: true, schlaf: true } }));
    const before = state.writes.length;
    // The second GM clicks; the work runs on the active (first) GM's client.
    const report = await as(clients.gms[1], () => flex().requestEndOfDay({ actorIds: actors.map((a) => a.id) }));

    const writes = state.writes.slice(before);
    // The task is journalled on the GM's own user, then two requests do the work: the batched actor update and
    // the chat card; then the journal says it is done.
    expect(writes.map((w) => [w.action, w.documentName, w.userId])).toEqual([
      ["update", "User", clients.gms[0].id],
      ["update", "Actor", clients.gms[0].id],
      ["create", "ChatMessage", clients.gms[0].id],
      ["update", "User", clients.gms[0].id],
    ]);
    expect(writes[1].ids).toHaveLength(50);
    expect(messages()).toHaveLength(1);
    expect((messages()[0] as Any).author.id).toBe(clients.gms[0].id);
    expect(report.entries).toHaveLength(50);

    // R-EXH-1: a missing meal adds 1; R-EXH-4: a full day with sleep removes 1.
    expect(sys(actors[0]).erschoepfung.value).toBe(1);
    expect(sys(actors[1]).erschoepfung.value).toBe(3);
    expect(sys(actors[1]).versorgung).toEqual({ essen: true, trinken: true, schlaf: true });
  });

  it("running the same request twice changes nothing the second time", async () => {
    const actors = await party(3, () => ({ versorgung: { essen: false, trinken: true, schlaf: true } }));
    const request = { requestId: "tag-1-xxxxxxxxxx", actorIds: actors.map((a) => a.id) };
    const first = await flex().requestEndOfDay(request);
    const writes = state.writes.length;
    const second = await flex().requestEndOfDay(request);
    expect(state.writes.length).toBe(writes);
    expect(messages()).toHaveLength(1);
    // The GM work queue knows the id: the second answer is the first's.
    expect(second).toEqual(first);
    expect(actors.map((a) => sys(a).erschoepfung.value)).toEqual([1, 1, 1]);
    // A new active GM has a fresh queue; the journal says the request is done, and nothing runs again.
    disconnect(clients.gms[0]);
    const third = await as(clients.gms[1], () => flex().requestEndOfDay(request));
    expect(third).toBeNull();
    expect(state.notifications.at(-1)).toMatchObject({ userId: clients.gms[1].id, type: "info", message: "Die Spielleitung hat die Aktion bereits ausgeführt." });
    expect(state.writes.length).toBe(writes);
    expect(messages()).toHaveLength(1);
  });

  it("a player cannot end the day: a message, no write", async () => {
    const actors = await party(2);
    const before = state.writes.length;
    const out = await as(clients.players[0], () => flex().requestEndOfDay({ actorIds: actors.map((a) => a.id) }));
    expect(out).toBeNull();
    expect(state.writes.length).toBe(before);
    expect(state.notifications.at(-1)).toMatchObject({ type: "warn", userId: clients.players[0].id });
  });

  it("nothing is written when none of the chosen actors is a character", async () => {
    const beast = await createActor({ name: "Wolf", type: "creature" });
    const before = state.writes.length;
    await flex().requestEndOfDay({ actorIds: [beast.id, "doesnotexist1234"] });
    expect(state.writes.length).toBe(before);
    expect(messages()).toHaveLength(0);
  });
});

describe("R-EXH-4 recovery needs a day without new Erschöpfung", () => {
  it("Erschöpfung gained during the day blocks the night's recovery", async () => {
    const [rested, strained] = await party(2, () => ({ erschoepfung: { value: 2 } }));
    await strained.update({ "system.erschoepfung.value": 3 }); // e.g. 24 h without rest
    await flex().requestEndOfDay({ actorIds: [rested.id, strained.id] });
    expect(sys(rested).erschoepfung.value).toBe(1);
    expect(sys(strained).erschoepfung.value).toBe(3);
    expect(sys(strained).erschoepfung.heuteErhalten).toBe(false);
  });

  it("the dialog's answers override the sheet's needs", async () => {
    const [a] = await party(1);
    await flex().requestEndOfDay({ actorIds: [a.id], needs: { [a.id]: { essen: false, trinken: false, schlaf: false } } });
    expect(sys(a).erschoepfung.value).toBe(3);
  });
});

describe("R-EXH-3 Erschöpfung reaching the KO-Wert kills", () => {
  it("marks the character dead and says so on the card", async () => {
    const [doomed, fine] = await party(2, (i) => ({ attributes: { ko: 4 }, erschoepfung: { value: i === 0 ? 3 : 0 }, versorgung: { essen: false, trinken: true, schlaf: true } }));
    await flex().requestEndOfDay({ actorIds: [doomed.id, fine.id] });
    expect(sys(doomed).erschoepfung.value).toBe(4);
    expect([...doomed.statuses]).toEqual(["dead"]);
    expect([...fine.statuses]).toEqual([]);
    const content = (messages()[0] as Any).content as string;
    expect(content).toContain("Held 1 stirbt an Erschöpfung.");
    expect(content).toContain("R-EXH-1, R-EXH-3");
    // One actor batch, plus one status effect for the one who died.
    expect(writesOf({ documentName: "Actor", action: "update" })).toHaveLength(1);
    expect(writesOf({ documentName: "ActiveEffect", action: "create" })).toHaveLength(1);
  });
});

describe("the end-of-day dialog", () => {
  it("turns the GM's ticks into one request for the ticked characters", async () => {
    const [a, b] = await party(2);
    for (const actor of [a, b]) await actor.update({ ownership: { default: 0, [clients.players[0].id]: 3 } });
    const { DialogV2 } = (globalThis as Any).foundry.applications.api;
    DialogV2.answers.push({ [a.id]: { include: true, essen: true, trinken: false, schlaf: true }, [b.id]: { include: false, essen: true, trinken: true, schlaf: true } });
    const time = (globalThis as Any).game.time.worldTime;
    await flex().openEndOfDayDialog();
    expect(DialogV2.prompts.at(-1).content).toContain("Held 1");
    // G-12: the dialog says the world time stays, and it does.
    expect(parse(DialogV2.prompts.at(-1).content).querySelector(".flex-end-of-day-time")!.text).toBe("Die Weltzeit bleibt, wie sie ist: „Tag beenden“ rechnet nur Essen, Trinken und Schlaf ab.");
    expect((globalThis as Any).game.time.worldTime).toBe(time);
    expect(sys(a).erschoepfung.value).toBe(1);
    expect(sys(b).erschoepfung.value).toBe(0);
    expect(messages()).toHaveLength(1);
  });
});

describe("the end-of-day dialog previews each change (R-EXH-1, R-EXH-3, R-EXH-4)", () => {
  /** The dialog's content as a page, with change events dispatched the way a browser does (a tick bubbles up). */
  function dialogElement(content: string) {
    const root = parse(`<div class="dialog">${content}</div>`);
    const listeners: (() => void)[] = [];
    const box = root.querySelector(".flex-end-of-day-dialog") as Any;
    box.addEventListener = (_type: string, fn: () => void) => listeners.push(fn);
    // node-html-parser has no form state: "checked" is the attribute.
    for (const input of root.querySelectorAll("input[type=checkbox]") as Any[]) {
      Object.defineProperty(input, "checked", { get: () => input.hasAttribute("checked"), set: (v: boolean) => (v ? input.setAttribute("checked", "") : input.removeAttribute("checked")) });
    }
    for (const cell of root.querySelectorAll("[data-preview]") as Any[]) {
      Object.defineProperty(cell, "textContent", { get: () => cell.text, set: (v: string) => cell.set_content(v) });
    }
    return { root, tick: (name: string, on: boolean) => { (root.querySelector(`input[name="${name}"]`) as Any).checked = on; listeners.forEach((fn) => fn()); } };
  }

  it("shows Erschöpfung before → after for the needs as ticked, and follows each tick", async () => {
    // Erschöpfung 2 from earlier days (none gained today): a full day with sleep takes one away.
    const [a] = await party(1, () => ({ erschoepfung: { value: 2, heuteErhalten: false }, versorgung: { essen: true, trinken: true, schlaf: true } }));
    await a.update({ ownership: { default: 0, [clients.players[0].id]: 3 } });
    const { DialogV2 } = (globalThis as Any).foundry.applications.api;
    await flex().openEndOfDayDialog();
    const config = DialogV2.prompts.at(-1);
    const { root, tick } = dialogElement(config.content);
    const cell = () => root.querySelector(`[data-preview="${a.id}"]`)!;
    // G-12 / R-EXH-3: how close death is: Erschöpfung at the KO-Wert kills.
    const ko = sys(a).derived.koWert;
    expect(cell().text).toBe(`2 → 1 (tot bei ${ko})`);
    config.render({}, { element: root });
    tick(`${a.id}.essen`, false);
    expect(cell().text).toBe(`2 → 3 (tot bei ${ko})`);
    tick(`${a.id}.trinken`, false);
    tick(`${a.id}.schlaf`, false);
    expect(cell().text).toBe(ko > 5 ? `2 → 5 (tot bei ${ko})` : "2 → 5 (tot)");
    expect(sys(a).erschoepfung.value).toBe(2);
  });
});
