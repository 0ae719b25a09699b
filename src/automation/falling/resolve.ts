// Resolving one fall (R-FALL-1..3) on the client that rolls it: the faller's Athletik check, the damage
// dice, the landing target's Ausweichen (on the active GM's client when this user does not own the
// target), the damage applied when the world wants it applied at once, and ONE chat card carrying
// every roll. A fall id makes it safe to run twice: a fall that already has its card is not resolved again.
import { documentFromUuid } from "../../helpers/uuid";
import type { AttributeKey } from "../../config";
import { audienceFor, isRollMode } from "../../helpers/roll-mode";
import { checkCardData } from "../../dice/check-card";
import { CheckRoll } from "../../dice/check-roll";
import { clientLocal } from "../../helpers/client-local";
import { askActiveGM, refuse, registerRelay } from "../gm-relay";
import type { RelayContext } from "../gm-relay";
import { creatureDefence, FALL_CHECK, FALL_DODGE, planFall, resolveFall, targetAtRisk } from "../../rules";
import type { RuleId } from "../../rules";
import { creatureDefenceMode } from "../../helpers/settings";
import { creatureDefenceRoll, fixedDefenceOf } from "../combat/creature-defence";
import { isCompanion } from "../companions/link";
import { pairOf } from "../riding/pair";
import { cardRecordChanges, cardRecordOf, writeCardRecord } from "../card-record";
import { runTask } from "../task-journal";
import { applyFallDamage, fallMark, fallRecordOf, planFallDamage, QUERY as APPLY } from "./apply";
import { dodgeRecordOf } from "./claim";
import { checkForMessage } from "./card-values";
import type { DodgeClaim } from "./claim";
import { checkRecord, fallRecord, renderFallCard } from "./card";
import type { ActorRef, AppliedRecord, FallCheckRecord, FallerRecord, FallRecord, FallSource } from "./card";
import { findLanding, landingFromDocument, refOf, resolveActor, resolveToken, tokenOfActor } from "./landing";
import type { Landing, SpotLike, TokenLike } from "./landing";
import { fallSettings } from "./settings";

const RESOLVE = "fallResolve";
const DODGE = "fallDodge";
const RIDER = "fallRider";

export interface FallRequest {
  fallId: string;
  faller: ActorRef;
  height: number;
  /** The uuid of what the faller lands on; null for the bare ground; omitted: the token found at the landing spot. */
  onto?: string | null;
  /** The landing spot; omitted: where the faller's token stands. */
  landing?: SpotLike | null;
  source: FallSource;
  rollMode?: string;
  /** On the GM: whose request this is (the relay's verified sender, never a payload field), for the card's roll mode. */
  requester?: string;
}

export interface FallReport {
  fallId: string;
  fell: boolean;
  messageId: string | null;
  /** Why nothing (new) happened: "noFall", "tooHigh", "flying", "duplicate", "refused", "missing". */
  reason?: string;
  record?: FallRecord;
}

interface DodgeReply {
  /** Null when nothing was rolled: a companion's stored Ausweichen value (R-COMP-7). */
  roll: Record<string, unknown> | null;
  check: FallCheckRecord;
  applied: AppliedRecord | null;
  /** R-FALL-2: the fall damage, rolled by the GM (the faller takes the same). */
  damageRoll: Record<string, unknown>;
}

// Falls being resolved on this client.
const resolving = clientLocal("fall.resolving", () => new Set<string>());

export function findFallMessage(fallId: string): ChatMessage.Implementation | undefined {
  return game.messages!.find((m) => fallRecordOf(m as ChatMessage.Implementation)?.id === fallId) as ChatMessage.Implementation | undefined;
}

/** R-FALL-1 / R-FALL-3: a talent check, or the bare attribute check when the actor lacks the talent (noted). */
async function rollFallCheck(actor: Actor.Implementation, spec: { talent: string; attribute: AttributeKey }, sw: number, bareNote: string) {
  const flex = actor;
  const hasTalent = !!flex.findTalent(spec.talent);
  const notes = hasTalent ? [] : [game.i18n!.format(bareNote, { name: actor.name })];
  const prepared = flex.prepareCheck(hasTalent ? { talent: spec.talent, sw } : { attribute: spec.attribute, sw, notes });
  if (!prepared) return null;
  const roll = CheckRoll.fromCheck(prepared.input, prepared.label);
  await roll.evaluate();
  return { roll, record: checkRecord(roll, !hasTalent, prepared.notes), success: roll.check!.success === true };
}

