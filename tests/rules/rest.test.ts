// RULES.md §11: rest and recovery, rest talents, downtime — table by table, every limit at its edge.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  ausbildungByTime, ausbildungStep, DOWNTIME_EXERTION, FULL_REST_ACTIVITIES, readAusbildung, restActivitySpent,
  ACTIVITY_EXAMPLES, allowedActivities, classifyActivity, DAY, downtimeLimit, fullRestCare, fullRestCharges, HOUR, hitDiceAfterRest, hitDiceAllowance,
  hitDiceCare, hitDiceHealing, hitDiceOutlook, isRestTalent, levelTrainingSessions, noRestClock, noRestExhaustion, noRestStretch, planDowntime, poolAfterRest, proficiencyBonus, recharge, recordRestStart,
  RESOURCE_PRESETS, REST_DURATION, REST_LIMITS, REST_TALENT_IDS, REST_TALENTS, restExhaustion, restIncludesSleep, restTaken, restWindow, sacredRitualTempLeben,
  talentAllowed, talentRefill, talentsUsedAfter, trainingDays, WEEK, levelTrainingAfter, LEVEL_TRAINING_SESSIONS_PER_FULL_REST, workdays } from "../../src/rules";
import type { RestActivity, RestType } from "../../src/rules";

describe("R-REST-1 … R-REST-4 durations: breather ≥ 1 h, short rest 8 h, long rest 24 h, full rest 72 h", () => {
  it.each([
    ["breather", HOUR],
    ["shortRest", 8 * HOUR],
    ["longRest", 24 * HOUR],
    ["fullRest", 72 * HOUR],
  ] as const)("%s lasts %i s", (type, seconds) => {
    expect(REST_DURATION[type]).toBe(seconds);
  });
});

describe("R-REST-1 … R-REST-4 rolling windows on world time", () => {
  it.each([
    ["breather", 3, DAY],
    ["shortRest", 1, DAY],
    ["longRest", 2, WEEK],
    ["fullRest", 2, WEEK],
  ] as const)("%s: at most %i per %i s", (type, count, window) => {
    expect(REST_LIMITS[type]).toEqual({ count, window });
  });

  it("R-REST-1: a 4th breather within 24 h is refused, and allowed the second the first leaves the window", () => {
    const starts = [0, 2 * HOUR, 4 * HOUR];
    expect(restWindow("breather", starts.slice(0, 2), 5 * HOUR)).toMatchObject({ allowed: true, used: 2, nextAt: null, rule: "R-REST-1" });
    expect(restWindow("breather", starts, 5 * HOUR)).toMatchObject({ allowed: false, used: 3, limit: 3, nextAt: DAY });
    expect(restWindow("breather", starts, DAY - 1).allowed).toBe(false);
    expect(restWindow("breather", starts, DAY)).toMatchObject({ allowed: true, used: 2 });
  });

  it("R-REST-2: one short rest per 24 h, at its edge", () => {
    expect(restWindow("shortRest", [1000], 1000 + DAY - 1)).toMatchObject({ allowed: false, nextAt: 1000 + DAY, rule: "R-REST-2" });
    expect(restWindow("shortRest", [1000], 1000 + DAY).allowed).toBe(true);
  });

  it("R-REST-3: two long rests per week, at its edge; the next is when the older of the last two leaves", () => {
    expect(restWindow("longRest", [0, 3 * DAY], 6 * DAY)).toMatchObject({ allowed: false, nextAt: WEEK, rule: "R-REST-3" });
    expect(restWindow("longRest", [0, 3 * DAY], WEEK - 1).allowed).toBe(false);
    expect(restWindow("longRest", [0, 3 * DAY], WEEK).allowed).toBe(true);
  });

  it("R-REST-4: two full rests per week, at its edge", () => {
    expect(restWindow("fullRest", [10, 20], 10 + WEEK - 1)).toMatchObject({ allowed: false, nextAt: 10 + WEEK, rule: "R-REST-4" });
    expect(restWindow("fullRest", [10, 20], 10 + WEEK)).toMatchObject({ allowed: true, used: 1 });
  });

  it("ignores empty slots and garbage; a start after now (time turned back) still counts", () => {
    expect(restWindow("shortRest", [null, Number.NaN, "x", undefined], 0).allowed).toBe(true);
    expect(restWindow("shortRest", [5 * DAY], DAY)).toMatchObject({ allowed: false, nextAt: 6 * DAY });
  });

  it("records the latest starts, as many as the limit", () => {
    expect(recordRestStart("breather", [10, 30, 20], 40)).toEqual([40, 30, 20]);
    expect(recordRestStart("shortRest", [10], 50)).toEqual([50]);
    expect(recordRestStart("longRest", [null, 5], 9)).toEqual([9, 5]);
  });

  it("property: with the recorded starts, never more than the limit in any window", () => {
    fc.assert(
      fc.property(fc.constantFrom<RestType>("breather", "shortRest", "longRest", "fullRest"), fc.array(fc.integer({ min: 0, max: 3 * HOUR }), { maxLength: 40 }), (type, gaps) => {
        let now = 0;
        let starts: number[] = [];
        const taken: number[] = [];
        for (const gap of gaps) {
          now += gap;
          if (restWindow(type, starts, now).allowed) {
            starts = recordRestStart(type, starts, now);
            taken.push(now);
          }
        }
        const { count, window } = REST_LIMITS[type];
        for (const t of taken) expect(taken.filter((s) => s > t - window && s <= t).length).toBeLessThanOrEqual(count);
      }),
    );
  });
});

