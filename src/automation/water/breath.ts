// Breath under water (R-BREATH-1..4) once per KR: at the end of every round FlexCombat (on the active GM
// only) rolls each submerged combatant's breath die and lets everyone else breathe again. One batched
// actor write per round (one per token for unlinked tokens), drowning on or off per actor, one chat card
// with all the rolls, carried out as one journalled task (a GM who drops between the write and the card leaves
// the card to the next GM). Each actor remembers the last round processed, so a rewound round is not rolled twice.
import { callHookAll } from "../../helpers/hooks";
import { documentFromUuid } from "../../helpers/uuid";
import { FlexCombat, registerCombatAutomation } from "../../documents/combat";
import { BREATH_SW, breathChanged, breathDie, breathFormula, breathRound, coerceDie, dieLabel, needsBreathRoll, storedBreathDie } from "../../rules";
import type { BreathOutcome, BreathState, Die } from "../../rules";
import { addStatuses, removeStatuses } from "../../helpers/status-effects";
import { localDie } from "../../helpers/dice-text";
import { actorRef, hiddenFromPlayers } from "../actor-ref";
import { writeActorChanges } from "../actor-writes";
import type { ActorChange } from "../actor-writes";
import { runOnGMQueue } from "../gm-queue";
import { askActiveGM, refuse, registerRelay } from "../gm-relay";
import type { RelayContext } from "../gm-relay";
import { cardStep, taskIdOf, taskState } from "../task-journal";
import { runTaskWithCards } from "../task-journal/private-cards";
import type { TaskStep } from "../task-journal";

export const BREATH_CARD = "systems/flex/templates/chat/breath-card.hbs";

export interface BreathEntry {
  actor: Actor.Implementation;
  name: string;
  outcome: BreathOutcome;
  roll: Roll | null;
}

export interface BreathReport {
  key: string;
  entries: { uuid: string; name: string; result: string; roll: number | null; before: Die; after: Die; drowning: boolean }[];
  skipped: string[];
  messageId: string | null;
}

type BreathSystem = { attributes?: { ko?: unknown }; atem?: { wuerfel?: unknown } };

/** The creature's breath as the rules see it. */
export function readBreath(actor: Actor.Implementation): { state: BreathState; ko: Die; underwater: boolean } {
  const sys = actor.system as BreathSystem;
  const ko = coerceDie(sys.attributes?.ko, CONFIG.FLEX?.defaultAttributeDie ?? 6);
  return { ko, state: { die: breathDie(sys.atem?.wuerfel, ko), drowning: actor.statuses.has("drowning") }, underwater: actor.statuses.has("underwater") };
}

/** Rolls the breath die if the rules need it (a real Foundry Roll, so Dice So Nice shows it) and decides. */
export async function evaluateBreath(actor: Actor.Implementation, { forceCheck = false } = {}): Promise<BreathEntry> {
  const { state, ko, underwater } = readBreath(actor);
  const submerged = underwater || forceCheck;
  let roll: Roll | null = null;
  if (needsBreathRoll(state, submerged)) {
    roll = new Roll(breathFormula(state.die));
    await roll.evaluate();
  }
  const natural = roll ? Number(roll.dice[0]?.results[0]?.result ?? roll.total) : null;
  const outcome = breathRound({ state, ko, underwater: submerged, roll: natural });
  return { actor, name: actor.token?.name ?? actor.name, outcome, roll };
}

const PROCESSED = /^(.*):(\d+)$/;

/** Whether `stored` (the last key an actor processed) already covers `key`: the same, or a later round of the same combat. */
export function alreadyProcessed(stored: unknown, key: string): boolean {
  if (typeof stored !== "string") return false;
  if (stored === key) return true;
  const [a, b] = [PROCESSED.exec(stored), PROCESSED.exec(key)];
  return !!a && !!b && a[1] === b[1] && Number(a[2]) >= Number(b[2]);
}

