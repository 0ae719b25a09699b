// Resolving one fall (R-FALL-1..3) on the client that rolls it: the faller's Athletik check, the damage
// dice, the landing target's Ausweichen (on the active GM's client when this user does not own the
// target), the damage applied when the world wants it applied at once, and ONE chat card carrying
// every roll. A fall id makes it safe to run twice: a fall that already has its card is not resolved again.
import { CheckRoll } from "../../dice/check-roll";
import type { FlexActor } from "../../documents/actor";
import { onActiveGM, registerQuery } from "../../helpers/queries";
import { FALL_CHECK, FALL_DODGE, planFall, resolveFall, targetAtRisk } from "../../rules";
import { applyFallDamage, fallRecordOf } from "./apply";
import { checkRecord, fallRecord, renderFallCard } from "./card";
import type { ActorRef, AppliedRecord, FallCheckRecord, FallRecord, FallSource } from "./card";
import { findLanding, fromUuid, landingFromDocument, refOf, resolveActor, resolveToken, tokenOfActor } from "./landing";
import type { Landing, SpotLike } from "./landing";
import { fallSettings } from "./settings";

const RESOLVE = "fallResolve";
const DODGE = "fallDodge";

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
  userId: string;
}

export interface FallReport {
  fallId: string;
  fell: boolean;
  messageId: string | null;
  /** Why nothing (new) happened: "noFall", "flying", "duplicate", "refused", "missing". */
  reason?: string;
  record?: FallRecord;
}

interface DodgeReply {
  roll: Record<string, unknown>;
  check: FallCheckRecord;
  applied: AppliedRecord | null;
}

// Falls being resolved on this client, and the GM's answers to dodge requests (a repeat gets the same answer).
const resolving = new Set<string>();
const dodges = new Map<string, DodgeReply>();

export function findFallMessage(fallId: string): ChatMessage.Implementation | undefined {
  return game.messages!.find((m) => fallRecordOf(m as ChatMessage.Implementation)?.id === fallId) as ChatMessage.Implementation | undefined;
}

/** R-FALL-1 / R-FALL-3: a talent check, or the bare attribute check when the actor lacks the talent (noted). */
async function rollFallCheck(actor: Actor.Implementation, spec: { talent: string; attribute: string }, sw: number, bareNote: string) {
  const flex = actor as unknown as FlexActor;
  const hasTalent = !!flex.findTalent(spec.talent);
  const notes = hasTalent ? [] : [game.i18n!.format(bareNote, { name: actor.name })];
  const prepared = flex.prepareCheck(hasTalent ? { talent: spec.talent, sw } : { attribute: spec.attribute as never, sw, notes });
  if (!prepared) return null;
  const roll = CheckRoll.fromCheck(prepared.input, prepared.label);
  await roll.evaluate();
  return { roll, record: checkRecord(roll, !hasTalent, prepared.notes), success: roll.check!.success === true };
}

