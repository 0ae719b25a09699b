// What an attack card records (flags.flex.attack) and how the card shows it. The content is a function of
// the record, re-rendered whenever a defence or an Apply / Undo changes it. What was applied to a creature is
// recorded on the creature itself (its mark); `applied` here only shows it. A target's values players may not see
// stay out of the content (screen.ts); card-values.ts draws them on the clients that may.
import type { CheckCardData } from "../../dice/check-card";
import type { DefenceKind, RuleId } from "../../rules";
import { localDice } from "../../helpers/dice-text";
import { resolveActor } from "../actor-ref";
import type { ActorRef } from "../actor-ref";
import { valuesPublic } from "../screen";
import { numberText, unitText } from "../../helpers/units";
import { formulaWithFaces } from "../../dice/faces";
import type { RolledFaces } from "../../dice/faces";
import { lossText } from "../loss-text";

export const ATTACK_CARD_TEMPLATE = "systems/flex/templates/chat/attack-card.hbs";

export type AttackMode = "weapon" | "spell" | "attack";
export type TargetStatus = "hit" | "defended" | "pending";

export interface AttackTarget {
  key: string;
  ref: ActorRef;
  name: string;
  img: string;
  /** How it defends: "creature" with fixed values (a creature, or a character in a creature's form), "character" by rolling. */
  kind: "creature" | "character";
  status: TargetStatus;
  /**
   * What the card shows of the defence; the GM reads it again from its owner (verdict.ts). rollIndex: a creature's
   * rolled GE die among the card's rolls. No `ew` for a creature whose values are kept from players (screen.ts).
   */
  /** source "gm": a GM creature rolls its defence (world setting), and the active GM rolls it at the first Apply (claim.ts). */
  defence: { kind: DefenceKind; ew?: number; source: "fixed" | "roll" | "gm"; messageId: string | null; rollIndex?: number } | null;
}

/** What an Apply wrote on one target, for the card; taken < 0 is healing given. */
export interface AppliedView {
  taken: number;
  downed: boolean;
  by: string;
  /** The arithmetic the card shows (cards applied before issue 25 have none): the damage, what Rüstung stopped,
   * Leben after and its maximum, and the state the hit left ("dying", "dead") or null. */
  damage?: number;
  absorbed?: number;
  leben?: number;
  max?: number;
  state?: string | null;
}

export interface AttackRecord {
  id: string;
  mode: AttackMode;
  attacker: ActorRef & { name: string; img: string };
  item: { uuid: string; name: string; img: string; damage: string | null; damageType: string; healing: string | null; actions: number; fluss: number };
  check: CheckCardData;
  ew: number;
  /** The rolled damage and healing; rollIndex: their rolls among the card's (older cards have none). */
  damage: { formula: string; total: number; rollIndex?: number; rolled?: RolledFaces | null } | null;
  healing: { formula: string; total: number; rollIndex?: number; rolled?: RolledFaces | null } | null;
  /** A companion's attack on its trainer's command (R-COMP-5): the trainer paid the Aktionen, the command note says so. */
  commanded?: boolean;
  targets: AttackTarget[];
  applied: Record<string, AppliedView | null>;
  notes: string[];
  rules: RuleId[];
}

export function attackRecordOf(message: ChatMessage.Implementation | null | undefined): AttackRecord | null {
  const record = message?.getFlag("flex", "attack") as AttackRecord | undefined;
  return record && typeof record === "object" && Array.isArray(record.targets) && record.check ? record : null;
}

/** The mark an attack card leaves on a target it hurt or healed: keyed by the message id, which no author chooses. */
export function attackMark(messageId: string, key: string): string {
  return `attack-${messageId}-${key}`;
}

const STATUS_LABEL: Record<TargetStatus, string> = { hit: "FLEX.Attack.Hit", defended: "FLEX.Attack.Defended", pending: "FLEX.Attack.Pending" };

/** Leben lost, as the cards write it: "−5", and "0" when Rüstung stopped it all. */
const minus = (n: number) => numberText(-Math.abs(n));

/**
 * What an Apply did to one target, in one line that is true in every case (loss-text.ts): "6 Schaden − 5 Rüstung =
 * −1 Leben, jetzt 9/20", "10 Schaden: Leben 7 → 0/12 (3 verfallen)", or "+4 Leben, jetzt 13/20"; a card applied
 * before the arithmetic was recorded says "−1 Leben".
 */
export function appliedText(name: string, view: AppliedView): string {
  const i18n = game.i18n!;
  if (view.taken < 0) {
    if (view.leben === undefined || view.max === undefined) return i18n.format("FLEX.Attack.HealedBy", { name, n: String(-view.taken) });
    return i18n.format("FLEX.Attack.HealedNow", { n: String(-view.taken), leben: String(view.leben), max: String(view.max) });
  }
  if (view.damage === undefined || view.leben === undefined || view.max === undefined) return i18n.format("FLEX.Attack.Took", { name, n: String(view.taken) });
  return lossText({ damage: view.damage, absorbed: view.absorbed ?? 0, taken: view.taken, leben: view.leben, max: view.max });
}

