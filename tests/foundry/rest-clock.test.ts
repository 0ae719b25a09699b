// The no-rest clock (R-REST-NO-1, R-REST-NO-2) on world time, on the active GM only, once per stretch. Decision
// (2026-12-01): plain time passes as ordinary days with sleep; the clock runs only for characters the GM has go
// without sleep (the status *Ohne Schlaf*, or a day ended without sleep), and before an advance that would raise
// anyone's Erschöpfung the GM is told who would gain how much (and who would die) and may keep the clock still.
import fc from "fast-check";
import { beforeEach, describe, expect, it } from "vitest";
import { gmQueueIdle } from "../../src/automation/gm-queue";
import { as, createActor, disconnect, messages, queueDice, resetWorld, settle, state, writesOf, type Clients } from "../harness";
import { advance, DialogV2, flex, party, sys, worldTime } from "./rest-helpers";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
const g = globalThis as Any;
const HOUR = 3600;
const DAY = 24 * HOUR;
let clients: Clients;

beforeEach(() => {
  clients = resetWorld({ gms: 2, players: 3 });
  DialogV2().answers.length = 0;
  DialogV2().prompts.length = 0;
});

/** Advances world time as `user` (answering the GM's question with `confirm`) and waits for the clock to run. */
async function pass(seconds: number, { user = clients.gms[0], confirm = true }: { user?: Any; confirm?: boolean } = {}): Promise<void> {
  DialogV2().answers.push(confirm);
  await as(user, () => advance(seconds));
  DialogV2().answers.length = 0;
  await settle();
  await as(clients.gms[0].active ? clients.gms[0] : clients.gms[1], () => gmQueueIdle());
  await settle();
}

/** The GM has the character go without sleep from now on (the token HUD's status). */
const withoutSleep = (actor: Any) => actor.toggleStatusEffect("sleepless", { active: true });
const questions = () => DialogV2().prompts.filter((p: Any) => p.window?.title === "Zeit vorstellen?");

describe("R-REST-NO-1 (Decision 2026-12-01): plain time is ordinary days with sleep", () => {
  it("a week of world time, nobody without sleep: no Erschöpfung, no card, no question", async () => {
    const heroes = await party(clients, 3, () => ({ attributes: { ko: 12 } }));
    await pass(7 * DAY);
    expect(heroes.map((h) => sys(h).erschoepfung.value)).toEqual([0, 0, 0]);
    expect(messages()).toHaveLength(0);
    expect(questions()).toHaveLength(0);
  });

  it("property: any sequence of ordinary days (needs met), work weeks and harvest waits raises no Erschöpfung", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom("day" as const, "workWeek" as const, "harvestWait" as const, "hours" as const), { minLength: 1, maxLength: 8 }),
        fc.nat(23),
        async (steps, hours) => {
          clients = resetWorld({ gms: 1, players: 2 });
          await g.game.settings.set("flex", "playersAdvanceTime", true);
          const heroes = await party(clients, 2, () => ({ attributes: { ko: 8, ff: 8 }, erschoepfung: { value: 1 } }));
          for (const h of heroes) await h.createEmbeddedDocuments("Item", [{ name: "Handwerk", type: "talent", system: { attribut: "ff", uebungswert: 2 } }]);
          for (const step of steps) {
            if (step === "day") {
              await pass(DAY);
              await flex().requestEndOfDay({ actorIds: heroes.map((h) => h.id), needs: Object.fromEntries(heroes.map((h) => [h.id, { essen: true, trinken: true, schlaf: true }])) });
            } else if (step === "workWeek") {
              queueDice([{ faces: 8, result: 4 }]);
              await as(clients.players[0], () => flex().making.requestWork(heroes[0], { talent: "Handwerk", duration: "week", advance: true }));
            } else if (step === "harvestWait") await pass(90 * DAY);
            else await pass(hours * HOUR);
            await settle();
            for (const h of heroes) expect(sys(h).erschoepfung.value, step).toBeLessThanOrEqual(1);
          }
          expect(messages().filter((m: Any) => m.flags?.flex?.noRest)).toHaveLength(0);
          expect(questions()).toHaveLength(0);
        },
      ),
      { numRuns: 40, seed: 27 },
    );
  });
});

