// Training a creature (R-TRAIN-1, R-TRAIN-2): one session of 4-hour blocks, each the trainer's handling check
// against Misstrauen, adding its EW when it meets the SW, until the accumulated EW reaches 100; 10 ¥ per block
// from the trainer. One batched write (the creature's progress, link or Misstrauen, and the request's mark on the
// creature; the trainer's money) and one card per session, planned first and carried out as one journalled task
// (a GM who drops between the write and the card leaves the card to the next GM). The session runs in a work queue under its request id,
// and the creature remembers the ids it was trained under, so a second click, a second GM or a new active GM never
// trains (or charges) twice. A creature the user may not write is trained by the active GM for the trainer's owner,
// who checks everything and rolls the checks itself.
import { CheckRoll } from "../../dice/check-roll";
import { checkCardData } from "../../dice/check-card";
import type { CheckCardData } from "../../dice/check-card";
import { audienceFor, isRollMode, rollModeOr } from "../../helpers/roll-mode";
import { currencyLabel, trainingAdvancesTime } from "../../helpers/settings";
import {
  canLowerMisstrauen,
  TRAINING_GOAL,
  TRAINING_MAX_BLOCKS,
  TRAINING_REWARDS,
  trainingAffordable,
  trainingCompletion,
  trainingRun,
} from "../../rules";
import type { RuleId, TrainingCompletion, TrainingRelation, TrainingReward, TrainingRun } from "../../rules";
import { actorRef, resolveActor, visibleTo } from "../actor-ref";
import type { ActorRef } from "../actor-ref";
import { tokenFor } from "../combat/targets";
import { runOnGMQueue } from "../gm-queue";
import { askActiveGM, refuse, registerRelay } from "../gm-relay";
import type { RelayContext, Refusal } from "../gm-relay";
import { cardStep } from "../task-journal";
import { runTaskWithCards } from "../task-journal/private-cards";
import type { TaskStep } from "../task-journal";
import { relationTo } from "./link";

export const TRAINING_CARD_TEMPLATE = "systems/flex/templates/chat/training-card.hbs";
const QUERY = "companionTraining";
/** Request ids a creature remembers (the newest); a repeat of one of them trains nothing. */
const REQUESTS_KEPT = 20;
const REQUEST_ID = /^[\w.:-]{1,100}$/;

export interface TrainingRequest {
  trainer: Actor.Implementation;
  creature: Actor.Implementation;
  /** 4-hour blocks to train at most; the session stops when the training completes. */
  blocks: number;
  /** R-TRAIN-2: what the trainer's companion gains when a block completes; ignored for a creature without trainer. */
  reward?: TrainingReward | null;
  /** The same id twice trains once (the dialog makes one per opening). */
  requestId?: string;
  rollMode?: string;
}

/** Why a session was not trained; "trained" when it was, "already" when this request had been carried out. */
export type TrainingStatus = "trained" | "already" | "notTrainable" | "otherTrainer" | "noTalent" | "noMoney" | "badBlocks" | "noReward" | "atFloor" | "dead" | "unreachable";

export interface TrainingReport {
  status: TrainingStatus;
  messageId: string | null;
  run: Pick<TrainingRun, "progress" | "completed" | "cost" | "hours"> & { blocks: number };
  completion: TrainingCompletion["kind"] | null;
  /** With noMoney: what the session costs, and what the trainer has. */
  cost?: number;
  geld?: number;
  /** With unreachable: the highest EW the handling check can reach, and the Misstrauen it must meet. */
  reach?: { max: number; sw: number };
}

/** What a training card records (flags.flex.training). */
export interface TrainingRecord {
  id: string;
  trainer: ActorRef & { name: string };
  creature: ActorRef & { name: string; img: string };
  talent: string;
  sw: number;
  before: number;
  progress: number;
  goal: number;
  completed: boolean;
  blocks: { n: number; check: CheckCardData; added: number; total: number }[];
  cost: number;
  hours: number;
  timeAdvanced: boolean;
  completion: TrainingCompletion | null;
  currency: string;
  rules: RuleId[];
}

interface Plan {
  relation: TrainingRelation;
  talent: string;
  sw: number;
  progress: number;
  blocks: number;
  reward: TrainingReward | null;
}

interface CreatureSystem {
  trainierbar?: unknown;
  training?: { fortschritt?: number };
  derived?: { misstrauen?: number; umgangTalent?: string };
}

