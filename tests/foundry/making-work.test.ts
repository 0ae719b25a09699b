// Work for pay (R-MONEY-2) and the GM's reward helper (R-MONEY-1): the GM rolls and pays, one write and one card
// per job, the clock moved on when asked; rewards suggested by Level and split over quests, paid in one batch.
import { beforeEach, describe, expect, it } from "vitest";
import { openWorkDialog, workDialogContext } from "../../src/applications/dialogs/work-dialog";
import { as, createActor, dice, messages, resetWorld, state, writesOf, type Clients, writesSince } from "../harness";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
const g = globalThis as Any;
const flex = () => g.game.flex;
let clients: Clients;

beforeEach(() => {
  clients = resetWorld({ gms: 2, players: 3 });
});

const player = () => clients.players[0];
const gm = () => clients.gms[0];
const sys = (d: Any) => d.system as Any;
const DialogV2 = () => g.foundry.applications.api.DialogV2;

/** A carpenter owned by the first player: FF W8, Handwerk ÜW 2 (1d8 + 2). */
async function worker(geld = 10, level = 1, owner = clients.players[0]) {
  const actor = (await createActor({ name: `Zimmerin ${level}`, type: "character", ownership: { default: 0, [owner.id]: 3 }, system: { geld, level, attributes: { ff: 8 } } })) as Any;
  await actor.createEmbeddedDocuments("Item", [{ name: "Handwerk", type: "talent", system: { attribut: "ff", uebungswert: 2 } }]);
  return actor;
}

describe("R-MONEY-2 work: 4 h → EW ¥, a day → EW × 3 ¥, a week → EW × 20 ¥", () => {
  it.each([
    ["4h", 6, 8],
    ["day", 6, 24],
    ["week", 6, 160],
  ] as const)("%s with a 6 on the W8 (EW 8) pays %i ¥ — rolled and paid by the active GM, one write, one card", async (duration, face, pay) => {
    const actor = await worker(10);
    const before = state.writes.length;
    dice(8, face);
    const answer = await as(player(), () => flex().making.requestWork(actor, { talent: "Handwerk", duration }));
    expect(answer).toMatchObject({ ok: true, ew: 8, pay, balance: 10 + pay });
    expect(sys(actor).geld).toBe(10 + pay);
    expect(writesSince(before).map((w) => [w.action, w.documentName, w.userId])).toEqual([
      ["update", "Actor", gm().id],
      ["create", "ChatMessage", gm().id],
    ]);
    const card = messages().at(-1) as Any;
    expect(card.rolls).toHaveLength(1);
    expect(card.content).toContain(`Verdient: ${pay} ¥`);
    expect(card.content).toContain("R-MONEY-2");
  });

  it("moves the clock on by the job's length when asked: a day is 24 hours, a week 7 days", async () => {
    const actor = await worker();
    const t0 = g.game.time.worldTime;
    dice(8, 3);
    await as(player(), () => flex().making.requestWork(actor, { talent: "Handwerk", duration: "day", advance: true }));
    expect(g.game.time.worldTime - t0).toBe(86_400);
    dice(8, 3);
    await as(player(), () => flex().making.requestWork(actor, { talent: "Handwerk", duration: "week", advance: true }));
    expect(g.game.time.worldTime - t0).toBe(8 * 86_400);
    expect(writesOf({ documentName: "Setting" }).every((w) => w.userId === gm().id)).toBe(true);
  });

  it("the work dialog: a talent, a week, a modifier (a player's only a malus; a bonus is the GM's)", async () => {
    const actor = await worker(0);
    const context = await as(player(), () => workDialogContext(actor));
    expect(Object.values(context.talents)).toEqual(["Handwerk (ÜW 2)"]);
    expect(context.bonusAllowed).toBe(false);
    // Before the click: what the check can reach and what that pays, for each length of the job (issue 25).
    expect(context.outlook).toBe("EW 3 bis 10: Lohn 9 bis 30 ¥");
    expect(JSON.parse(context.outlooks)[actor.items.getName("Handwerk").id]).toEqual({ "4h": "EW 3 bis 10: Lohn 3 bis 10 ¥", day: "EW 3 bis 10: Lohn 9 bis 30 ¥", week: "EW 3 bis 10: Lohn 60 bis 200 ¥" });
    DialogV2().answers.push({ talent: actor.items.getName("Handwerk").id, duration: "week", modifier: "-1" });
    dice(8, 4);
    const answer = await as(player(), () => openWorkDialog(actor));
    expect(answer).toMatchObject({ ew: 5, pay: 100 });
    expect(sys(actor).geld).toBe(100);
    expect(DialogV2().prompts.at(-1).content).toContain("EW × 20 ¥");
    expect(DialogV2().prompts.at(-1).content).toContain('max="0"');
    // The GM may give the bonus from the same dialog.
    expect((await workDialogContext(actor)).bonusAllowed).toBe(true);
    DialogV2().answers.push({ talent: actor.items.getName("Handwerk").id, duration: "week", modifier: "1" });
    dice(8, 4);
    expect(await openWorkDialog(actor)).toMatchObject({ ew: 7, pay: 140 });
    expect(sys(actor).geld).toBe(240);
    expect(g.game.i18n.missing.size).toBe(0);
  });

  it("a player's request with a bonus or Vorteile is refused: 0 writes, whatever the client sends", async () => {
    const actor = await worker(0);
    const before = state.writes.length;
    for (const extra of [{ modifier: 99 }, { vorteile: 9 }, { modifier: 1, vorteile: 1 }]) {
      const answer = await as(player(), () => flex().making.requestWork(actor, { talent: "Handwerk", duration: "week", ...extra }));
      expect(answer).toMatchObject({ ok: false, reason: "bonus" });
    }
    expect(state.writes.length).toBe(before);
    expect(sys(actor).geld).toBe(0);
    expect(state.notifications.at(-1)?.message).toBe("Vorteile und Boni für die Arbeit vergibt die Spielleitung – es wurde nicht gewürfelt. Nachteile und Abzüge darfst du selbst eintragen.");
  });

  it("a talent the worker lacks, or a creature without a purse: a refusal, nothing written", async () => {
    const actor = await worker();
    const before = state.writes.length;
    expect(await as(player(), () => flex().making.requestWork(actor, { talent: "Schmieden", duration: "day" }))).toMatchObject({ ok: false, reason: "noTalent" });
    const wolf = await createActor({ name: "Wolf", type: "creature" });
    const mid = state.writes.length;
    expect(await flex().making.requestWork(wolf, { talent: "Handwerk", duration: "day" })).toMatchObject({ ok: false, reason: "noPurse" });
    expect(state.writes.length).toBe(mid);
    expect(before).toBeLessThan(mid);
  });
});

