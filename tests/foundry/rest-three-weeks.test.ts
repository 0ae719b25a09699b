// Issue 35, scope 4: RULES.md §11 played through over three weeks of world time with the fixes in — rests interleaved
// with ends of day, a night without sleep and a breather in it, training for a level and an Ausbildung ticked in several
// rests, rests refused by their limits. After each step the character stands as §11 says; the table below is the
// whole story (Erschöpfung, hit dice left, rests refused, Ausbildung day, ¥, Ohne Schlaf).
import { beforeEach, describe, expect, it } from "vitest";
import { gmQueueIdle } from "../../src/automation/gm-queue";
import { as, queueDice, resetWorld, settle, state, type Clients } from "../harness";
import { advance, DialogV2, flex, giveKit, party, sys, worldTime } from "./rest-helpers";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
const HOUR = 3600;
const DAY = 24 * HOUR;
let clients: Clients;

beforeEach(() => {
  clients = resetWorld({ gms: 2, players: 1 });
});

type Step = { what: string; run: (hero: Any) => Promise<unknown> };
interface State {
  /** World time in hours after the start. */
  t: number;
  erschoepfung: number;
  hitDiceLeft: number;
  ausbildungDay: number | null;
  geld: number;
  sleepless: boolean;
  /** The last rest was refused (its limit): nothing of it happened. */
  refused?: boolean;
}

const light = (extra: Record<string, unknown> = {}) => ({ activity: "light", kit: false, hitDice: 0, downtime: [], ...extra });
const lesson = { id: "ausbildung", was: "Elfisch", lehrer: "Meisterin Yara" };
const rest = (type: string, answer: Record<string, unknown> = light()) => (hero: Any) => flex().rest({ type, actors: [hero.id], ask: false, answers: { [hero.id]: answer } });
const endOfDay = (sleep: boolean) => (hero: Any) => flex().requestEndOfDay({ actorIds: [hero.id], needs: { [hero.id]: { essen: true, trinken: true, schlaf: sleep } } });
/** World time moves on as the active GM (its question about the no-rest clock answered yes), and the clock runs. */
const pass = (hours: number) => async () => {
  DialogV2().answers.push(true);
  await as(clients.gms[0], () => advance(hours * HOUR));
  DialogV2().answers.length = 0;
  await settle();
  await as(clients.gms[0], () => gmQueueIdle());
  await settle();
};

