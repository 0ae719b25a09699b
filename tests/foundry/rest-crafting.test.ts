// R-DOWN-2 with the making rules: Handwerk during a full rest works the character's crafting project in workday
// mode for the rest's 3 days, on the active GM, once; the project posts its own card and makes the item when done.
import { beforeEach, describe, expect, it } from "vitest";
import { as, messages, resetWorld, settle, state, type Clients } from "../harness";
import { DialogV2, flex, party, sys } from "./rest-helpers";
import { downtimeContext, restProjectInfo } from "../../src/applications/dialogs/rest-answer-dialog";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
const g = globalThis as Any;
let clients: Clients;

beforeEach(() => {
  clients = resetWorld({ gms: 2, players: 3 });
  DialogV2().answers.length = 0;
  DialogV2().prompts.length = 0;
});

/** A character with a paid workday project for an item of `preis` ¥ (⌈preis / 15⌉ workdays). */
async function crafter(preis: number, mode = "arbeitstage") {
  const [hero] = await party(clients, 1, () => ({ level: 1, geld: 1000, attributes: { ff: 10 } }));
  await hero.createEmbeddedDocuments("Item", [{ name: "Schmieden", type: "talent", system: { attribut: "ff", uebungswert: 3 } }]);
  const source = await g.Item.create({ name: "Langschwert", type: "weapon", system: { preis, schaden: "1W8" } });
  const project = await as(clients.players[0], () => flex().making.createProject(hero, source, { complexity: "einfach", talent: "Schmieden", mode }));
  await as(clients.players[0], () => flex().making.payMaterials(project));
  return { hero, project };
}
const fullRestWith = (activities: Record<string, unknown>) => ({ activity: "light", hitDice: "0", talent: "", ...activities });
const made = (actor: Any) => actor.items.filter((i: Any) => i.getFlag("flex", "madeBy"));

