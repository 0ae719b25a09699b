// A command to a companion (R-COMP-5, R-COMP-7): the trainer pays the attack's Aktionen (a reaction command: one
// RE), rolls the handling check against Misstrauen, and on success the companion makes its attack with that EW
// through the attack card (targets, defence, damage, Apply). A failed command has spent the actions and does
// nothing else: one command card shows the roll. A player who owns the companion commands it on their own
// client; a companion the GM owns is commanded by the active GM for the trainer's owner (confirmed by the relay),
// and a GM's own command goes there too: the active GM re-derives the cost from the attack, rolls the check and
// writes the spend and the card as one journalled task (a GM who drops between them leaves the card to the next).
import { CheckRoll } from "../../dice/check-roll";
import { checkCardData } from "../../dice/check-card";
import type { CheckCardData } from "../../dice/check-card";
import { audienceFor, isRollMode, rollModeOr } from "../../helpers/roll-mode";
import { unitText } from "../../helpers/units";
import { documentFromUuid } from "../../helpers/uuid";
import { commandCost, companionCommand, spendActions, spendReaction } from "../../rules";
import type { CommandCost, RuleId } from "../../rules";
import { actorRef, resolveActor, visibleTo } from "../actor-ref";
import type { ActorRef } from "../actor-ref";
import { refundSpend, spendActionsFor, spendReactionFor } from "../combat/actions";
import type { ActionSpend } from "../combat/actions";
import { attackWith } from "../combat/attack";
import { tokenFor } from "../combat/targets";
import { actionStateOf, combatantOfActor, perRound, windowOf } from "../combat/tracker";
import { askActiveGM, refuse, registerRelay } from "../gm-relay";
import type { RelayContext, Refusal } from "../gm-relay";
import { cardStep } from "../task-journal";
import { runTaskWithCards } from "../task-journal/private-cards";
import type { TaskContext, TaskStep } from "../task-journal";
import { trainerOf } from "./link";

export const COMMAND_CARD_TEMPLATE = "systems/flex/templates/chat/command-card.hbs";
const QUERY = "companionCommand";
/** Targets one command may name. */
const MAX_TARGETS = 20;

type Target = TokenDocument.Implementation | { document: TokenDocument.Implementation } | Actor.Implementation;

export interface CommandOptions {
  /** Tokens or actors attacked; omitted: the user's targets. */
  targets?: Iterable<Target> | null;
  /** R-COMP-7: a reaction command: the trainer's RE instead of the attack's Aktionen. */
  reaction?: boolean;
  rollMode?: string;
}

/**
 * What a command did: "attacked" (the attack card is posted), "obeyed" (a reaction command without an attack),
 * "failed" (the check missed Misstrauen: actions spent, nothing else), or why it was not given ("noAttack": the
 * attack could not be made after all, and the actions were given back).
 */
export type CommandStatus = "attacked" | "obeyed" | "failed" | "noActions" | "noReaction" | "noTalent" | "noAttack";

export interface CommandReport {
  status: CommandStatus;
  messageId: string | null;
  ew: number | null;
  /** With noActions / noReaction: what the trainer has left, of how many. */
  left?: number;
  max?: number;
}

/** What a command card records (flags.flex.command). */
export interface CommandRecord {
  id: string;
  companion: ActorRef & { name: string; img: string };
  trainer: ActorRef & { name: string };
  attack: string | null;
  reaction: boolean;
  cost: CommandCost;
  check: CheckCardData;
  sw: number;
  success: boolean;
  rules: RuleId[];
}

interface Prepared {
  trainer: Actor.Implementation;
  /** The talent's key (its German name), which the check looks up. */
  talent: string;
  /** The talent as the trainer's sheet names it, in the world's language (issue 25: never the key on a card). */
  talentName: string;
  sw: number;
}

/**
 * Pays for a command; `refund` gives it back when the attack could not be made after all. A payment with `steps`
 * has not written yet: the spend is a step of the command's task.
 */
interface Payment {
  pay(trainer: Actor.Implementation, cost: CommandCost, label: string): Promise<{ spend: ActionSpend; left: number; max: number; steps?: TaskStep[] }>;
  refund(spend: ActionSpend): Promise<void>;
}

const format = (key: string, data: Record<string, string | number>) => game.i18n!.format(key, Object.fromEntries(Object.entries(data).map(([k, v]) => [k, String(v)])));
const misstrauenOf = (companion: Actor.Implementation) => Number((companion.system as { derived?: { misstrauen?: number } }).derived?.misstrauen) || 10;
const talentOf = (companion: Actor.Implementation) => String((companion.system as { derived?: { umgangTalent?: string } }).derived?.umgangTalent ?? "").trim();