describe("R-REST-ACT-1 light and strenuous activity", () => {
  it.each(Object.entries(ACTIVITY_EXAMPLES))("%s is %s", (example, kind) => {
    expect(classifyActivity(example as keyof typeof ACTIVITY_EXAMPLES).kind).toBe(kind);
  });

  it("R-REST-HEAL-1: healing abilities, talents and spells may be used during any rest (they are light)", () => {
    expect(classifyActivity("healing")).toEqual({ kind: "light", rules: ["R-REST-ACT-1", "R-REST-HEAL-1"] });
    for (const type of ["breather", "shortRest", "longRest", "fullRest"] as const) expect(restTaken(type, "light").taken).toBe(true);
  });

  it.each([
    ["breather", ["recovery", "light"]],
    ["shortRest", ["recovery", "light"]],
    ["longRest", ["recovery", "light", "travel"]],
    ["fullRest", ["recovery", "light", "travel", "strenuous"]],
  ] as const)("%s allows %j; anything else counts as not taken", (type, allowed) => {
    expect(allowedActivities(type)).toEqual(allowed);
    for (const activity of ["recovery", "light", "travel", "strenuous"] as RestActivity[]) {
      const outcome = restTaken(type, activity);
      expect(outcome.taken).toBe((allowed as readonly string[]).includes(activity));
      if (!outcome.taken) expect(outcome).toMatchObject({ reason: "activity", rules: expect.arrayContaining(["R-REST-ACT-1"]) });
    }
  });

  it("a rest interrupted by combat counts as not taken (Decision)", () => {
    expect(restTaken("longRest", "light", { interrupted: true })).toEqual({ taken: false, reason: "combat", rules: ["R-REST-3"] });
  });
});