/** The actor write of one outcome (the breath die; `key` marks the actor as processed), or null when nothing changed. */
function outcomeChanges({ actor, outcome }: BreathEntry, key: string | null): Record<string, unknown> | null {
  if (!key && !breathChanged(outcome)) return null;
  const { ko } = readBreath(actor);
  return { "system.atem.wuerfel": storedBreathDie(outcome.state.die, ko), ...(key ? { "flags.flex.breath": key } : {}) };
}

/** R-BREATH-3: drowning switched on or off where the outcome changed it. */
function drowningChange({ outcome }: BreathEntry): { add?: string[]; remove?: string[] } | null {
  if (outcome.state.drowning && !outcome.before.drowning) return { add: ["drowning"] };
  if (!outcome.state.drowning && outcome.before.drowning) return { remove: ["drowning"] };
  return null;
}

/** One actor's outcome written at once (an extra breath check outside a round): its write, then drowning. */
async function writeOutcome(entry: BreathEntry): Promise<void> {
  const changes = outcomeChanges(entry, null);
  if (changes) await writeActorChanges([{ actor: entry.actor, changes } satisfies ActorChange]);
  const drowning = drowningChange(entry);
  if (drowning?.add) await addStatuses(entry.actor, drowning.add);
  if (drowning?.remove) await removeStatuses(entry.actor, drowning.remove);
}

function entryText(e: BreathEntry): string {
  const { result, state } = e.outcome;
  return game.i18n!.format(`FLEX.Water.Breath.Result.${result}`, { name: e.name, die: localDie(state.die) });
}

/**
 * The round's chat card (a step of its task): every creature's roll and result, with all the Rolls on the message.
 * `whisper`: to these users only (the card of the creatures players may not know of, audit N6; a self-test's card).
 */
async function breathCard(entries: BreathEntry[], title: string, flags: Record<string, unknown>, whisper?: string[]): Promise<Extract<TaskStep, { kind: "message" }>> {
  const rows = entries.map((e) => ({
    name: e.name,
    result: e.outcome.result,
    die: dieLabel(e.outcome.before.die),
    roll: e.outcome.roll,
    text: entryText(e),
    rules: e.outcome.rules.join(", "),
  }));
  const rules = [...new Set(entries.flatMap((e) => e.outcome.rules))].sort().join(", ");
  const content = await foundry.applications.handlebars.renderTemplate(BREATH_CARD, { title, entries: rows, rules, sw: BREATH_SW });
  const rolls = entries.flatMap((e) => (e.roll ? [e.roll] : []));
  return cardStep({ content, rolls, speaker: ChatMessage.getSpeaker(), flags: { flex: { breath: flags } }, ...(whisper ? { whisper } : {}) });
}

const gmIds = (): string[] => (game.users!.contents as User.Implementation[]).filter((u) => u.isGM).map((u) => u.id!);

/** What happened, as plain data: for the card's flags and for macros. */
function summarize(entries: BreathEntry[]): BreathReport["entries"] {
  return entries.map(({ actor, name, outcome }) => ({ uuid: actor.uuid, name, result: outcome.result, roll: outcome.roll, before: outcome.before.die, after: outcome.state.die, drowning: outcome.state.drowning }));
}

/**
 * One KR of breath for these actors (already gated to one client): rolls under water, recovery in the air,
 * one batched write and one card. Actors that processed `key` already, and the dead, are skipped.
 */