describe("R-REST-NO-1 without sleep: 1 at 24 h, then 1 every further 6 h", () => {
  it("a week without sleep gives exactly what the rules say, in one write, on the active GM's client, after the GM said yes", async () => {
    const heroes = await party(clients, 3, () => ({ attributes: { ko: 12 } }));
    const hardy = await createActor({ name: "Unbeseelt", type: "character" }); // no player owner: not part of the party clock
    for (const h of [...heroes, hardy]) await withoutSleep(h);
    const before = state.writes.length;
    await pass(7 * DAY, { user: clients.gms[1] });
    // The GM was asked on its own client, with who gains what and who dies.
    expect(questions()).toHaveLength(1);
    // C-15: the count and its arrow never break apart (non-breaking spaces).
    expect(questions()[0].content).toContain("Held 1: Erschöpfung\u00a00\u00a0→\u00a012");
    expect(questions()[0].content).toContain("stirbt an Erschöpfung");
    // 24 h → 1, then +1 per 6 h: 1 + (168 − 24) / 6 = 25; 25 ≥ KO-Wert 12: dead of exhaustion (R-EXH-3), and
    // Erschöpfung stops at the KO-Wert (Decision, issue 25) while the clock keeps its 25.
    for (const h of heroes) {
      expect(sys(h).erschoepfung.value).toBe(12);
      expect(sys(h).rast.ohneRast).toBe(25);
      expect(h.statuses.has("dead")).toBe(true);
    }
    expect(sys(hardy).erschoepfung.value).toBe(0);
    const actorWrites = state.writes.slice(before).filter((w) => w.documentName === "Actor");
    expect(actorWrites).toHaveLength(1);
    expect(actorWrites[0]).toMatchObject({ action: "update", userId: clients.gms[0].id });
    expect(actorWrites[0].ids).toHaveLength(3);
    expect(messages()).toHaveLength(1);
    expect((messages()[0] as Any).content).toContain("Held 1: 168\u00a0h ohne Rast, Erschöpfung 0\u00a0→\u00a012");
    // Seen again (a second look at the same time) it changes nothing.
    const { runNoRestClock } = await import("../../src/automation/rest");
    const writes = state.writes.length;
    expect(await runNoRestClock()).toEqual([]);
    expect(state.writes.length).toBe(writes);
  });

  it("the GM says no: the time stays where it is and nothing is written", async () => {
    const [hero] = await party(clients, 1);
    await withoutSleep(hero);
    const t0 = worldTime();
    const before = state.writes.length;
    await pass(2 * DAY, { confirm: false });
    expect(worldTime()).toBe(t0);
    expect(state.writes.length).toBe(before);
    expect(sys(hero).erschoepfung.value).toBe(0);
    // An advance that brings nobody anything is not asked about.
    await pass(20 * HOUR, { confirm: false });
    expect(worldTime()).toBe(t0 + 20 * HOUR);
    expect(questions()).toHaveLength(1);
  });

  it("in 6-hour steps it gives the same, one at a time: 1 at 24 h, then 1 every further 6 h", async () => {
    const [hero] = await party(clients, 1, () => ({ attributes: { ko: 12 } }));
    await withoutSleep(hero);
    const seen: number[] = [];
    for (let t = 6; t <= 48; t += 6) {
      await pass(6 * HOUR);
      seen.push(sys(hero).erschoepfung.value);
    }
    expect(seen).toEqual([0, 0, 0, 1, 2, 3, 4, 5]);
  });

  it("one second short of 24 h gives nothing; at 24 h exactly it gives 1", async () => {
    const [hero] = await party(clients, 1);
    await withoutSleep(hero);
    await pass(DAY - 1);
    expect(sys(hero).erschoepfung.value).toBe(0);
    await pass(1);
    expect(sys(hero).erschoepfung.value).toBe(1);
    // R-EXH-4 bookkeeping: the day now counts as one with new exhaustion.
    expect(sys(hero).erschoepfung.heuteErhalten).toBe(true);
  });

  it("the clock counts from when the GM said so, not from the character's last rest long ago", async () => {
    const [hero] = await party(clients, 1, () => ({ attributes: { ko: 12 } }));
    await pass(10 * DAY);
    await withoutSleep(hero);
    await pass(DAY);
    expect(sys(hero).erschoepfung.value).toBe(1);
  });
});

describe("sleep ends it: an end of day with sleep, or a rest", () => {
  it("a day ended without sleep starts the clock (R-EXH-1 gives its own 1); one ended with sleep stops it and ends the hallucinations", async () => {
    const [hero] = await party(clients, 1, () => ({ attributes: { ko: 12 } }));
    await flex().requestEndOfDay({ actorIds: [hero.id], needs: { [hero.id]: { essen: true, trinken: true, schlaf: false } } });
    expect(hero.statuses.has("sleepless")).toBe(true);
    expect(sys(hero).erschoepfung.value).toBe(1);
    await pass(30 * HOUR);
    // R-REST-NO-1: 24 h → 1, 30 h → 2 (R-REST-NO-2: hallucinating).
    expect(sys(hero).erschoepfung.value).toBe(3);
    expect(hero.statuses.has("hallucinating")).toBe(true);
    await flex().requestEndOfDay({ actorIds: [hero.id], needs: { [hero.id]: { essen: true, trinken: true, schlaf: true } } });
    expect(hero.statuses.has("sleepless")).toBe(false);
    expect(hero.statuses.has("hallucinating")).toBe(false);
    expect(sys(hero).rast).toMatchObject({ letzte: worldTime(), ohneRast: 0 });
    const after = sys(hero).erschoepfung.value;
    await pass(3 * DAY);
    expect(sys(hero).erschoepfung.value).toBe(after);
  });
});

