// The owner's rest dialog before the click (issue 25): hit dice never typed in vain, the Leben they can bring,
// what each activity does to Erschöpfung, the kit box only where it decides something, a running countdown.
import { parse } from "node-html-parser";
import { beforeEach, describe, expect, it } from "vitest";
import { hitDicePreview, readRestAnswerForm, REST_ANSWER_TEMPLATE, restAnswerContext } from "../../src/applications/dialogs/rest-answer-dialog";
import { resetWorld, type Clients } from "../harness";
import { giveRestTalent, party, sys } from "./rest-helpers";
import { followExertion } from "../../src/applications/dialogs/rest-exertion";
import { dispatch, RenderedElement } from "../harness/applications";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
const g = globalThis as Any;
let clients: Clients;

beforeEach(() => {
  clients = resetWorld({ gms: 1, players: 1 });
});

const prompt = (type: string, over: Record<string, unknown> = {}) => ({ restId: "r1", type, actorId: "", healer: false, kitCharges: 4, seconds: 90, ...over }) as Any;
const hero = async () => (await party(clients, 1, () => ({ level: 4, attributes: { ko: 8 }, leben: { value: 12, max: 30 }, trefferwuerfel: { verbraucht: 0, koModifikator: 1 } })))[0];
const render = async (ctx: Record<string, unknown>) => parse(await g.foundry.applications.handlebars.renderTemplate(REST_ANSWER_TEMPLATE, ctx));

describe("hit dice in the rest dialog", () => {
  it("with kit charges in the group the dice can be typed; the kit is taken by itself and the dialog says so", async () => {
    const h = await hero();
    const ctx = restAnswerContext(h, sys(h), prompt("shortRest"));
    expect(ctx.hitDice).toMatchObject({ max: 2, disabled: false });
    expect((ctx.hitDice as Any).care).toContain("Heilerset-Ladung (4 in der Gruppe)");
    const html = await render(ctx);
    expect(html.querySelector("input[name=hitDice]")!.hasAttribute("disabled")).toBe(false);
    // Beside the number, the player's own roll; below, the Leben bar at 12 of 30 before any die.
    expect(html.querySelector("[data-flex-roll-hitdice]")!.text.trim()).toBe("Würfeln");
    const meter = html.querySelector(".flex-rest-leben[role=meter]")!;
    expect([meter.getAttribute("aria-valuenow"), meter.getAttribute("aria-valuemax"), meter.getAttribute("aria-label")]).toEqual(["12", "30", "Leben von Held 1"]);
    // The box that used to decide whether typed dice heal is gone outside the full rest.
    expect(html.querySelector("input[name=kit]")).toBeNull();
  });

  it("without a healer and without a charge the dice cannot be typed, and the dialog says why", async () => {
    const h = await hero();
    const ctx = restAnswerContext(h, sys(h), prompt("breather", { kitCharges: 0 }));
    expect((ctx.hitDice as Any).disabled).toBe(true);
    const html = await render(ctx);
    expect(html.querySelector("input[name=hitDice]")!.hasAttribute("disabled")).toBe(true);
    expect(html.querySelector(".flex-rest-care")!.text).toBe("Kein Heiler und keine Heilerset-Ladung in der Gruppe: diesmal keine Trefferwürfel.");
    // A healer makes the charges irrelevant.
    const healed = restAnswerContext(h, sys(h), prompt("breather", { kitCharges: 0, healer: true }));
    expect(healed.hitDice).toMatchObject({ disabled: false, care: "Ein Heiler ist da: keine Heilerset-Ladung nötig." });
  });

  it("shows the Leben the typed dice can bring: lowest, average, highest, never past the maximum", async () => {
    const h = await hero();
    expect((restAnswerContext(h, sys(h), prompt("longRest")).hitDice as Any).preview).toBe("Leben 12/30");
    // 2 × (W8 + 1): 2 × 2 = 4 at least, 2 × 9 = 18 at most, Ø 2 × 5.5 = 11.
    expect(hitDicePreview(2, 8, 1, { value: 12, max: 30 })).toBe("Leben 12 → 16–30 (Ø 23) von 30");
    expect(hitDicePreview(1, 8, 1, { value: 12, max: 30 })).toBe("Leben 12 → 14–21 (Ø 17) von 30");
    expect(hitDicePreview(3, 8, 0, { value: 30, max: 30 })).toBe("Leben 30/30");
  });

  it("the full rest keeps its kit box, ticked: its healing takes 1 charge per 10 Leben", async () => {
    const h = await hero();
    const ctx = restAnswerContext(h, sys(h), prompt("fullRest"));
    expect(ctx.hitDice).toBeNull();
    const box = (await render(ctx)).querySelector("input[name=kit]")!;
    expect(box.hasAttribute("checked")).toBe(true);
    expect(box.parentNode.text).toContain("hier 2 (4 in der Gruppe)");
  });
});