/**
 * R-FALL-3 (Decision 2026-12-01) / R-COMP-7: the landing target's dodge, as it defends against an attack
 * (R-CORE-11): a creature, a companion or a character in a creature's form with an Ausweichen value uses that value
 * (rolled around it when the world setting says creatures roll their defence); a character rolls its Ausweichen;
 * only a creature without an Ausweichen value makes a bare GE check.
 */
async function dodgeOf(target: Actor.Implementation, sw: number): Promise<{ roll: Roll | null; record: FallCheckRecord; success: boolean } | null> {
  const stored = fixedDefenceOf(target);
  const value = stored ? creatureDefence(stored, "ausweichen") : 0;
  if (!stored || value <= 0) return rollFallCheck(target, FALL_DODGE, sw, "FLEX.Fall.NoAusweichen");
  let ew = value;
  let roll: Roll | null = null;
  const notes = [game.i18n!.format(isCompanion(target) ? "FLEX.Companion.FallDodgeNote" : "FLEX.Fall.ValueDodgeNote", { name: target.name, value: String(value) })];
  if (creatureDefenceMode() === "roll") {
    const rolled = await creatureDefenceRoll(target, "ausweichen", value);
    ({ roll, ew } = rolled);
    notes.push(...rolled.notes);
  }
  const success = ew >= sw;
  const rules: RuleId[] = isCompanion(target) ? ["R-COMP-7", "R-FALL-3"] : ["R-FALL-3"];
  const label = game.i18n!.localize("FLEX.Companion.StoredAusweichen");
  const result = { formula: "", dice: [], kept: ew, net: 0, uebungswert: 0, modifier: 0, malus: 0, ew, sw, success, rules };
  return { roll, record: { ...checkCardData(label, 4, result, 0, 0, notes), die: "", bare: false }, success };
}

/**
 * The rider that falls with a falling mount (issue 11): the mount's paired rider on the same scene, unless it flies
 * (a flying creature does not fall, as for a faller). Null when the faller carries nobody.
 */
function riderOf(mountToken: TokenLike | null): { actor: Actor.Implementation; token: TokenLike } | null {
  const pair = pairOf(mountToken as TokenDocument.Implementation | null);
  if (!pair || pair.mount.id !== mountToken?.id) return null;
  const actor = pair.rider.actor;
  if (!actor || actor.statuses?.has("fly")) return null;
  return { actor, token: pair.rider as unknown as TokenLike };
}

const diceOf = (roll: Roll) => roll.dice.flatMap((d) => d.results.map((r) => r.result));

/** R-FALL-1: the fall damage, 1W4 per Schritt. */
async function rollFallDamage(plan: ReturnType<typeof planFall>): Promise<Roll> {
  const roll = new Roll(plan.formula);
  await roll.evaluate();
  return roll;
}

/**
 * R-FALL-1 for one creature: Athletik against height × 3 (a bare KK check without the talent); on a failure 1W4 per
 * Schritt, unless `damage` is false (the GM rolls it: the fall hurts a creature this client does not own).
 */
async function ownFall(actor: Actor.Implementation, plan: ReturnType<typeof planFall>, { damage: rollDamage = true } = {}) {
  const athletik = await rollFallCheck(actor, FALL_CHECK, plan.sw, "FLEX.Fall.NoAthletik");
  if (!athletik) return null;
  const rolls: ReturnType<typeof Roll.fromJSON>[] = [athletik.roll];
  let dice: number[] = [];
  if (!athletik.success && rollDamage) {
    const damageRoll = await rollFallDamage(plan);
    rolls.push(damageRoll);
    dice = diceOf(damageRoll);
  }
  return { athletik, rolls, dice, damage: dice.reduce((s, r) => s + r, 0) };
}