describe("R-REST-HEAL-2 / R-REST-HEAL-3 hit dice", () => {
  it.each([
    // type, level, remaining → allowance
    ["breather", 5, 5, 1],
    ["breather", 5, 0, 0],
    ["shortRest", 1, 1, 1],
    ["shortRest", 5, 5, 3],
    ["shortRest", 6, 6, 3],
    ["shortRest", 7, 2, 2],
    ["longRest", 7, 4, 4],
    ["longRest", 7, 0, 0],
    ["fullRest", 7, 7, 0],
  ] as const)("R-REST-1/2/3: %s at Level %i with %i left allows %i", (type, level, remaining, allowance) => {
    expect(hitDiceAllowance(type, level, remaining)).toBe(allowance);
  });

  it("R-REST-HEAL-2: hit dice need one kit charge per character and rest, or a healer", () => {
    expect(hitDiceCare(3, false)).toBe(1);
    expect(hitDiceCare(1, false)).toBe(1);
    expect(hitDiceCare(3, true)).toBe(0);
    expect(hitDiceCare(0, false)).toBe(0);
  });

  it("R-REST-HEAL-3: each die heals its roll plus the Constitution modifier, never below 0", () => {
    expect(hitDiceHealing([5, 3], 2)).toMatchObject({ perDie: [7, 5], total: 12, rules: ["R-REST-HEAL-3"] });
    expect(hitDiceHealing([1, 6], -3)).toMatchObject({ perDie: [0, 3], total: 3 });
    expect(hitDiceHealing([4], 0, 5)).toMatchObject({ total: 9, inspiration: 5, rules: ["R-REST-HEAL-3", "R-REST-TAL"] });
    expect(hitDiceHealing([], 3).total).toBe(0);
  });

  it.each([
    // dice, die, KO modifier, Leben value/max → from, min, avg, max
    [0, 8, 0, 12, 30, { from: 12, min: 12, avg: 12, max: 12 }],
    [1, 8, 0, 12, 30, { from: 12, min: 13, avg: 16, max: 20 }],
    [2, 8, 1, 12, 30, { from: 12, min: 16, avg: 23, max: 30 }],
    [3, 10, 0, 12, 30, { from: 12, min: 15, avg: 28, max: 30 }],
    // a negative modifier never takes Leben: max(0, face − 3) over W6 is 0,0,0,1,2,3 → Ø 1 per die
    [2, 6, -3, 5, 20, { from: 5, min: 5, avg: 7, max: 11 }],
    // already at the maximum; Leben above it (bad data) counts as the maximum
    [2, 8, 0, 30, 30, { from: 30, min: 30, avg: 30, max: 30 }],
    [1, 8, 0, 40, 30, { from: 30, min: 30, avg: 30, max: 30 }],
  ] as const)("R-REST-HEAL-3 ahead of the roll: %i dice of W%i %+i from %i/%i", (dice, die, mod, value, max, outlook) => {
    expect(hitDiceOutlook(dice, die, mod, { value, max })).toEqual(outlook);
  });

  it.each([
    ["breather", 3, 3],
    ["shortRest", 3, 2],
    ["shortRest", 0, 0],
    ["longRest", 5, 0],
    ["fullRest", 5, 0],
  ] as const)("Decision (hit dice return): after a %s, %i spent become %i", (type, spent, after) => {
    expect(hitDiceAfterRest(type, spent)).toBe(after);
  });

  it("R-REST-4 / R-REST-HEAL-2: a full rest heals fully with a healer or 1 charge per 10 Leben", () => {
    expect(fullRestCharges(25)).toBe(3);
    expect(fullRestCharges(30)).toBe(3);
    expect(fullRestCharges(0)).toBe(0);
    expect(fullRestCare({ missing: 25, healer: true, charges: 0, careRequired: true })).toMatchObject({ healed: 25, charges: 0 });
    expect(fullRestCare({ missing: 25, healer: false, charges: 10, careRequired: true })).toEqual({ healed: 25, charges: 3, rules: ["R-REST-4", "R-REST-HEAL-2"] });
    expect(fullRestCare({ missing: 25, healer: false, charges: 2, careRequired: true })).toMatchObject({ healed: 20, charges: 2 });
    expect(fullRestCare({ missing: 25, healer: false, charges: 0, careRequired: true })).toMatchObject({ healed: 0, charges: 0 });
    expect(fullRestCare({ missing: 25, healer: false, charges: 0, careRequired: false })).toMatchObject({ healed: 25, charges: 0, rules: ["R-REST-4"] });
  });
});

describe("exhaustion on rests", () => {
  it.each([
    ["breather", "light", 4, 4],
    ["shortRest", "recovery", 4, 4],
    ["longRest", "light", 4, 3],
    ["longRest", "travel", 4, 3],
    ["longRest", "light", 0, 0],
    ["fullRest", "light", 4, 1],
    ["fullRest", "light", 2, 0],
    ["fullRest", "recovery", 7, 2],
    ["fullRest", "recovery", 3, 0],
    ["fullRest", "travel", 4, 4],
    ["fullRest", "strenuous", 4, 4],
  ] as const)("R-REST-3 / R-REST-4: %s with %s activity: %i → %i", (type, activity, before, after) => {
    expect(restExhaustion(type, activity, before).erschoepfung).toBe(after);
  });
});

