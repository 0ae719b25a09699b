// The party rest (RULES.md §11) through the real flow: the GM calls it, each owner answers in their own
// dialog, the active GM applies it in one batched write, advances world time once and posts one card.
import { parse } from "node-html-parser";
import { beforeEach, describe, expect, it } from "vitest";
import { as, createActor, dice, disconnect, messages, queueDice, resetWorld, settle, state, writesOf, type Clients, writesSince } from "../harness";
import { advance, DialogV2, flex, giveKit, giveResource, giveRestTalent, party, sys, worldTime } from "./rest-helpers";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
const HOUR = 3600;
const DAY = 24 * HOUR;
let clients: Clients;

beforeEach(() => {
  clients = resetWorld({ gms: 2, players: 3 });
  DialogV2().answers.length = 0;
  DialogV2().prompts.length = 0;
});

const answer = (over: Record<string, unknown> = {}) => ({ activity: "light", hitDice: "0", talent: "", ...over });
const card = () => (messages().at(-1) as Any).content as string;

describe("a party rest with two GMs and three players connected", () => {
  it("asks each owner in their own dialog, then advances time once, writes once and posts one card, on the active GM", async () => {
    const heroes = await party(clients, 3, () => ({ erschoepfung: { value: 2 }, fluss: { value: 0, max: 8 }, trefferwuerfel: { verbraucht: 1 } }));
    for (let i = 0; i < 3; i++) DialogV2().answers.push(answer());
    const before = state.writes.length;
    const t0 = worldTime();
    // The second GM calls the rest; the active (first) GM's client carries it out.
    const report = await as(clients.gms[1], () => flex().rest({ type: "longRest", actors: heroes.map((h) => h.id) }));
    await settle();

    // Each player was asked once, on their own client.
    expect(DialogV2().prompts).toHaveLength(3);
    expect(report.entries.map((e: Any) => e.defaulted)).toEqual([false, false, false]);
    const writes = writesSince(before);
    expect(writes.map((w) => [w.action, w.documentName, w.userId])).toEqual([
      ["update", "Actor", clients.gms[0].id],
      ["update", "Setting", clients.gms[0].id],
      ["create", "ChatMessage", clients.gms[0].id],
    ]);
    expect(writes[0].ids).toHaveLength(3);
    expect(worldTime()).toBe(t0 + DAY);
    expect(messages()).toHaveLength(1);
    // R-REST-3: exhaustion −1, all hit dice back, Fluss full (Decision).
    for (const h of heroes) {
      expect(sys(h).erschoepfung.value).toBe(1);
      expect(sys(h).trefferwuerfel.verbraucht).toBe(0);
      expect(sys(h).fluss.value).toBe(8);
      expect(sys(h).rast.historie.longRest.s1).toBe(t0);
      expect(sys(h).rast.letzte).toBe(t0 + DAY);
    }
    expect(card()).toContain("Lange Rast");
    expect(card()).toContain("Erschöpfung 2 → 1");
    expect(card()).toContain("R-REST-3");
  });

  it("a player who does not answer in time gets the defaults (no talent, no hit dice, light activity, no downtime)", async () => {
    const [hero] = await party(clients, 1, () => ({ leben: { value: 3, max: 20 }, trefferwuerfel: { verbraucht: 0 } }));
    await giveKit(hero);
    DialogV2().answers.push(new Promise(() => {})); // the player never answers
    const report = await flex().rest({ type: "shortRest", actors: [hero.id], answerSeconds: 1 });
    expect(report.entries[0]).toMatchObject({ defaulted: true, taken: { taken: true }, hitDice: null, talent: null });
    expect(report.entries[0].answer).toEqual({ talent: null, hitDice: 0, kit: false, activity: "light", downtime: [] });
    expect(sys(hero).leben.value).toBe(3);
    expect(card()).toContain("keine Antwort: Vorgaben");
    // The player's dialog closed when the question ran out, and said why.
    await new Promise((r) => setTimeout(r, 20));
    expect((globalThis as Any).foundry.applications.instances.size).toBe(0);
    expect(state.notifications.filter((n) => n.userId === clients.players[0].id).map((n) => n.message)).toContain("Die Zeit für deine Antwort ist abgelaufen: Es gelten die Vorgaben.");
  });

  it("a character without a connected player gets the defaults at once; the GM is not asked", async () => {
    const npc = await createActor({ name: "Söldnerin", type: "character", system: { erschoepfung: { value: 1 } } });
    const report = await flex().rest({ type: "longRest", actors: [npc.id] });
    expect(DialogV2().prompts).toHaveLength(0);
    expect(report.entries[0].defaulted).toBe(true);
    expect(sys(npc).erschoepfung.value).toBe(0);
  });

  it("only a GM may call a rest: a player gets a message and nothing is written", async () => {
    const heroes = await party(clients, 1);
    const before = state.writes.length;
    expect(await as(clients.players[0], () => flex().rest({ type: "breather", actors: [heroes[0].id] }))).toBeNull();
    expect(state.writes.length).toBe(before);
    expect(state.notifications.at(-1)).toMatchObject({ type: "warn", userId: clients.players[0].id });
  });
});

