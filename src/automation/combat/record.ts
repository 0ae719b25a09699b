// What an attack card records (flags.flex.attack) and how the card shows it. The content is a function of
// the record, re-rendered whenever a defence or an Apply / Undo changes it. What was applied to a creature is
// recorded on the creature itself (its mark); `applied` here only shows it.
import type { CheckCardData } from "../../dice/check-card";
import type { DefenceKind, RuleId } from "../../rules";
import type { ActorRef } from "../actor-ref";

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
  /** What the card shows of the defence; the GM reads it again from its owner (verdict.ts). rollIndex: a creature's rolled GE die among the card's rolls. */
  defence: { kind: DefenceKind; ew: number; source: "fixed" | "roll"; messageId: string | null; rollIndex?: number } | null;
}

/** What an Apply wrote on one target, for the card; taken < 0 is healing given. */
export interface AppliedView {
  taken: number;
  downed: boolean;
  by: string;
}

export interface AttackRecord {
  id: string;
  mode: AttackMode;
  attacker: ActorRef & { name: string; img: string };
  item: { uuid: string; name: string; img: string; damage: string | null; damageType: string; healing: string | null; actions: number; fluss: number };
  check: CheckCardData;
  ew: number;
  /** The rolled damage and healing; rollIndex: their rolls among the card's (older cards have none). */
  damage: { formula: string; total: number; rollIndex?: number } | null;
  healing: { formula: string; total: number; rollIndex?: number } | null;
  targets: AttackTarget[];
  applied: Record<string, AppliedView | null>;
  notes: string[];
  rules: RuleId[];
}

export function attackRecordOf(message: ChatMessage.Implementation | null | undefined): AttackRecord | null {
  const record = message?.getFlag("flex", "attack") as AttackRecord | undefined;
  return record && typeof record === "object" && Array.isArray(record.targets) && record.check ? record : null;
}

/** The mark an attack card leaves on a target it hurt or healed. */
export function attackMark(record: Pick<AttackRecord, "id">, key: string): string {
  return `attack-${record.id}-${key}`;
}

const STATUS_LABEL: Record<TargetStatus, string> = { hit: "FLEX.Attack.Hit", defended: "FLEX.Attack.Defended", pending: "FLEX.Attack.Pending" };

export async function renderAttackCard(record: AttackRecord): Promise<string> {
  const damageType = game.i18n!.localize(CONFIG.FLEX.damageTypes[record.item.damageType] ?? record.item.damageType);
  const healsOnly = !!record.healing && !record.damage;
  const targets = record.targets.map((t) => {
    const applied = record.applied?.[t.key] ?? null;
    return {
      ...t,
      statusClass: healsOnly ? "heal" : t.status,
      statusLabel: healsOnly ? "FLEX.Attack.HealTarget" : STATUS_LABEL[t.status],
      defenceLabel: t.defence ? `FLEX.Defence.${t.defence.kind}` : null,
      applied,
      healed: applied && applied.taken < 0 ? -applied.taken : 0,
      canApply: !!record.damage && t.status === "hit",
      canHeal: !!record.healing,
    };
  });
  const context = {
    ...record,
    targets,
    damageType,
    hasTargets: targets.length > 0,
    anyToApply: targets.some((t) => (t.canApply || t.canHeal) && !t.applied),
    breakdown: record.check,
    rulesText: record.rules.join(", "),
    modeLabel: `FLEX.Attack.Mode.${record.mode}`,
  };
  return foundry.applications.handlebars.renderTemplate(ATTACK_CARD_TEMPLATE, context);
}