/** What every player may read of an Apply on a screened target: "−5 Leben", "+4 Leben" or "kein Leben verloren". */
export function shortAppliedText(view: AppliedView): string {
  const i18n = game.i18n!;
  if (view.taken < 0) return i18n.format("FLEX.Attack.Healed", { n: String(-view.taken) });
  return view.taken === 0 ? i18n.localize("FLEX.Attack.NoLoss") : i18n.format("FLEX.Attack.Lost", { lost: minus(view.taken) });
}

/**
 * The card's HTML, the same for every client. A target whose values players may not see (screen.ts) gets the short
 * line and no defence value; the GM's and the owners' clients draw them at render time (card-values.ts).
 */
export async function renderAttackCard(record: AttackRecord): Promise<string> {
  const damageType = game.i18n!.localize(CONFIG.FLEX.damageTypes[record.item.damageType] ?? record.item.damageType);
  const healsOnly = !!record.healing && !record.damage;
  const i18n = game.i18n!;
  const damageAmount = record.damage?.total ?? 0;
  const targets = record.targets.map((t) => {
    const applied = record.applied?.[t.key] ?? null;
    const screened = !valuesPublic(resolveActor(t.ref));
    return {
      ...t,
      screened,
      appliedScreen: screened ? "applied" : null,
      showDefence: !!t.defence && !screened && typeof t.defence.ew === "number",
      appliedText: applied ? (screened ? shortAppliedText(applied) : appliedText(t.name, applied)) : null,
      appliedState: applied?.state ? i18n.localize(`FLEX.Attack.State.${applied.state}`) : null,
      statusClass: healsOnly ? "heal" : t.status,
      // C-8: a healed target says so; one still to heal says what the card will do.
      statusLabel: healsOnly ? (applied ? "FLEX.Attack.HealedTarget" : "FLEX.Attack.HealTarget") : STATUS_LABEL[t.status],
      defenceLabel: t.defence ? `FLEX.Defence.${t.defence.kind}` : null,
      applied,
      healed: applied && applied.taken < 0 ? -applied.taken : 0,
      // A GM creature's defence the GM rolls at the first Apply (world setting) is decided by that click.
      canApply: !!record.damage && (t.status === "hit" || (t.status === "pending" && t.defence?.source === "gm")),
      canHeal: !!record.healing,
    };
  });
  const count = (status: TargetStatus) => record.targets.filter((t) => t.status === status).length;
  const summary =
    record.targets.length > 1 && !healsOnly
      ? (["hit", "defended", "pending"] as const).filter((st) => count(st)).map((st) => i18n.format(`FLEX.Attack.Summary.${st}`, { n: String(count(st)) })).join(" · ")
      : null;
  // What the action cost (R-CORE-6): a commanded attack's Aktionen are the trainer's, named in the command note.
  const cost = record.commanded ? null : unitText("Aktion", record.item.actions);
  const context = {
    ...record,
    targets,
    summary,
    // The buttons' words in the content: the gross amount. Each client that may see a target's values draws that
    // target's own loss there, from the same rules the click uses (combat/index.ts, loss-text.ts).
    applyLabel: i18n.format("FLEX.Attack.ApplyAmount", { n: String(damageAmount) }),
    healLabel: i18n.format("FLEX.Attack.HealAmount", { n: String(record.healing?.total ?? 0) }),
    damageType,
    damageFormula: record.damage ? formulaWithFaces(localDice(record.item.damage ?? record.damage.formula), record.damage.rolled) : "",
    healingFormula: record.healing ? formulaWithFaces(localDice(record.item.healing ?? record.healing.formula), record.healing.rolled) : "",
    // C-8: a pure heal's check has no SW; the card says its EW decides nothing (R-CORE-13 rolls it all the same).
    healCheckNote: healsOnly ? i18n.localize("FLEX.Attack.HealCheckNote") : null,
    subtitle: cost ? i18n.format(`FLEX.Attack.Cost.${record.mode}`, { actions: cost }) : i18n.localize(`FLEX.Attack.Cost.commanded`),
    hasTargets: targets.length > 0,
    // C-1: "Apply to all" only where it saves a click: two or more targets still open.
    anyToApply: targets.filter((t) => t.canApply && !t.applied).length >= 2,
    breakdown: record.check,
    rulesText: record.rules.join(", "),
  };
  return foundry.applications.handlebars.renderTemplate(ATTACK_CARD_TEMPLATE, context);
}
