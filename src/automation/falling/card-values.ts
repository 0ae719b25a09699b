// The values a fall card keeps from players (screen.ts), drawn on the clients that may see them at render time: what
// an Apply did, from the mark on the creature (Leben after, its maximum), and the landing target's dodge check.
import { resolveActor } from "../actor-ref";
import { creatureDefence } from "../../rules";
import { fixedDefenceOf } from "../combat/creature-defence";
import { isCompanion } from "../companions/link";
import { revealScreened, seesValues, valuesPublic } from "../screen";
import { fallMark } from "./apply";
import { effectOf, fallAppliedText } from "./card";
import type { FallCheckRecord, FallEffectKey, FallRecord } from "./card";

const KEYS: readonly string[] = ["faller", "rider", "target"];

/** The full line of what an Apply did: Leben after from the creature's mark, else what the card recorded. */
function appliedLine(record: FallRecord, key: FallEffectKey, actor: Actor.Implementation): string | null {
  const effect = effectOf(record, key);
  if (!effect) return null;
  const mark = actor.appliedMark(fallMark(record.id, key));
  if (mark && mark.leben !== undefined && mark.max !== undefined) return fallAppliedText(effect.name, effect.damage, mark);
  const shown = record.applied?.[key];
  return shown ? fallAppliedText(effect.name, effect.damage, shown) : null;
}

/**
 * The landing target's dodge as its check says it, with its notes: "Ausweichen · EW 12 gegen SW 12 · …". A screened
 * check (a creature's fixed Ausweichen, kept out of the message) is drawn from the creature's data.
 */
function dodgeLine(record: FallRecord, actor: Actor.Implementation): string | null {
  const check = record.target?.check;
  if (!check?.result) return null;
  if (check.screened) {
    const stored = fixedDefenceOf(actor);
    if (!stored) return null;
    const value = creatureDefence(stored, "ausweichen");
    const note = game.i18n!.format(isCompanion(actor) ? "FLEX.Companion.FallDodgeNote" : "FLEX.Fall.ValueDodgeNote", { name: actor.name, value: String(value) });
    return [check.label, game.i18n!.format("FLEX.Fall.CheckLine", { ew: String(value), sw: String(record.sw) }), note].join(" · ");
  }
  if (typeof check.result.ew !== "number") return null;
  const line = game.i18n!.format("FLEX.Fall.CheckLine", { ew: String(check.result.ew), sw: String(record.sw) });
  return [check.label, line, ...(check.notes ?? [])].filter(Boolean).join(" · ");
}

/**
 * What the message may carry of a creature's fixed-value dodge (screen.ts): for a screened creature, only whether it
 * succeeded, without its EW and the notes naming its Ausweichen value (a rolled dodge shows its die anyway).
 */
export function checkForMessage(check: FallCheckRecord, actor: Actor.Implementation, rolled: boolean): FallCheckRecord {
  if (rolled || valuesPublic(actor)) return check;
  return { ...check, notes: [], result: { ...check.result, ew: 0, kept: 0 }, screened: true };
}

/** Fills the screened spots of a fall card for `user`, where it may see the creature's values. */
export function drawFallValues(record: FallRecord, html: HTMLElement, user: User.Implementation): void {
  revealScreened(html, (slot, key) => {
    if (!KEYS.includes(key)) return null;
    const ref = key === "target" ? record.target : key === "rider" ? record.rider : record.faller;
    const actor = ref?.actorUuid ? resolveActor({ actorUuid: ref.actorUuid, tokenUuid: ref.tokenUuid ?? null }) : null;
    if (!actor || !seesValues(user, actor)) return null;
    if (slot === "applied") return appliedLine(record, key as FallEffectKey, actor);
    if (slot === "dodge" && key === "target") return dodgeLine(record, actor);
    return null;
  });
}