function landingFor(req: FallRequest, actor: Actor.Implementation): Landing | null {
  let landing: Landing | null = null;
  if (req.onto) landing = landingFromDocument(documentFromUuid(req.onto));
  else if (req.onto === undefined) {
    const token = resolveToken(req.faller.tokenUuid) ?? tokenOfActor(actor);
    if (token) landing = findLanding(token, req.landing ?? token);
  }
  // Nobody lands on themselves.
  return landing?.actor === actor ? null : landing;
}

/** Resolves a fall on this client (its user owns the faller, or is the active GM). */
export async function resolveFallHere(req: FallRequest): Promise<FallReport> {
  const existing = findFallMessage(req.fallId);
  if (existing || resolving().has(req.fallId)) return { fallId: req.fallId, fell: true, messageId: existing?.id ?? null, reason: "duplicate" };
  resolving().add(req.fallId);
  try {
    return await resolve(req);
  } finally {
    resolving().delete(req.fallId);
  }
}

async function resolve(req: FallRequest): Promise<FallReport> {
  const none = (reason: string): FallReport => ({ fallId: req.fallId, fell: false, messageId: null, reason });
  const actor = resolveActor(req.faller);
  const plan = planFall(req.height);
  if (!actor) return none("missing");
  if (!plan.falls) return none("noFall");
  const fallerToken = resolveToken(req.faller.tokenUuid) ?? tokenOfActor(actor);
  const landing = landingFor(req, actor);
  const user = game.user!;
  const autoApply = fallSettings.autoApply();

  // R-FALL-1: Athletik against height × 3; on a failure 1W4 per Schritt. A creature below that this client does not
  // own takes the same damage (R-FALL-2): then the GM rolls it (Trust model: the GM rolls every number that is not
  // the player's own roll for its own creature), and the faller takes what the GM rolled.
  const below = landing?.kind === "creature" ? landing.actor : null;
  const gmRollsDamage = !!below && !below.isOwner && !!game.users!.activeGM && !game.users!.activeGM.isSelf;
  const own = await ownFall(actor, plan, { damage: !gmRollsDamage });
  if (!own) return none("missing");
  const { athletik, rolls } = own;
  let { dice } = own;
  // A mount takes its rider along: the rider's own R-FALL-1 from the same height, on the same card.
  const carried = riderOf(fallerToken);
  // A rider this client does not own falls by the GM's dice (its check and damage), kept as the GM's record of it.
  const gmRider = !!carried && !carried.actor.isOwner && !!game.users!.activeGM && !game.users!.activeGM.isSelf;
  const riderFall = !carried ? null : gmRider ? await askRiderFall(req, plan) : await ownFall(carried.actor, plan);
  if (riderFall) rolls.push(...riderFall.rolls);

  // R-FALL-2 / R-FALL-3: a creature that would be hit dodges — rolled by its owner here or by the active GM.
  let dodgeCheck: FallCheckRecord | null = null;
  let dodge: boolean | null = null;
  let unresolved = false;
  let targetApplied: AppliedRecord | null = null;
  let dodgedHere = false;
  const targetActor = landing?.kind === "creature" ? landing.actor : null;
  if (targetActor && targetAtRisk(athletik.success, "creature")) {
    if (targetActor.isOwner) {
      const d = await dodgeOf(targetActor, plan.sw);
      if (d) {
        if (d.roll) rolls.push(d.roll);
        dodgeCheck = d.record;
        dodge = d.success;
      }
      dodgedHere = true;
    } else {
      const reply = await askActiveGM<DodgeReply>(DODGE, {
        fallId: req.fallId,
        faller: req.faller,
        target: refOf(targetActor, landing!.token),
        height: plan.height,
        apply: autoApply,
      });
      if (!reply) unresolved = true;
      else {
        const damageRoll = Roll.fromJSON(JSON.stringify(reply.damageRoll)) as Roll;
        rolls.splice(1, 0, damageRoll);
        dice = diceOf(damageRoll);
        if (reply.roll) rolls.push(Roll.fromJSON(JSON.stringify(reply.roll)));
        dodgeCheck = reply.check;
        dodge = reply.check.result.success === true;
        targetApplied = reply.applied;
      }
    }
  }

  // No GM answered: the faller's own damage is rolled here after all.
  if (!athletik.success && !dice.length) {
    const damageRoll = await rollFallDamage(plan);
    rolls.splice(1, 0, damageRoll);
    dice = diceOf(damageRoll);
  }
  const outcome = resolveFall({ height: plan.height, athletik: athletik.success, damageDice: dice, landing: landing?.kind ?? "ground", dodge: unresolved ? null : dodge });
  const applied: FallRecord["applied"] = { faller: null, target: targetApplied };
  if (autoApply && outcome.fallerDamage > 0 && actor.isOwner) applied.faller = await applyFallDamage(actor, outcome.fallerDamage, user.id!, req.fallId, "faller");
  const riderHere = !!carried && carried.actor.isOwner;
  if (riderFall) applied.rider = autoApply && riderHere && riderFall.damage > 0 ? await applyFallDamage(carried!.actor, riderFall.damage, user.id!, req.fallId, "rider") : null;
  if (autoApply && dodgedHere && targetActor && (outcome.target?.damage ?? 0) > 0) applied.target = await applyFallDamage(targetActor, outcome.target!.damage, user.id!, req.fallId, "target");

  const record = fallRecord({
    id: req.fallId,
    source: req.source,
    faller: { ...refOf(actor, fallerToken), name: fallerToken?.name || actor.name, check: athletik.record, damage: outcome.fallerDamage, formula: plan.formula, dice },
    ...(riderFall ? { rider: riderRecord(carried!, riderFall, plan.formula) } : {}),
    target: landing
      ? {
          ...(targetActor ? refOf(targetActor, landing.token) : {}),
          kind: landing.kind,
          name: landing.name,
          atRisk: outcome.target?.atRisk ?? false,
          check: dodgeCheck,
          dodged: outcome.target?.dodged ?? false,
          damage: outcome.target?.damage ?? 0,
          unresolved,
        }
      : null,
    applied,
    outcome,
  });
  const audience = audienceFor(req.rollMode, req.requester ? { id: req.requester } : null);
  const message = (await ChatMessage.create(
    {
      speaker: ChatMessage.getSpeaker({ actor, token: fallerToken as TokenDocument.Implementation | null }),
      content: await renderFallCard(record),
      rolls,
      sound: CONFIG.sounds.dice ?? null,
      flags: { flex: { fall: record } },
      ...audience.data,
    },
    audience.rollMode ? { rollMode: audience.rollMode } : {},
  )) as ChatMessage.Implementation | undefined;
  // The rider's damage, when this client may not write its actor: the active GM applies it like an Apply click.
  if (autoApply && riderFall && riderFall.damage > 0 && !riderHere && message?.id) await askActiveGM(APPLY, { messageId: message.id, key: "rider", action: "apply" });
  return { fallId: req.fallId, fell: true, messageId: message?.id ?? null, record };
}