describe("Decision (Flex pools on rest): Fluss like spell slots, Gunst off by default", () => {
  it.each([
    ["breather", 2, 2],
    ["shortRest", 2, 8],
    ["longRest", 2, 11],
    ["fullRest", 0, 11],
  ] as const)("Fluss 11 max after a %s: %i → %i", (type, before, after) => {
    expect(poolAfterRest(type, { value: before, max: 11 }, true)).toBe(after);
  });

  it("a switched-off pool stays; no pool rises above its maximum or falls", () => {
    expect(poolAfterRest("longRest", { value: 1, max: 9 }, false)).toBe(1);
    expect(poolAfterRest("shortRest", { value: 9, max: 10 }, true)).toBe(10);
    expect(recharge("keine", { value: 12, max: 10 })).toBe(12);
    expect(recharge("eins", { value: 0, max: 0 })).toBe(0);
  });

  it.each([
    ["keine", 1],
    ["eins", 2],
    ["haelfte", 4],
    ["alle", 5],
  ] as const)("a resource with rule %s: 1 of 5 → %i", (rule, after) => {
    expect(recharge(rule, { value: 1, max: 5 })).toBe(after);
  });

  it("R-REST-1 … R-REST-4 presets: slots by level, the breather's rage, action surge, ki and pact slots", () => {
    expect(RESOURCE_PRESETS.zauberplatz1).toEqual({ breather: "eins", shortRest: "alle", longRest: "alle", fullRest: "alle" });
    expect(RESOURCE_PRESETS.zauberplatz3.shortRest).toBe("alle");
    expect(RESOURCE_PRESETS.zauberplatz4.shortRest).toBe("keine");
    expect(RESOURCE_PRESETS.zauberplatz6.longRest).toBe("alle");
    expect(RESOURCE_PRESETS.zauberplatz7.longRest).toBe("keine");
    expect(RESOURCE_PRESETS.zauberplatz9.fullRest).toBe("alle");
    expect(RESOURCE_PRESETS.wut.breather).toBe("eins");
    for (const kind of ["aktionsschub", "ki", "paktplatz"] as const) expect(RESOURCE_PRESETS[kind].breather).toBe("alle");
    // A longer rest never restores less than a shorter one.
    const order = ["keine", "eins", "haelfte", "alle"];
    for (const rule of Object.values(RESOURCE_PRESETS)) {
      const steps = (["breather", "shortRest", "longRest", "fullRest"] as const).map((t) => order.indexOf(rule[t]));
      expect([...steps].sort((a, b) => a - b)).toEqual(steps);
    }
  });
});

