// A GM whose socket drops for a while and comes back without a reload (issue 33, audit SD1/N11): socket.io keeps
// what that client writes meanwhile and sends it late, after another GM has taken its task over, with what it read
// before (foundryvtt#10562). The late write must be harmless: the dropped GM sends nothing for the table until it
// reloads, and says so; the task is finished once, by the next GM; what happened since stays.
import { beforeEach, describe, expect, it } from "vitest";
import { as, dropSocket, dropSocketAfterWrites, messages, reconnect, resetWorld, restoreSocket, settle, state, type Clients } from "../harness";
import { flex, party, sys, worldTime } from "./rest-helpers";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
const DAY = 24 * 3600;
let clients: Clients;

beforeEach(() => {
  clients = resetWorld({ gms: 2, assistants: 1, players: 1 });
});

const restCards = () => messages().filter((m: Any) => m.getFlag("flex", "rest"));

describe("a GM whose socket drops in the middle of a rest and comes back", () => {
  it("its late write changes nothing: the rest happens once (by GM 2), the player's Leben set since stays, the clock moves 24 h once", async () => {
    const [gm1, gm2] = clients.gms;
    const player = clients.players[0];
    const [hero] = await party(clients, 1, () => ({ erschoepfung: { value: 3 }, leben: { value: 10, max: 30 } }));
    const t0 = worldTime();
    // The journal record reaches the server; then GM 1's socket is down, and the characters' write waits in it.
    dropSocketAfterWrites(gm1, 1);
    const resting = as(gm1, () => flex().rest({ type: "longRest", actors: [hero.id], ask: false }));
    await settle();
    // GM 2 took the orphaned task over and finished it.
    expect(sys(hero).erschoepfung.value).toBe(2);
    expect(worldTime()).toBe(t0 + DAY);
    expect(restCards()).toHaveLength(1);
    expect(restCards()[0].author.id).toBe(gm2.id);
    // Meanwhile the player takes damage on their own sheet.
    await as(player, () => hero.update({ "system.leben.value": 7 }));
    const mark = state.writes.length;

    restoreSocket(gm1);
    await resting.catch(() => null);
    await settle();
    // Nothing GM 1 kept reached the server: no stale Leben, no second rest, no second day.
    expect(state.writes.slice(mark).filter((w) => w.userId === gm1.id)).toEqual([]);
    expect(sys(hero).leben.value).toBe(7);
    expect(sys(hero).erschoepfung.value).toBe(2);
    expect(worldTime()).toBe(t0 + DAY);
    expect(restCards()).toHaveLength(1);
    // GM 1 is told why, and to reload.
    const told = state.notifications.filter((n) => n.userId === gm1.id).map((n) => n.message);
    expect(told).toContain("Flex: Die Verbindung ist wieder da. Bitte lade die Seite neu (F5): Was die anderen inzwischen geändert haben, fehlt dir noch, und bis dahin führt dieser Client keine Automatik aus.");
  });

  it("back and the active GM again, it carries out no request until it reloads; after the reload it does", async () => {
    const [gm1, gm2] = clients.gms;
    const [hero] = await party(clients, 1, () => ({ erschoepfung: { value: 0 }, versorgung: { essen: false, trinken: true, schlaf: true } }));
    dropSocket(gm1);
    restoreSocket(gm1);
    await settle();
    const mark = state.writes.length;
    expect(await as(gm2, () => flex().requestEndOfDay({ actorIds: [hero.id] }))).toBeNull();
    expect(state.notifications.at(-1)).toMatchObject({ userId: gm2.id, message: "Die Spielleitung muss ihre Seite neu laden, bevor sie wieder etwas ausführt – es wurde nichts geändert." });
    expect(state.writes.length).toBe(mark);
    reconnect(gm1);
    await settle();
    const report = await as(gm2, () => flex().requestEndOfDay({ actorIds: [hero.id] }));
    expect(report?.entries).toHaveLength(1);
    expect(state.writes.slice(mark).some((w) => w.userId === gm1.id && w.documentName === "Actor")).toBe(true);
  });

  it("a player whose socket drops: its own writes still go out when it is back (they are its own claims)", async () => {
    const player = clients.players[0];
    const [hero] = await party(clients, 1, () => ({ leben: { value: 10, max: 30 } }));
    dropSocket(player);
    const editing = as(player, () => hero.update({ "system.leben.value": 12 }));
    expect(sys(hero).leben.value).toBe(10);
    restoreSocket(player);
    await editing;
    expect(sys(hero).leben.value).toBe(12);
  });
});