type OwnFall = NonNullable<Awaited<ReturnType<typeof ownFall>>>;

interface RiderReply {
  check: FallCheckRecord;
  success: boolean;
  rolls: Record<string, unknown>[];
  dice: number[];
}

/** The active GM rolls the fall of a rider the mover does not own; null when no GM answered (the rider's part is then not rolled). */
async function askRiderFall(req: FallRequest, plan: ReturnType<typeof planFall>): Promise<OwnFall | null> {
  const reply = await askActiveGM<RiderReply>(RIDER, { fallId: req.fallId, faller: req.faller, height: plan.height });
  if (!reply) return null;
  const rolls = reply.rolls.map((r) => Roll.fromJSON(JSON.stringify(r)) as Roll);
  const athletik = { roll: rolls[0] as CheckRoll, record: reply.check, success: reply.success };
  return { athletik, rolls, dice: reply.dice, damage: reply.dice.reduce((sum, r) => sum + r, 0) };
}

/** What the GM decided of a rider's fall (its record under `${fallId}:rider`). */
export interface RiderClaim {
  rider: ActorRef;
  damage: number;
  reply: RiderReply;
}

/**
 * R-FALL-1 for the rider of a falling mount, on the active GM: the mount must be the requester's and carry that
 * rider now; the GM rolls the rider's check and damage and keeps them as its record, bound to the requester.
 */