export async function resolveBreath(
  actors: Iterable<Actor.Implementation | null | undefined>,
  { key, title, hidden, whisper, task }: { key: string; title: string; hidden?: ReadonlySet<string>; whisper?: string[]; task?: RelayContext },
): Promise<BreathReport> {
  const seen = new Set<string>();
  const skipped: string[] = [];
  const due: Actor.Implementation[] = [];
  for (const actor of actors) {
    if (!actor || seen.has(actor.uuid)) continue;
    seen.add(actor.uuid);
    if (actor.statuses.has(CONFIG.specialStatusEffects?.DEFEATED ?? "dead")) continue;
    if (alreadyProcessed(actor.getFlag("flex", "breath"), key)) skipped.push(actor.name);
    else due.push(actor);
  }
  const evaluated = await Promise.all(due.map((a) => evaluateBreath(a)));
  // In the air with nothing to regain: nothing to write, nothing to say.
  const entries = evaluated.filter((e) => e.outcome.result !== "unchanged");
  if (!entries.length) return { key, entries: [], skipped, messageId: null };
  const summary = summarize(entries);
  const writes: { ref: ReturnType<typeof actorRef>; changes: Record<string, unknown> }[] = [];
  const statuses: TaskStep[] = [];
  for (const e of entries) {
    const changes = outcomeChanges(e, key);
    if (changes) writes.push({ ref: actorRef(e.actor), changes });
    const drowning = drowningChange(e);
    if (drowning) statuses.push({ kind: "statuses", ref: actorRef(e.actor), ...drowning });
  }
  const steps: TaskStep[] = [{ kind: "actors", writes }, ...statuses];
  // A creature players may not know of (a hidden combatant or token) is left off the public card: the GMs get its own.
  const secret = (e: BreathEntry) => hidden?.has(e.actor.uuid) ?? hiddenFromPlayers(e.actor);
  const cards: Extract<TaskStep, { kind: "message" }>[] = [];
  const audiences: [BreathEntry[], string[] | undefined][] = [[entries.filter((e) => !secret(e)), whisper], [entries.filter(secret), gmIds()]];
  for (const [list, to] of audiences) if (list.length) cards.push(await breathCard(list, title, { key, entries: summarize(list) }, to));
  // A relayed advance is journalled under its request, so a retry of it is told it was done.
  await runTaskWithCards(task ?? { type: "breath", requestId: key, requester: game.user! }, [...steps, ...cards]);
  return { key, entries: summary, skipped, messageId: cards[0]!.data._id };
}

/**
 * R-BREATH-1 / R-BREATH-4 at the end of a combat round: every combatant, once. Runs in the GM work queue, so
 * rounds advanced in quick succession are resolved one after the other, each reading what the last wrote.
 * `overdue`: a new active GM catching up the round its predecessor advanced but dropped before resolving: only
 * those already under water before the current round began are counted (one who dived since was in the air then).
 */
export function resolveCombatBreath(combat: Combat.Implementation, round: number, { overdue = false } = {}): Promise<BreathReport> {
  const key = `${combat.id}:${round}`;
  return runOnGMQueue(`breath:${key}`, async () => {
    // Read inside the queue: the combat may be gone, its combatants changed, by the time this runs.
    const current = game.combats!.get(combat.id!) as Combat.Implementation | undefined;
    // A round another GM journalled is finished from the journal, never rolled again.
    if (!current || (overdue && taskState(taskIdOf("breath", key)))) return { key, entries: [], skipped: [], messageId: null };
    const hidden = new Set(current.combatants.contents.filter((c) => c.actor && (c.hidden || hiddenFromPlayers(c.actor as Actor.Implementation, c.token as TokenDocument.Implementation | null))).map((c) => c.actor!.uuid));
    const actors = current.combatants.contents
      .filter((c) => !c.isDefeated)
      .map((c) => c.actor as Actor.Implementation | null)
      .filter((a) => !overdue || !a?.statuses.has("underwater") || submergedBefore(a, round + 1));
    const title = game.i18n!.format("FLEX.Water.Breath.RoundTitle", { round: String(round) });
    return resolveBreath(actors, { key, title, hidden });
  });
}

/** Whether the actor's *unter Wasser* began before round `round` of the combat it was made in (unknown: yes). */
function submergedBefore(actor: Actor.Implementation, round: number): boolean {
  const effect = actor.effects.find((e) => e.statuses.has("underwater"));
  const start = effect?.duration?.startRound;
  return typeof start !== "number" || start < round;
}

/**
 * A new active GM: the round a GM advanced in each started combat, if its breath was never resolved (the GM who
 * advanced it dropped before). A round advanced with no GM online is not due: it is never rolled. While the GM who was
 * active then is still connected, that GM resolves it (it may be rolling now, before its journal record exists).
 */