describe("R-REST-1 windows on world time", () => {
  it("a 4th breather within 24 h is refused (with when it will be) and allowed after", async () => {
    const [hero] = await party(clients, 1);
    const t0 = worldTime();
    for (let i = 0; i < 3; i++) {
      const report = await flex().rest({ type: "breather", actors: [hero.id], ask: false });
      expect(report.entries).toHaveLength(1);
    }
    expect(worldTime()).toBe(t0 + 3 * HOUR);
    const before = state.writes.length;
    expect(await flex().rest({ type: "breather", actors: [hero.id], ask: false })).toBeNull();
    expect(state.writes.length).toBe(before);
    expect(state.notifications.at(-1)?.message).toBe("Held 1: Atempause ist jetzt nicht erlaubt, wieder in 21 h.");
    // One second before the first breather leaves the window: still refused; at 24 h: allowed.
    await advance(DAY - 3 * HOUR - 1);
    await settle();
    expect(await flex().rest({ type: "breather", actors: [hero.id], ask: false })).toBeNull();
    await advance(1);
    await settle();
    const fourth = await flex().rest({ type: "breather", actors: [hero.id], ask: false });
    expect(fourth.entries[0].taken.taken).toBe(true);
    expect(Object.values(sys(hero).rast.historie.breather)).toEqual([t0 + DAY, t0 + 2 * HOUR, t0 + HOUR]);
  });

  it("the active GM checks the window again (a forged or stale call cannot rest twice)", async () => {
    const [hero] = await party(clients, 1);
    const t0 = worldTime();
    await flex().rest({ type: "shortRest", actors: [hero.id], ask: false });
    const before = state.writes.length;
    const { runRest } = await import("../../src/automation/rest");
    const report = await runRest({ type: "shortRest", actorIds: [hero.id], answers: {} }, { requester: clients.gms[0], requestId: "second-short-rest" } as Any);
    expect(report.refused).toEqual([{ actorId: hero.id, name: "Held 1", nextAt: t0 + DAY }]);
    expect(state.writes.length).toBe(before);
  });
});

