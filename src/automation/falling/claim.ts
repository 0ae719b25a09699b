// What the active GM believes of a fall card (ARCHITECTURE.md, "Cards are claims; the GM keeps its own record").
// Each part of a fall has its owner:
// - the faller's check and damage: the faller's owner rolled them for its own creature (the card's author must own it);
// - a landing target the author does not own: the GM itself rolled its dodge and the fall damage (resolve.ts, the
//   dodge query) and keeps that decision as its card record under the fall id, bound to the user who fell; the
//   card's numbers for that target are never read;
// - the rider: the faller's paired rider (apply.ts, riderTrusted); one the author does not own fell by the GM's dice,
//   kept as the GM's record under `${fallId}:rider` (resolve.ts, the rider query).
import { planFall } from "../../rules";
import type { ActorRef } from "../actor-ref";
import { cardRecordOf } from "../card-record";
import type { CardRecord } from "../card-record";
import type { FallCheckRecord, FallEffectKey, FallRecord } from "./card";
import { effectOf } from "./card";
import { resolveActor } from "./landing";

/** The GM's own decision on a landing target it does not let the faller's owner roll for. */
export interface DodgeClaim {
  faller: ActorRef;
  target: ActorRef;
  height: number;
  /** R-FALL-2: the fall damage the GM rolled (the faller takes the same). */
  damage: number;
  damageRoll: Record<string, unknown>;
  /** R-FALL-3: the target's dodge, as the card shows it; null roll: its stored Ausweichen value. */
  dodged: boolean;
  roll: Record<string, unknown> | null;
  check: FallCheckRecord;
}

/** The GM's dodge record of a fall, if it made one for this user. */
export function dodgeRecordOf(fallId: string): CardRecord<DodgeClaim> | null {
  return cardRecordOf<DodgeClaim>("fall", fallId);
}

const sameActor = (a: Partial<ActorRef> | null | undefined, b: Partial<ActorRef> | null | undefined) => {
  const x = resolveActor(a);
  return !!x && x === resolveActor(b);
};

/**
 * The part of a fall card the GM may carry out, from the owners of its facts: whom it hurts and by how much; null
 * when the card's claim is not believed (the author does not own the faller, or names a target the GM never
 * decided for it). `author`: the message's server-verified author.
 */
export function believedEffect(record: FallRecord, key: FallEffectKey, author: User.Implementation | null): { ref: ActorRef; damage: number } | null {
  const effect = effectOf(record, key);
  if (!effect || !author) return null;
  const faller = resolveActor(record.faller);
  if (!faller || !faller.testUserPermission(author, "OWNER")) return null;
  if (key === "target") {
    const target = resolveActor(effect.ref);
    if (!target) return null;
    // The author dodged for a creature of its own: its roll, its creature.
    if (target.testUserPermission(author, "OWNER")) return withinFall(record, effect);
    const dodge = dodgeRecordOf(record.id);
    if (!dodge || dodge.author !== author.id || !sameActor(dodge.claim.target, effect.ref) || !sameActor(dodge.claim.faller, record.faller)) return null;
    return dodge.claim.dodged ? null : { ref: dodge.claim.target, damage: dodge.claim.damage };
  }
  if (key === "rider") {
    const rider = resolveActor(effect.ref);
    if (!rider) return null;
    if (rider.testUserPermission(author, "OWNER")) return withinFall(record, effect);
    // A rider the author does not own fell by the GM's dice (resolve.ts, the rider query).
    const fell = cardRecordOf<{ rider: ActorRef; damage: number }>("fall", `${record.id}:rider`);
    if (!fell || fell.author !== author.id || !sameActor(fell.claim.rider, effect.ref) || !(fell.claim.damage > 0)) return null;
    return { ref: fell.claim.rider, damage: fell.claim.damage };
  }
  return withinFall(record, effect);
}

/** R-FALL-1: a fall's damage is 1W4 per Schritt, from a height the world allows. */
function withinFall(record: FallRecord, effect: { ref: ActorRef; damage: number }): { ref: ActorRef; damage: number } | null {
  const height = Number(record.height);
  if (!Number.isFinite(height) || height > CONFIG.FLEX.maxFallHeight || !planFall(height).falls) return null;
  const damage = Number(effect.damage);
  return Number.isInteger(damage) && damage >= height && damage <= 4 * height ? effect : null;
}
