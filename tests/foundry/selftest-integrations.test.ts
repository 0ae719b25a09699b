// The self-test learns the integrations (issue 34, scope 7): for each module active in the GM's world one scenario more
// on the report card — a Token Action HUD click rolls, Item Piles moves ¥ and an item, the world time reads as a date,
// the token ruler names its Aktionen. Without the modules the card lists only the system's scenarios and the date.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { RULER_SCENARIO } from "../../src/applications/token-ruler";
import { SCENARIOS, selfTest, selfTestScenarios } from "../../src/automation/selftest";
import { as, messages, resetWorld, settle, worldCollections, type Clients } from "../harness";
import { installFakeItemPiles } from "../harness/item-piles";
import { startFakeTah } from "../harness/token-action-hud";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
const g = globalThis as Any;
let clients: Clients;
let piles: ReturnType<typeof installFakeItemPiles> | null = null;
/** Item Piles arrives once in this file, as in a world (its ready hook fires once); later tests find it there. */
function itemPiles() {
  if (!piles) {
    piles = installFakeItemPiles();
    piles.ready();
  }
  return piles;
}

beforeEach(() => {
  clients = resetWorld({ gms: 1, players: 1 });
});

async function run(scenarios?: Any) {
  const quiet = vi.spyOn(console, "error").mockImplementation(() => {});
  try {
    const report = await as(clients.gms[0], () => selfTest(scenarios ? { scenarios } : {}));
    await settle();
    return report!;
  } finally {
    quiet.mockRestore();
  }
}

const reportText = () => String((messages().find((m: Any) => m.flags?.flex?.selfTest) as Any)?.content ?? "");

describe("the self-test with the table's modules", () => {
  it("without any module: the system's scenarios and the world's date, all passed", async () => {
    expect(selfTestScenarios().map((s) => s.id)).toEqual([...SCENARIOS.map((s) => s.id), "calendar"]);
    const report = await run();
    expect(report.results.filter((r: Any) => !r.passed)).toEqual([]);
    expect(reportText()).toContain("Kalender: ein Datum der Welt");
  });

  it("with Token Action HUD and Item Piles: a HUD click rolls the check, ¥ and a potion change hands; both on the card, passed; nothing left behind", async () => {
    await startFakeTah("2.1.1");
    itemPiles();
    const ids = selfTestScenarios().map((s) => s.id);
    expect(ids).toEqual(expect.arrayContaining(["tokenActionHud", "itemPiles"]));
    const actorsBefore = worldCollections.actors.size;
    const report = await run();
    expect(report.results.filter((r: Any) => ["tokenActionHud", "itemPiles"].includes(r.id))).toEqual([
      { id: "tokenActionHud", passed: true, failure: null },
      { id: "itemPiles", passed: true, failure: null },
    ]);
    expect(reportText()).toContain("Token Action HUD: eine Probe aus dem HUD");
    expect(reportText()).toContain("Item Piles: ¥ und ein Gegenstand wechseln den Besitzer");
    expect(worldCollections.actors.size).toBe(actorsBefore);
    expect(messages()).toHaveLength(1);
  });

  it("an Item Piles whose transfer of ¥ goes nowhere: the scenario fails and says what each side holds", async () => {
    itemPiles();
    const real = g.game.itempiles.API.transferAttributes;
    g.game.itempiles.API.transferAttributes = async () => true;
    // The scenario waits a few seconds for the transfer before it fails: the clock is moved on, not waited for.
    vi.useFakeTimers({ toFake: ["setTimeout"] });
    let report: Any = null;
    try {
      const done = run(selfTestScenarios().filter((s) => s.id === "itemPiles")).then((r) => (report = r));
      while (!report) await vi.advanceTimersByTimeAsync(500);
      await done;
    } finally {
      vi.useRealTimers();
      g.game.itempiles.API.transferAttributes = real;
    }
    expect(report.results).toEqual([{ id: "itemPiles", passed: false, failure: expect.objectContaining({ key: "FLEX.SelfTest.Expect.NotTransferred" }) }]);
    expect(reportText()).toContain("Abgeber 10 ¥, 1 × Heiltrank, Empfänger 0 ¥, 1 × Heiltrank");
  });

  it("the ruler scenario (added where core has its TokenRuler): 1 Aktion at the speed, 2 one Schritt further", async () => {
    const report = await run([RULER_SCENARIO]);
    expect(report.results).toEqual([{ id: "ruler", passed: true, failure: null }]);
    expect(reportText()).toContain("Lineal: Aktionen der Bewegung");
  });

  it("a world time shown as a bare number fails the calendar scenario, naming it", async () => {
    const calendar = selfTestScenarios().find((s) => s.id === "calendar")!;
    const time = g.game.time;
    const had = Object.getOwnPropertyDescriptor(time, "calendar");
    Object.defineProperty(time, "calendar", { configurable: true, value: { format: (t: number) => String(t) } });
    try {
      const report = await run([calendar]);
      expect(report.results[0]).toMatchObject({ id: "calendar", passed: false, failure: { key: "FLEX.SelfTest.Expect.NotADate" } });
      expect(reportText()).toContain("Die Weltzeit wird als „0“ angezeigt, nicht als Datum.");
    } finally {
      if (had) Object.defineProperty(time, "calendar", had);
      else delete time.calendar;
    }
  });
});
