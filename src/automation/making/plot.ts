// Fields (R-FARM-1 … 3): sowing and harvesting run on the active GM's client, in its work queue; the seed money
// and the yield in ¥ are written with their mark on the actor ("sow:<field>:<n>", "harvest:<field>:<n>", n the
// sowing's number), a yield as an item carries it ("flags.flex.madeBy"). When world time passes the harvest date,
// the active GM marks the field and whispers one notice to its owners, once, however far the clock jumped.
import { LIMITS } from "../../data/fields";
import type { PlotData } from "../../data/item/making";
import { harvestYieldMode } from "../../helpers/settings";
import { fieldStatus, fieldWorkMinutes, YIELD_PER_PLOT, type FieldStatus } from "../../rules";
import { actorRef } from "../actor-ref";
import { refuse, registerRelay, type RelayContext } from "../gm-relay";
import { runOnGMQueue } from "../gm-queue";
import { runTaskWithCards } from "../task-journal/private-cards";
import type { TaskStep } from "../task-journal";
import { askMaking, FIELD_CARD, planCard, postCard } from "./cards";
import {
  formatWorldTime,
  incomeChanges,
  isDead,
  ledgerHas,
  madeItems,
  mayActFor,
  ownedItem,
  paymentChanges,
  refused,
  speakerOf,
  worldNow,
  type Refused,
} from "./shared";

const SOW = "plotSow";
const HARVEST = "plotHarvest";

const plotData = (item: Item.Implementation) => item.system as PlotData;
export const sowKey = (plot: Item.Implementation) => `sow:${plot.id}:${plotData(plot).ernten}`;
export const harvestKey = (plot: Item.Implementation) => `harvest:${plot.id}:${plotData(plot).ernten}`;

/** R-FARM-2: the field's state now, by the world's clock and calendar. */
export function plotStatus(plot: Item.Implementation, now = worldNow()): FieldStatus {
  return fieldStatus(plotData(plot).gesaetAm, now);
}

export interface FieldAnswer {
  ok: true;
  /** Done before this request (a lost write completed, or a replay): nothing charged or paid twice. */
  already: boolean;
  cost: number;
  yield: number;
  balance: number | null;
  created: string[];
  messageId: string | null;
}

/** R-FARM-1: sows the field (10 ¥ a plot), starting its 90 days now. */
export function sowPlot(plot: Item.Implementation) {
  return askMaking<FieldAnswer>(SOW, { itemUuid: plot.uuid });
}

/** R-FARM-2 / R-FARM-3: harvests a ripe field. */
export function harvestPlot(plot: Item.Implementation) {
  return askMaking<FieldAnswer>(HARVEST, { itemUuid: plot.uuid });
}

function plotFor(payload: Record<string, unknown>, requester: User.Implementation, what: string) {
  const plot = ownedItem(payload.itemUuid, "plot");
  if (!plot) return refuse("malformed", `${what}: no field at ${String(payload.itemUuid)}`);
  const actor = plot.actor!;
  if (!mayActFor(requester, actor)) return refuse("forbidden", `${what} on ${actor.name}'s field asked for by ${requester.name}, who does not own it`);
  if (isDead(actor)) return refused("dead");
  return { plot, actor };
}

const plantOf = (plot: Item.Implementation) => plotData(plot).pflanze.trim() || plot.name;

/** Runs in the GM work queue: R-FARM-1, the seeds paid with their mark, the sowing time from the GM's clock. */
export async function runSow(payload: Record<string, unknown>, context: RelayContext): Promise<FieldAnswer | Refused | ReturnType<typeof refuse>> {
  const { requester } = context;
  const found = plotFor(payload, requester, "sowing");
  if ("flexRefused" in found || "reason" in found) return found;
  const { plot, actor } = found;
  const sys = plotData(plot);
  if (sys.gesaetAm !== null) return refused("sown");
  const cost = sys.derived.kosten;
  const now = worldNow();
  const sown: TaskStep = { kind: "embedded", parent: actorRef(actor), embedded: "Item", update: [{ _id: plot.id, "system.gesaetAm": now, "system.benachrichtigt": false }] };
  if (ledgerHas(actor, sowKey(plot))) {
    await runTaskWithCards(context, [sown]);
    return { ok: true, already: true, cost, yield: 0, balance: null, created: [], messageId: null };
  }
  const payment = paymentChanges(actor, cost, sowKey(plot));
  if ("reason" in payment) return payment;
  const readyAt = fieldStatus(now, now).readyAt ?? now;
  const card = await planCard(
    FIELD_CARD,
    { kind: "sown", field: plot.name, plant: plantOf(plot), plots: sys.parzellen, cost, balance: payment.balance, minutes: fieldWorkMinutes(sys.parzellen, "sow"), readyAt: formatWorldTime(readyAt), rules: "R-FARM-1, R-FARM-2" },
    { speaker: speakerOf(actor), rollMode: payload.rollMode, requester, record: { kind: "sown", field: plot.uuid, cost, at: now, by: requester.id } },
  );
  await runTaskWithCards(context, [{ kind: "actors", writes: [{ ref: actorRef(actor), changes: payment.changes }] }, sown, card]);
  return { ok: true, already: false, cost, yield: 0, balance: payment.balance, created: [], messageId: card.data._id };
}