const NO_RUN: TrainingReport["run"] = { progress: 0, completed: false, cost: 0, hours: 0, blocks: 0 };
const report = (status: TrainingStatus, extra: Partial<TrainingReport> = {}): TrainingReport => ({ status, messageId: null, run: NO_RUN, completion: null, ...extra });
const format = (key: string, data: Record<string, string | number>) => game.i18n!.format(key, Object.fromEntries(Object.entries(data).map(([k, v]) => [k, String(v)])));
const creatureSystem = (creature: Actor.Implementation) => creature.system as CreatureSystem;
const geldOf = (trainer: Actor.Implementation) => Math.max(0, Math.trunc(Number((trainer.system as { geld?: unknown }).geld) || 0));
const nameOf = (actor: Actor.Implementation) => actor.token?.name || actor.name;

/** The request ids the creature was trained under. */
function requestsOf(creature: Actor.Implementation): string[] {
  const mark = creature.getFlag("flex", "training") as { requests?: unknown } | undefined;
  return Array.isArray(mark?.requests) ? mark.requests.filter((r): r is string => typeof r === "string") : [];
}

/** R-TRAIN-1 / R-TRAIN-2: whether this session may be trained, read from the documents as they are now. */
function plan(trainer: Actor.Implementation, creature: Actor.Implementation, blocks: number, reward: TrainingReward | null | undefined): Plan | TrainingStatus {
  const relation = relationTo(creature, trainer);
  const sys = creatureSystem(creature);
  // Decision (issue 25): the dead train nothing, and nothing dead is trained.
  if (trainer.statuses.has("dead") || creature.statuses.has("dead")) return "dead";
  if (relation === "other") return "otherTrainer";
  if (relation === "wild" && sys.trainierbar !== true) return "notTrainable";
  if (!Number.isInteger(blocks) || blocks < 1 || blocks > TRAINING_MAX_BLOCKS) return "badBlocks";
  const sw = Number(sys.derived?.misstrauen) || 10;
  if (relation === "companion" && !reward) return "noReward";
  if (relation === "companion" && reward === "misstrauen" && !canLowerMisstrauen(sw)) return "atFloor";
  const talent = String(sys.derived?.umgangTalent ?? "").trim();
  if (!talent || !trainer.findTalent(talent)) return "noTalent";
  // Issue 25: a block whose check cannot meet the Misstrauen adds nothing and costs 10 ¥; none is paid for.
  if (trainer.checkOutlook({ talent, sw })?.chance === 0) return "unreachable";
  if (!trainingAffordable(geldOf(trainer), blocks).allowed) return "noMoney";
  const progress = Math.max(0, Math.trunc(Number(sys.training?.fortschritt) || 0));
  return { relation, talent, sw, progress, blocks, reward: relation === "companion" ? (reward ?? null) : null };
}

/** What a refusal tells beyond its status: the money asked for, or the EW out of reach. */
function refusalFacts(status: TrainingStatus, trainer: Actor.Implementation, creature: Actor.Implementation, blocks: number): Partial<TrainingReport> {
  if (status === "noMoney") return { cost: trainingAffordable(0, blocks).cost, geld: geldOf(trainer) };
  if (status !== "unreachable") return {};
  const sys = creatureSystem(creature);
  const sw = Number(sys.derived?.misstrauen) || 10;
  return { reach: { max: trainer.checkOutlook({ talent: String(sys.derived?.umgangTalent ?? ""), sw })?.max ?? 0, sw } };
}