describe("R-REST-TAL rest talents", () => {
  it("all nine, each declared at a breather or a short rest only", () => {
    expect(REST_TALENT_IDS).toHaveLength(9);
    expect(REST_TALENT_IDS.every(isRestTalent)).toBe(true);
    expect(["toString", "__proto__", "constructor", 5, null].some(isRestTalent)).toBe(false);
    for (const id of REST_TALENT_IDS) {
      expect(talentAllowed(id, "breather", []).allowed).toBe(true);
      expect(talentAllowed(id, "shortRest", []).allowed).toBe(true);
      expect(talentAllowed(id, "longRest", [])).toMatchObject({ allowed: false, reason: "restType" });
      expect(talentAllowed(id, "fullRest", []).allowed).toBe(false);
    }
  });

  it("those usable again only after a long rest are refused until one", () => {
    const again = REST_TALENT_IDS.filter((id) => REST_TALENTS[id].untilLongRest);
    expect(again.sort()).toEqual(["aufmerksameErholung", "eidbekraeftigung", "grimmigeHaltung", "heiligesRitual", "zauberischeWiederherstellung"]);
    let used: string[] = [];
    used = talentsUsedAfter("breather", used, "aufmerksameErholung");
    expect(talentAllowed("aufmerksameErholung", "shortRest", used)).toMatchObject({ allowed: false, reason: "usedSinceLongRest" });
    used = talentsUsedAfter("shortRest", used, "taktischeAtempause");
    expect(used).toEqual(["aufmerksameErholung"]);
    expect(talentAllowed("taktischeAtempause", "breather", used).allowed).toBe(true);
    expect(talentsUsedAfter("longRest", used, null)).toEqual([]);
    expect(talentsUsedAfter("fullRest", used, null)).toEqual([]);
  });

  it("with the character's talents known, only those it has are declared", () => {
    expect(talentAllowed("taktischeAtempause", "breather", [], ["aufmerksameErholung"])).toMatchObject({ allowed: false, reason: "notOwned" });
    expect(talentAllowed("aufmerksameErholung", "breather", [], ["aufmerksameErholung"]).allowed).toBe(true);
    expect(talentAllowed("taktischeAtempause", "breather", [], [])).toMatchObject({ allowed: false, reason: "notOwned" });
    // The rest type is still checked first, the long-rest limit after ownership.
    expect(talentAllowed("aufmerksameErholung", "longRest", [], [])).toMatchObject({ reason: "restType" });
    expect(talentAllowed("aufmerksameErholung", "shortRest", ["aufmerksameErholung"], ["aufmerksameErholung"])).toMatchObject({ reason: "usedSinceLongRest" });
  });

  it.each([
    // talent, rest, pool, proficiency bonus → new value (null: nothing now)
    ["eidbekraeftigung", "shortRest", { value: 0, max: 15 }, 2, 8],
    ["eidbekraeftigung", "breather", { value: 10, max: 15 }, 2, 15],
    ["zauberischeWiederherstellung", "breather", { value: 1, max: 10 }, 3, 4],
    ["grimmigeHaltung", "shortRest", { value: 0, max: 4 }, 3, 2],
    ["grimmigeHaltung", "breather", { value: 0, max: 4 }, 3, null],
    ["taktischeAtempause", "breather", { value: 0, max: 4 }, 2, 1],
    ["taktischeAtempause", "shortRest", { value: 0, max: 4 }, 2, null],
    ["aufmerksameErholung", "breather", { value: 0, max: 4 }, 2, null],
  ] as const)("%s after a %s refills %j (PB %i) to %s", (id, type, pool, pb, after) => {
    expect(talentRefill(id, type, pool, pb)).toBe(after);
  });

  it("sacred ritual: temporary Leben 2 × proficiency bonus (R-CORE-9)", () => {
    expect(sacredRitualTempLeben(proficiencyBonus(5))).toBe(6);
    expect(sacredRitualTempLeben(proficiencyBonus(1))).toBe(4);
  });
});

