// World time in v13 (issue 34, scope 4): dates as a Flex player reads them in three languages, from the world calendar's
// months (a calendar module that formats its own way keeps its way); the rules' one day length; a KR's world time.
// The stand-in has no CalendarData (Foundry's own code): the calendars here are shaped like the documented surface,
// format(time, formatterName) calling CONFIG.time.formatters[name](calendar, components, options).
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { formatWorldTime, secondsPerDay } from "../../src/automation/making";
import { applyRoundTime, installFormatter } from "../../src/integrations/calendar";
import { as, createActor, messages, resetWorld, settle, type Clients } from "../harness";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
const g = globalThis as Any;
let clients: Clients;

const MONTHS: Record<string, string[]> = {
  de: ["Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September", "Oktober", "November", "Dezember"],
  en: ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"],
  ru: ["Январь", "Февраль", "Март", "Апрель", "Май", "Июнь", "Июль", "Август", "Сентябрь", "Октябрь", "Ноябрь", "Декабрь"],
};

/** A core-like calendar of twelve 30-day months of `hoursPerDay` hours, year zero 1000. */
function coreLikeCalendar(lang: string, hoursPerDay = 24) {
  const day = hoursPerDay * 3600;
  return {
    years: { yearZero: 1000 },
    months: { values: MONTHS[lang].map((name, i) => ({ name, ordinal: i + 1, days: 30 })) },
    days: { hoursPerDay, minutesPerHour: 60, secondsPerMinute: 60 },
    timeToComponents(t: number) {
      const d = Math.floor(t / day);
      const rest = t - d * day;
      return { year: Math.floor(d / 360), month: Math.floor((d % 360) / 30), dayOfMonth: d % 30, hour: Math.floor(rest / 3600), minute: Math.floor((rest % 3600) / 60) };
    },
    format(t: number, formatter?: string) {
      const fn = formatter ? g.CONFIG.time.formatters[formatter] : null;
      return fn ? fn(this, this.timeToComponents(t), {}) : `${t}`;
    },
  };
}

/** 3 May of year 42 (1042), 14:00: (42 × 360 + 4 × 30 + 2) days and 14 hours. */
const MAY_3_1042_14H = (42 * 360 + 4 * 30 + 2) * 86_400 + 14 * 3600;

beforeEach(() => {
  clients = resetWorld({ gms: 2, players: 1 });
  g.CONFIG.time = { formatters: {}, roundTime: 0 };
  installFormatter();
});
afterEach(() => {
  delete g.game.time.calendar;
  delete g.game.seasonsStars;
  delete g.SimpleCalendar;
  delete g.CONFIG.time;
  g.game.i18n.lang = "de";
});

describe("the Flex date: what cards, sheets and notices show of a world time", () => {
  it.each([
    ["de", "3. Mai 1042, 14:00"],
    ["en", "3 May 1042, 14:00"],
    ["ru", "Май, 3-й день · 1042 г., 14:00"],
  ])("in %s: %s", (lang, text) => {
    g.game.i18n.lang = lang;
    g.game.time.calendar = coreLikeCalendar(lang);
    expect(formatWorldTime(MAY_3_1042_14H)).toBe(text);
    expect([...g.game.i18n.missing]).toEqual([]);
  });

  it("a calendar module that writes its own date (Seasons & Stars ignores the formatter's name) keeps its date", () => {
    g.game.time.calendar = { format: () => "Sonntag, 3. Blütenmond 1042" };
    expect(formatWorldTime(MAY_3_1042_14H)).toBe("Sonntag, 3. Blütenmond 1042");
  });

  it("without a calendar: the world's day count", () => {
    expect(formatWorldTime(2 * 86_400 + 5)).toBe("Tag 3");
  });
});

describe("Decision (time): the rules count 24-hour days whatever the calendar", () => {
  it("under a calendar of 20-hour days a field's and a rest's day is still 24 hours", () => {
    g.game.time.calendar = coreLikeCalendar("de", 20);
    expect(secondsPerDay()).toBe(86_400);
  });
});

describe("Decision (KR length): a KR advances 6 seconds of world time unless the world sets another length", () => {
  it("CONFIG.time.roundTime follows the world setting", async () => {
    applyRoundTime();
    expect(g.CONFIG.time.roundTime).toBe(6);
    await as(clients.gms[0], () => g.game.settings.set("flex", "krSeconds", 10));
    await settle();
    expect(g.CONFIG.time.roundTime).toBe(10);
    await as(clients.gms[0], () => g.game.settings.set("flex", "krSeconds", 6));
    await settle();
  });
});

