// The no-rest clock (R-REST-NO-1, R-REST-NO-2) on world time, on the active GM only, once per stretch.
import { beforeEach, describe, expect, it } from "vitest";
import { as, createActor, disconnect, messages, resetWorld, settle, state, writesOf, type Clients } from "../harness";
import { advance, flex, party, sys, worldTime } from "./rest-helpers";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
const HOUR = 3600;
const DAY = 24 * HOUR;
let clients: Clients;

beforeEach(() => {
  clients = resetWorld({ gms: 2, players: 3 });
});

/** Advances world time as `user` and waits for the clock to run. */
async function pass(seconds: number, user = clients.gms[0]): Promise<void> {
  await as(user, () => advance(seconds));
  await settle();
  const { gmQueueIdle } = await import("../../src/automation/gm-queue");
  await as(clients.gms[0].active ? clients.gms[0] : clients.gms[1], () => gmQueueIdle());
  await settle();
}

describe("R-REST-NO-1 a week of world time without rest", () => {
  it("gives exactly the exhaustion the rules say, in one write, on the active GM's client", async () => {
    const heroes = await party(clients, 3, () => ({ attributes: { ko: 12 } }));
    const hardy = await createActor({ name: "Unbeseelt", type: "character" }); // no player owner: not part of the party clock
    const before = state.writes.length;
    await pass(7 * DAY, clients.gms[1]);
    // 24 h → 1, then +1 per 6 h: 1 + (168 − 24) / 6 = 25; 25 ≥ KO-Wert 12: dead of exhaustion (R-EXH-3).
    for (const h of heroes) {
      expect(sys(h).erschoepfung.value).toBe(25);
      expect(sys(h).rast.ohneRast).toBe(25);
      expect([...h.statuses]).toEqual(["dead"]);
    }
    expect(sys(hardy).erschoepfung.value).toBe(0);
    const actorWrites = state.writes.slice(before).filter((w) => w.documentName === "Actor");
    expect(actorWrites).toHaveLength(1);
    expect(actorWrites[0]).toMatchObject({ action: "update", userId: clients.gms[0].id });
    expect(actorWrites[0].ids).toHaveLength(3);
    expect(messages()).toHaveLength(1);
    expect((messages()[0] as Any).content).toContain("Held 1: 168 h ohne Rast, Erschöpfung 0 → 25");
    // Seen again (a second look at the same time) it changes nothing.
    const { runNoRestClock } = await import("../../src/automation/rest");
    const writes = state.writes.length;
    expect(await runNoRestClock(worldTime())).toEqual([]);
    expect(state.writes.length).toBe(writes);
  });

  it("in 6-hour steps it gives the same, one at a time: 1 at 24 h, then 1 every further 6 h", async () => {
    const [hero] = await party(clients, 1, () => ({ attributes: { ko: 12 } }));
    const seen: number[] = [];
    for (let t = 6; t <= 48; t += 6) {
      await pass(6 * HOUR);
      seen.push(sys(hero).erschoepfung.value);
    }
    expect(seen).toEqual([0, 0, 0, 1, 2, 3, 4, 5]);
  });

  it("one second short of 24 h gives nothing; at 24 h exactly it gives 1", async () => {
    const [hero] = await party(clients, 1);
    await pass(DAY - 1);
    expect(sys(hero).erschoepfung.value).toBe(0);
    await pass(1);
    expect(sys(hero).erschoepfung.value).toBe(1);
    // R-EXH-4 bookkeeping: the day now counts as one with new exhaustion.
    expect(sys(hero).erschoepfung.heuteErhalten).toBe(true);
  });
});

describe("R-REST-NO-2 hallucinations at 2+ from lack of sleep", () => {
  it("the status appears with its note, and a rest with sleep ends it; the clock starts again", async () => {
    const [hero] = await party(clients, 1, () => ({ attributes: { ko: 12 } }));
    await pass(30 * HOUR);
    expect(sys(hero).erschoepfung.value).toBe(2);
    expect(hero.statuses.has("hallucinating")).toBe(true);
    const effect = hero.effects.find((e: Any) => e.statuses.has("hallucinating"));
    expect(effect.description).toContain("Halluzinationen");
    expect((messages().at(-1) as Any).content).toContain("Halluzinationen");

    const t = worldTime();
    await flex().rest({ type: "shortRest", actors: [hero.id], ask: false });
    await settle();
    expect(hero.statuses.has("hallucinating")).toBe(false);
    expect(sys(hero).rast).toMatchObject({ letzte: t + 8 * HOUR, ohneRast: 0 });
    // A short rest does not lower exhaustion (R-REST-2); the next 24 h without rest give 1 again.
    expect(sys(hero).erschoepfung.value).toBe(2);
    await pass(DAY - 1);
    expect(sys(hero).erschoepfung.value).toBe(2);
    await pass(1);
    expect(sys(hero).erschoepfung.value).toBe(3);
  });

  it("Decision: a breather does not stop the clock (unless the world setting says so)", async () => {
    const [hero] = await party(clients, 1);
    await pass(20 * HOUR);
    await flex().rest({ type: "breather", actors: [hero.id], ask: false });
    await pass(3 * HOUR);
    expect(sys(hero).erschoepfung.value).toBe(1);
    await (globalThis as Any).game.settings.set("flex", "restBreatherStopsClock", true);
    const t = worldTime();
    await flex().rest({ type: "breather", actors: [hero.id], ask: false });
    expect(sys(hero).rast.letzte).toBe(t + HOUR);
  });
});

describe("the clock and the table", () => {
  it("runs on the active GM only; after a change of GM the new one carries on without counting twice", async () => {
    const [hero] = await party(clients, 1, () => ({ attributes: { ko: 12 } }));
    await pass(DAY);
    expect(sys(hero).erschoepfung.value).toBe(1);
    disconnect(clients.gms[0]);
    await pass(6 * HOUR, clients.gms[1]);
    expect(sys(hero).erschoepfung.value).toBe(2);
    expect(writesOf({ documentName: "Actor" }).every((w) => w.userId !== clients.players[0].id)).toBe(true);
    expect(writesOf({ documentName: "Actor", userId: clients.gms[1].id })).toHaveLength(1);
  });

  it("switched off by the world setting, nothing happens", async () => {
    const [hero] = await party(clients, 1);
    await (globalThis as Any).game.settings.set("flex", "restNoRestClock", false);
    const before = state.writes.length;
    await pass(3 * DAY);
    expect(sys(hero).erschoepfung.value).toBe(0);
    expect(state.writes.length).toBe(before + 1); // the time itself
  });

  it("turning time back takes nothing away and gives nothing", async () => {
    const [hero] = await party(clients, 1);
    await pass(30 * HOUR);
    expect(sys(hero).erschoepfung.value).toBe(2);
    await pass(-10 * HOUR);
    await pass(4 * HOUR);
    expect(sys(hero).erschoepfung.value).toBe(2);
  });
});