function catchUpBreath(): void {
  if (!game.users!.activeGM?.isSelf) return;
  for (const combat of (game.combats?.contents ?? []) as Combat.Implementation[]) {
    const due = combat instanceof FlexCombat && !combat.roundDueHeld ? combat.roundDue : null;
    if (combat.started && due !== null && due === combat.round - 1) void resolveCombatBreath(combat, due, { overdue: true }).catch((err: unknown) => console.error("Flex | catching up the breath round failed", err));
  }
}

/** R-WATER-3: one extra breath check right away (a spell not cast Still). Its own small write; no card of its own. */
export async function extraBreathCheck(actor: Actor.Implementation): Promise<BreathEntry> {
  const entry = await evaluateBreath(actor, { forceCheck: true });
  if (breathChanged(entry.outcome)) await writeOutcome(entry);
  // No card of its own: Dice So Nice, when active, shows its dice (integrations/dice-so-nice/shown-rolls.ts).
  if (entry.roll) callHookAll("flex.rollWithoutCard", entry.roll);
  return entry;
}

/** The text of one breath result, for other cards (R-WATER-3). */
export function breathResultText(entry: BreathEntry): string {
  return entryText(entry);
}

type TokenLike = { actor?: Actor.Implementation | null; document?: { actor?: Actor.Implementation | null } };

/**
 * Outside combat: the GM advances breath by one KR for these tokens (default: the GM's controlled tokens).
 * The same path as a combat round: one write, one card. A player is refused.
 */
export async function advanceBreath(tokens?: Iterable<TokenLike>, { requestId, private: hidden = false }: { requestId?: string; private?: boolean } = {}): Promise<BreathReport | null> {
  if (!game.user?.isGM) {
    ui.notifications?.warn(game.i18n!.localize("FLEX.Water.Breath.GMOnly"));
    return null;
  }
  const list = tokens ? [...tokens] : ((globalThis as { canvas?: { tokens?: { controlled?: TokenLike[] } } }).canvas?.tokens?.controlled ?? []);
  const actors = list.map((t) => t.document?.actor ?? t.actor ?? null).filter((a): a is Actor.Implementation => !!a);
  if (!actors.length) {
    ui.notifications?.warn(game.i18n!.localize("FLEX.Water.Breath.NoTokens"));
    return null;
  }
  // Every actor by uuid, so the active GM finds the same ones (unlinked tokens' actors included). No id of its
  // own: the relay makes one, and a click repeated while the first's outcome is unknown reuses it.
  return askActiveGM<BreathReport>(ADVANCE, { uuids: actors.map((a) => a.uuid), ...(hidden ? { private: true } : {}) }, { requestId });
}

const ADVANCE = "breathAdvance";

/** The active GM's side of advanceBreath (in its work queue): only a GM may ask. */
async function handleAdvance(payload: Record<string, unknown>, context: RelayContext): Promise<BreathReport | ReturnType<typeof refuse>> {
  const { requester, requestId } = context;
  if (!requester.isGM) return refuse("forbidden", `${requester.name} may not advance breath`);
  const uuids = Array.isArray(payload.uuids) ? payload.uuids.filter((u): u is string => typeof u === "string") : [];
  const actors = uuids.map((u) => documentFromUuid(u) as Actor.Implementation | null).filter((a) => a?.documentName === "Actor");
  // `private` (the self-test): the card is whispered to the GM who asked, no one else sees it appear.
  const whisper = payload.private === true ? [requester.id!] : undefined;
  return resolveBreath(actors, { key: `manual-${requestId}:0`, title: game.i18n!.localize("FLEX.Water.Breath.ManualTitle"), whisper, task: context });
}

export function registerBreath(): void {
  registerRelay(ADVANCE, handleAdvance);
  registerCombatAutomation({ id: "breath", onEndRound: async (combat, context) => void (await resolveCombatBreath(combat as Combat.Implementation, context.round)) });
  Hooks.on("userConnected", () => catchUpBreath());
}