describe("R-FARM-2 a sown field's ripening day as a calendar module's note", () => {
  async function sow() {
    const player = clients.players[0];
    const farmer = (await createActor({ name: "Korbinian", type: "character", ownership: { default: 0, [player.id]: 3 }, system: { geld: 100 } })) as Any;
    const [plot] = await as(player, () => farmer.createEmbeddedDocuments("Item", [{ name: "Kräutergarten", type: "plot", system: { parzellen: 2, pflanze: "Wirselkraut" } }]));
    await as(clients.gms[0], () => g.game.time.advance(1000));
    await as(player, () => g.game.flex.making.sowPlot(plot));
    await settle();
    return plot as Any;
  }

  it("Seasons & Stars: one note, made by the active GM, on the day 90 × 24 h after the sowing", async () => {
    const notes: Any[] = [];
    const asked: number[] = [];
    g.game.seasonsStars = { api: { worldTimeToDate: (t: number) => (asked.push(t), { year: 1042, month: 5, day: 3 }) }, notes: { createNote: async (data: Any) => notes.push({ ...data, by: g.game.user.id }) } };
    await sow();
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ title: "Reif: Kräutergarten (Korbinian)", startDate: { year: 1042, month: 5, day: 3 }, allDay: true, by: clients.gms[0].id });
    expect(asked).toEqual([1000 + 90 * 86_400]);
  });

  it("Simple Calendar Reborn: the same note through its API; without a calendar module only the card, no note", async () => {
    const added: Any[] = [];
    g.SimpleCalendar = { api: { timestampToDate: (t: number) => ({ t }), addNote: async (...args: Any[]) => added.push(args) } };
    await sow();
    expect(added).toHaveLength(1);
    expect(added[0].slice(0, 2)).toEqual(["Reif: Kräutergarten (Korbinian)", "<p>Kräutergarten ist ab Tag 91 reif zur Ernte.</p>"]);
    delete g.SimpleCalendar;
    const before = messages().length;
    await sow();
    expect(messages().length).toBeGreaterThan(before);
  });
});

describe("every way world time moves is guarded, one question at a time", () => {
  const HOUR = 3600;
  const DialogV2 = () => g.foundry.applications.api.DialogV2;
  const questions = () => DialogV2().prompts.filter((p: Any) => p.window?.title === "Zeit vorstellen?");

  async function sleeplessHero() {
    // A player's character: the no-rest clock counts the party, not the GM's own actors.
    const hero = (await createActor({ name: "Alrik", type: "character", ownership: { default: 0, [clients.players[0].id]: 3 }, system: { attributes: { ko: 12 } } })) as Any;
    await as(clients.gms[0], () => hero.toggleStatusEffect("sleepless", { active: true }));
    await settle();
    DialogV2().prompts.length = 0;
    DialogV2().answers.length = 0;
    return hero;
  }

  it("a components delta ({ hour: 30 }) is asked like 30 hours in seconds; declined, the time stays", async () => {
    await sleeplessHero();
    g.game.time.calendar = { ...coreLikeCalendar("de"), componentsToTime: (c: Any) => (c.hour ?? 0) * HOUR };
    const start = g.game.time.worldTime;
    DialogV2().answers.push(false);
    await as(clients.gms[0], () => g.game.time.advance({ hour: 30 }));
    await settle();
    expect(questions()).toHaveLength(1);
    expect(g.game.time.worldTime).toBe(start);
    DialogV2().answers.push(true);
    await as(clients.gms[0], () => g.game.time.advance({ hour: 30 }));
    await settle();
    expect(g.game.time.worldTime).toBe(start + 30 * HOUR);
  });

  it("game.time.set forward is asked like an advance", async () => {
    await sleeplessHero();
    const { extendAdvanceGuard } = await import("../../src/integrations/calendar/advance");
    const sets: Any[] = [];
    g.game.time.set = async (t: Any) => sets.push(t);
    extendAdvanceGuard();
    const start = g.game.time.worldTime;
    DialogV2().answers.push(false);
    await as(clients.gms[0], () => g.game.time.set(start + 30 * HOUR));
    await settle();
    expect(questions()).toHaveLength(1);
    expect(g.game.time.worldTime).toBe(start);
    // Backwards is core's own set, unasked.
    await as(clients.gms[0], () => g.game.time.set(start - HOUR));
    expect(sets).toEqual([start - HOUR]);
    expect(questions()).toHaveLength(1);
  });

  it("a clock ticking while the GM answers: one question; declined, the ticks that came meanwhile move nothing", async () => {
    await sleeplessHero();
    const start = g.game.time.worldTime;
    DialogV2().answers.push(false);
    await as(clients.gms[0], () => Promise.all([g.game.time.advance(30 * HOUR), g.game.time.advance(30 * HOUR), g.game.time.advance(30 * HOUR)]));
    await settle();
    expect(questions()).toHaveLength(1);
    expect(g.game.time.worldTime).toBe(start);
  });
});

describe("R-REST-NO-1 going without sleep, as a calendar module's note", () => {
  it("the GM sets Ohne Schlaf: one note, at the hour 24 h later when the first Erschöpfung comes", async () => {
    const notes: Any[] = [];
    g.game.seasonsStars = { api: { worldTimeToDate: (t: number) => ({ t }) }, notes: { createNote: async (data: Any) => notes.push(data) } };
    const hero = (await createActor({ name: "Alrik", type: "character", ownership: { default: 0, [clients.players[0].id]: 3 } })) as Any;
    await as(clients.gms[0], () => g.game.time.advance(500));
    const since = g.game.time.worldTime;
    await as(clients.gms[0], () => hero.toggleStatusEffect("sleepless", { active: true }));
    await settle();
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ title: "Ohne Schlaf: Alrik", startDate: { t: since + 24 * 3600 }, allDay: false });
  });
});