/** The session on this client (inside its work queue): roll, decide, one write, one card. */
async function trainHere(trainer: Actor.Implementation, creature: Actor.Implementation, blocks: number, reward: TrainingReward | null, requestId: string, rollMode: string | undefined, requester: User.Implementation): Promise<TrainingReport> {
  if (requestsOf(creature).includes(requestId)) return report("already");
  const planned = plan(trainer, creature, blocks, reward);
  if (typeof planned === "string") return report(planned, refusalFacts(planned, trainer, creature, blocks));

  // R-TRAIN-1: block after block until the accumulated EW reaches 100.
  const label = format("FLEX.Training.CheckLabel", { talent: planned.talent, name: nameOf(creature) });
  const rolls: CheckRoll[] = [];
  const ews: number[] = [];
  for (let i = 0; i < planned.blocks && !trainingRun({ progress: planned.progress, misstrauen: planned.sw, ews }).completed; i++) {
    const check = trainer.prepareCheck({ talent: planned.talent, sw: planned.sw });
    if (!check) return report("noTalent");
    const roll = CheckRoll.fromCheck(check.input, label);
    await roll.evaluate();
    rolls.push(roll);
    ews.push(roll.check!.ew);
  }
  const run = trainingRun({ progress: planned.progress, misstrauen: planned.sw, ews });
  const completion = run.completed ? trainingCompletion({ relation: planned.relation, misstrauen: planned.sw, reward: planned.reward }) : null;

  // One write: the creature with the request's mark, and the trainer's money.
  const creatureChanges: Record<string, unknown> = {
    "system.training.fortschritt": run.progress,
    "flags.flex.training.requests": [...requestsOf(creature), requestId].slice(-REQUESTS_KEPT),
  };
  if (completion?.kind === "companion") creatureChanges["system.trainer"] = trainer.uuid;
  if (completion?.kind === "misstrauen") creatureChanges["system.misstrauen"] = completion.misstrauen.after;
  const writes = [{ ref: actorRef(creature), changes: creatureChanges }];
  if (run.cost > 0) writes.push({ ref: actorRef(trainer), changes: { "system.geld": geldOf(trainer) - run.cost } });
  const steps: TaskStep[] = [{ kind: "actors", writes }];

  // Optional (world setting): the session's hours pass in the world; only a GM can advance the time.
  const timeAdvanced = trainingAdvancesTime() && !!game.user?.isGM && run.hours > 0;
  if (timeAdvanced) steps.push({ kind: "time", from: game.time!.worldTime, seconds: run.hours * 3600 });

  const rules = new Set<RuleId>([...run.rules, ...(completion?.rules ?? []), "R-COMP-1"]);
  for (const roll of rolls) for (const r of roll.check!.rules) rules.add(r);
  const record: TrainingRecord = {
    id: requestId,
    trainer: { ...actorRef(trainer, tokenFor(trainer)), name: nameOf(trainer) },
    creature: { ...actorRef(creature, tokenFor(creature)), name: nameOf(creature), img: creature.img ?? "" },
    talent: planned.talent,
    sw: planned.sw,
    before: run.before,
    progress: run.progress,
    goal: TRAINING_GOAL,
    completed: run.completed,
    blocks: run.blocks.map((b, i) => {
      const input = rolls[i].flexOptions.input;
      return { n: i + 1, check: checkCardData(label, input.die, rolls[i].check!, input.vorteile, input.nachteile), added: b.added, total: b.progress };
    }),
    cost: run.cost,
    hours: run.hours,
    timeAdvanced,
    completion,
    currency: currencyLabel(),
    rules: [...rules].sort(),
  };
  // The card goes to whom the requester's roll mode says (on the GM's client, made for the requester).
  const audience = audienceFor(rollMode, requester);
  const card = cardStep(
    {
      speaker: ChatMessage.getSpeaker({ actor: trainer, token: tokenFor(trainer) }),
      content: await renderTrainingCard(record),
      rolls,
      sound: CONFIG.sounds.dice ?? null,
      flags: { flex: { training: record } },
      ...audience.data,
    },
    audience.rollMode,
  );
  await runTaskWithCards({ type: QUERY, requestId, requester }, [...steps, card]);
  return {
    status: "trained",
    messageId: card.data._id,
    run: { progress: run.progress, completed: run.completed, cost: run.cost, hours: run.hours, blocks: run.blocks.length },
    completion: completion?.kind ?? null,
  };
}

export async function renderTrainingCard(record: TrainingRecord): Promise<string> {
  const percent = Math.round((Math.min(record.progress, record.goal) / record.goal) * 100);
  return foundry.applications.handlebars.renderTemplate(TRAINING_CARD_TEMPLATE, { ...record, percent, rulesText: record.rules.join(", ") });
}