/** Runs in the GM work queue: R-FARM-2 ripe by the GM's clock, R-FARM-3 the yield once, the field fallow again. */
export async function runHarvest(payload: Record<string, unknown>, context: RelayContext): Promise<FieldAnswer | Refused | ReturnType<typeof refuse>> {
  const { requester } = context;
  const found = plotFor(payload, requester, "harvest");
  if ("flexRefused" in found || "reason" in found) return found;
  const { plot, actor } = found;
  const sys = plotData(plot);
  const status = plotStatus(plot);
  if (status.state === "fallow") return refused("fallow");
  if (status.state === "growing") return refused("notReady", { daysLeft: status.daysLeft });
  const worth = sys.derived.ertrag;
  const key = harvestKey(plot);
  const mode = harvestYieldMode();
  let balance: number | null = null;
  let created = madeItems(actor, key).map((i) => i.id!);
  const already = created.length > 0 || ledgerHas(actor, key);
  const steps: TaskStep[] = [];
  if (!already && mode === "geld") {
    const income = incomeChanges(actor, worth, key);
    if ("reason" in income) return income;
    steps.push({ kind: "actors", writes: [{ ref: actorRef(actor), changes: income.changes }] });
    balance = income.balance;
  } else if (!already) {
    const data = { _id: foundry.utils.randomID(), name: plantOf(plot), type: "equipment" as const, ...(plot.img ? { img: plot.img } : {}), system: { menge: Math.min(LIMITS.menge, sys.parzellen), preis: YIELD_PER_PLOT }, flags: { flex: { madeBy: key } } };
    steps.push({ kind: "embedded", parent: actorRef(actor), embedded: "Item", create: [data] });
    created = [data._id];
  }
  // The field lies fallow again; the next sowing has the next number (its own marks).
  steps.push({ kind: "embedded", parent: actorRef(actor), embedded: "Item", update: [{ _id: plot.id, "system.gesaetAm": null, "system.benachrichtigt": false, "system.ernten": Math.min(LIMITS.training, sys.ernten + 1) }] });
  if (already) {
    await runTaskWithCards(context, steps);
    return { ok: true, already: true, cost: 0, yield: worth, balance: null, created, messageId: null };
  }
  const card = await planCard(
    FIELD_CARD,
    { kind: "harvested", field: plot.name, plant: plantOf(plot), plots: sys.parzellen, worth, asMoney: mode === "geld", balance, minutes: fieldWorkMinutes(sys.parzellen, "harvest"), rules: "R-FARM-2, R-FARM-3" },
    { speaker: speakerOf(actor), rollMode: payload.rollMode, requester, record: { kind: "harvested", field: plot.uuid, worth, mode, by: requester.id } },
  );
  await runTaskWithCards(context, [...steps, card]);
  return { ok: true, already: false, cost: 0, yield: worth, balance, created, messageId: card.data._id };
}

// Notices when the harvest is due ----------------------------------------------------------------------------

export interface ReadyReport {
  /** Fields newly ready (marked and announced). */
  ready: string[];
  /** Fields whose mark was taken back because the clock was set back before their harvest date. */
  reset: string[];
  messageIds: string[];
}

/**
 * On the active GM, in its work queue: every sown field of every actor whose harvest date has come gets its mark
 * and one whispered notice to the actor's owners (one card per actor); a field whose date lies ahead again
 * (the clock set back) loses its mark, so it is announced again when the date comes. Nothing due, nothing written.
 */
export async function announceReadyFields(): Promise<ReadyReport> {
  const now = worldNow();
  const report: ReadyReport = { ready: [], reset: [], messageIds: [] };
  for (const actor of game.actors!.contents as Actor.Implementation[]) {
    const updates: Record<string, unknown>[] = [];
    const ready: Item.Implementation[] = [];
    for (const plot of actor.items.filter((i) => i.type === "plot")) {
      const sys = plotData(plot);
      const state = plotStatus(plot, now).state;
      if (state === "ready" && !sys.benachrichtigt) {
        updates.push({ _id: plot.id, "system.benachrichtigt": true });
        ready.push(plot);
      } else if (state === "growing" && sys.benachrichtigt) {
        updates.push({ _id: plot.id, "system.benachrichtigt": false });
        report.reset.push(plot.uuid);
      }
    }
    if (!updates.length) continue;
    // The marks first: a notice may be lost with a GM who drops, but never doubled.
    await actor.updateEmbeddedDocuments("Item", updates);
    if (!ready.length) continue;
    report.ready.push(...ready.map((p) => p.uuid));
    const owners = (game.users!.contents as User.Implementation[]).filter((u) => actor.testUserPermission(u, "OWNER")).map((u) => u.id!);
    const messageId = await postCard(
      FIELD_CARD,
      { kind: "ready", actor: actor.name, fields: ready.map((p) => ({ name: p.name, plant: plantOf(p), plots: plotData(p).parzellen, worth: plotData(p).derived.ertrag })), rules: "R-FARM-2" },
      { speaker: speakerOf(actor), whisper: owners, record: { kind: "ready", fields: ready.map((p) => p.uuid), at: now } },
    );
    if (messageId) report.messageIds.push(messageId);
  }
  return report;
}

/** Queues the check on the active GM whenever world time changes (and once when a GM's client is ready). */
function onWorldTime(): Promise<ReadyReport> | undefined {
  if (!game.users!.activeGM?.isSelf) return undefined;
  return runOnGMQueue(`fieldsReady:${foundry.utils.randomID()}`, announceReadyFields);
}

export function registerPlots(): void {
  registerRelay(SOW, runSow, { journalled: true });
  registerRelay(HARVEST, runHarvest, { journalled: true });
  Hooks.on("updateWorldTime", onWorldTime);
  Hooks.once("ready", onWorldTime);
}
