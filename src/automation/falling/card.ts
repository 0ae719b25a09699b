// The fall's chat card (R-FALL-1..3): what the message flags record about one fall, and the HTML the
// card shows for it. The content is a function of the record, re-rendered whenever Apply or Undo
// changes what was applied. A creature's values players may not see stay out of the content (screen.ts);
// card-values.ts draws them on the clients that may.
import { checkCardData } from "../../dice/check-card";
import type { CheckCardData } from "../../dice/check-card";
import type { CheckRoll } from "../../dice/check-roll";
import { dieLabel } from "../../rules";
import type { FallOutcome, RuleId } from "../../rules";
import { resolveActor } from "../actor-ref";
import { valuesPublic } from "../screen";
import { lossText } from "../loss-text";
import { facesText } from "../../dice/faces";

export const FALL_CARD_TEMPLATE = "systems/flex/templates/chat/fall-card.hbs";

export type FallSource = "move" | "pit" | "call";
export type FallEffectKey = "faller" | "target" | "rider";

import type { ActorRef } from "../actor-ref";

export type { ActorRef } from "../actor-ref";

/** What Apply wrote, so Undo can give it back. */
export interface AppliedRecord {
  taken: number;
  downed: boolean;
  /** The status Apply switched on at 0 Leben (R-CORE-8), null if none. */
  status: string | null;
  /** The user on whose behalf it was applied. */
  by: string;
  /** Leben after the hit and its maximum, for the card's "jetzt 0/7" (older cards have none). */
  leben?: number;
  max?: number;
}

export interface FallCheckRecord extends CheckCardData {
  /** No talent: a bare attribute check (noted on the card). */
  bare: boolean;
  /** A screened creature's fixed Ausweichen (screen.ts): the EW and the notes naming it are left out; its data has them. */
  screened?: boolean;
}

/** A creature's own fall: its Athletik check and, on a failure, its 1W4 per Schritt. */
export type FallerRecord = ActorRef & { name: string; check: FallCheckRecord; damage: number; formula: string; dice: number[] };

export interface FallRecord {
  id: string;
  height: number;
  sw: number;
  source: FallSource;
  faller: FallerRecord;
  /** The faller is a mount: its rider falls with it, from the same height (its own check and damage; no R-FALL-2 between them). */
  rider?: FallerRecord | null;
  target:
    | null
    | (Partial<ActorRef> & {
        kind: "creature" | "object";
        name: string;
        /** R-FALL-2: the faller failed, so the target would be hit. */
        atRisk: boolean;
        /** R-FALL-3: the Ausweichen check, when one was rolled. */
        check: FallCheckRecord | null;
        dodged: boolean;
        damage: number;
        /** Nobody could resolve the target's part (no GM online): nothing applies to it. */
        unresolved: boolean;
      });
  applied: Record<"faller" | "target", AppliedRecord | null> & { rider?: AppliedRecord | null };
  rules: RuleId[];
}

/** A rolled check as the card shows it. */
export function checkRecord(roll: CheckRoll, bare: boolean, notes: string[]): FallCheckRecord {
  const input = roll.flexOptions.input;
  return { ...checkCardData(roll.flexOptions.label, input.die, roll.check!, input.vorteile, input.nachteile, notes), bare };
}

/** The record of a resolved fall; `applied` starts empty unless the damage was applied on resolution. */
export function fallRecord(parts: Omit<FallRecord, "rules" | "height" | "sw"> & { outcome: FallOutcome }): FallRecord {
  const { outcome, ...rest } = parts;
  const rules = new Set<RuleId>(outcome.rules);
  for (const check of [rest.faller.check, rest.rider?.check, rest.target?.check]) for (const r of check?.result.rules ?? []) rules.add(r);
  return { ...rest, height: outcome.height, sw: outcome.sw, rules: [...rules].sort() };
}