describe("R-REST-HEAL-2 / R-REST-HEAL-3 hit dice with a healer's kit or a healer", () => {
  it("one kit charge per character (the own kit first, then an ally's); each die heals roll + KO modifier", async () => {
    const [a, b, c] = await party(clients, 3, (i) => ({ level: 4, attributes: { ko: 8 }, leben: { value: 2, max: 30 }, trefferwuerfel: { verbraucht: 0, koModifikator: i === 0 ? 2 : 0 } }));
    const kit = await giveKit(a, 2);
    // b types 2 dice and leaves the old form's kit box unticked: the dice are the ask for bandaging, not lost.
    for (let i = 0; i < 3; i++) DialogV2().answers.push(answer({ hitDice: i === 2 ? "1" : "2", kit: i === 0 }));
    dice(8, 5, 3, 7, 1);
    const before = state.writes.length;
    const report = await flex().rest({ type: "shortRest", actors: [a.id, b.id, c.id] });
    // R-REST-2: up to ⌈4/2⌉ = 2 dice; a: (5+2)+(3+2) = 12; b: 7+1 = 8; the kit's 2 charges are gone before c.
    expect(sys(a).leben.value).toBe(14);
    expect(sys(b).leben.value).toBe(10);
    expect(sys(c).leben.value).toBe(2);
    expect(kit.system.ladungen.value).toBe(0);
    expect(report.entries[0].hitDice).toMatchObject({ count: 2, rolls: [5, 3], care: "kit", kitFrom: ["Held 1"] });
    expect(report.entries[1].hitDice).toMatchObject({ count: 2, rolls: [7, 1], care: "kit", kitFrom: ["Held 1"] });
    expect(report.entries[2]).toMatchObject({ hitDice: null, careMissing: true });
    // Decision: a short rest gives 1 spent hit die back; c spent none.
    expect(sys(a).trefferwuerfel.verbraucht).toBe(1);
    expect(sys(c).trefferwuerfel.verbraucht).toBe(0);
    // One actor batch, one item write for the kit, the time, the card.
    expect(writesSince(before).map((w) => [w.action, w.documentName])).toEqual([
      ["update", "Actor"],
      ["update", "Item"],
      ["update", "Setting"],
      ["create", "ChatMessage"],
    ]);
    expect(card()).toContain("Heilerset von Held 1");
    expect(card()).toContain("Keine Heilerset-Ladung und kein Heiler: keine Trefferwürfel.");
    // The whole sum, and what the short rest gave back (issue 25).
    const text = parse(card()).text;
    expect(text).toContain("2 × W8: (5 + 2) + (3 + 2) = +12 Leben · Heilerset von Held 1");
    expect(text).toContain("Trefferwürfel 4 → 3 von 4 (2 ausgegeben, 1 zurück)");
    // Every count of its maximum as one pattern, and what the kit has left (C-15).
    expect(text).toContain("Leben 2 → 14 von 30");
    expect(parse(card()).querySelector(".flex-rest-kits")!.text.trim()).toBe("Heilerset (Held 1): noch 0 von 10 Ladungen");
  });

  it("with a healer no charge is used; without kit charges left no hit dice are spent", async () => {
    const [a, b] = await party(clients, 2, () => ({ level: 2, leben: { value: 1, max: 20 } }));
    const kit = await giveKit(a, 1);
    dice(6, 4);
    await flex().rest({ type: "breather", actors: [a.id], healer: true, ask: false, answers: { [a.id]: { hitDice: 1, kit: true } } });
    expect(kit.system.ladungen.value).toBe(1);
    expect(sys(a).leben.value).toBe(5);
    dice(6, 6);
    await flex().rest({ type: "breather", actors: [a.id, b.id], ask: false, answers: { [a.id]: { hitDice: 1, kit: true }, [b.id]: { hitDice: 1, kit: true } } });
    expect(kit.system.ladungen.value).toBe(0);
    expect(sys(a).leben.value).toBe(11);
    expect(sys(b).leben.value).toBe(1);
  });

  it("R-REST-4: a full rest heals fully with 1 kit charge per 10 Leben; exhaustion −3 light, −5 recovery, 0 travel", async () => {
    const [a, b, c] = await party(clients, 3, () => ({ leben: { value: 5, max: 30 }, erschoepfung: { value: 6 }, trefferwuerfel: { verbraucht: 3 }, level: 5, gunst: { value: 1, max: 5 } }));
    const kit = await giveKit(a, 10);
    const before = state.writes.length;
    const t0 = worldTime();
    await flex().rest({ type: "fullRest", actors: [a.id, b.id, c.id], ask: false, answers: { [a.id]: { activity: "light" }, [b.id]: { activity: "recovery" }, [c.id]: { activity: "travel", kit: false } } });
    expect([a, b, c].map((h) => sys(h).erschoepfung.value)).toEqual([3, 1, 6]);
    expect([a, b, c].map((h) => sys(h).leben.value)).toEqual([30, 30, 5]);
    expect(kit.system.ladungen.value).toBe(4);
    expect([a, b, c].map((h) => sys(h).trefferwuerfel.verbraucht)).toEqual([0, 0, 0]);
    // Decision: Gunst is not restored by rests.
    expect(sys(a).gunst.value).toBe(1);
    expect(worldTime()).toBe(t0 + 3 * DAY);
    expect(writesOf({ documentName: "Actor", action: "update" }).filter((w) => state.writes.indexOf(w) >= before)).toHaveLength(1);
  });
});