describe("R-DOWN-2 Handwerk during a full rest", () => {
  it("works the workday project 3 days: a 90 ¥ sword (6 days) is half done, with its own card, and costs nothing more", async () => {
    const { hero, project } = await crafter(90);
    const purse = sys(hero).geld;
    // A stale form (an old dialog) still sending a price changes nothing: the project holds the price, paid at its start.
    DialogV2().answers.push(fullRestWith({ "downtime.handwerk.on": true, "downtime.handwerk.amount": 90 }));
    const report = await as(clients.gms[1], () => flex().rest({ type: "fullRest", actors: [hero.id] }));
    await settle();
    expect(report.crafting).toEqual([{ actorId: hero.id, project: project.name, days: 3, total: 3, target: 6, complete: false }]);
    expect(sys(hero).geld).toBe(purse);
    expect(messages().find((m: Any) => m.id === report.messageId)!.content).toContain(`${project.name}: 3 Arbeitstage, jetzt 3 von 6`);
    expect(sys(project).derived).toMatchObject({ stand: 3, ziel: 6 });
    const craftCard = messages().find((m: Any) => m.content.includes("R-DOWN-2") && m.id !== report.messageId) as Any;
    expect(craftCard).toBeDefined();
    expect(made(hero)).toHaveLength(0);
  });

  it("a 30 ¥ item (2 days) is finished after 2 of the 3 days and made once", async () => {
    const { hero, project } = await crafter(30);
    DialogV2().answers.push(fullRestWith({ "downtime.handwerk.on": true }));
    const report = await flex().rest({ type: "fullRest", actors: [hero.id] });
    expect(report.crafting).toEqual([{ actorId: hero.id, project: project.name, days: 2, total: 2, target: 2, complete: true }]);
    expect(messages().find((m: Any) => m.id === report.messageId)!.content).toContain(`${project.name}: 2 Arbeitstage, fertig`);
    expect(made(hero)).toHaveLength(1);
    expect(sys(project).fertig).toBe(true);
  });

  it("without Handwerk no project is touched", async () => {
    const { hero, project } = await crafter(90);
    DialogV2().answers.push(fullRestWith({}));
    expect((await flex().rest({ type: "fullRest", actors: [hero.id] })).crafting).toEqual([]);
    expect(sys(project).derived.stand).toBe(0);
  });

  it.each([
    ["no project at all", "noProject", "kein offenes Projekt in Arbeitstagen"],
    ["a project of 4-hour blocks (checks)", "probeMode", "wird mit Proben gefertigt"],
    ["a workday project whose materials are unpaid", "notPaid", "noch nicht bezahlt"],
  ] as const)("with %s Handwerk is refused with the reason, the dialog greys it out, and 0 ¥ go", async (_case, reason, text) => {
    let hero: Any;
    let project: Any = null;
    if (reason === "noProject") [hero] = await party(clients, 1, () => ({ level: 1, geld: 1000 }));
    else if (reason === "probeMode") ({ hero, project } = await crafter(90, "probe"));
    else {
      [hero] = await party(clients, 1, () => ({ level: 1, geld: 1000, attributes: { ff: 10 } }));
      const source = await g.Item.create({ name: "Langschwert", type: "weapon", system: { preis: 90 } });
      project = await as(clients.players[0], () => flex().making.createProject(hero, source, { complexity: "einfach", talent: "Schmieden", mode: "arbeitstage" }));
    }
    const purse = sys(hero).geld;
    const info = restProjectInfo(hero);
    expect(info.block).toBe(reason);
    const row = (downtimeContext("fullRest", 2, "¥", { project: info })!.rows as Any[]).find((r) => r.id === "handwerk");
    expect(row.project.blocked).toBe(true);
    DialogV2().answers.push(fullRestWith({ "downtime.handwerk.on": true, "downtime.handwerk.amount": 500 }));
    const report = await flex().rest({ type: "fullRest", actors: [hero.id] });
    expect(report.entries[0].downtime.refused).toEqual([{ id: "handwerk", reason }]);
    expect(report.crafting).toEqual([]);
    expect(sys(hero).geld).toBe(purse);
    if (project) expect(sys(project).derived.stand).toBe(0);
    expect(messages().find((m: Any) => m.id === report.messageId)!.content).toContain(text);
  });

  it("the dialog's row names the project it will work and how far it is", async () => {
    const { hero, project } = await crafter(90);
    const row = (downtimeContext("fullRest", 2, "¥", { project: restProjectInfo(hero) })!.rows as Any[]).find((r) => r.id === "handwerk");
    expect(row.project).toEqual({ text: `${project.name}: 0 von 6 Arbeitstagen; Material bezahlt`, blocked: false });
  });
});

describe("R-DOWN-2 training for a level, across full rests", () => {
  it("counts 3 sessions a full rest in the rest's one write, says when the character is ready, and starts again at a new level", async () => {
    const [hero] = await party(clients, 1, () => ({ level: 2 }));
    const train = () => {
      DialogV2().answers.push(fullRestWith({ "downtime.stufentraining.on": true }));
      return flex().rest({ type: "fullRest", actors: [hero.id] });
    };
    const before = state.writes.length;
    const first = await train();
    expect(state.writes.slice(before).filter((w) => w.documentName === "Actor")).toHaveLength(1);
    expect(first.entries[0].levelTraining).toEqual({ level: 2, sessions: 3, needed: 4, ready: false });
    expect(messages().at(-1)!.content).toContain("3 von 4 Übungseinheiten");
    expect(hero.getFlag("flex", "levelTraining")).toEqual({ level: 2, sessions: 3 });
    // The next full rest is allowed after the window (R-REST-4); the world clock moves on a week.
    await g.game.time.advance(7 * 86_400);
    const second = await train();
    expect(second.entries[0].levelTraining).toEqual({ level: 2, sessions: 4, needed: 4, ready: true });
    expect(messages().at(-1)!.content).toContain("bereit für Level 3");
    await hero.update({ "system.level": 3 });
    await g.game.time.advance(7 * 86_400);
    expect((await train()).entries[0].levelTraining).toEqual({ level: 3, sessions: 3, needed: 6, ready: false });
  });
});