/** On the commander's own client: the usual spend (its queue, the GM's override for a GM). */
const ownPayment: Payment = {
  async pay(trainer, cost, label) {
    const spend = cost.kind === "actions" ? await spendActionsFor(trainer, cost.amount, { label }) : await spendReactionFor(trainer, { label });
    return { spend, left: 0, max: 0 };
  },
  refund: (spend) => refundSpend(spend),
};

/**
 * Inside the active GM's work queue (a relayed command): the trainer's combatant is read right here (queueing the
 * spend behind the command that waits for it would never run) and its spend becomes a step of the command's task.
 * A GM may go past the limit (`override`, asked for after a refusal).
 */
const queuedPayment = (override: boolean): Payment => ({
  async pay(trainer, cost) {
    const combatant = combatantOfActor(trainer);
    const none: ActionSpend = { allowed: true, tracked: false, combatantUuid: null, window: null, round: null, cost: cost.amount, kind: cost.kind, override: false };
    if (!combatant) return { spend: none, left: 0, max: 0, steps: [] };
    const { window, round } = windowOf(combatant);
    const max = perRound();
    const state = actionStateOf(combatant);
    const outcome = cost.kind === "actions" ? spendActions(state, { cost: cost.amount, window, perRound: max.actions, override }) : spendReaction(state, { round, perRound: max.reactions, override });
    const limit = cost.kind === "actions" ? max.actions : max.reactions;
    const spend: ActionSpend = { ...none, allowed: outcome.allowed, tracked: true, combatantUuid: combatant.uuid, window, round, override: outcome.overridden };
    const steps: TaskStep[] = outcome.allowed ? [{ kind: "embedded", parent: combatant.parent!.uuid, embedded: "Combatant", update: [{ _id: combatant.id!, "flags.flex.actions": outcome.state }] }] : [];
    return { spend, left: outcome.remaining, max: limit, steps };
  },
  // Nothing was written before the task: nothing to give back.
  refund: async () => undefined,
});

/** The handling check the trainer makes, or why not (no trainer talent for this creature). */
function prepare(companion: Actor.Implementation, trainer: Actor.Implementation): Prepared | null {
  const talent = talentOf(companion);
  const item = talent ? trainer.findTalent(talent) : undefined;
  if (!item) return null;
  return { trainer, talent, talentName: item.name, sw: misstrauenOf(companion) };
}

function companionRecordRef(companion: Actor.Implementation) {
  return { ...actorRef(companion, tokenFor(companion)), name: companion.token?.name || companion.name, img: companion.img ?? "" };
}

async function renderCommandCard(record: CommandRecord): Promise<string> {
  return foundry.applications.handlebars.renderTemplate(COMMAND_CARD_TEMPLATE, { ...record, rulesText: record.rules.join(", ") });
}

/** Whose request a task carries out, for its card's roll mode. */
const requesterOf = (context?: TaskContext): { id: string | null } | null => (!context ? null : typeof context.requester === "string" ? { id: context.requester } : context.requester);

/**
 * The command on this client: pay, roll, then the companion's attack card or a command card. With a task context
 * (the active GM's relayed command) the spend and the card are written as one journalled task.
 */
