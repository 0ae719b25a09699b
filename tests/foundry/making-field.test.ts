// Fields (R-FARM-1 … 3) on the world clock with two GMs and three players connected: the seeds are paid once, the
// field is ready exactly 90 world days after sowing (in small steps or one big jump), its owners get one notice,
// once, from the active GM, and the harvest is paid out once — as the plant or as ¥ (a world setting).
import { beforeEach, describe, expect, it } from "vitest";
import { FlexItemSheet } from "../../src/applications/sheets/item-sheet";
import { as, createActor, disconnect, messages, resetWorld, settle, state, type Clients, writesSince } from "../harness";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
const g = globalThis as Any;
const flex = () => g.game.flex;
const DAY = 86_400;
let clients: Clients;

beforeEach(() => {
  clients = resetWorld({ gms: 2, players: 3 });
});

const player = () => clients.players[0];
const gm = () => clients.gms[0];
const sys = (d: Any) => d.system as Any;

async function farmer(geld = 100) {
  return (await createActor({ name: "Bauer Korbinian", type: "character", ownership: { default: 0, [clients.players[0].id]: 3 }, system: { geld } })) as Any;
}

async function field(actor: Any, parzellen = 3, pflanze = "Wirselkraut") {
  const [plot] = await as(player(), () => actor.createEmbeddedDocuments("Item", [{ name: "Kräutergarten", type: "plot", system: { parzellen, pflanze } }]));
  return plot as Any;
}

/** The active GM moves the clock on (every client hears updateWorldTime). */
async function advance(seconds: number) {
  await as(gm(), () => g.game.time.advance(seconds));
  await settle();
}

const notices = () => messages().filter((m: Any) => m.getFlag("flex", "making")?.kind === "ready");

describe("R-FARM-1 sowing costs 10 ¥ a plot, once", () => {
  it("two clicks sow once: one payment with its mark, the sowing time from the GM's clock, one card", async () => {
    const actor = await farmer(100);
    const plot = await field(actor, 3);
    const before = state.writes.length;
    const now = g.game.time.worldTime;
    await Promise.all([as(player(), () => flex().making.sowPlot(plot)), as(clients.gms[1], () => flex().making.sowPlot(plot))]);
    expect(sys(actor).geld).toBe(70);
    expect(sys(plot).gesaetAm).toBe(now);
    expect(actor.getFlag("flex", "ledger")).toEqual([`sow:${plot.id}:0`]);
    expect(writesSince(before).map((w) => [w.action, w.documentName, w.userId])).toEqual([
      ["update", "Actor", gm().id],
      ["update", "Item", gm().id],
      ["create", "ChatMessage", gm().id],
    ]);
    const card = messages().at(-1) as Any;
    expect(card.content).toContain("3 Parzellen Wirselkraut gesät (etwa 30 Minuten), Saatgut 30 ¥.");
    expect(card.content).toContain("R-FARM-1, R-FARM-2");
    // The click that came second was told the field is sown already.
    expect(state.notifications.filter((n) => n.message === "Das Feld ist schon bestellt.")).toHaveLength(1);
  });

  it("not enough money: the refusal says how much is missing; nothing written", async () => {
    const actor = await farmer(25);
    const plot = await field(actor, 3);
    const before = state.writes.length;
    expect(await as(player(), () => flex().making.sowPlot(plot))).toMatchObject({ ok: false, reason: "funds", missing: 5, cost: 30 });
    expect(state.writes.length).toBe(before);
    expect(state.notifications.at(-1)).toMatchObject({ userId: player().id, message: "Es fehlen 5 ¥ (nötig: 30 ¥) – es wurde nichts bezahlt." });
  });
});

