// Crafting projects (R-CRAFT-1 … 4, R-DOWN-2). The owner's client makes the project and picks its target; the
// money and the work run on the active GM's client, in its work queue, re-reading the project there:
// - materials (R-CRAFT-2) are paid once: the payment and its mark ("material:<project>") go into one actor
//   write, so a second click, a second GM or a change of GM finds the mark and pays nothing;
// - a session rolls 4-hour blocks (R-CRAFT-1, SW by R-CRAFT-3) or counts workdays (R-DOWN-2) until the target
//   (R-CRAFT-4) is reached, logs itself on the project under its request id, and stops at completion;
// - the finished item is created once: it carries the project's mark ("craft:<project>"), and a project that
//   finds an item with that mark makes no other.
// Each request is planned first (dice rolled, card rendered) and carried out as one journalled task, so a GM who
// drops between its writes leaves the rest to the next GM; a full rest's Handwerk plans a session into its own task.
import { LIMITS } from "../../data/fields";
import { LOG_KEPT, projectLog, projectTarget, targetCopy, type ProjectData, type ProjectLogEntry, type ProjectTarget } from "../../data/item/making";
import { CheckRoll } from "../../dice/check-roll";
import { CRAFT_BLOCK_HOURS, craftSession, workdaySession, type CheckResult, type RuleId } from "../../rules";
import { actorRef } from "../actor-ref";
import { refuse, registerRelay, type RelayContext } from "../gm-relay";
import { runTaskWithCards } from "../task-journal/private-cards";
import type { TaskStep } from "../task-journal";
import { askMaking, CRAFT_CARD, planCard } from "./cards";
import {
  isDead,
  ledgerHas,
  madeItems,
  mayActFor,
  ownedItem,
  paymentChanges,
  refused,
  requestInt,
  secondsPerDay,
  secondsPerHour,
  speakerOf,
  timeAfterWork,
  worldNow,
  type Refused,
} from "./shared";

const PAY = "craftPay";
/** The project's materials are paid (an update payload). */
const PAID: Record<string, unknown> = { "system.bezahlt": true };
const WORK = "craftWork";

/** At most this many blocks in one session (a week of six 4-hour blocks a day), or this many workdays. */
export const MAX_SESSION_BLOCKS = 42;
export const MAX_SESSION_DAYS = 99;

export const materialKey = (project: Item.Implementation) => `material:${project.id}`;
export const craftKey = (project: Item.Implementation) => `craft:${project.id}`;

const projectData = (item: Item.Implementation) => item.system as ProjectData;

/** Whether the project's materials are paid: its own mark, or the actor's record of the payment. */
export function materialsPaid(project: Item.Implementation): boolean {
  return projectData(project).bezahlt || (!!project.actor && ledgerHas(project.actor, materialKey(project)));
}

// The owner's side: a project from an item ----------------------------------------------------------------

export interface ProjectOptions {
  complexity?: string;
  talent?: string;
  mode?: "probe" | "arbeitstage";
  quantity?: number;
  helpers?: number;
}

/** Project data for making `source` (a copy of it is kept, so the project outlives it). Null for what cannot be made. */
export function projectSource(source: { name: string; type: string; img?: string | null; system: unknown }, options: ProjectOptions = {}): Record<string, unknown> | null {
  const target = targetCopy(source);
  if (!target) return null;
  const price = Number((target.system as { preis?: unknown }).preis);
  return {
    name: game.i18n!.format("FLEX.Making.ProjectName", { item: target.name }),
    type: "project",
    img: target.img ?? undefined,
    system: {
      preis: Number.isFinite(price) && price > 0 ? Math.min(LIMITS.geld, Math.round(price)) : 0,
      komplexitaet: options.complexity ?? "einfach",
      talent: options.talent ?? "",
      modus: options.mode ?? "probe",
      menge: options.quantity ?? 1,
      helfer: options.helpers ?? 0,
    },
    flags: { flex: { ziel: target } },
  };
}