describe("R-DOWN-1 / R-DOWN-2 downtime activities", () => {
  it.each([
    ["longRest", 1, 2],
    ["longRest", 5, 3],
    ["longRest", 9, 4],
    ["fullRest", 1, 6],
    ["fullRest", 5, 9],
    ["breather", 9, 0],
    ["shortRest", 9, 0],
  ] as const)("%s at Level %i allows %i (proficiency bonus, R-CORE-9)", (type, level, limit) => {
    expect(downtimeLimit(type, proficiencyBonus(level))).toBe(limit);
  });

  it("R-DOWN-1: as many as the proficiency bonus; the one past the limit is refused", () => {
    const out = planDowntime("longRest", [{ id: "geschaeft" }, { id: "zechen" }, { id: "heiligeRiten" }], 2, 100);
    expect(out.accepted.map((a) => a.id)).toEqual(["geschaeft", "zechen"]);
    expect(out.refused).toEqual([{ id: "heiligeRiten", reason: "limit" }]);
    expect(out.cost).toBe(4);
    expect(out.rules).toEqual(["R-DOWN-1"]);
  });

  it("R-DOWN-1: work earns 2 a day in an organisation, 4 with a performance; training costs 1 a day", () => {
    expect(planDowntime("longRest", [{ id: "arbeit", variant: "auftritt" }], 2, 0).cost).toBe(-4);
    expect(planDowntime("longRest", [{ id: "arbeit", variant: "organisation" }], 2, 0).cost).toBe(-2);
    expect(planDowntime("longRest", [{ id: "arbeit" }], 2, 0).cost).toBe(0);
    expect(planDowntime("longRest", [{ id: "ausbildung" }], 2, 1, "noProject", ausbildungStep(null, { was: "Elfisch" }, 8, "longRest")).cost).toBe(1);
    expect(trainingDays(8)).toBe(42);
    expect(trainingDays(60)).toBe(1);
  });

  it("R-DOWN-2: carousing by company, research from 50, magic items from 100", () => {
    const out = planDowntime("fullRest", [{ id: "zechen", variant: "adel" }, { id: "forschung", amount: 49 }, { id: "magischeGegenstaende", amount: 150 }], 2, 1000);
    expect(out.accepted).toEqual([
      { id: "zechen", variant: "adel", cost: 100, amount: null },
      { id: "magischeGegenstaende", variant: null, cost: 150, amount: 150 },
    ]);
    expect(out.refused).toEqual([{ id: "forschung", reason: "amount" }]);
    expect(out.rules).toEqual(["R-DOWN-2"]);
    expect(levelTrainingSessions(4)).toBe(8);
  });

  it("R-DOWN-2 crafting works the character's project: no price typed, nothing charged (R-CRAFT-2 paid at its start)", () => {
    // A typed amount is ignored: the project holds the price and its materials are paid.
    const worked = planDowntime("fullRest", [{ id: "handwerk", amount: 900 }], 2, 5, null);
    expect(worked.accepted).toEqual([{ id: "handwerk", variant: null, cost: 0, amount: null }]);
    expect(worked.cost).toBe(0);
    // Without a workable project it is refused with the reason, before anything is paid; the limit still counts first.
    for (const reason of ["noProject", "notPaid", "probeMode"] as const) {
      const out = planDowntime("fullRest", [{ id: "handwerk" }, { id: "geschaeft" }], 2, 100, reason);
      expect(out.refused).toEqual([{ id: "handwerk", reason }]);
      expect(out.accepted.map((a) => a.id)).toEqual(["geschaeft"]);
      expect(out.cost).toBe(0);
    }
    expect(planDowntime("fullRest", [{ id: "handwerk" }], 2, 100).refused).toEqual([{ id: "handwerk", reason: "noProject" }]);
    // One rule for crafting workdays (rules/crafting.ts): price ÷ 15, shared by the workers, at least 1.
    expect(workdays(30)).toBe(2);
    expect(workdays(30, 2)).toBe(1);
  });

  it("R-DOWN-2: what the money does not cover is refused; unknown, repeated or wrong-list activities too", () => {
    const out = planDowntime("fullRest", [{ id: "zechen", variant: "wohlhabend" }, { id: "zechen", variant: "volk" }, { id: "gluecksspiel" }, { id: "zechen", variant: "kaiser" }, { id: "magischeGegenstaende", amount: 100 }], 5, 120);
    expect(out.accepted.map((a) => a.id)).toEqual(["zechen"]);
    expect(out.refused.map((r) => r.reason)).toEqual(["unknown", "unknown", "unknown", "money"]);
    expect(out.cost).toBe(25);
    expect(planDowntime("breather", [{ id: "zechen" }], 5, 100).accepted).toEqual([]);
    expect(planDowntime("longRest", [{ id: "__proto__" }, { id: "constructor" }], 5, 100).accepted).toEqual([]);
    expect(planDowntime("fullRest", [{ id: "zechen", variant: "toString" }], 5, 100).refused).toEqual([{ id: "zechen", reason: "amount" }]);
  });
});

