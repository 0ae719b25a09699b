// Decision (issue 25): a dead character cannot work, craft, sow, train, be rewarded or rest, and its Erschöpfung stops
// at death (R-EXH-3). What a table notices: 0 ¥ gained or lost, nothing made, no card, a clear refusal.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { trainCompanion } from "../../src/automation/companions";
import { acting, createActor, messages, queueDice, resetWorld, state, type Clients } from "../harness";
import { flex, sys } from "./rest-helpers";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
const g = globalThis as Any;
let clients: Clients;

beforeEach(() => {
  clients = resetWorld({ gms: 1, players: 1 });
  const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
  return () => warn.mockRestore();
});

/** Player 1's Alrik, dead of exhaustion: 100 ¥, Handwerk, Mit Tieren umgehen, a paid project and a field. */
async function deadAlrik() {
  const alrik = (await createActor({ name: "Alrik", type: "character", ownership: { default: 0, [clients.players[0].id]: 3 }, system: { geld: 100, attributes: { ko: 8, ff: 8, ch: 8 }, erschoepfung: { value: 8 } } })) as Any;
  await alrik.createEmbeddedDocuments("Item", [
    { name: "Handwerk", type: "talent", system: { attribut: "ff", uebungswert: 2 } },
    { name: "Mit Tieren umgehen", type: "talent", system: { attribut: "ch", uebungswert: 14 } },
    { name: "Feld", type: "plot", system: { parzellen: 2 } },
  ]);
  const dagger = await g.Item.create({ name: "Dolch", type: "weapon", system: { preis: 30 } });
  const project = await flex().making.createProject(alrik, dagger, { talent: "Handwerk" });
  await project.update({ "system.bezahlt": true });
  await alrik.toggleStatusEffect("dead", { active: true });
  return { alrik, project, plot: alrik.items.getName("Feld") };
}

const notices = () => state.notifications.filter((n) => n.userId === clients.players[0].id).map((n) => n.message);

describe("the dead do nothing that costs or pays", () => {
  it("work, a crafting session and sowing are refused: 0 ¥, no card, no write", async () => {
    const { alrik, project, plot } = await deadAlrik();
    const before = state.writes.length;
    queueDice([{ faces: 8, result: 8 }]);
    expect(await acting(clients.players[0], () => flex().making.requestWork(alrik, { talent: "Handwerk", duration: "week" }))).toMatchObject({ ok: false, reason: "dead" });
    expect(await acting(clients.players[0], () => flex().making.workOnProject(project, { amount: 3 }))).toMatchObject({ ok: false, reason: "dead" });
    expect(await acting(clients.players[0], () => flex().making.sowPlot(plot))).toMatchObject({ ok: false, reason: "dead" });
    expect(state.writes.length).toBe(before);
    expect(sys(alrik).geld).toBe(100);
    expect(messages()).toHaveLength(0);
    expect(notices()).toContain("Tote arbeiten, stellen nichts her und säen und ernten nicht – es wurde nichts getan und nichts bezahlt.");
  });

  it("a reward pays the living, not the dead", async () => {
    const { alrik } = await deadAlrik();
    const bela = (await createActor({ name: "Bela", type: "character", ownership: { default: 0, [clients.players[0].id]: 3 }, system: { geld: 0 } })) as Any;
    const paid = await flex().making.payRewards([alrik.id, bela.id], 1);
    expect(paid.paid.map((p: Any) => p.name)).toEqual(["Bela"]);
    expect(sys(alrik).geld).toBe(100);
    expect(sys(bela).geld).toBeGreaterThan(0);
  });

  it("training is refused, nothing paid", async () => {
    const { alrik } = await deadAlrik();
    const wolf = (await createActor({ name: "Grauwolf", type: "creature", ownership: { default: 1 }, system: { stufe: 1, art: "tier", trainierbar: true } })) as Any;
    const before = state.writes.length;
    expect(await acting(clients.players[0], () => trainCompanion({ trainer: alrik, creature: wolf, blocks: 2 }))).toMatchObject({ status: "dead" });
    expect(state.writes.length).toBe(before);
    expect(notices()).toContain("Alrik oder Grauwolf ist tot: Es wird nicht trainiert und nichts bezahlt.");
  });

  it("a rest and an end of day pass the dead by; their Erschöpfung stays where death left it", async () => {
    const { alrik } = await deadAlrik();
    const before = state.writes.length;
    expect(await flex().rest({ type: "longRest", actors: [alrik.id], ask: false })).toBeNull();
    expect(state.notifications.at(-1)?.message).toBe("Alrik ist tot und rastet nicht.");
    await flex().requestEndOfDay({ actorIds: [alrik.id], needs: { [alrik.id]: { essen: false, trinken: false, schlaf: false } } });
    expect(sys(alrik).erschoepfung.value).toBe(8);
    expect(state.writes.slice(before).filter((w) => w.documentName === "Actor")).toEqual([]);
  });
});

describe("R-EXH-3 (Decision): Erschöpfung stops at death", () => {
  it("a day with every need missed two below the KO-Wert ends at the KO-Wert, dead, not past it", async () => {
    const bela = (await createActor({ name: "Bela", type: "character", system: { attributes: { ko: 8 }, erschoepfung: { value: 6 } } })) as Any;
    await flex().requestEndOfDay({ actorIds: [bela.id], needs: { [bela.id]: { essen: false, trinken: false, schlaf: false } } });
    expect(sys(bela).erschoepfung.value).toBe(8);
    expect(bela.statuses.has("dead")).toBe(true);
  });
});