describe("activities and the deadline", () => {
  it.each([
    ["longRest", { recovery: "Erschöpfung −1", light: "Erschöpfung −1", travel: "Erschöpfung −1", strenuous: null }],
    ["fullRest", { recovery: "Erschöpfung −5", light: "Erschöpfung −3", travel: "Erschöpfung ±0", strenuous: "Erschöpfung ±0" }],
    ["shortRest", { light: null, strenuous: null }],
  ] as const)("%s: each activity says what it does to Erschöpfung (R-REST-3, R-REST-4)", async (type, tags) => {
    const h = await hero();
    const rows = restAnswerContext(h, sys(h), prompt(type)).activities as Any[];
    expect(Object.fromEntries(rows.map((r) => [r.value, r.exhaustion]))).toEqual(tags);
  });

  it.each(["breather", "shortRest"])("G-17 %s: two activity choices, the one that keeps the rest and the one that breaks it (R-REST-ACT-1)", async (type) => {
    const h = await hero();
    const html = await render(restAnswerContext(h, sys(h), prompt(type)));
    const radios = html.querySelectorAll("input[name=activity]");
    expect(radios.map((r) => r.getAttribute("value"))).toEqual(["light", "strenuous"]);
    expect(radios[0].hasAttribute("checked")).toBe(true);
    expect(radios[0].parentNode.text).not.toContain("Rast zählt nicht");
    expect(radios[1].parentNode.querySelector("strong")!.text).toBe("Reisen oder anstrengende Tätigkeit");
    expect(radios[1].parentNode.text).toContain("Rast zählt nicht");
    expect(html.text).not.toContain("Nur Erholung");
  });

  it("G-17 the full rest's kit box says what unticking does, and is gone where it decides nothing", async () => {
    const h = await hero();
    const box = (await render(restAnswerContext(h, sys(h), prompt("fullRest")))).querySelector("input[name=kit]")!;
    expect(box.parentNode.text).toContain("Ohne Häkchen wird keine Ladung verbraucht, und die Rast heilt keine Leben.");
    // Full Leben, a healer there, or a world without the care rule: no charge is asked, so no box.
    await h.update({ "system.leben.value": 30 });
    expect(restAnswerContext(h, sys(h), prompt("fullRest")).kit).toBeNull();
    await h.update({ "system.leben.value": 12 });
    expect(restAnswerContext(h, sys(h), prompt("fullRest", { healer: true })).kit).toBeNull();
    await g.game.settings.set("flex", "restFullRestCare", false);
    expect(restAnswerContext(h, sys(h), prompt("fullRest")).kit).toBeNull();
  });

  it.each([
    ["breather", false, "ohne Antwort gelten dann die Vorgaben: keine Trefferwürfel, leichte Tätigkeit."],
    ["breather", true, "ohne Antwort gelten dann die Vorgaben: kein Talent, keine Trefferwürfel, leichte Tätigkeit."],
    ["longRest", false, "ohne Antwort gelten dann die Vorgaben: keine Trefferwürfel, leichte Tätigkeit, keine Aktivitäten."],
    ["fullRest", false, "ohne Antwort gelten dann die Vorgaben: Heilerset-Ladungen für die Heilung, leichte Tätigkeit, keine Aktivitäten."],
  ] as const)("G-17 %s (rest talent on the sheet: %s): the defaults line names only what the dialog asks", async (type, withTalent, line) => {
    const h = await hero();
    if (withTalent) await giveRestTalent(h, "aufmerksameErholung");
    const html = await render(restAnswerContext(h, sys(h), prompt(type)));
    expect(html.querySelector(".flex-rest-deadline")!.text.replace(/\s+/g, " ").trim()).toBe(`Noch 90 s: ${line}`);
  });

  it("R-REST-4 issue 35: ticking a fighting tournament in a full rest turns 'Nur Erholung −5' into ±0 and says why; unticking gives it back", async () => {
    const h = await hero();
    // The dialog's form, as DialogV2 wraps its content.
    const root = new RenderedElement(parse(`<form>${(await render(restAnswerContext(h, sys(h), prompt("fullRest")))).toString()}</form>`).firstElementChild!);
    followExertion(root as unknown as HTMLElement);
    const tag = (a: string) => root.querySelector(`[data-flex-relief='${a}']`)!.textContent;
    expect([tag("recovery"), tag("light")]).toEqual(["Erschöpfung −5", "Erschöpfung −3"]);
    const box = root.querySelector("input[name='downtime.turnier.on']")!;
    box.checked = true;
    await dispatch(box, "change");
    expect([tag("recovery"), tag("light"), tag("travel")]).toEqual(["Erschöpfung ±0 (Kampfturnier)", "Erschöpfung ±0 (Kampfturnier)", "Erschöpfung ±0"]);
    box.checked = false;
    await dispatch(box, "change");
    expect(tag("recovery")).toBe("Erschöpfung −5");
  });

  it("G-16: the activity table has heads (Aktivität · Kosten · Dauer) and says that an activity of several days counts once", async () => {
    const h = await hero();
    const root = parse((await render(restAnswerContext(h, sys(h), prompt("fullRest")))).toString());
    const heads = root.querySelectorAll(".flex-rest-downtime thead th").map((th) => th.text.trim());
    expect(heads).toEqual(["Wählen", "Aktivität", "Kosten", "Dauer"]);
    expect(root.querySelector(".flex-rest-downtime .hint")!.text).toContain("Eine mehrtägige Aktivität zählt einmal.");
  });

  it("G-16: money in the effect sentences carries the currency, from the catalog's prices", async () => {
    const h = await hero();
    const effect = async (type: string, id: string) => {
      const root = await render(restAnswerContext(h, sys(h), prompt(type)));
      return root.querySelector(`input[name='downtime.${id}.on']`)!.parentNode.parentNode.querySelector(".hint")!.text;
    };
    expect(await effect("longRest", "zechen")).toBe("Feiern und vergessen: kostet 4 ¥, dazu ein Prozentwurf (1W100).");
    expect(await effect("longRest", "arbeit")).toContain("statt 1 ¥ je Tag Lebensunterhalt; 2 ¥ je Tag als Mitglied einer zahlenden Organisation, 4 ¥ je Tag mit Auftritt.");
    expect(await effect("fullRest", "zechen")).toContain("Volk 5 ¥, Wohlhabende 25 ¥, Adel 100 ¥");
    expect(await effect("fullRest", "forschung")).toContain("mindestens 50 ¥.");
    expect(await effect("fullRest", "magischeGegenstaende")).toContain("mindestens 100 ¥;");
  });

  it("G-16 R-DOWN-2: the level-training row says where the character stands, not the formula", async () => {
    const h = await hero();
    const days = async () => (await render(restAnswerContext(h, sys(h), prompt("fullRest")))).querySelector("input[name='downtime.stufentraining.on']")!.parentNode.parentNode.querySelector(".flex-rest-days")!.text;
    // Level 4: 2 × 4 = 8 sessions.
    expect(await days()).toBe("0 von 8 Übungseinheiten");
    await h.setFlag("flex", "levelTraining", { level: 4, sessions: 3 });
    expect(await days()).toBe("3 von 8 Übungseinheiten");
    // Sessions of an earlier level do not count for this one.
    await h.setFlag("flex", "levelTraining", { level: 3, sessions: 5 });
    expect(await days()).toBe("0 von 8 Übungseinheiten");
  });

  it("R-DOWN-1 Ausbildung (issue 35): the row asks what and from whom; under way it says where it stands; the form reads both", async () => {
    const h = await hero();
    const fresh = await render(restAnswerContext(h, sys(h), prompt("longRest")));
    expect(fresh.querySelector("input[name='downtime.ausbildung.was']")!.getAttribute("placeholder")).toBe("Was (Sprache oder Werkzeug)");
    expect(fresh.querySelector("input[name='downtime.ausbildung.lehrer']")).not.toBeNull();
    await h.setFlag("flex", "ausbildung", { was: "Elfisch", lehrer: "Meisterin Yara", tage: 9, ziel: 42, bezahlt: 9 });
    const going = await render(restAnswerContext(h, sys(h), prompt("longRest")));
    expect(going.querySelector("input[name='downtime.ausbildung.was']")).toBeNull();
    expect(going.querySelector(".flex-rest-lesson")!.text).toBe("Läuft: Elfisch bei Meisterin Yara, Tag 9 von 42");
    const answer = readRestAnswerForm({ "downtime.ausbildung.on": true, "downtime.ausbildung.was": " Elfisch ", "downtime.ausbildung.lehrer": "Yara" }, "longRest");
    expect(answer.downtime).toEqual([{ id: "ausbildung", was: "Elfisch", lehrer: "Yara" }]);
  });

  it("the deadline is a countdown the dialog runs, starting at the GM's seconds", async () => {
    const h = await hero();
    const clock = (await render(restAnswerContext(h, sys(h), prompt("shortRest")))).querySelector(".flex-rest-countdown")!;
    expect(clock.getAttribute("role")).toBe("timer");
    expect(clock.getAttribute("data-seconds")).toBe("90");
    expect(clock.text).toBe("Noch 90 s:");
  });
});