async function handleRiderQuery(payload: Record<string, unknown>, { requester }: RelayContext): Promise<RiderReply | ReturnType<typeof refuse>> {
  const fallId = typeof payload.fallId === "string" ? payload.fallId : null;
  const faller = resolveActor(payload.faller as ActorRef);
  const height = requestedHeight(payload.height);
  if (!fallId || !faller || height === null) return refuse("malformed", "rider fall without a fall id, a mount or a valid height");
  if (!faller.testUserPermission(requester, "OWNER")) return refuse("forbidden", `${requester.name} does not own ${faller.name}`);
  const carried = riderOf(resolveToken((payload.faller as ActorRef | undefined)?.tokenUuid) ?? tokenOfActor(faller));
  if (!carried) return refuse("forbidden", `${faller.name} carries no rider`);
  const kept = cardRecordOf<RiderClaim>("fall", `${fallId}:rider`);
  if (kept) return kept.author === requester.id && resolveActor(kept.claim.rider) === carried.actor ? kept.claim.reply : refuse("forbidden", `fall ${fallId} was decided for someone else`);
  const fell = await ownFall(carried.actor, planFall(height));
  if (!fell) return refuse("malformed", `${carried.actor.name} cannot make the fall check`);
  const reply: RiderReply = { check: fell.athletik.record, success: fell.athletik.success, rolls: fell.rolls.map((r) => r.toJSON() as Record<string, unknown>), dice: fell.dice };
  const ref = refOf(carried.actor, carried.token);
  await writeCardRecord({ kind: "fall", id: `${fallId}:rider`, author: requester.id!, claim: { rider: { actorUuid: ref.actorUuid, tokenUuid: ref.tokenUuid ?? null }, damage: fell.damage, reply } satisfies RiderClaim, at: Date.now() });
  return reply;
}

function riderRecord(carried: { actor: Actor.Implementation; token: TokenLike }, fell: OwnFall, formula: string): FallerRecord {
  const { actor, token } = carried;
  return { ...refOf(actor, token), name: token.name || actor.name, check: fell.athletik.record, damage: fell.damage, formula, dice: fell.dice };
}

/** A height a request may carry: a fall at all, and no higher than the world allows. Null otherwise. */
function requestedHeight(value: unknown): number | null {
  const height = Number(value);
  if (!Number.isFinite(height) || height > CONFIG.FLEX.maxFallHeight) return null;
  const plan = planFall(height);
  return plan.falls ? plan.height : null;
}

/** The spot a requester's fall lands on: a GM may name it; anyone else's fall lands where the faller's token is. */
function trustedLanding(requester: User.Implementation, req: Partial<FallRequest>, faller: Actor.Implementation): Pick<FallRequest, "onto" | "landing"> {
  if (requester.isGM) return { onto: req.onto, landing: req.landing ?? null };
  const onto = typeof req.onto === "string" ? (documentFromUuid(req.onto) as { actor?: Actor.Implementation | null; documentName?: string } | null) : null;
  const ontoActor = onto?.documentName === "Actor" ? (onto as Actor.Implementation) : (onto?.actor ?? null);
  // A player may name the ground or what they own; the rest is whatever is really at the faller's token.
  if (req.onto === null || (ontoActor && ontoActor !== faller && ontoActor.testUserPermission(requester, "OWNER"))) return { onto: req.onto, landing: null };
  return { onto: undefined, landing: null };
}

/** The active GM resolves a fall for a user who may not (or, by the world setting, should not) roll it. */
async function handleResolveQuery(payload: Record<string, unknown>, { requester }: RelayContext): Promise<FallReport | ReturnType<typeof refuse>> {
  const req = payload as Partial<FallRequest>;
  const fallId = typeof req.fallId === "string" ? req.fallId : null;
  const faller = resolveActor(req.faller as ActorRef);
  const height = requestedHeight(req.height);
  if (!fallId || !faller || height === null) return refuse("malformed", "fall request without a fall id, a faller or a valid height");
  if (!faller.testUserPermission(requester, "OWNER")) return refuse("forbidden", `${requester.name} does not own ${faller.name}`);
  const source: FallSource = req.source === "move" || req.source === "pit" ? req.source : "call";
  const rollMode = isRollMode(req.rollMode) ? req.rollMode : undefined;
  return resolveFallHere({ fallId, faller: refOf(faller, resolveToken(req.faller?.tokenUuid) ?? tokenOfActor(faller)), height, source, rollMode, requester: requester.id!, ...trustedLanding(requester, req, faller) });
}