async function commandHere(companion: Actor.Implementation, item: Item.Implementation | null, options: CommandOptions, payment: Payment, context?: TaskContext): Promise<CommandReport> {
  const trainer = trainerOf(companion)!;
  const prepared = prepare(companion, trainer);
  if (!prepared) return { status: "noTalent", messageId: null, ew: null };
  const reaction = options.reaction === true;
  const cost = commandCost((item?.system as { aktionen?: unknown } | undefined)?.aktionen, reaction);
  const name = companion.token?.name || companion.name;
  const label = format("FLEX.Companion.CommandLabel", { name, talent: prepared.talentName });

  const paid = await payment.pay(trainer, cost, item?.name ?? label);
  if (!paid.spend.allowed) return { status: reaction ? "noReaction" : "noActions", messageId: null, ew: null, left: paid.left, max: paid.max };

  try {
    const check = trainer.prepareCheck({ talent: prepared.talent, sw: prepared.sw });
    if (!check) {
      await payment.refund(paid.spend);
      return { status: "noTalent", messageId: null, ew: null };
    }
    const roll = CheckRoll.fromCheck(check.input, label);
    await roll.evaluate();
    const outcome = companionCommand({ ew: roll.check!.ew, misstrauen: prepared.sw, reaction });

    if (outcome.success && item) {
      // C-6: the successful command says what the trainer paid, as the failed one's card does.
      const paidNote = reaction ? format("FLEX.Companion.PaidReaction", { trainer: trainer.name }) : format("FLEX.Companion.PaidActions", { trainer: trainer.name, n: unitText("Aktion", cost.amount) });
      const note = `${format("FLEX.Companion.CommandNote", { trainer: trainer.name, talent: prepared.talentName, sw: outcome.sw, rule: outcome.rules.at(-1)! })} · ${paidNote}`;
      const attack = await attackWith(item, companion, { targets: options.targets, rollMode: options.rollMode, command: { roll, note }, planCard: !!context, requester: requesterOf(context) });
      if (!attack) {
        await payment.refund(paid.spend);
        return { status: "noAttack", messageId: null, ew: outcome.ew };
      }
      if (context && attack.card) await runTaskWithCards(context, [...(paid.steps ?? []), attack.card]);
      return { status: "attacked", messageId: attack.card?.data._id ?? attack.message?.id ?? null, ew: outcome.ew };
    }

    const rules = new Set<RuleId>([...outcome.rules, ...roll.check!.rules]);
    if (paid.spend.tracked) rules.add("R-CORE-6");
    const record: CommandRecord = {
      id: foundry.utils.randomID(),
      companion: companionRecordRef(companion),
      trainer: { ...actorRef(trainer, tokenFor(trainer)), name: trainer.token?.name || trainer.name },
      attack: item?.name ?? null,
      reaction,
      cost,
      // The card's title names the command already: its check line names the talent only.
      check: checkCardData(prepared.talentName, check.input.die, roll.check!, check.input.vorteile, check.input.nachteile, check.notes),
      sw: outcome.sw,
      success: outcome.success,
      rules: [...rules].sort(),
    };
    const data = {
      speaker: ChatMessage.getSpeaker({ actor: trainer, token: tokenFor(trainer) }),
      content: await renderCommandCard(record),
      rolls: [roll],
      sound: CONFIG.sounds.dice ?? null,
      flags: { flex: { command: record } },
    };
    const status: CommandStatus = outcome.success ? "obeyed" : "failed";
    if (context) {
      const audience = audienceFor(options.rollMode, requesterOf(context));
      const card = cardStep({ ...data, ...audience.data }, audience.rollMode);
      await runTaskWithCards(context, [...(paid.steps ?? []), card]);
      return { status, messageId: card.data._id, ew: outcome.ew };
    }
    const message = (await ChatMessage.create(data, { rollMode: rollModeOr(options.rollMode) })) as ChatMessage.Implementation | undefined;
    return { status, messageId: message?.id ?? null, ew: outcome.ew };
  } catch (err) {
    await payment.refund(paid.spend);
    throw err;
  }
}

/** A GM asked past the trainer's Aktionen or RE: carry the command out anyway? */
async function confirmOverride(trainer: Actor.Implementation, report: CommandReport, label: string, cost: number): Promise<boolean> {
  const key = report.status === "noActions" ? "FLEX.Actions.OverrideActions" : "FLEX.Actions.OverrideReaction";
  const text = format(key, { name: trainer.name, label, cost, left: report.left ?? 0, max: report.max ?? 0 });
  const answer: unknown = await foundry.applications.api.DialogV2.confirm({ classes: ["flex"], window: { title: game.i18n!.localize("FLEX.Actions.OverrideTitle") }, content: `<p>${foundry.utils.escapeHTML(text)}</p>`, rejectClose: false });
  return answer === true;
}

/** Tells this user why a command was not given. */
function explain(report: CommandReport, companion: Actor.Implementation, trainer: Actor.Implementation): void {
  const name = companion.token?.name || companion.name;
  if (report.status === "noTalent") ui.notifications?.warn(format("FLEX.Companion.NoTalent", { trainer: trainer.name, talent: talentOf(companion) || "—", name }));
  if ((report.status === "noActions" || report.status === "noReaction") && report.max) {
    const key = report.status === "noActions" ? "FLEX.Actions.NotEnough" : "FLEX.Actions.NoReaction";
    ui.notifications?.warn(format(key, { name: trainer.name, left: report.left ?? 0, max: report.max }));
  }
}

/** Uuids of what is attacked, for the request to the GM. */
function targetUuids(targets: Iterable<Target> | null | undefined): string[] {
  const list = targets ? [...targets] : [...((game.user?.targets ?? []) as Iterable<{ document?: TokenDocument.Implementation }>)].map((t) => t.document).filter((d): d is TokenDocument.Implementation => !!d);
  return list.map((t) => ("uuid" in t ? t.uuid : t.document.uuid)).slice(0, MAX_TARGETS);
}