/** Creates a project on `actor` for making `source`; null (with a message) for what cannot be made. */
export async function createProject(actor: Actor.Implementation, source: Item.Implementation, options: ProjectOptions = {}): Promise<Item.Implementation | null> {
  const data = projectSource(source, options);
  if (!data) {
    ui.notifications?.warn(game.i18n!.format("FLEX.Making.NotCraftable", { item: source.name }));
    return null;
  }
  const [created] = ((await actor.createEmbeddedDocuments("Item", [data as Item.CreateData])) ?? []) as Item.Implementation[];
  return created ?? null;
}

/** A new target for a project (dropped onto its sheet): only before the materials are paid. */
export async function setProjectTarget(project: Item.Implementation, source: { name: string; type: string; img?: string | null; system: unknown }): Promise<boolean> {
  if (project.type !== "project") return false;
  if (materialsPaid(project)) {
    ui.notifications?.warn(game.i18n!.localize("FLEX.Making.TargetLocked"));
    return false;
  }
  const data = projectSource(source);
  if (!data) {
    ui.notifications?.warn(game.i18n!.format("FLEX.Making.NotCraftable", { item: source.name }));
    return false;
  }
  const system = data.system as Record<string, unknown>;
  const changes: Record<string, unknown> = { "system.preis": system.preis, "flags.flex.ziel": (data.flags as { flex: { ziel: ProjectTarget } }).flex.ziel };
  await project.update(changes);
  return true;
}

// Requests to the active GM ---------------------------------------------------------------------------------

export interface PaidAnswer {
  ok: true;
  /** Already paid before this request: nothing was charged. */
  already: boolean;
  cost: number;
  balance: number | null;
  messageId: string | null;
}

export interface SessionAnswer {
  ok: true;
  /** The request was worked before (a replay): nothing changed. */
  already: boolean;
  gain: number;
  total: number;
  target: number;
  complete: boolean;
  created: string[];
  advanced: number;
  messageId: string | null;
}

/** R-CRAFT-2: pays the project's materials, once. */
export function payMaterials(project: Item.Implementation) {
  return askMaking<PaidAnswer>(PAY, { itemUuid: project.uuid });
}

/** R-CRAFT-1 / R-DOWN-2: works `amount` blocks (or workdays) on the project, optionally moving the clock on. */
export function workOnProject(project: Item.Implementation, { amount = 1, advance = false }: { amount?: number; advance?: boolean } = {}) {
  return askMaking<SessionAnswer>(WORK, { itemUuid: project.uuid, amount, advance });
}

/** The project and its actor a request names, if the requester may act for that actor. */
function projectFor(payload: Record<string, unknown>, requester: User.Implementation, what: string) {
  const project = ownedItem(payload.itemUuid, "project");
  if (!project) return refuse("malformed", `${what}: no project at ${String(payload.itemUuid)}`);
  const actor = project.actor!;
  if (!mayActFor(requester, actor)) return refuse("forbidden", `${what} on ${actor.name}'s project asked for by ${requester.name}, who does not own it`);
  if (isDead(actor)) return refused("dead");
  return { project, actor };
}

/** Runs in the GM work queue: R-CRAFT-2 materials, paid with the mark in the same actor write. */
export async function runPayMaterials(payload: Record<string, unknown>, context: RelayContext): Promise<PaidAnswer | Refused | ReturnType<typeof refuse>> {
  const { requester } = context;
  const found = projectFor(payload, requester, "materials");
  if ("flexRefused" in found || "reason" in found) return found;
  const { project, actor } = found;
  const sys = projectData(project);
  const cost = sys.derived.material;
  const paidStep: TaskStep = { kind: "embedded", parent: actorRef(actor), embedded: "Item", update: [{ _id: project.id, ...PAID }] };
  if (!projectTarget(project)) return refused("noTarget");
  if (sys.bezahlt) return { ok: true, already: true, cost, balance: null, messageId: null };
  if (ledgerHas(actor, materialKey(project))) {
    // Paid on an earlier request whose second write was lost: mark it, charge nothing.
    await runTaskWithCards(context, [paidStep]);
    return { ok: true, already: true, cost, balance: null, messageId: null };
  }
  const payment = paymentChanges(actor, cost, materialKey(project));
  if ("reason" in payment) return payment;
  const target = projectTarget(project)!;
  const card = await planCard(
    CRAFT_CARD,
    { kind: "paid", project: project.name, target, quantity: sys.menge, price: sys.derived.gesamtpreis, cost, balance: payment.balance, rules: "R-CRAFT-2" },
    { speaker: speakerOf(actor), rollMode: payload.rollMode, requester, record: { kind: "materials", project: project.uuid, cost, by: requester.id } },
  );
  await runTaskWithCards(context, [{ kind: "actors", writes: [{ ref: actorRef(actor), changes: payment.changes }] }, paidStep, card]);
  return { ok: true, already: false, cost, balance: payment.balance, messageId: card.data._id };
}

