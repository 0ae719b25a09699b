// R-CORE-11: a character attacked defends with Ausweichen or Parade (its choice, no action; R-WATER-1 adds its
// Nachteil under water through the check adjustments). Its owner rolls on their own client; the roll is a
// check card of its own that names the attack and target it answers (the server vouches for who posted it),
// and the active GM, who may write the attack card, reads that card and marks the target hit or defended. At
// Apply the GM reads the defence from that card again, never from the attack card (verdict.ts).
import { resolveDefence } from "../../rules";
import type { DefenceKind } from "../../rules";
import { resolveActor } from "../actor-ref";
import { askActiveGM, refuse, registerRelay } from "../gm-relay";
import type { RelayContext } from "../gm-relay";
import { attackRecordOf, renderAttackCard } from "./record";
import type { AttackRecord, AttackTarget, TargetStatus } from "./record";
import { DEFENCE_TALENT, defenceEW } from "./verdict";

const QUERY = "attackDefend";
export type DefendStatus = "hit" | "defended" | "already" | "refused" | "missing" | "noGM";

/** Whether `user` may defend this target: its owner, not merely the attacker. */
export function mayDefend(user: User.Implementation, record: AttackRecord, key: string): boolean {
  const target = record.targets.find((t) => t.key === key);
  return !!target && target.status === "pending" && !!resolveActor(target.ref)?.testUserPermission(user, "OWNER");
}

/** The defender's click: rolls the defence against the attack's EW, then has the GM mark the card. */
export async function defendAgainst(message: ChatMessage.Implementation, key: string, kind: DefenceKind): Promise<DefendStatus> {
  const record = attackRecordOf(message);
  const target = record?.targets.find((t) => t.key === key);
  const actor = target ? resolveActor(target.ref) : null;
  if (!record || !target || !actor) return "missing";
  if (target.status !== "pending") {
    ui.notifications?.warn(game.i18n!.localize("FLEX.Defence.Already"));
    return "already";
  }
  if (!actor.isOwner) return "refused";
  if (!game.users!.activeGM) {
    ui.notifications?.warn(game.i18n!.localize("FLEX.Query.NoGM"));
    return "noGM";
  }
  const talent = DEFENCE_TALENT[kind];
  const has = !!actor.findTalent(talent);
  const label = game.i18n!.format("FLEX.Defence.Against", { defence: game.i18n!.localize(`FLEX.Defence.${kind}`), attacker: record.attacker.name });
  const notes = has ? [label] : [label, game.i18n!.format("FLEX.Defence.Bare", { name: actor.name })];
  const defends = { messageId: message.id!, key, kind };
  const outcome = await actor.rollCheck(has ? { talent, sw: record.ew, notes, defends } : { attribute: "ge", sw: record.ew, notes, defends });
  if (!outcome?.message) return "missing";
  const reply = await askActiveGM<{ status: DefendStatus }>(QUERY, { messageId: message.id, key, kind, defenceMessageId: outcome.message.id });
  return reply?.status ?? "noGM";
}

/** The active GM's side: the defence card must be the target owner's own check, made for this defence. */
async function handleDefend(payload: Record<string, unknown>, { requester }: RelayContext) {
  const message = game.messages!.get(String(payload.messageId)) as ChatMessage.Implementation | undefined;
  const defence = game.messages!.get(String(payload.defenceMessageId)) as ChatMessage.Implementation | undefined;
  const kind: DefenceKind | null = payload.kind === "ausweichen" || payload.kind === "parade" ? payload.kind : null;
  const record = attackRecordOf(message);
  const key = String(payload.key);
  const target = record?.targets.find((t) => t.key === key);
  if (!message || !record || !target || !kind || !defence) return refuse("malformed", "defence without its attack, target, kind or roll");
  if (target.status !== "pending") return { status: "already" as const };
  const actor = resolveActor(target.ref);
  if (!actor?.testUserPermission(requester, "OWNER")) return refuse("forbidden", `${requester.name} does not own ${target.name}`);
  const defends = (defence.getFlag("flex", "check") as { defends?: { messageId?: unknown; key?: unknown } } | undefined)?.defends;
  // The card must answer this attack and target, and be a valid defence posted by an owner of the defender.
  const found = defends?.messageId === message.id && defends?.key === key ? defenceEW(defence, actor, record.ew) : null;
  if (!found || found.kind !== kind) return refuse("forbidden", `message ${defence.id} is not ${target.name}'s ${kind} against EW ${record.ew}`);
  const ew = found.ew;
  const verdict = resolveDefence({ attackEW: record.ew, defenceEW: ew });
  const status: TargetStatus = verdict.hit ? "hit" : "defended";
  const targets: AttackTarget[] = record.targets.map((t) => (t.key === key ? { ...t, status, defence: { kind, ew, source: "roll", messageId: defence.id } } : t));
  const next: AttackRecord = { ...record, targets, rules: [...new Set([...record.rules, ...verdict.rules])].sort() };
  const update: Record<string, unknown> = { content: await renderAttackCard(next), "flags.flex.attack.targets": targets, "flags.flex.attack.rules": next.rules };
  await message.update(update);
  return { status };
}

export function registerDefend(): void {
  registerRelay(QUERY, handleDefend);
}