/**
 * R-COMP-5 / R-COMP-7: the trainer of `companion` commands it to attack with `item` (an attack of the companion's),
 * or, as a reaction command without an attack, to use one of its RE. Null when the command could not be given
 * (the user was told why). Returns what happened.
 */
export async function commandCompanion(companion: Actor.Implementation, item: Item.Implementation | null, options: CommandOptions = {}): Promise<CommandReport | null> {
  const trainer = trainerOf(companion);
  const name = companion.token?.name || companion.name;
  if (!trainer) {
    ui.notifications?.warn(format("FLEX.Companion.NoTrainer", { name }));
    return null;
  }
  if (!trainer.isOwner) {
    ui.notifications?.warn(format("FLEX.Companion.NotTrainer", { trainer: trainer.name, name }));
    return null;
  }
  if (item ? item.parent !== companion || item.type !== "attack" : options.reaction !== true) return null;
  if (!prepare(companion, trainer)) {
    explain({ status: "noTalent", messageId: null, ew: null }, companion, trainer);
    return null;
  }
  if (companion.isOwner && !game.user!.isGM) {
    const report = await commandHere(companion, item, options, ownPayment);
    explain(report, companion, trainer);
    return report;
  }
  const payload = {
    companion: actorRef(companion, tokenFor(companion)),
    itemId: item?.id ?? null,
    targets: targetUuids(options.targets),
    reaction: options.reaction === true,
    rollMode: rollModeOr(options.rollMode),
  };
  let report = await askActiveGM<CommandReport>(QUERY, payload);
  // A GM is asked whether to go past the KR's Aktionen or RE anyway, as on its own spends.
  const cost = commandCost((item?.system as { aktionen?: unknown } | undefined)?.aktionen, options.reaction === true).amount;
  if ((report?.status === "noActions" || report?.status === "noReaction") && game.user!.isGM && (await confirmOverride(trainer, report, item?.name ?? name, cost))) {
    report = await askActiveGM<CommandReport>(QUERY, { ...payload, override: true });
  }
  if (report) explain(report, companion, trainer);
  return report;
}

/** A target named in a request: a token (or its object) or an actor. */
function resolveTarget(uuid: unknown): Target | null {
  const doc = documentFromUuid(uuid) as { documentName?: string } | null;
  if (doc?.documentName === "Token") return doc as TokenDocument.Implementation;
  if (doc?.documentName === "Actor") return doc as Actor.Implementation;
  return null;
}

/** The active GM's side: the requester must own the companion's trainer; the GM pays, rolls and attacks. */
async function handleCommandQuery(payload: Record<string, unknown>, context: RelayContext): Promise<CommandReport | Refusal> {
  const { requester } = context;
  const companion = resolveActor(payload.companion as ActorRef);
  if (companion?.type !== "creature") return refuse("malformed", "command without a companion");
  const trainer = trainerOf(companion);
  if (!trainer) return refuse("malformed", `${companion.name} has no trainer to command it`);
  if (!requester.isGM && !trainer.testUserPermission(requester, "OWNER")) return refuse("forbidden", `${requester.name} does not own ${trainer.name}, the trainer of ${companion.name}`);
  if (typeof payload.reaction !== "boolean") return refuse("malformed", "command without a reaction flag");
  const item = payload.itemId === null ? null : (companion.items.get(String(payload.itemId)) ?? null);
  if (item ? item.type !== "attack" : payload.itemId !== null || !payload.reaction) return refuse("malformed", `${companion.name} has no attack ${String(payload.itemId)}`);
  if (!Array.isArray(payload.targets) || payload.targets.length > MAX_TARGETS) return refuse("malformed", "command with unusable targets");
  const targets = payload.targets.map(resolveTarget).filter((t): t is Target => t !== null);
  // Only what the requester may see can be attacked on its word (a hidden token is the GM's secret).
  const unseen = targets.find((t) => {
    const token = t instanceof TokenDocument ? t : null;
    const actor = token ? token.actor : t instanceof Actor ? t : null;
    return !actor || !visibleTo(requester, actor, token);
  });
  if (unseen) return refuse("forbidden", `${requester.name} may not see one of the targets`);
  const rollMode = isRollMode(payload.rollMode) ? payload.rollMode : undefined;
  return commandHere(companion, item, { targets, reaction: payload.reaction, rollMode }, queuedPayment(payload.override === true && requester.isGM), context);
}

export function registerCommandRelay(): void {
  registerRelay(QUERY, handleCommandQuery, { journalled: true });
}