interface BlockRoll {
  roll: CheckRoll;
  result: CheckResult;
}

/** One block's check: the project's talent against its SW, rolled here (the GM's client) for the crafter. */
async function rollBlock(actor: Actor.Implementation, talent: Item.Implementation, sw: number): Promise<BlockRoll | null> {
  const prepared = actor.prepareCheck({ talent, sw });
  if (!prepared) return null;
  const roll = CheckRoll.fromCheck(prepared.input, prepared.label);
  await roll.evaluate();
  return roll.check ? { roll, result: roll.check } : null;
}

/** The data of the finished item(s): the target's copy with the project's mark; a batch by Menge or as copies. */
function finishedItems(project: Item.Implementation, target: ProjectTarget): Record<string, unknown>[] {
  const batch = projectData(project).menge;
  const model = CONFIG.Item.dataModels[target.type as keyof typeof CONFIG.Item.dataModels] as { schema?: { fields?: Record<string, unknown> } } | undefined;
  const flags = { flex: { madeBy: craftKey(project) } };
  // Each with its id chosen now: the task creates it once, whoever finishes the task.
  const base = () => ({ _id: foundry.utils.randomID(), name: target.name, type: target.type, ...(target.img ? { img: target.img } : {}), flags });
  if (model?.schema?.fields && "menge" in model.schema.fields) {
    const each = Number((target.system as { menge?: unknown }).menge);
    const menge = Math.min(LIMITS.menge, Math.max(1, Number.isFinite(each) ? Math.trunc(each) : 1) * batch);
    return [{ ...base(), system: { ...target.system, menge } }];
  }
  return Array.from({ length: batch }, () => ({ ...base(), system: foundry.utils.deepClone(target.system) }));
}

/** A session planned: what it answers, and the steps that carry it out (none for a replay). */
export interface SessionPlan {
  answer: SessionAnswer;
  steps: TaskStep[];
}

/** Runs in the GM work queue: one session of blocks or workdays, the finished item once, one card. */
export async function runProjectSession(payload: Record<string, unknown>, context: RelayContext): Promise<SessionAnswer | Refused | ReturnType<typeof refuse>> {
  const plan = await planProjectSession(payload, context);
  if (!("steps" in plan)) return plan;
  await runTaskWithCards(context, plan.steps);
  return plan.answer;
}