describe("R-FARM-2 ready exactly 90 world days after sowing; one notice, once, on the active GM", () => {
  it("in steps: nothing at 89 days or a second before 90; at 90 days one whispered notice to the owners", async () => {
    const actor = await farmer();
    const plot = await field(actor);
    await as(player(), () => flex().making.sowPlot(plot));
    await advance(89 * DAY);
    await advance(DAY - 1);
    expect(notices()).toHaveLength(0);
    expect(sys(plot).benachrichtigt).toBe(false);
    const before = state.writes.length;
    await advance(1);
    expect(notices()).toHaveLength(1);
    const notice = notices()[0] as Any;
    expect(notice.whisper.sort()).toEqual([...clients.gms.map((u) => u.id), player().id].sort());
    expect(notice.content).toContain("Erntereif bei Bauer Korbinian");
    expect(notice.content).toContain("3 × Wirselkraut, Wert 150 ¥");
    expect(sys(plot).benachrichtigt).toBe(true);
    // The time write, the field's mark, the notice: only the active GM wrote the last two.
    expect(writesSince(before).map((w) => [w.documentName, w.userId])).toEqual([
      ["Setting", gm().id],
      ["Item", gm().id],
      ["ChatMessage", gm().id],
    ]);
    await advance(DAY);
    await advance(30 * DAY);
    expect(notices()).toHaveLength(1);
  });

  it("one big jump of a thousand days: one notice for all the fields of a character", async () => {
    const actor = await farmer(200);
    const a = await field(actor, 2, "Minze");
    const b = await field(actor, 1, "Salbei");
    await as(player(), () => flex().making.sowPlot(a));
    await as(player(), () => flex().making.sowPlot(b));
    await advance(1000 * DAY);
    expect(notices()).toHaveLength(1);
    expect(notices()[0].content).toContain("Minze");
    expect(notices()[0].content).toContain("Salbei");
    await advance(DAY);
    expect(notices()).toHaveLength(1);
  });

  it("a second GM's clock change is handled by the active GM; a new active GM announces nothing twice", async () => {
    const actor = await farmer();
    const plot = await field(actor);
    await as(player(), () => flex().making.sowPlot(plot));
    await as(clients.gms[1], () => g.game.time.advance(90 * DAY));
    await settle();
    expect(notices()).toHaveLength(1);
    expect((notices()[0] as Any).author.id).toBe(gm().id);
    disconnect(gm());
    await as(clients.gms[1], () => g.game.time.advance(DAY));
    await settle();
    expect(notices()).toHaveLength(1);
  });

  it("the clock set back before the harvest date takes the mark back; the date coming again is announced again", async () => {
    const actor = await farmer();
    const plot = await field(actor);
    await as(player(), () => flex().making.sowPlot(plot));
    await advance(90 * DAY);
    await advance(-2 * DAY);
    expect(sys(plot).benachrichtigt).toBe(false);
    await advance(2 * DAY);
    expect(notices()).toHaveLength(2);
  });

  it("the sheet shows the harvest date and the days to go", async () => {
    const actor = await farmer();
    const plot = await field(actor);
    await as(player(), () => flex().making.sowPlot(plot));
    await advance(30 * DAY);
    const sheet = new FlexItemSheet({ document: plot } as never) as Any;
    await as(player(), () => sheet.render(true));
    const html = Object.values(sheet.lastRender).join("\n");
    expect(html).toContain("Wächst – noch 60 Tage.");
    expect(html).toContain("Erntereif");
    expect(html).toContain("30 ¥");
    expect(html).toContain("150 ¥");
    expect(g.game.i18n.missing.size).toBe(0);
  });
});

describe("R-FARM-3 the harvest: the plant worth 50 ¥ a plot, once", () => {
  it("as an item (the default): two clicks make one item; the field lies fallow for its next sowing", async () => {
    const actor = await farmer();
    const plot = await field(actor, 3);
    await as(player(), () => flex().making.sowPlot(plot));
    await advance(90 * DAY);
    await Promise.all([as(player(), () => flex().making.harvestPlot(plot)), as(clients.gms[1], () => flex().making.harvestPlot(plot))]);
    const crops = actor.items.filter((i: Any) => i.getFlag("flex", "madeBy") === `harvest:${plot.id}:0`);
    expect(crops).toHaveLength(1);
    expect(crops[0]).toMatchObject({ name: "Wirselkraut", type: "equipment" });
    expect(sys(crops[0])).toMatchObject({ menge: 3, preis: 50 });
    expect(sys(plot)).toMatchObject({ gesaetAm: null, benachrichtigt: false, ernten: 1 });
    expect(sys(actor).geld).toBe(70);
    expect(messages().at(-1).content).toContain("Wert 150 ¥");
    // The next sowing has its own marks.
    await as(player(), () => flex().making.sowPlot(plot));
    expect(sys(actor).geld).toBe(40);
    expect(actor.getFlag("flex", "ledger")).toEqual([`sow:${plot.id}:0`, `sow:${plot.id}:1`]);
  });

  it("as money when the world says so", async () => {
    await g.game.settings.set("flex", "harvestYield", "geld");
    const actor = await farmer(10);
    const plot = await field(actor, 1);
    await as(player(), () => flex().making.sowPlot(plot));
    await advance(90 * DAY);
    await as(player(), () => flex().making.harvestPlot(plot));
    await as(player(), () => flex().making.harvestPlot(plot));
    expect(sys(actor).geld).toBe(50);
    expect(actor.items.filter((i: Any) => i.type === "equipment")).toHaveLength(0);
  });

  it("before it is ripe, or on a fallow field: a refusal with the days to go, nothing written", async () => {
    const actor = await farmer();
    const plot = await field(actor);
    const before = state.writes.length;
    expect(await as(player(), () => flex().making.harvestPlot(plot))).toMatchObject({ ok: false, reason: "fallow" });
    await as(player(), () => flex().making.sowPlot(plot));
    await advance(80 * DAY);
    const mid = state.writes.length;
    expect(await as(player(), () => flex().making.harvestPlot(plot))).toMatchObject({ ok: false, reason: "notReady", daysLeft: 10 });
    expect(state.notifications.at(-1)).toMatchObject({ userId: player().id, message: "Noch nicht erntereif: 10 Tage." });
    expect(state.writes.length).toBe(mid);
    expect(before).toBeLessThan(mid);
  });

  it("a field's button on the sheet sows and harvests", async () => {
    const actor = await farmer();
    const plot = await field(actor, 2);
    const sheet = new FlexItemSheet({ document: plot } as never) as Any;
    const click = (detail: string) => sheet.options.actions.itemDetail.call(sheet, {}, { dataset: { detail } });
    await as(player(), () => sheet.render(true));
    expect(Object.values(sheet.lastRender).join("")).toContain('data-detail="sow"');
    await as(player(), () => click("sow"));
    expect(sys(actor).geld).toBe(80);
    await advance(90 * DAY);
    await as(player(), () => sheet.render(true));
    expect(Object.values(sheet.lastRender).join("")).toContain('data-detail="harvest"');
    await as(player(), () => plot.roll());
    expect(sys(plot).ernten).toBe(1);
  });
});