function landingFor(req: FallRequest, actor: Actor.Implementation): Landing | null {
  let landing: Landing | null = null;
  if (req.onto) landing = landingFromDocument(fromUuid(req.onto));
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
  if (existing || resolving.has(req.fallId)) return { fallId: req.fallId, fell: true, messageId: existing?.id ?? null, reason: "duplicate" };
  resolving.add(req.fallId);
  try {
    return await resolve(req);
  } finally {
    resolving.delete(req.fallId);
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

  // R-FALL-1: Athletik against height × 3; on a failure 1W4 per Schritt.
  const athletik = await rollFallCheck(actor, FALL_CHECK, plan.sw, "FLEX.Fall.NoAthletik");
  if (!athletik) return none("missing");
  const rolls: unknown[] = [athletik.roll];
  let dice: number[] = [];
  if (!athletik.success) {
    const damageRoll = new Roll(plan.formula);
    await damageRoll.evaluate();
    rolls.push(damageRoll);
    dice = damageRoll.dice.flatMap((d) => d.results.map((r) => r.result));
  }
  const damage = dice.reduce((s, r) => s + r, 0);

  // R-FALL-2 / R-FALL-3: a creature that would be hit dodges — rolled by its owner here or by the active GM.
  let dodgeCheck: FallCheckRecord | null = null;
  let dodge: boolean | null = null;
  let unresolved = false;
  let targetApplied: AppliedRecord | null = null;
  let dodgedHere = false;
  const targetActor = landing?.kind === "creature" ? landing.actor : null;
  if (targetActor && targetAtRisk(athletik.success, "creature")) {
    if (targetActor.isOwner) {
      const d = await rollFallCheck(targetActor, FALL_DODGE, plan.sw, "FLEX.Fall.NoAusweichen");
      if (d) {
        rolls.push(d.roll);
        dodgeCheck = d.record;
        dodge = d.success;
      }
      dodgedHere = true;
    } else {
      const reply = await onActiveGM<DodgeReply>(DODGE, {
        fallId: req.fallId,
        faller: req.faller,
        target: refOf(targetActor, landing!.token),
        sw: plan.sw,
        damage,
        apply: autoApply,
        userId: user.id,
      });
      if (!reply) unresolved = true;
      else {
        rolls.push(Roll.fromJSON(JSON.stringify(reply.roll)));
        dodgeCheck = reply.check;
        dodge = reply.check.result.success === true;
        targetApplied = reply.applied;
      }
    }
  }

  const outcome = resolveFall({ height: plan.height, athletik: athletik.success, damageDice: dice, landing: landing?.kind ?? "ground", dodge: unresolved ? null : dodge });
  const applied: FallRecord["applied"] = { faller: null, target: targetApplied };
  if (autoApply && outcome.fallerDamage > 0 && actor.isOwner) applied.faller = await applyFallDamage(actor, outcome.fallerDamage, user.id);
  if (autoApply && dodgedHere && targetActor && (outcome.target?.damage ?? 0) > 0) applied.target = await applyFallDamage(targetActor, outcome.target!.damage, user.id);

  const record = fallRecord({
    id: req.fallId,
    source: req.source,
    faller: { ...refOf(actor, fallerToken), name: fallerToken?.name || actor.name, check: athletik.record, damage: outcome.fallerDamage, formula: plan.formula, dice },
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
  const rollMode = req.rollMode ?? String(game.settings!.get("core", "rollMode"));
  const message = (await ChatMessage.create(
    {
      speaker: ChatMessage.getSpeaker({ actor, token: fallerToken } as never),
      content: await renderFallCard(record),
      rolls,
      sound: (CONFIG as unknown as { sounds?: { dice?: string } }).sounds?.dice ?? null,
      flags: { flex: { fall: record } },
    } as never,
    { rollMode } as never,
  )) as ChatMessage.Implementation | undefined;
  return { fallId: req.fallId, fell: true, messageId: message?.id ?? null, record };
}

/** The active GM resolves a fall for a user who may not (or, by the world setting, should not) roll it. */
async function handleResolveQuery(payload: Record<string, unknown>): Promise<FallReport> {
  const req = payload as unknown as FallRequest;
  const requester = game.users!.get(String(req.userId));
  const actor = resolveActor(req.faller);
  if (!requester || !actor || !(requester.isGM || actor.testUserPermission(requester, "OWNER"))) {
    return { fallId: String(req.fallId), fell: false, messageId: null, reason: "refused" };
  }
  return resolveFallHere(req);
}

/** R-FALL-3 on the active GM: the target's Ausweichen, and (if wanted) the damage when it fails. */
async function handleDodgeQuery(payload: Record<string, unknown>): Promise<DodgeReply | null> {
  const fallId = String(payload.fallId);
  const cached = dodges.get(fallId);
  if (cached) return cached;
  const requester = game.users!.get(String(payload.userId));
  const faller = resolveActor(payload.faller as ActorRef);
  const target = resolveActor(payload.target as ActorRef);
  // Only a user who may make the faller fall may ask.
  if (!requester || !faller || !target || !(requester.isGM || faller.testUserPermission(requester, "OWNER"))) return null;
  const sw = Math.max(0, Math.trunc(Number(payload.sw) || 0));
  const d = await rollFallCheck(target, FALL_DODGE, sw, "FLEX.Fall.NoAusweichen");
  if (!d) return null;
  const damage = Math.max(0, Math.trunc(Number(payload.damage) || 0));
  const applied = payload.apply === true && !d.success && damage > 0 ? await applyFallDamage(target, damage, requester.id) : null;
  const reply: DodgeReply = { roll: d.roll.toJSON() as unknown as Record<string, unknown>, check: d.record, applied };
  dodges.set(fallId, reply);
  return reply;
}

export function registerFallResolveQueries(): void {
  registerQuery(RESOLVE, handleResolveQuery);
  registerQuery(DODGE, handleDodgeQuery);
}