/** One session of blocks or workdays planned on the GM (rolled, its card rendered), nothing written yet. */
export async function planProjectSession(payload: Record<string, unknown>, { requester, requestId }: Pick<RelayContext, "requester" | "requestId">): Promise<SessionPlan | Refused | ReturnType<typeof refuse>> {
  const found = projectFor(payload, requester, "crafting");
  if ("flexRefused" in found || "reason" in found) return found;
  const { project, actor } = found;
  const sys = projectData(project);
  const log = projectLog(project);
  const none = { gain: 0, total: sys.derived.stand, target: sys.derived.ziel, created: [], advanced: 0, messageId: null };
  if (log.some((e) => e.id === requestId)) return { answer: { ok: true, already: true, complete: sys.fertig, ...none }, steps: [] };
  const target = projectTarget(project);
  if (!target) return refused("noTarget");
  if (sys.fertig) return refused("complete");
  if (!materialsPaid(project)) return refused("notPaid", { cost: sys.derived.material });

  // What the card and the counters need, read before anything is written.
  const { sw, ziel: goal, stand: before } = sys.derived;
  const blocksBefore = sys.bloecke;
  const probe = sys.modus !== "arbeitstage";
  const rolls: BlockRoll[] = [];
  const rules: RuleId[] = [];
  let total = before;
  let complete = sys.derived.komplett;
  let blocks = 0;
  let days = 0;
  let talentName = "";
  if (!complete && probe) {
    const talent = actor.findTalent(sys.talent);
    if (!sys.talent || !talent) return refused("noTalent");
    // Issue 25: blocks that cannot meet the SW add nothing (R-TRAIN-1 semantics); none is rolled for nothing.
    const outlook = actor.checkOutlook({ talent, sw });
    if (outlook?.chance === 0) return refused("unreachable", { max: outlook.max, sw });
    talentName = talent.name;
    const wanted = requestInt(payload.amount, 1, MAX_SESSION_BLOCKS, 1);
    // Block by block, so no die is rolled for a block the project no longer needs.
    for (let i = 0; i < wanted && !complete; i++) {
      const block = await rollBlock(actor, talent, sw);
      if (!block) break;
      rolls.push(block);
      const session = craftSession({ accumulated: total, target: goal }, [block.result.ew], sw);
      total = session.accumulated;
      complete = session.complete;
      blocks += 1;
    }
    rules.push("R-CRAFT-1", "R-CRAFT-3", "R-CRAFT-4", "R-TRAIN-1");
  } else if (!complete) {
    const session = workdaySession({ done: total, needed: goal }, requestInt(payload.amount, 1, MAX_SESSION_DAYS, 1));
    days = session.used;
    total = session.done;
    complete = session.complete;
    rules.push("R-DOWN-2");
  }
  const gain = total - before;

  // The finished item first, marked; then the project. A project that finds the item makes no second one.
  const steps: TaskStep[] = [];
  let created: string[] = madeItems(actor, craftKey(project)).map((i) => i.id!);
  if (complete && !created.length) {
    const items = finishedItems(project, target);
    created = items.map((i) => String(i._id));
    steps.push({ kind: "embedded", parent: actorRef(actor), embedded: "Item", create: items });
  }
  const entry: ProjectLogEntry = { id: requestId, at: worldNow(), by: requester.id!, ews: rolls.map((r) => r.result.ew), days, gain, total };
  const changes: Record<string, unknown> = { _id: project.id, "flags.flex.log": [...log, entry].slice(-LOG_KEPT) };
  if (probe) Object.assign(changes, { "system.ew": Math.min(LIMITS.training, total), "system.bloecke": Math.min(LIMITS.training, blocksBefore + blocks) });
  else changes["system.tage"] = Math.min(LIMITS.training, total);
  if (complete) changes["system.fertig"] = true;
  steps.push({ kind: "embedded", parent: actorRef(actor), embedded: "Item", update: [changes] });

  const seconds = probe ? blocks * CRAFT_BLOCK_HOURS * secondsPerHour() : days * secondsPerDay();
  const time = timeAfterWork(requester, seconds, payload.advance);
  if (time) steps.push(time);
  const card = await planCard(
    CRAFT_CARD,
    {
      kind: "session",
      project: project.name,
      target,
      probe,
      talent: talentName,
      sw,
      blocks: rolls.map((r, i) => ({ n: blocksBefore + i + 1, dice: r.result.dice.join(", "), result: r.result, ew: r.result.ew, counted: r.result.ew >= sw })),
      days,
      gain,
      total,
      goal,
      percent: Math.min(100, Math.floor((total / Math.max(1, goal)) * 100)),
      complete,
      made: complete ? { name: target.name, count: created.length } : null,
      hours: Math.round(seconds / secondsPerHour()),
      advanced: !!time,
      rules: [...new Set(rules)].join(", "),
    },
    { speaker: speakerOf(actor), rolls: rolls.map((r) => r.roll), rollMode: payload.rollMode, requester, record: { kind: "session", project: project.uuid, request: requestId, gain, total, complete, created, by: requester.id } },
  );
  steps.push(card);
  return { answer: { ok: true, already: false, gain, total, target: goal, complete, created, advanced: time ? seconds : 0, messageId: card.data._id }, steps };
}

export function registerProjects(): void {
  registerRelay(PAY, runPayMaterials, { journalled: true });
  registerRelay(WORK, runProjectSession, { journalled: true });
}