/** Tells this user what became of the session. */
function explain(result: TrainingReport, trainer: Actor.Implementation, creature: Actor.Implementation, blocks: number): void {
  const key = String(creatureSystem(creature).derived?.umgangTalent ?? "");
  // The talent as the trainer's sheet names it (issue 25), its key only when the trainer lacks it.
  const data = { name: nameOf(creature), trainer: nameOf(trainer), talent: (key && trainer.findTalent(key)?.name) || key || "—", max: TRAINING_MAX_BLOCKS };
  const currency = currencyLabel();
  const notices: Partial<Record<TrainingStatus, string>> = {
    already: format("FLEX.Training.Already", data),
    notTrainable: format("FLEX.Training.NotTrainable", data),
    otherTrainer: format("FLEX.Training.OtherTrainer", data),
    noTalent: format("FLEX.Companion.NoTalent", data),
    noMoney: format("FLEX.Training.NoMoney", { ...data, cost: result.cost ?? trainingAffordable(0, blocks).cost, geld: result.geld ?? geldOf(trainer), currency }),
    badBlocks: format("FLEX.Training.BadBlocks", data),
    noReward: format("FLEX.Training.NoReward", data),
    atFloor: format("FLEX.Training.AtFloor", data),
    dead: format("FLEX.Training.Dead", data),
    unreachable: format("FLEX.Training.Unreachable", { ...data, max: result.reach?.max ?? 0, sw: result.reach?.sw ?? 0 }),
  };
  const notice = notices[result.status];
  if (notice) ui.notifications?.[result.status === "already" ? "info" : "warn"](notice);
}

/**
 * R-TRAIN-1 / R-TRAIN-2: `trainer` trains `creature` for up to `blocks` 4-hour blocks. Refused (with a message,
 * nothing written) when the creature is not trainable by this trainer, the trainer lacks the handling talent or
 * the money for every block asked for. Null when the GM could not be reached (the user was told).
 */
export async function trainCompanion(request: TrainingRequest): Promise<TrainingReport | null> {
  const { trainer, creature } = request;
  if (trainer?.type !== "character" || creature?.type !== "creature") return null;
  if (!trainer.isOwner) {
    ui.notifications?.warn(format("FLEX.Training.NotYours", { trainer: nameOf(trainer) }));
    return null;
  }
  const blocks = Number(request.blocks);
  const reward = request.reward ?? null;
  const requestId = request.requestId && REQUEST_ID.test(request.requestId) ? request.requestId : foundry.utils.randomID();
  const checked = requestsOf(creature).includes(requestId) ? "already" : plan(trainer, creature, blocks, reward);
  if (typeof checked === "string") {
    const refused = report(checked, refusalFacts(checked, trainer, creature, blocks));
    explain(refused, trainer, creature, blocks);
    return refused;
  }
  const local = creature.isOwner && (!trainingAdvancesTime() || !!game.user?.isGM);
  const result = local
    ? await runOnGMQueue(`${QUERY}:${requestId}`, () => trainHere(trainer, creature, blocks, reward, requestId, request.rollMode, game.user!))
    : await askActiveGM<TrainingReport>(QUERY, { trainer: actorRef(trainer), creature: actorRef(creature, tokenFor(creature)), blocks, reward, rollMode: rollModeOr(request.rollMode) }, { requestId });
  if (result) explain(result, trainer, creature, blocks);
  return result;
}

/** The active GM's side: the requester must own the trainer; every number is the GM's own. */
async function handleTrainingQuery(payload: Record<string, unknown>, { requester, requestId }: RelayContext): Promise<TrainingReport | Refusal> {
  const trainer = resolveActor(payload.trainer as ActorRef);
  const creature = resolveActor(payload.creature as ActorRef);
  if (trainer?.type !== "character" || creature?.type !== "creature") return refuse("malformed", "training request without a trainer and a creature");
  if (!requester.isGM && !trainer.testUserPermission(requester, "OWNER")) return refuse("forbidden", `${requester.name} does not own ${trainer.name}`);
  if (!visibleTo(requester, creature)) return refuse("forbidden", `${requester.name} may not see ${creature.name}`);
  const blocks = payload.blocks;
  if (typeof blocks !== "number" || !Number.isInteger(blocks) || blocks < 1 || blocks > TRAINING_MAX_BLOCKS) return refuse("malformed", `training request for ${String(blocks)} blocks`);
  const reward = payload.reward ?? null;
  if (reward !== null && !TRAINING_REWARDS.includes(reward as TrainingReward)) return refuse("malformed", `training reward ${String(reward)}`);
  const rollMode = isRollMode(payload.rollMode) ? payload.rollMode : undefined;
  return trainHere(trainer, creature, blocks, reward as TrainingReward | null, requestId, rollMode, requester);
}

export function registerTrainingRelay(): void {
  registerRelay(QUERY, handleTrainingQuery, { journalled: true });
}