describe("R-REST-4 issue 35: a full rest's downtime counts for how it was spent", () => {
  it("'only recovery' with a fighting tournament or work for pay is strenuous: no Erschöpfung off; with recovery at a healer it is −5; with research −3", async () => {
    const [a, b, c, d, e] = await party(clients, 5, () => ({ leben: { value: 30, max: 30 }, erschoepfung: { value: 6 }, attributes: { ko: 12 }, level: 5, geld: 100 }));
    const pick = (id: string, amount?: number) => ({ activity: "recovery", kit: false, downtime: [{ id, ...(amount ? { amount } : {}) }] });
    const answers = { [a.id]: pick("turnier"), [b.id]: pick("arbeit"), [c.id]: pick("genesung"), [d.id]: pick("forschung", 50), [e.id]: { ...pick("forschung", 500) } };
    await flex().rest({ type: "fullRest", actors: [a.id, b.id, c.id, d.id, e.id], ask: false, healer: true, answers });
    // Research paid (50 ¥) is light: −3; research the character cannot pay (500 ¥) is refused and takes nothing: −5.
    expect([a, b, c, d, e].map((h) => sys(h).erschoepfung.value)).toEqual([6, 6, 1, 3, 1]);
  });
});

describe("resources and rest talents (R-REST-TAL)", () => {
  it("resources recharge by their rule; oath affirmation refills half the lay-on-hands pool", async () => {
    const [pal] = await party(clients, 1, () => ({ level: 5 }));
    const slot1 = await giveResource(pal, "zauberplatz1", 0, 4);
    const slot4 = await giveResource(pal, "zauberplatz4", 0, 2);
    const hands = await giveResource(pal, "handauflegen", 1, 15);
    await giveRestTalent(pal, "eidbekraeftigung");
    const before = state.writes.length;
    await flex().rest({ type: "breather", actors: [pal.id], ask: false, answers: { [pal.id]: { talent: "eidbekraeftigung" } } });
    expect([slot1.system.vorrat.value, slot4.system.vorrat.value, hands.system.vorrat.value]).toEqual([1, 0, 9]);
    expect(sys(pal).rast.talente.eidbekraeftigung).toBe(true);
    expect(writesSince(before).filter((w) => w.documentName === "Item")).toHaveLength(1);
    // Again only after a long rest: refused at the next short rest, and the pool stays.
    await flex().rest({ type: "shortRest", actors: [pal.id], ask: false, answers: { [pal.id]: { talent: "eidbekraeftigung" } } });
    expect(hands.system.vorrat.value).toBe(9);
    expect(card()).toContain("Eidbekräftigung: erst wieder nach einer langen Rast.");
    await flex().rest({ type: "longRest", actors: [pal.id], ask: false });
    expect(sys(pal).rast.talente.eidbekraeftigung).toBe(false);
    expect(hands.system.vorrat.value).toBe(15);
  });

  it("attentive recovery: the first hit die shows its maximum", async () => {
    const [hero] = await party(clients, 1, () => ({ level: 4, attributes: { ko: 10 }, leben: { value: 1, max: 40 } }));
    await giveKit(hero);
    await giveRestTalent(hero, "aufmerksameErholung");
    dice(10, 2);
    const report = await flex().rest({ type: "shortRest", actors: [hero.id], ask: false, answers: { [hero.id]: { talent: "aufmerksameErholung", hitDice: 2, kit: true } } });
    expect(report.entries[0].hitDice).toMatchObject({ rolls: [10, 2], attentive: true });
    expect(sys(hero).leben.value).toBe(13);
  });

  it("creative breather: the bard's inspiration die is added, its allies roll with Vorteil", async () => {
    const [bard, ally] = await party(clients, 2, (i) => ({ attributes: { ko: 6, ch: i === 0 ? 8 : 6 }, leben: { value: 1, max: 30 } }));
    await giveKit(bard);
    await giveRestTalent(bard, "kreativeAtempause");
    // Bard: W6 → 2, inspiration W8 → 5. Ally: 2W6kh → 1 and 6, inspiration W8 → 3.
    queueDice([{ faces: 6, result: 2 }, { faces: 8, result: 5 }, { faces: 6, result: 1 }, { faces: 6, result: 6 }, { faces: 8, result: 3 }]);
    const report = await flex().rest({ type: "breather", actors: [bard.id, ally.id], ask: false, answers: { [bard.id]: { talent: "kreativeAtempause", hitDice: 1, kit: true }, [ally.id]: { hitDice: 1, kit: true } } });
    expect(report.entries[0].hitDice).toMatchObject({ rolls: [2], advantage: false, healing: { inspiration: 5, total: 7 } });
    expect(report.entries[1].hitDice).toMatchObject({ rolls: [6], advantage: true, healing: { inspiration: 3, total: 9 } });
    expect([sys(bard).leben.value, sys(ally).leben.value]).toEqual([8, 10]);
  });

  it("a rest talent the character does not have is refused on the card, nothing of it applied", async () => {
    const [hero] = await party(clients, 1, () => ({ level: 4, attributes: { ko: 10 }, leben: { value: 1, max: 40 } }));
    await giveKit(hero);
    dice(10, 3, 2);
    const report = await flex().rest({ type: "shortRest", actors: [hero.id], ask: false, answers: { [hero.id]: { talent: "aufmerksameErholung", hitDice: 2, kit: true } } });
    expect(report.entries[0].hitDice).toMatchObject({ rolls: [3, 2], attentive: false });
    expect(sys(hero).rast.talente.aufmerksameErholung).toBeFalsy();
    expect(card()).toContain("Aufmerksame Erholung: nicht auf dem Bogen – Rast-Talente gibt die Spielleitung aus.");
  });

  it("C-15 / R-REST-1 / R-REST-NO-1: a breather with its talent refused and no kit still counts, and the card says so", async () => {
    const [hero, senna] = await party(clients, 2, () => ({ level: 2, leben: { value: 5, max: 20 } }));
    const t0 = worldTime();
    await flex().rest({ type: "breather", actors: [hero.id, senna.id], ask: false, answers: { [hero.id]: { talent: "taktischeAtempause", hitDice: 1, kit: true }, [senna.id]: { activity: "strenuous" } } });
    const blocks = parse(card()).querySelectorAll(".flex-rest-entry");
    // Refused twice, yet taken: its start is recorded (one of the 3 in 24 h) and the no-rest clock starts again.
    expect(blocks[0].querySelector(".flex-rest-counts")?.text).toBe("Zählt trotzdem als genommene Rast.");
    expect(sys(hero).rast.historie.breather.s1).toBe(t0);
    expect(sys(hero).rast.letzte).toBe(t0 + HOUR);
    // Too strenuous is not taken: nothing of it counts, and the card does not claim it does.
    expect(blocks[1].querySelector(".flex-rest-counts")).toBeNull();
    expect(sys(senna).rast.historie.breather.s1).toBeNull();
  });
});