describe("R-REST-NO-2 hallucinations at 2+ from lack of sleep", () => {
  it("the status appears with its note, and a rest with sleep ends it and going without sleep; the clock stops", async () => {
    const [hero] = await party(clients, 1, () => ({ attributes: { ko: 12 } }));
    await withoutSleep(hero);
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
    expect(hero.statuses.has("sleepless")).toBe(false);
    expect(sys(hero).rast).toMatchObject({ letzte: t + 8 * HOUR, ohneRast: 0 });
    // A short rest does not lower exhaustion (R-REST-2); time passes as days with sleep again.
    expect(sys(hero).erschoepfung.value).toBe(2);
    await pass(3 * DAY);
    expect(sys(hero).erschoepfung.value).toBe(2);
    // Without sleep again: the clock counts from now.
    await withoutSleep(hero);
    await pass(DAY);
    expect(sys(hero).erschoepfung.value).toBe(3);
  });

  it("R-REST-NO-1 Decision 2026-12-01: a breather restarts the clock from 0 (its Erschöpfung stays) but ends no sleeplessness", async () => {
    const [hero] = await party(clients, 1);
    await withoutSleep(hero);
    await pass(20 * HOUR);
    const t = worldTime();
    await flex().rest({ type: "breather", actors: [hero.id], ask: false });
    expect(sys(hero).rast).toMatchObject({ letzte: t + HOUR, ohneRast: 0 });
    expect(hero.statuses.has("sleepless")).toBe(true);
    // 24 h after the night began: 3 h after the breather, nothing is due yet (the clock began again at its end).
    await pass(3 * HOUR);
    expect(sys(hero).erschoepfung.value).toBe(0);
    // 24 h after the breather: 1; 6 h later: 2, hallucinating (still without sleep).
    await pass(21 * HOUR);
    expect(sys(hero).erschoepfung.value).toBe(1);
    DialogV2().answers.push(true);
    await pass(6 * HOUR);
    expect(sys(hero).erschoepfung.value).toBe(2);
    expect(hero.statuses.has("hallucinating")).toBe(true);
    // A second breather restarts the clock again; the hallucinations stay until the character sleeps.
    await flex().rest({ type: "breather", actors: [hero.id], ask: false });
    expect([hero.statuses.has("sleepless"), hero.statuses.has("hallucinating")]).toEqual([true, true]);
    const card = (messages().at(-1) as Any).content as string;
    expect(card).toContain("Ohne-Schlaf-Uhr neu gestartet");
  });
});

describe("the clock and the table", () => {
  it("runs on the active GM only; after a change of GM the new one carries on without counting twice", async () => {
    const [hero] = await party(clients, 1, () => ({ attributes: { ko: 12 } }));
    await withoutSleep(hero);
    await pass(DAY);
    expect(sys(hero).erschoepfung.value).toBe(1);
    disconnect(clients.gms[0]);
    await pass(6 * HOUR, { user: clients.gms[1] });
    expect(sys(hero).erschoepfung.value).toBe(2);
    expect(writesOf({ documentName: "Actor" }).every((w) => w.userId !== clients.players[0].id)).toBe(true);
    expect(writesOf({ documentName: "Actor", userId: clients.gms[1].id })).toHaveLength(1);
  });

  it("switched off by the world setting, nothing happens and nothing is asked", async () => {
    const [hero] = await party(clients, 1);
    await withoutSleep(hero);
    await g.game.settings.set("flex", "restNoRestClock", false);
    const before = state.writes.length;
    await pass(3 * DAY, { confirm: false });
    expect(sys(hero).erschoepfung.value).toBe(0);
    expect(state.writes.length).toBe(before + 1); // the time itself
  });

  it("turning time back takes nothing away and gives nothing", async () => {
    const [hero] = await party(clients, 1);
    await withoutSleep(hero);
    await pass(30 * HOUR);
    expect(sys(hero).erschoepfung.value).toBe(2);
    await pass(-10 * HOUR);
    await pass(4 * HOUR);
    expect(sys(hero).erschoepfung.value).toBe(2);
  });
});