describe("R-REST-NO-1 / R-REST-NO-2 no rest", () => {
  it.each([
    [0, 0],
    [24 * HOUR - 1, 0],
    [24 * HOUR, 1],
    [30 * HOUR - 1, 1],
    [30 * HOUR, 2],
    [36 * HOUR, 3],
    [WEEK, 25],
    [Number.NaN, 0],
    [-DAY, 0],
  ])("R-REST-NO-1: %i s without rest → %i Erschöpfung", (elapsed, due) => {
    expect(noRestExhaustion(elapsed)).toBe(due);
  });

  it("a week in one jump gives exactly what small steps give, once", () => {
    const jump = noRestClock({ lastRest: 0, counted: 0, now: WEEK });
    expect(jump).toEqual({ due: 25, gain: 25, hallucinating: true, rules: ["R-REST-NO-1", "R-REST-NO-2"] });
    let counted = 0;
    let gained = 0;
    for (let t = HOUR; t <= WEEK; t += HOUR) {
      const step = noRestClock({ lastRest: 0, counted, now: t });
      gained += step.gain;
      counted = step.due;
    }
    expect(gained).toBe(25);
    expect(noRestClock({ lastRest: 0, counted: 25, now: WEEK }).gain).toBe(0);
  });

  it("R-REST-NO-2: hallucinations from 2 Erschöpfung from lack of sleep", () => {
    expect(noRestClock({ lastRest: 0, counted: 0, now: 24 * HOUR }).hallucinating).toBe(false);
    expect(noRestClock({ lastRest: 0, counted: 1, now: 30 * HOUR })).toMatchObject({ gain: 1, hallucinating: true });
  });

  it("turning time back takes nothing away", () => {
    expect(noRestClock({ lastRest: 0, counted: 3, now: 25 * HOUR })).toMatchObject({ gain: 0, due: 3 });
  });

  it.each([
    // sleepless since, last rest, counted → the stretch (null: the clock does not run)
    [null, 0, 0, null],
    [null, 5 * DAY, 3, null],
    [10 * DAY, null, 0, { start: 10 * DAY, counted: 0 }],
    // A rest long before the GM said "without sleep": the clock counts from the GM's word, and nothing counted before is kept.
    [10 * DAY, 2 * DAY, 4, { start: 10 * DAY, counted: 0 }],
    // The stretch's own start (written with its count): its count stays.
    [10 * DAY, 10 * DAY, 2, { start: 10 * DAY, counted: 2 }],
    // A rest after the GM's word (a breather, R-REST-NO-1: every rest restarts the clock): the clock starts there.
    [10 * DAY, 11 * DAY, 0, { start: 11 * DAY, counted: 0 }],
    [Number.NaN, 0, 0, null],
  ])("R-REST-NO-1 Decision 2026-12-01: without sleep since %s, last rest %s, counted %i → %o", (sleeplessSince, lastRest, counted, stretch) => {
    expect(noRestStretch({ sleeplessSince, lastRest, counted })).toEqual(stretch);
  });

  it("R-REST-NO-1 Decision 2026-12-01: short, long and full rests include sleep (they end Ohne Schlaf); a breather does not", () => {
    expect(restIncludesSleep("breather")).toBe(false);
    for (const type of ["shortRest", "longRest", "fullRest"] as const) expect(restIncludesSleep(type)).toBe(true);
  });
});

describe("R-DOWN-2 training for a level: sessions add up to 2 × the current level", () => {
  it.each([
    // stored, level, sessions this rest → sessions, needed, ready
    [null, 1, 3, 2, 2, true],
    [null, 5, 3, 3, 10, false],
    [{ level: 5, sessions: 6 }, 5, 3, 9, 10, false],
    [{ level: 5, sessions: 9 }, 5, 3, 10, 10, true],
    [{ level: 4, sessions: 7 }, 5, 3, 3, 10, false],
    [{ level: 5, sessions: "viele" }, 5, 3, 3, 10, false],
    ["kaputt", 5, 0, 0, 10, false],
  ])("stored %j at Level %i, +%i → %i of %i", (stored, level, add, sessions, needed, ready) => {
    expect(levelTrainingAfter(stored, level, add)).toEqual({ level, sessions, needed, ready });
  });

  it("Decision: a full rest counts its 3 days as 3 sessions", () => {
    expect(LEVEL_TRAINING_SESSIONS_PER_FULL_REST).toBe(3);
  });
});

describe("R-REST-4 issue 35: a full rest's downtime counts for how it was spent (Decision: tournament, work and level training are strenuous; recovery at a healer is recovery; the rest light)", () => {
  it.each([
    ["fullRest", "recovery", [], "recovery", 5],
    ["fullRest", "recovery", ["genesung"], "recovery", 5],
    ["fullRest", "recovery", ["forschung"], "light", 3],
    ["fullRest", "recovery", ["turnier"], "strenuous", 0],
    ["fullRest", "recovery", ["arbeit"], "strenuous", 0],
    ["fullRest", "recovery", ["genesung", "stufentraining"], "strenuous", 0],
    ["fullRest", "light", ["genesung"], "light", 3],
    ["fullRest", "light", ["handwerk", "zechen"], "light", 3],
    ["fullRest", "travel", ["genesung"], "travel", 0],
    ["fullRest", "recovery", ["unbekannt"], "recovery", 5],
    ["longRest", "recovery", ["arbeit"], "recovery", 1],
  ] as const)("%s, answered %s, downtime %j → spent %s, Erschöpfung −%i", (type, answer, downtime, spent, relief) => {
    expect(restActivitySpent(type, answer, downtime)).toBe(spent);
    expect(restExhaustion(type, restActivitySpent(type, answer, downtime), 10).removed).toBe(relief);
  });

  it("every full-rest activity is classified", () => {
    expect(Object.keys(DOWNTIME_EXERTION).sort()).toEqual(Object.keys(FULL_REST_ACTIVITIES).sort());
  });
});