describe("R-DOWN-1 / R-DOWN-2 downtime", () => {
  it("activities up to the proficiency bonus, paid from the character's money, rolled on the card", async () => {
    const [hero] = await party(clients, 1, () => ({ level: 1, geld: 10 }));
    DialogV2().answers.push({ ...answer(), "downtime.zechen.on": true, "downtime.heiligeRiten.on": "on", "downtime.arbeit.on": true, "downtime.arbeit.variant": "auftritt" });
    queueDice([{ faces: 4, result: 3 }, { faces: 100, result: 42 }]);
    const report = await flex().rest({ type: "longRest", actors: [hero.id] });
    // PB 2 at Level 1: sacred rites and carousing (catalogue order); work is past the limit.
    expect(report.entries[0].downtime.accepted.map((a: Any) => a.id)).toEqual(["heiligeRiten", "zechen"]);
    expect(report.entries[0].downtime.refused).toEqual([{ id: "arbeit", reason: "limit" }]);
    expect(sys(hero).geld).toBe(6);
    expect(card()).toContain("3 Tage je ein Vorteil (heroische Inspiration)");
    expect(card()).toContain("Prozentwurf 42 (was er bringt, entscheidet die SL)");
    expect(card()).toContain("Arbeit: mehr als 2 Aktivitäten.");
    // A long rest's day in words, not "1 Tg." (C-15).
    expect(parse(card()).querySelector(".flex-card-header .flex-tag")!.text).toBe("Zeit vergeht: 1 Tag");
  });
});