describe("R-MONEY-1 the GM's reward helper", () => {
  it("suggests by Level and splits over the quests, without a dialog for a macro", async () => {
    const a = await worker(0, 6);
    const b = await worker(0, 12, clients.players[1]);
    const report = await flex().rewards({ actors: [a, b.id], quests: 4, dialog: false });
    expect(report.rows).toEqual([
      { actorId: a.id, name: a.name, level: 6, reward: 1000, shares: [250, 250, 250, 250], next: { share: 250, quest: 1, remaining: 1000, complete: false } },
      { actorId: b.id, name: b.name, level: 12, reward: 4000, shares: [1000, 1000, 1000, 1000], next: { share: 1000, quest: 1, remaining: 4000, complete: false } },
    ]);
    expect(report.paid).toBeNull();
    expect(state.writes.filter((w) => w.documentName === "Actor" && w.action === "update")).toHaveLength(0);
  });

  it("the dialog's main button pays the ticked characters their next quest's share: one batched write, one card", async () => {
    const a = await worker(5, 6);
    const b = await worker(5, 2, clients.players[1]);
    const c = await worker(5, 9, clients.players[2]);
    DialogV2().answers.push({ quests: "3", [a.id]: { include: true }, [b.id]: { include: true }, [c.id]: { include: false } });
    const before = state.writes.length;
    const report = await as(clients.gms[1], () => flex().rewards({ actors: [a, b, c] }));
    expect(DialogV2().prompts.at(-1).content).toContain("1000 ¥");
    expect(DialogV2().prompts.at(-1).ok.label).toBe("Auszahlen");
    expect(report.quests).toBe(3);
    expect(report.paid.paid.map((p: Any) => [p.name, p.amount, p.quest])).toEqual([[a.name, 334, 1], [b.name, 167, 1]]);
    expect([sys(a).geld, sys(b).geld, sys(c).geld]).toEqual([339, 172, 5]);
    expect(writesSince(before).map((w) => [w.action, w.documentName, w.userId, w.ids.length])).toEqual([
      ["update", "Actor", gm().id, 2],
      ["create", "ChatMessage", gm().id, 1],
    ]);
    expect(messages().at(-1).content).toContain("R-MONEY-1");
    expect(messages().at(-1).content).toContain("Auftrag 1 von 3");
  });

  it("Decision: a mission is paid quest by quest; each character remembers what it received, and a mission paid in full pays no more", async () => {
    const a = await worker(0, 6);
    const pay = (quests: number) => flex().rewards({ actors: [a], quests, dialog: false, pay: true });
    expect((await pay(3)).paid.paid.map((p: Any) => [p.amount, p.quest])).toEqual([[334, 1]]);
    expect((await pay(3)).paid.paid.map((p: Any) => [p.amount, p.quest])).toEqual([[333, 2]]);
    // Split differently midway: never more than the mission's reward in all.
    expect((await pay(2)).paid.paid.map((p: Any) => [p.amount, p.quest])).toEqual([[333, 2]]);
    expect(sys(a).geld).toBe(1000);
    const done = await pay(3);
    expect(done.paid.paid).toEqual([]);
    expect(done.rows[0].next).toMatchObject({ complete: true });
    expect(sys(a).geld).toBe(1000);
    // A new Level is a new mission.
    await a.update({ "system.level": 8 });
    expect((await pay(1)).paid.paid.map((p: Any) => p.amount)).toEqual([2000]);
  });

  it("players get no reward helper", async () => {
    await worker(0, 3);
    expect(await as(player(), () => flex().rewards())).toBeNull();
    expect(state.notifications.at(-1)).toMatchObject({ userId: player().id, type: "warn" });
  });
});
