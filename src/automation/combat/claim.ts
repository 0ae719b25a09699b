// What the active GM believes of an attack card (ARCHITECTURE.md, "Cards are claims; the GM keeps its own record").
// The card is its author's to edit, so the first click the GM carries out checks it against the owner of each fact
// (facts.ts) and freezes what passed in the GM's card record, keyed by the message id; every later click (another
// target, Apply to all, Heal) reads that record, never the card again. Undo needs no record: its mark is keyed by
// the message id on the target itself.
import { documentFromUuid } from "../../helpers/uuid";
import { resolveActor, visibleTo } from "../actor-ref";
import type { ActorRef } from "../actor-ref";
import { cardRecordOf } from "../card-record";
import type { CardRecord } from "../card-record";
import type { AttackRecord, TargetStatus } from "./record";
import { creatureDefenceMode } from "../../helpers/settings";
import { bestCreatureDefence, resolveDefence } from "../../rules";
import { creatureDefenceRoll, fixedDefenceOf } from "./creature-defence";
import { tokenFor } from "./targets";
import { checkRollMatches, rolledAmount, verdictFor } from "./verdict";

export interface AttackClaimTarget {
  key: string;
  ref: ActorRef;
  /** The defence the GM rolled for a creature itself (its roll goes on the card); absent when the card's own counts. */
  rolled?: { index: number; roll: Record<string, unknown>; notes: string[] };
  /** A creature's verdict, fixed when the card was accepted (its values, or its GE die as the attack rolled it); null: a character, whose own defence card decides at each click. */
  verdict: TargetStatus | null;
}

export interface AttackClaim {
  /** The attack's EW, its check roll's (a defence is weighed against this, whatever the card says later). */
  ew: number;
  /** The damage and healing the card's own rolls show, within the item's formula (null: none, or not believed). */
  damage: number | null;
  healing: number | null;
  /** The card's targets that its author could target: a token the author can see, on the attacker's scene. */
  targets: AttackClaimTarget[];
}

export type AcceptedAttack = { claim: AttackClaim; fresh: CardRecord<AttackClaim> | null } | { doubt: string };

/** The token an attack's party stands for: its own (unlinked) or the one its ref names, else its first on a scene. */
function tokenOf(ref: Partial<ActorRef>, actor: Actor.Implementation): TokenDocument.Implementation | null {
  const named = typeof ref.tokenUuid === "string" ? (documentFromUuid(ref.tokenUuid) as TokenDocument.Implementation | null) : null;
  return named?.documentName === "Token" ? named : tokenFor(actor);
}

/**
 * Trust model: whether `author` could have aimed at this actor: a GM always; a player only at a token it can see
 * (not hidden, or an actor it may see) on the scene its attacker stands on, or at an actor without a token it may observe.
 */
export function mayTarget(author: User.Implementation, actor: Actor.Implementation, token: TokenDocument.Implementation | null, scene: Scene.Implementation | null): boolean {
  if (author.isGM) return true;
  if (!token) return actor.testUserPermission(author, "OBSERVER");
  if (!visibleTo(author, actor, token)) return false;
  return !scene || token.parent === scene;
}

/**
 * Why the GM does not believe this card at all, or null: the attacker must be the author's, the item the
 * attacker's, the EW its check roll's.
 */
export function distrust(message: ChatMessage.Implementation, record: AttackRecord): string | null {
  const attacker = resolveActor(record.attacker);
  const author = message.author;
  if (!attacker || !author) return "the attacker or the author is gone";
  if (!attacker.testUserPermission(author, "OWNER")) return `${author.name} does not own ${attacker.name}`;
  const item = documentFromUuid(record.item.uuid) as Item.Implementation | null;
  if (item && item.parent !== attacker) return `${record.item.name} is not ${attacker.name}'s`;
  if (!checkRollMatches(message, record)) return `the card says EW ${record.ew}, but it has no check roll that says so`;
  return null;
}

/**
 * A creature's defence the GM rolls itself (world setting "creatures roll their defence"): one the card's author does
 * not own. Its roll joins the card's rolls at `index`, where the verdict and the GM's drawing read it.
 */
async function gmDefence(message: ChatMessage.Implementation, record: AttackRecord, target: AttackRecord["targets"][number], actor: Actor.Implementation, index: number) {
  const stored = fixedDefenceOf(actor);
  if (!stored || creatureDefenceMode() !== "roll" || actor.testUserPermission(message.author!, "OWNER")) return null;
  const best = bestCreatureDefence(stored);
  const rolled = await creatureDefenceRoll(actor, best.kind, best.ew);
  const verdict: TargetStatus = resolveDefence({ attackEW: record.ew, defenceEW: rolled.ew }).hit ? "hit" : "defended";
  // R-WATER-1: a rolled Ausweichen under water is named on the card with the defender, as the attack's own roll was.
  const notes = rolled.notes.map((note) => game.i18n!.format("FLEX.Attack.DefenceNote", { name: target.name, note }));
  return { verdict, rolled: { index, roll: rolled.roll.toJSON() as Record<string, unknown>, notes } };
}

/** The card checked afresh: what of it the GM can believe now. */
async function freshClaim(message: ChatMessage.Implementation, record: AttackRecord): Promise<AttackClaim | string> {
  const doubt = distrust(message, record);
  if (doubt) return doubt;
  const author = message.author!;
  const attacker = resolveActor(record.attacker)!;
  const scene = (tokenOf(record.attacker, attacker)?.parent as Scene.Implementation | null | undefined) ?? null;
  const seen = new Set<string>();
  const targets: AttackClaimTarget[] = [];
  for (const target of record.targets) {
    const actor = resolveActor(target.ref);
    if (!actor || typeof target.key !== "string" || seen.has(target.key) || seen.has(actor.uuid)) continue;
    if (!mayTarget(author, actor, tokenOf(target.ref, actor), scene)) {
      console.warn(`Flex | attack card ${message.id}: ${author.name} could not have targeted ${actor.name}`);
      continue;
    }
    seen.add(target.key).add(actor.uuid);
    const ref = { actorUuid: target.ref.actorUuid, tokenUuid: target.ref.tokenUuid ?? null };
    const byGM = await gmDefence(message, record, target, actor, message.rolls.length + targets.filter((t) => t.rolled).length);
    if (byGM) targets.push({ key: target.key, ref, ...byGM });
    else targets.push({ key: target.key, ref, verdict: fixedDefenceOf(actor) ? verdictFor(message, record, target) : null });
  }
  return { ew: record.ew, damage: rolledAmount(message, record, "damage"), healing: rolledAmount(message, record, "healing"), targets };
}

/** The GM's record of this card if it has one, else the card checked afresh and the record to keep of it. */
export async function acceptAttack(message: ChatMessage.Implementation, record: AttackRecord): Promise<AcceptedAttack> {
  const kept = cardRecordOf<AttackClaim>("attack", message.id!);
  if (kept && kept.author === message.author?.id && Number.isFinite(kept.claim.ew)) return { claim: kept.claim, fresh: null };
  const claim = await freshClaim(message, record);
  if (typeof claim === "string") return { doubt: claim };
  // The GM's own rolls travel on the card (this click's steps); its record keeps their verdicts only.
  const kept2 = { ...claim, targets: claim.targets.map(({ rolled: _rolled, ...t }) => t) };
  return { claim, fresh: { kind: "attack", id: message.id!, author: message.author!.id!, claim: kept2, at: Date.now() } };
}