describe("a rest interrupted by combat counts as not taken", () => {
  it("a character fighting in a started combat recovers nothing and records no rest", async () => {
    const [fighter, sleeper] = await party(clients, 2, () => ({ erschoepfung: { value: 3 } }));
    const combat = await (globalThis as Any).Combat.create({ active: true, round: 1 });
    await combat.createEmbeddedDocuments("Combatant", [{ actorId: fighter.id }]);
    const report = await flex().rest({ type: "longRest", actors: [fighter.id, sleeper.id], ask: false });
    expect(report.entries[0].taken).toEqual({ taken: false, reason: "combat", rules: ["R-REST-3"] });
    expect(sys(fighter).erschoepfung.value).toBe(3);
    expect(sys(fighter).rast.historie.longRest.s1).toBeNull();
    expect(sys(sleeper).erschoepfung.value).toBe(2);
    expect(card()).toContain("Durch einen Kampf unterbrochen");
  });

  it("interrupted: true from the GM: nobody rests and world time does not move", async () => {
    const [hero] = await party(clients, 1, () => ({ erschoepfung: { value: 3 } }));
    const t0 = worldTime();
    const report = await flex().rest({ type: "longRest", actors: [hero.id], ask: false, interrupted: true });
    expect(report.advanced).toBe(false);
    expect(worldTime()).toBe(t0);
    expect(sys(hero).erschoepfung.value).toBe(3);
  });
});

describe("hooks flex.preRest and flex.rest", () => {
  it("a module cancels the rest: nothing is written", async () => {
    const [hero] = await party(clients, 1);
    const id = (globalThis as Any).Hooks.on("flex.preRest", () => false);
    const before = state.writes.length;
    const report = await flex().rest({ type: "longRest", actors: [hero.id], ask: false });
    (globalThis as Any).Hooks.off("flex.preRest", id);
    expect(report.cancelled).toBe(true);
    expect(state.writes.length).toBe(before);
  });

  it("a calendar module keeps the time itself; flex.rest reports what happened", async () => {
    const [hero] = await party(clients, 1);
    const t0 = worldTime();
    const seen: Any[] = [];
    const pre = (globalThis as Any).Hooks.on("flex.preRest", (data: Any) => {
      data.advanceTime = false;
    });
    const post = (globalThis as Any).Hooks.on("flex.rest", (data: Any) => seen.push(data));
    await flex().rest({ type: "longRest", actors: [hero.id], ask: false });
    (globalThis as Any).Hooks.off("flex.preRest", pre);
    (globalThis as Any).Hooks.off("flex.rest", post);
    expect(worldTime()).toBe(t0);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ type: "longRest", start: t0, duration: DAY, end: t0 + DAY, actorIds: [hero.id], advanceTime: false });
    expect(seen[0].report.entries).toHaveLength(1);
    expect(card()).toContain("Die Weltzeit wurde nicht vorgerückt.");
  });
});