describe("rest talents in the rest dialog (R-REST-TAL)", () => {
  it("only the talents on the character's sheet, each with what it does; one used since the long rest is greyed", async () => {
    const h = await hero();
    await giveRestTalent(h, "aufmerksameErholung", "taktischeAtempause");
    await h.update({ "system.rast.talente.aufmerksameErholung": true });
    const html = await render(restAnswerContext(h, sys(h), prompt("breather")));
    const radios = html.querySelectorAll("input[name=talent]");
    expect(radios.map((r) => r.getAttribute("value"))).toEqual(["", "aufmerksameErholung", "taktischeAtempause"]);
    expect(radios[0].hasAttribute("checked")).toBe(true);
    expect(radios[1].hasAttribute("disabled")).toBe(true);
    expect(radios[2].hasAttribute("disabled")).toBe(false);
    expect(radios[2].parentNode.text).toContain("Taktische Atempause");
    expect(radios[1].parentNode.text).toContain("erst wieder nach einer langen Rast");
    // G-17: no book button opening a picker of these same talents.
    expect(html.querySelector(".flex-rest-talents legend button")).toBeNull();
  });

  it("a character without rest talents is told where they come from; long rests have none", async () => {
    const h = await hero();
    const html = await render(restAnswerContext(h, sys(h), prompt("shortRest")));
    expect(html.querySelector("input[name=talent]")).toBeNull();
    expect(html.text).toContain("Kein Rast-Talent auf dem Bogen");
    const long = await render(restAnswerContext(h, sys(h), prompt("longRest")));
    expect(long.text).not.toContain("Kein Rast-Talent auf dem Bogen");
  });
});