describe("RULES.md §11 over three weeks of world time (issue 35)", () => {
  it("ends with every Erschöpfung, hit die, rest limit, Ausbildung day and ¥ as §11 says", async () => {
    // Rikka: KO W10 (KO-Wert 10), KL W10 (an Ausbildung takes 50 − 10 = 40 days), Level 4 (4 hit dice W10), Erschöpfung 4, 50 ¥.
    const [hero] = await party(clients, 1, () => ({ attributes: { ko: 10, kl: 10 }, level: 4, erschoepfung: { value: 4 }, leben: { value: 30, max: 40 }, geld: 50, trefferwuerfel: { verbraucht: 0, koModifikator: 0 } }));
    const kit = await giveKit(hero, 10);
    const steps: [Step, State][] = [
      // R-REST-3: −1 Erschöpfung; R-DOWN-1 Ausbildung begins: day 1 of 40, 1 ¥.
      [{ what: "long rest with an Ausbildung in Elfisch", run: rest("longRest", light({ downtime: [lesson] })) }, { t: 24, erschoepfung: 3, hitDiceLeft: 4, ausbildungDay: 1, geld: 49, sleepless: false }],
      // R-EXH-4: slept after a day without new Erschöpfung: −1.
      [{ what: "end of day, slept", run: endOfDay(true) }, { t: 24, erschoepfung: 2, hitDiceLeft: 4, ausbildungDay: 1, geld: 49, sleepless: false }],
      [{ what: "a day passes (a day with sleep)", run: pass(24) }, { t: 48, erschoepfung: 2, hitDiceLeft: 4, ausbildungDay: 1, geld: 49, sleepless: false }],
      // R-EXH-1: no sleep +1; Ohne Schlaf from now (R-REST-NO-1 Decision: the clock runs).
      [{ what: "end of day without sleep", run: endOfDay(false) }, { t: 48, erschoepfung: 3, hitDiceLeft: 4, ausbildungDay: 1, geld: 49, sleepless: true }],
      [{ what: "20 hours pass", run: pass(20) }, { t: 68, erschoepfung: 3, hitDiceLeft: 4, ausbildungDay: 1, geld: 49, sleepless: true }],
      // R-REST-1 / R-REST-NO-1: a breather restarts the clock at its end (hour 69); Ohne Schlaf stays.
      [{ what: "a breather in the sleepless night", run: rest("breather") }, { t: 69, erschoepfung: 3, hitDiceLeft: 4, ausbildungDay: 1, geld: 49, sleepless: true }],
      // 23 h after the breather: nothing due (44 h after the night began: without the breather it would be 1 + 3).
      [{ what: "23 hours pass", run: pass(23) }, { t: 92, erschoepfung: 3, hitDiceLeft: 4, ausbildungDay: 1, geld: 49, sleepless: true }],
      // R-REST-NO-1: 24 h without rest: +1 (the GM is asked first, and says yes).
      [{ what: "one hour more", run: pass(1) }, { t: 93, erschoepfung: 4, hitDiceLeft: 4, ausbildungDay: 1, geld: 49, sleepless: true }],
      // R-REST-2: 8 h (6 asleep): ends Ohne Schlaf; 2 hit dice with the kit (⌈4 / 2⌉), 1 comes back; no Erschöpfung off.
      [{ what: "short rest, 2 hit dice", run: rest("shortRest", light({ hitDice: 2, kit: true })) }, { t: 101, erschoepfung: 4, hitDiceLeft: 3, ausbildungDay: 1, geld: 49, sleepless: false }],
      // R-REST-3: the week's second long rest: −1, all hit dice back; the Ausbildung goes on: day 2.
      [{ what: "second long rest of the week", run: rest("longRest", light({ downtime: [lesson] })) }, { t: 125, erschoepfung: 3, hitDiceLeft: 4, ausbildungDay: 2, geld: 48, sleepless: false }],
      // R-REST-3: at most twice a week: refused, nothing happens, no time passes.
      [{ what: "a third long rest in the week", run: rest("longRest", light({ downtime: [lesson] })) }, { t: 125, erschoepfung: 3, hitDiceLeft: 4, ausbildungDay: 2, geld: 48, sleepless: false, refused: true }],
      [{ what: "the days go by to the next week", run: pass(44) }, { t: 169, erschoepfung: 3, hitDiceLeft: 4, ausbildungDay: 2, geld: 48, sleepless: false }],
      // R-REST-4 + R-DOWN-2: training for a level is strenuous: no Erschöpfung off; Ausbildung +3 days for 3 ¥.
      [{ what: "full rest: training for a level and the Ausbildung", run: rest("fullRest", light({ downtime: [{ id: "stufentraining" }, lesson] })) }, { t: 241, erschoepfung: 3, hitDiceLeft: 4, ausbildungDay: 5, geld: 45, sleepless: false }],
      // R-REST-4: only light activity: −3; Leben full with a kit charge per 10 Leben; Ausbildung day 8.
      [{ what: "full rest, light activity and the Ausbildung", run: rest("fullRest", light({ kit: true, downtime: [lesson] })) }, { t: 313, erschoepfung: 0, hitDiceLeft: 4, ausbildungDay: 8, geld: 42, sleepless: false }],
      // R-REST-4: at most twice a week: refused.
      [{ what: "a third full rest in the week", run: rest("fullRest", light({ downtime: [lesson] })) }, { t: 313, erschoepfung: 0, hitDiceLeft: 4, ausbildungDay: 8, geld: 42, sleepless: false, refused: true }],
      [{ what: "to the end of the third week", run: pass(504 - 313) }, { t: 504, erschoepfung: 0, hitDiceLeft: 4, ausbildungDay: 8, geld: 42, sleepless: false }],
      [{ what: "end of day, slept", run: endOfDay(true) }, { t: 504, erschoepfung: 0, hitDiceLeft: 4, ausbildungDay: 8, geld: 42, sleepless: false }],
    ];
    const t0 = worldTime();
    const table: string[] = [];
    for (const [step, want] of steps) {
      const notices = state.notifications.length;
      // The short rest's two hit dice: W10 shows 6 and 3.
      if (step.what.startsWith("short rest")) queueDice([{ faces: 10, result: 6 }, { faces: 10, result: 3 }]);
      await step.run(hero);
      const lessonNow = hero.getFlag("flex", "ausbildung") as { tage?: number } | undefined;
      const got: State = {
        t: (worldTime() - t0) / HOUR,
        erschoepfung: sys(hero).erschoepfung.value,
        hitDiceLeft: sys(hero).derived.trefferwuerfel.verbleibend,
        ausbildungDay: lessonNow?.tage ?? null,
        geld: sys(hero).geld,
        sleepless: hero.statuses.has("sleepless"),
        // The GM is told the rest is not allowed now, and when it is again.
        ...(want.refused ? { refused: state.notifications.slice(notices).some((n) => n.type === "warn" && /ist jetzt nicht erlaubt, wieder in/.test(n.message)) } : {}),
      };
      table.push(`${step.what}: ${JSON.stringify(got)}`);
      expect(got, `after "${step.what}"\n${table.join("\n")}`).toEqual(want);
    }
    // The short rest's two hit dice healed 6 + 3 (KO-Modifikator 0): 30 → 39, with one kit charge (R-REST-HEAL-2); the
    // first full rest, without kit or healer, healed nothing (R-REST-4, the care setting on); the second, with the kit,
    // the last Leben for one more charge.
    expect(sys(hero).leben.value).toBe(40);
    expect(kit.system.ladungen.value).toBe(8);
    // R-DOWN-2: training for a level counted its 3 sessions of the 8 (2 × Level 4).
    expect(hero.getFlag("flex", "levelTraining")).toEqual({ level: 4, sessions: 3 });
    expect(worldTime() - t0).toBe(21 * DAY);
  });
});