describe("nothing twice, across a change of GM", () => {
  it("the same request again changes nothing, on this GM or the next", async () => {
    const [hero] = await party(clients, 1, () => ({ erschoepfung: { value: 3 } }));
    const request = { type: "breather" as const, actors: [hero.id], ask: false, requestId: "rast-1-xxxxxxxxx" };
    await flex().rest(request);
    const writes = state.writes.length;
    await flex().rest(request);
    expect(state.writes.length).toBe(writes);
    // The next GM finds the request done in the first GM's journal: nothing runs again.
    disconnect(clients.gms[0]);
    const third = await as(clients.gms[1], () => flex().rest(request));
    expect(third).toBeNull();
    expect(state.notifications.at(-1)).toMatchObject({ userId: clients.gms[1].id, type: "info", message: "Die Spielleitung hat die Aktion bereits ausgeführt." });
    expect(state.writes.length).toBe(writes);
    expect(messages()).toHaveLength(1);
  });
});

describe("R-DOWN-1 / R-DOWN-2 Ausbildung (issue 35): a language learnt over rests, day by day, 1 ¥ a day", () => {
  const card = () => (messages().at(-1) as Any).content as string;
  const lesson = (was?: string, lehrer?: string) => ({ activity: "light", kit: false, downtime: [{ id: "ausbildung", ...(was ? { was } : {}), ...(lehrer ? { lehrer } : {}) }] });

  it("begins with what the player names (50 − KL days), goes on in each rest that ticks it, and is learnt at the end as an entry", async () => {
    const [hero] = await party(clients, 1, () => ({ attributes: { kl: 8 }, level: 1, geld: 10 }));
    // A long rest: day 1 of 42 (KL 8), 1 ¥.
    await flex().rest({ type: "longRest", actors: [hero.id], ask: false, answers: { [hero.id]: lesson("Elfisch", "Meisterin Yara") } });
    expect(hero.getFlag("flex", "ausbildung")).toEqual({ was: "Elfisch", lehrer: "Meisterin Yara", tage: 1, ziel: 42, bezahlt: 1, stand: worldTime() });
    expect(sys(hero).geld).toBe(9);
    expect(card()).toContain("Elfisch bei Meisterin Yara: Tag 1 von 42 (+1)");
    // A second long rest goes on with the same one, whatever the pick names now.
    await advance(4 * DAY);
    await flex().rest({ type: "longRest", actors: [hero.id], ask: false, answers: { [hero.id]: lesson("Zwergisch") } });
    expect(hero.getFlag("flex", "ausbildung")).toMatchObject({ was: "Elfisch", tage: 2, bezahlt: 2 });
    expect(card()).toContain("Tag 2 von 42 (+1)");
    // A full rest: 3 days, 3 ¥.
    await advance(4 * DAY);
    await flex().rest({ type: "fullRest", actors: [hero.id], ask: false, answers: { [hero.id]: lesson() } });
    expect(hero.getFlag("flex", "ausbildung")).toMatchObject({ tage: 5, bezahlt: 5 });
    expect(sys(hero).geld).toBe(5);
    // Near the end: the last 2 days of a full rest cost 2 ¥, and Elfisch is the character's.
    await hero.setFlag("flex", "ausbildung", { was: "Elfisch", lehrer: "Meisterin Yara", tage: 40, ziel: 42, bezahlt: 40 });
    await advance(8 * DAY);
    await flex().rest({ type: "fullRest", actors: [hero.id], ask: false, answers: { [hero.id]: lesson() } });
    expect(hero.getFlag("flex", "ausbildung")).toBeUndefined();
    expect(sys(hero).geld).toBe(3);
    const entry = hero.items.find((i: Any) => i.name === "Elfisch");
    expect(entry?.type).toBe("passive");
    expect(entry?.system.beschreibung).toContain("Meisterin Yara");
    expect(card()).toContain("Elfisch gelernt bei Meisterin Yara (42 Tage)");
  });

  it("refused without the day's money, and with nothing named and nothing under way: nothing paid, nothing counted", async () => {
    const [poor, idle] = await party(clients, 2, () => ({ attributes: { kl: 8 }, level: 1, geld: 0 }));
    await flex().rest({ type: "longRest", actors: [poor.id, idle.id], ask: false, answers: { [poor.id]: lesson("Elfisch"), [idle.id]: lesson() } });
    expect([poor.getFlag("flex", "ausbildung"), idle.getFlag("flex", "ausbildung")]).toEqual([undefined, undefined]);
    expect(card()).toContain("Ausbildung: nicht genug Geld.");
    expect(card()).toContain("Ausbildung: nichts zu lernen – nenne eine Sprache oder ein Werkzeug.");
  });
});