/** The effects a card can apply: creatures with damage whose part was resolved. */
export function applicableKeys(record: FallRecord): FallEffectKey[] {
  const keys: FallEffectKey[] = [];
  if (record.faller.damage > 0) keys.push("faller");
  if ((record.rider?.damage ?? 0) > 0 && record.rider!.actorUuid) keys.push("rider");
  const t = record.target;
  if (t && t.kind === "creature" && !t.unresolved && t.damage > 0 && t.actorUuid) keys.push("target");
  return keys;
}

export function effectOf(record: FallRecord, key: FallEffectKey): { ref: ActorRef; name: string; damage: number } | null {
  if (!applicableKeys(record).includes(key)) return null;
  if (key === "faller") return { ref: record.faller, name: record.faller.name, damage: record.faller.damage };
  if (key === "rider") return { ref: record.rider!, name: record.rider!.name, damage: record.rider!.damage };
  const t = record.target!;
  return { ref: { actorUuid: t.actorUuid!, tokenUuid: t.tokenUuid ?? null }, name: t.name, damage: t.damage };
}

/**
 * "Wolf: 10 Schaden: Leben 7 → 0/7 (3 verfallen)" or "Rikka: 10 Schaden = −10 Leben, jetzt 13/30" (Rüstung does not
 * count against a fall; loss-text.ts words every case truly); older cards: "Wolf: −7 Leben".
 */
export function fallAppliedText(name: string, damage: number, applied: Pick<AppliedRecord, "taken" | "leben" | "max">): string {
  if (applied.leben === undefined || applied.max === undefined) return game.i18n!.format("FLEX.Fall.Applied", { name, taken: String(applied.taken) });
  return game.i18n!.format("FLEX.Fall.AppliedLine", { name, line: lossText({ damage, absorbed: 0, taken: applied.taken, leben: applied.leben, max: applied.max }) });
}

/** C-4: the fall's dice with their faces, "4W4: 3 + 2 + 4 + 1" (the W in the card's language: localDice in the template). */
const fallDice = (dice: number[]) => `${dice.length}${dieLabel(4)}${dice.length ? `: ${facesText({ faces: dice, bonus: 0 })}` : ""}`;

/**
 * The card's HTML, the same for every client. A creature whose values players may not see (screen.ts) gets the short
 * line ("Wolf: −7 Leben") and, as the landing target, its dodge without the check; the GM's and the owners' clients
 * draw the rest at render time (card-values.ts).
 */
export async function renderFallCard(record: FallRecord): Promise<string> {
  const buttons = applicableKeys(record).map((key) => {
    const effect = effectOf(record, key)!;
    const applied = record.applied[key] ?? null;
    const screened = !valuesPublic(resolveActor(effect.ref));
    const text = applied ? (screened ? game.i18n!.format("FLEX.Fall.Applied", { name: effect.name, taken: String(applied.taken) }) : fallAppliedText(effect.name, effect.damage, applied)) : null;
    return { key, ...effect, applied, appliedText: text, appliedScreen: screened ? "applied" : null, appliedState: applied?.status ? game.i18n!.localize(`FLEX.Attack.State.${applied.status}`) : null };
  });
  const t = record.target;
  const targetScreened = !!t && t.kind === "creature" && !!t.actorUuid && !valuesPublic(resolveActor({ actorUuid: t.actorUuid, tokenUuid: t.tokenUuid ?? null }));
  const context = {
    ...record,
    sourceLabel: `FLEX.Fall.Source.${record.source}`,
    sourceHint: `FLEX.Fall.SourceHint.${record.source}`,
    damageDice: fallDice(record.faller.dice),
    fallerFailed: record.faller.check.outcome === "failure",
    rider: record.rider ? { ...record.rider, failed: record.rider.check.outcome === "failure", damageDice: fallDice(record.rider.dice) } : null,
    buttons,
    targetScreened,
    rulesText: record.rules.join(", "),
  };
  return foundry.applications.handlebars.renderTemplate(FALL_CARD_TEMPLATE, context as Record<string, unknown>);
}