describe("R-DOWN-1 / R-DOWN-2 Ausbildung: 50 − KL days at 1 a day, a long rest 1 day, a full rest 3", () => {
  it.each([
    // stored, pick, KL, rest → days, cost, tage after, learnt
    [null, { was: "Elfisch" }, 8, "longRest", 1, 1, 1, false],
    [null, { was: "Elfisch" }, 8, "fullRest", 3, 3, 3, false],
    [{ was: "Elfisch", lehrer: "", tage: 41, ziel: 42, bezahlt: 41 }, {}, 8, "fullRest", 1, 1, 42, true],
    [{ was: "Elfisch", lehrer: "", tage: 39, ziel: 42, bezahlt: 39 }, { was: "Zwergisch" }, 20, "fullRest", 3, 3, 42, true],
    [null, { was: "Elfisch" }, 49, "longRest", 1, 1, 1, true],
    [null, { was: "Elfisch" }, 60, "longRest", 1, 1, 1, true],
  ] as const)("%j, %j, KL %i, %s → %i days, %i ¥, day %i, learnt %s", (stored, pick, kl, type, days, cost, tage, learnt) => {
    const step = ausbildungStep(stored, pick, kl, type)!;
    expect([step.days, step.cost, step.after.tage, step.learnt]).toEqual([days, cost, tage, learnt]);
  });

  it("nothing under way and nothing named (or a corrupted record): nothing to learn", () => {
    expect(ausbildungStep(null, {}, 8, "longRest")).toBeNull();
    expect(ausbildungStep({ was: 5, tage: "x" }, { was: "   " }, 8, "longRest")).toBeNull();
    expect(readAusbildung({ was: "Elfisch", ziel: 42, tage: 99, bezahlt: -3 })).toEqual({ was: "Elfisch", lehrer: "", tage: 42, ziel: 42, bezahlt: 0, stand: null });
  });

  it.each([
    // stand (days), now (days), money → days learnt, cost, tage after, stand after (days)
    [0, 5.5, 10, 5, 5, 6, 5],
    [0, 5.5, 3, 3, 3, 4, 5],
    [0, 0.9, 10, null, null, null, null],
    [0, 50, 100, 39, 39, 40, 50],
  ])("with the GM's setting (issue 35): counted since day %d, now day %d, %i ¥ → %s days", (stand, now, money, days, cost, tage, after) => {
    const DAYS = 24 * 3600;
    const step = ausbildungByTime({ was: "Elfisch", tage: 1, ziel: 40, bezahlt: 1, stand: stand * DAYS }, now * DAYS, money);
    if (days === null) expect(step).toBeNull();
    else expect([step!.days, step!.cost, step!.after.tage, step!.after.stand! / DAYS, step!.learnt]).toEqual([days, cost, tage, after, tage === 40]);
  });

  it("planDowntime charges what the rest's days cost, refuses without the money or with nothing to learn", () => {
    const step = ausbildungStep(null, { was: "Elfisch" }, 8, "fullRest");
    expect(planDowntime("fullRest", [{ id: "ausbildung" }], 2, 3, "noProject", step).cost).toBe(3);
    expect(planDowntime("fullRest", [{ id: "ausbildung" }], 2, 2, "noProject", step).refused).toEqual([{ id: "ausbildung", reason: "money" }]);
    expect(planDowntime("longRest", [{ id: "ausbildung" }], 2, 5).refused).toEqual([{ id: "ausbildung", reason: "nothingToLearn" }]);
  });
});