describe("R-DOWN-1 / R-DOWN-2 Ausbildung with plain world time (issue 35, the GM's setting)", () => {
  const lesson = { activity: "light", kit: false, downtime: [{ id: "ausbildung", was: "Elfisch", lehrer: "Meisterin Yara" }] };
  const passDays = async (days: number) => {
    await advance(days * DAY);
    await settle();
  };

  it("off (the default): only the rests count; on: each whole day counts once, 1 ¥ a day, the rest's own day not twice", async () => {
    const [hero] = await party(clients, 1, () => ({ attributes: { kl: 10 }, level: 1, geld: 10 }));
    await flex().rest({ type: "longRest", actors: [hero.id], ask: false, answers: { [hero.id]: lesson } });
    expect(hero.getFlag("flex", "ausbildung")).toMatchObject({ tage: 1, stand: worldTime() });
    await passDays(3);
    expect(hero.getFlag("flex", "ausbildung")).toMatchObject({ tage: 1 });
    await (globalThis as Any).game.settings.set("flex", "restLessonsByTime", true);
    await passDays(2.5);
    // 5.5 days since the rest: 5 whole days, 5 ¥; the half day waits.
    expect(hero.getFlag("flex", "ausbildung")).toMatchObject({ tage: 6, bezahlt: 6 });
    expect(sys(hero).geld).toBe(4);
    expect((messages().at(-1) as Any).content).toContain("Held 1: Elfisch bei Meisterin Yara: Tag 6 von 40 (+5)");
    // A long rest that ticks it counts its own day once (its 24 h of world time are not counted again).
    await advance(2 * DAY);
    await settle();
    const before = hero.getFlag("flex", "ausbildung").tage;
    await flex().rest({ type: "longRest", actors: [hero.id], ask: false, answers: { [hero.id]: lesson } });
    await settle();
    expect(hero.getFlag("flex", "ausbildung").tage).toBe(before + 1);
  });

  it("without money the days are not learnt (and are gone); at the last day the language is the character's", async () => {
    const [hero] = await party(clients, 1, () => ({ attributes: { kl: 10 }, level: 1, geld: 2 }));
    await (globalThis as Any).game.settings.set("flex", "restLessonsByTime", true);
    await hero.setFlag("flex", "ausbildung", { was: "Zwergisch", lehrer: "", tage: 38, ziel: 40, bezahlt: 38, stand: worldTime() });
    await passDays(1);
    expect(hero.getFlag("flex", "ausbildung")).toMatchObject({ tage: 39 });
    await hero.update({ "system.geld": 0 });
    await passDays(3);
    expect(hero.getFlag("flex", "ausbildung")).toMatchObject({ tage: 39, stand: worldTime() });
    await hero.update({ "system.geld": 5 });
    await passDays(1);
    expect(hero.getFlag("flex", "ausbildung")).toBeUndefined();
    expect(hero.items.find((i: Any) => i.name === "Zwergisch")?.type).toBe("passive");
    expect(sys(hero).geld).toBe(4);
    expect((messages().at(-1) as Any).content).toContain("Zwergisch gelernt (40 Tage)");
  });
});
