// A retry of the same GM click finds the first task (ARCHITECTURE.md, "A retry of the same click reuses its
// request id"; issue 33): the GM who carries out the party's long rest drops right after writing it, the next
// GM finishes it, and the calling GM clicks Rast again. The party must not rest twice.
import { beforeEach, describe, expect, it } from "vitest";
import { as, createActor, createScene, dropAfterWrites, messages, placeToken, queueDice, resetWorld, settle, state, type Clients } from "../harness";
import { DialogV2, flex, party, sys, worldTime } from "./rest-helpers";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
const DAY = 24 * 3600;
let clients: Clients;

beforeEach(() => {
  clients = resetWorld({ gms: 2, assistants: 1, players: 2 });
  DialogV2().answers.length = 0;
  DialogV2().prompts.length = 0;
});

const answer = { activity: "light", hitDice: "0", talent: "" };
const restCards = () => messages().filter((m: Any) => m.getFlag("flex", "rest"));

describe("a retried rest while its outcome is unknown", () => {
  it("GM 1 drops after writing the long rest, GM 2 finishes it; the caller's second click is told it is done: Erschöpfung 3 → 2 once, the clock moves 24 h once", async () => {
    const [gm1, gm2] = clients.gms;
    const heroes = await party(clients, 2, () => ({ erschoepfung: { value: 3 } }));
    const t0 = worldTime();
    DialogV2().answers.push(answer, answer);
    // The journal record and the characters' write reach the server; then GM 1's connection is gone.
    dropAfterWrites(gm1, 2);
    const first = await as(gm2, () => flex().rest({ type: "longRest", actors: heroes.map((h) => h.id) }));
    await settle();
    expect(first).toBeNull();
    expect(heroes.map((h) => sys(h).erschoepfung.value)).toEqual([2, 2]);
    expect(worldTime()).toBe(t0 + DAY);
    expect(restCards()).toHaveLength(1);
    const asked = DialogV2().prompts.length;

    // The same click again (a healer ticked this time), by the GM who called it: the same request, so GM 2 (now
    // active) knows it is done.
    DialogV2().answers.push(answer, answer);
    const second = await as(gm2, () => flex().rest({ type: "longRest", actors: heroes.map((h) => h.id).reverse(), healer: true }));
    await settle();
    expect(second).toBeNull();
    expect(heroes.map((h) => sys(h).erschoepfung.value)).toEqual([2, 2]);
    expect(worldTime()).toBe(t0 + DAY);
    expect(restCards()).toHaveLength(1);
    // The owners are not asked a second time for a rest that happened.
    expect(DialogV2().prompts.length).toBe(asked);
    expect(state.notifications.at(-1)).toMatchObject({ userId: gm2.id, message: "Die Spielleitung hat die Aktion bereits ausgeführt." });
  });

  it("a rest whose answer came back is over: the next click is a new rest (the same characters a day later rest again)", async () => {
    const heroes = await party(clients, 1, () => ({ erschoepfung: { value: 3 } }));
    DialogV2().answers.push(answer);
    expect((await flex().rest({ type: "longRest", actors: [heroes[0].id] }))?.entries).toHaveLength(1);
    DialogV2().answers.push(answer);
    expect((await flex().rest({ type: "longRest", actors: [heroes[0].id] }))?.entries).toHaveLength(1);
    expect(sys(heroes[0]).erschoepfung.value).toBe(1);
  });
});

describe("a retried end of day while its outcome is unknown", () => {
  it("GM 1 drops after writing the end of day, GM 2 finishes it; the second click (other needs ticked) does not end the day again", async () => {
    const [gm1, gm2] = clients.gms;
    const heroes = await party(clients, 2, () => ({ erschoepfung: { value: 0 } }));
    const hungry = { essen: false, trinken: true, schlaf: true };
    const needs = Object.fromEntries(heroes.map((h) => [h.id, hungry]));
    dropAfterWrites(gm1, 2);
    await as(gm2, () => flex().requestEndOfDay({ actorIds: heroes.map((h) => h.id), needs }));
    await settle();
    const after = heroes.map((h) => sys(h).erschoepfung.value);
    expect(after.every((v) => v > 0)).toBe(true);
    const cards = messages().length;
    const starving = Object.fromEntries(heroes.map((h) => [h.id, { essen: false, trinken: false, schlaf: false }]));
    await as(gm2, () => flex().requestEndOfDay({ actorIds: heroes.map((h) => h.id), needs: starving }));
    await settle();
    expect(heroes.map((h) => sys(h).erschoepfung.value)).toEqual(after);
    expect(messages()).toHaveLength(cards);
  });
});

describe("a retried breath advance while its outcome is unknown", () => {
  it("GM 1 drops after writing the breath round, GM 2 finishes it; the second click is told it is done: one roll, one card", async () => {
    const [gm1, gm2] = clients.gms;
    const kai = (await createActor({ name: "Kai", type: "character", system: { attributes: { ko: 8 } } })) as Any;
    await kai.toggleStatusEffect("underwater", { active: true });
    await settle();
    const token = await placeToken(await createScene(), kai);
    queueDice([{ faces: 8, result: 2 }]);
    dropAfterWrites(gm1, 2);
    expect(await as(gm2, () => flex().advanceBreath([token]))).toBeNull();
    await settle();
    const breathCards = () => messages().filter((m: Any) => m.getFlag("flex", "breath"));
    expect(sys(kai).derived.atemWuerfel).toBe(6);
    expect(breathCards()).toHaveLength(1);
    // Clicked again: the same request, which GM 2 knows is done; a die that would show 1 is never rolled.
    queueDice([{ faces: 6, result: 1 }]);
    expect(await as(gm2, () => flex().advanceBreath([token]))).toBeNull();
    await settle();
    expect(state.notifications.at(-1)).toMatchObject({ userId: gm2.id, message: "Die Spielleitung hat die Aktion bereits ausgeführt." });
    expect(sys(kai).derived.atemWuerfel).toBe(6);
    expect(breathCards()).toHaveLength(1);
  });
});