/**
 * R-FALL-3 on the active GM: the target's Ausweichen and (R-FALL-2) the fall damage, both rolled here, and the damage
 * applied when wanted. Everything the GM can derive, it derives: the SW from the height, the target from where the
 * faller's token really is. Its decision is its card record under the fall id (claim.ts), bound to the requester: a
 * repeat gets the same answer, another user's request under that id is refused, and Apply reads the record, never
 * the card.
 */
async function handleDodgeQuery(payload: Record<string, unknown>, { requester, requestId, type }: RelayContext): Promise<DodgeReply | ReturnType<typeof refuse>> {
  const fallId = typeof payload.fallId === "string" ? payload.fallId : null;
  const faller = resolveActor(payload.faller as ActorRef);
  const target = resolveActor(payload.target as ActorRef);
  const height = requestedHeight(payload.height);
  if (!fallId || !faller || !target || height === null) return refuse("malformed", "dodge request without a fall id, faller, target or valid height");
  if (!faller.testUserPermission(requester, "OWNER")) return refuse("forbidden", `${requester.name} does not own ${faller.name}`);
  const fallerToken = resolveToken((payload.faller as ActorRef | undefined)?.tokenUuid) ?? tokenOfActor(faller);
  const landing = fallerToken ? findLanding(fallerToken) : null;
  if (landing?.actor !== target) return refuse("forbidden", `${target.name} is not where ${faller.name} lands`);
  const kept = dodgeRecordOf(fallId);
  if (kept) {
    if (kept.author !== requester.id || resolveActor(kept.claim.target) !== target) return refuse("forbidden", `fall ${fallId} was decided for someone else`);
    return { roll: kept.claim.roll, check: kept.claim.check, damageRoll: kept.claim.damageRoll, applied: currentFallMark(target, fallId) };
  }
  const plan = planFall(height);
  // The damage first, as the faller's own would be rolled before the target dodges.
  const damageRoll = await rollFallDamage(plan);
  const d = await dodgeOf(target, plan.sw);
  if (!d) return refuse("malformed", `${target.name} cannot make the dodge check`);
  const damage = diceOf(damageRoll).reduce((sum, r) => sum + r, 0);
  const targetRef = refOf(target, landing!.token);
  // The reply reaches the player's client and its card, the record every client: a screened creature's value stays out.
  const check = checkForMessage(d.record, target, !!d.roll);
  const claim: DodgeClaim = {
    faller: refOf(faller, fallerToken),
    target: { actorUuid: targetRef.actorUuid, tokenUuid: targetRef.tokenUuid ?? null },
    height: plan.height,
    damage,
    damageRoll: damageRoll.toJSON() as Record<string, unknown>,
    dodged: d.success,
    roll: (d.roll?.toJSON() as Record<string, unknown> | undefined) ?? null,
    check,
  };
  const record = { kind: "fall" as const, id: fallId, author: requester.id!, claim, at: Date.now() };
  let applied: AppliedRecord | null = null;
  if (payload.apply === true && !d.success) {
    const hit = planFallDamage(target, damage, requester.id!, fallId, "target");
    applied = hit.applied;
    // The record rides in the journal's hold write of the damage.
    await runTask({ type, requestId, requester, hold: cardRecordChanges(record) }, hit.steps);
  } else await writeCardRecord(record);
  return { roll: claim.roll, check: claim.check, damageRoll: claim.damageRoll, applied };
}

/** What a fall's mark on the target says was applied (a repeated dodge request). */
function currentFallMark(target: Actor.Implementation, fallId: string): AppliedRecord | null {
  const mark = target.appliedMark(fallMark(fallId, "target"));
  return mark ? { taken: mark.taken, downed: mark.downed, status: mark.status, by: mark.by } : null;
}

export function registerFallResolveQueries(): void {
  registerRelay(RESOLVE, handleResolveQuery);
  registerRelay(DODGE, handleDodgeQuery);
  registerRelay(RIDER, handleRiderQuery);
}
