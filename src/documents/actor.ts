// FlexActor: checks and damage on top of Foundry's Actor. The arithmetic lives in rules/.
import type { AttributeKey } from "../config";
import { checkCardData, renderCheckCard } from "../dice/check-card";
import { CheckRoll } from "../dice/check-roll";
import { collectCheckAdjustments } from "./check-adjustments";
import { rollModeOr } from "../helpers/roll-mode";
import { checkRequesterOrNull, damageEffectsFor, fallStarterOrNull, isDormant } from "./features";
import type { CheckRequest, CheckRequestOptions } from "./features";
import { addStatuses } from "../helpers/status-effects";
import { noteTranslated, packTranslatedArgs } from "../helpers/pack-i18n";
import { refusedTranslatedWrite } from "../helpers/packs";
import { sameTalentName, sourceNameOf } from "../data/item/talent-link";
import { addStarterTalents } from "./starter-talents";
import { applyHealing, applyHit, checkOutlook, netAdvantage, parseDie } from "../rules";
import type { CheckInput, CheckOutlook, CheckResult, HealingOutcome, HitOutcome } from "../rules";
import { ACTOR_ART, defaultArt } from "../helpers/default-art";

export interface RollCheckOptions {
  /** The attribute of a bare attribute check; a talent check takes the talent's attribute. */
  attribute?: AttributeKey;
  /** A talent item, its id or its name: makes this a talent check. */
  talent?: Item.Implementation | string;
  vorteile?: number;
  nachteile?: number;
  modifier?: number;
  /** Schwellenwert; null or omitted for an open check. */
  sw?: number | null;
  rollMode?: string;
  /** Notes shown on the card, e.g. why a Nachteil was added. */
  notes?: string[];
  /** A defence: the attack card and target it answers (the GM reads the defence from this card only). */
  defends?: { messageId: string; key: string };
}

export interface CheckOutcome {
  roll: CheckRoll;
  result: CheckResult;
  message: ChatMessage.Implementation | undefined;
}

export interface PreparedCheck {
  input: CheckInput;
  label: string;
  talent: Item.Implementation | undefined;
  attribute: AttributeKey;
  /** Why the check changed (given notes and automatic adjustments), for the card. */
  notes: string[];
  /** The rules of the automatic adjustments, for the card's Regeln line. */
  rules: string[];
}

export interface DamageOptions {
  ignoreArmor?: boolean;
  /** The damage type (CONFIG.FLEX.damageTypes); under water (F) and (Lava) lose their effects (R-WATER-4). */
  type?: string;
  /** Statuses the damage brings with it (e.g. burning); applied unless R-WATER-4 suppresses them. */
  effects?: string[];
  /**
   * The "applied" mark of the card that deals this damage: recorded on this actor in the same write that
   * changes Leben, so the damage is applied once, whoever clicks and whichever GM carries it out.
   */
  mark?: { key: string; by: string };
}

/** What a card applied to an actor, kept on the actor under flags.flex.applied.<key> until undone. */
export interface AppliedMark {
  taken: number;
  downed: boolean;
  /** The status switched on at 0 Leben (R-CORE-8), null if none. */
  status: string | null;
  /** The user on whose behalf it was applied. */
  by: string;
  at: number;
  /**
   * The arithmetic behind `taken`, for the GM's and the owners' view of the card (drawn at render time, never in a
   * card's content: screen.ts): the damage, what Rüstung stopped, Leben after and its maximum. Older marks have none.
   */
  damage?: number;
  absorbed?: number;
  leben?: number;
  max?: number;
}

/** Marks kept per actor; the oldest go when more come (an Undo that old is no longer offered). */
const MARKS_KEPT = 50;
const MARK_KEY = /^[\w-]{1,120}$/;

/** A mark key from any id (fall ids contain dots, which flag paths cannot). */
export function markKey(...parts: string[]): string {
  return parts.join("-").replace(/[^\w-]/g, "_").slice(0, 120);
}

export type DamageOutcome = HitOutcome & {
  effectsSuppressed: boolean;
  notes: string[];
  mark: AppliedMark | null;
  /** The mark was there already: nothing applied. */
  already: boolean;
  /** The statuses the damage brings (after R-WATER-4). */
  applyStatuses: string[];
};

type Sys = { attributes?: Record<string, number>; erschoepfung?: { value: number }; derived?: { ruestung?: number }; leben?: { value: number; max?: number } };

const toInt = (v: unknown) => (Number.isFinite(Number(v)) ? Math.trunc(Number(v)) : 0);

export class FlexActor<out SubType extends Actor.SubType = Actor.SubType> extends Actor<SubType> {
  /** A document built from one of the system's packs is shown in the world's language (helpers/pack-i18n.ts). */
  constructor(...args: ConstructorParameters<typeof Actor>) {
    super(...packTranslatedArgs(args));
    noteTranslated(this, args);
  }

  /**
   * A new actor shows the system's picture for its type (helpers/default-art.ts), not core's white line art; its token
   * shows the actor's own picture when it has one (a bestiary creature imported from the pack), else the same.
   */
  static override getDefaultArtwork(...args: Parameters<typeof Actor.getDefaultArtwork>): ReturnType<typeof Actor.getDefaultArtwork> {
    const data = args[0] as { type?: unknown; img?: unknown } | undefined;
    const img = defaultArt(data?.type, ACTOR_ART);
    const own = typeof data?.img === "string" && data.img && !data.img.startsWith("icons/svg/") ? data.img : img;
    return { ...super.getDefaultArtwork(...args), img, texture: { src: own } };
  }

  /** R-CORE-3: a new character comes with the general talents, in its one create write (starter-talents.ts). */
  protected override async _preCreate(...args: Parameters<Actor["_preCreate"]>) {
    if ((await super._preCreate(...args)) === false) return false;
    await addStarterTalents(this.asImplementation, args[1] as { pack?: unknown });
  }

  /** Built translated from a pack, it is never written back into the German pack (helpers/packs.ts). */
  override async update(...args: Parameters<Actor["update"]>) {
    if (refusedTranslatedWrite(this)) return undefined;
    return super.update(...args);
  }

  get flexSystem(): Sys {
    return this.system as Sys;
  }

  /**
   * Finds a talent on this actor by item, id or (case-insensitive) name. A talent imported from a pack in
   * another language also answers to its German name (flags.flex.sourceName), the one the rules use.
   * R-POLY-2 (Decision 2026-12-01): a talent set aside just now (the character's own, in a form) gives way to a
   * usable one of the same name (the form's): a transformed character rolls the form's talent where it has one.
   */
  findTalent(ref: Item.Implementation | string): Item.Implementation | undefined {
    const direct = typeof ref !== "string" ? ref : this.items.get(ref);
    if (typeof ref !== "string" || direct?.type === "talent") {
      if (direct?.type !== "talent") return undefined;
      return isDormant(direct) ? (this.talentNamed(direct.name, true) ?? this.talentNamed(sourceNameOf(direct), true) ?? direct) : direct;
    }
    if (!ref.trim()) return undefined;
    return this.talentNamed(ref, true) ?? this.talentNamed(ref, false);
  }

  /** The talent of this name (or German source name); with `usable`, only one not set aside (R-POLY-2). */
  private talentNamed(name: string, usable: boolean): Item.Implementation | undefined {
    if (!name.trim()) return undefined;
    const talents = this.items.filter((i) => i.type === "talent" && (!usable || !isDormant(i)));
    return talents.find((i) => sameTalentName(i.name, name)) ?? talents.find((i) => sameTalentName(sourceNameOf(i), name));
  }

  /**
   * R-CORE-4 / R-CORE-5 / R-EXH-2: what a check would roll (talent or attribute, automatic adjustments),
   * without rolling it. Null (with a notification) when the check cannot be made.
   */
  prepareCheck(options: RollCheckOptions, { quiet = false }: { quiet?: boolean } = {}): PreparedCheck | null {
    const talent = options.talent === undefined ? undefined : this.findTalent(options.talent);
    if (options.talent !== undefined && !talent) {
      if (!quiet) ui.notifications?.warn(game.i18n!.format("FLEX.Check.NoTalent", { name: this.name, talent: String(options.talent) }));
      return null;
    }
    const talentSys = talent?.system as { attribut?: AttributeKey; uebungswert?: number } | undefined;
    const attribute = talentSys?.attribut ?? options.attribute;
    const die = attribute ? parseDie(this.flexSystem.attributes?.[attribute]) : null;
    if (!attribute || !die) {
      if (!quiet) ui.notifications?.warn(game.i18n!.format("FLEX.Check.NoAttribute", { name: this.name }));
      return null;
    }
    const adjustments = collectCheckAdjustments({ actor: this.asImplementation, talent, attribute });
    const sum = (k: "vorteile" | "nachteile" | "modifier") => adjustments.reduce((s, a) => s + toInt(a[k]), 0);
    const input: CheckInput = {
      kind: talent ? "talent" : "attribute",
      die,
      uebungswert: toInt(talentSys?.uebungswert),
      modifier: toInt(options.modifier) + sum("modifier"),
      vorteile: Math.max(0, toInt(options.vorteile)) + sum("vorteile"),
      nachteile: Math.max(0, toInt(options.nachteile)) + sum("nachteile"),
      erschoepfung: toInt(this.flexSystem.erschoepfung?.value),
      sw: options.sw === null || options.sw === undefined || Number.isNaN(Number(options.sw)) ? null : toInt(options.sw),
    };
    const attrLabel = game.i18n!.localize(CONFIG.FLEX.attributes[attribute].label);
    const abbr = game.i18n!.localize(CONFIG.FLEX.attributes[attribute].abbreviation);
    // A bare check is named by the attribute's abbreviation, as players say it: "GE-Probe", "AGI check", "Проверка ЛВ".
    const label = talent ? talent.name : game.i18n!.format("FLEX.Check.AttributeCheck", { attribute: attrLabel, abbr });
    const notes = [...(options.notes ?? []), ...adjustments.map((a) => a.note)];
    const rules = adjustments.flatMap((a) => (a.rule ? [a.rule] : []));
    return { input, label, talent, attribute, notes, rules };
  }

  /**
   * What a check can reach before it is rolled (R-CORE-4 / R-CORE-5 / R-EXH-2), for the dialogs and the GM's
   * automation that spend time or money on checks. Null, without a notification, when it cannot be made.
   */
  checkOutlook(options: RollCheckOptions): CheckOutlook | null {
    const prepared = this.prepareCheck(options, { quiet: true });
    return prepared ? checkOutlook(prepared.input) : null;
  }

  /**
   * R-CORE-4 / R-CORE-5 / R-EXH-2: rolls a talent or attribute check and posts one chat card.
   * Returns null (with a notification) when the check cannot be made.
   */
  async rollCheck(options: RollCheckOptions): Promise<CheckOutcome | null> {
    if (!this.isOwner) {
      ui.notifications?.warn(game.i18n!.format("FLEX.Check.NotOwner", { name: this.name }));
      return null;
    }
    const prepared = this.prepareCheck(options);
    if (!prepared) return null;
    const { input, label, talent, attribute, notes, rules } = prepared;

    const roll = CheckRoll.fromCheck(input, label);
    await roll.evaluate();
    const result = roll.check!;
    const card = checkCardData(label, input.die, result, input.vorteile, input.nachteile, notes, rules);
    const message = (await roll.toMessage(
      {
        speaker: ChatMessage.getSpeaker({ actor: this }),
        flavor: label,
        content: await renderCheckCard(card),
        flags: { flex: { check: { label, attribute, talent: talent?.id ?? null, ...result, ...(options.defends ? { defends: options.defends } : {}) } } },
      },
      { rollMode: rollModeOr(options.rollMode) },
    )) as ChatMessage.Implementation | undefined;
    return { roll, result, message };
  }

  /**
   * The public check (issue 34): an attribute, talent or item check with the roll dialog, as the sheet's buttons
   * make it; Shift (`options.event`) or `fastForward: true` rolls at once. Null when it was not made.
   */
  async requestCheck(request: CheckRequest, options: CheckRequestOptions = {}): Promise<unknown> {
    const requester = checkRequesterOrNull();
    if (requester) return requester(this, request, options);
    // No dialog registered (a stand-alone use of the documents): the check without one.
    if ("attribute" in request) return this.rollAttribute(request.attribute, { rollMode: options.rollMode });
    if ("talent" in request) return this.rollTalent(request.talent, { rollMode: options.rollMode });
    return request.item.roll({ rollMode: options.rollMode, targets: options.targets });
  }

  rollAttribute(attribute: AttributeKey, options: Omit<RollCheckOptions, "attribute" | "talent"> = {}) {
    return this.rollCheck({ ...options, attribute });
  }

  rollTalent(talent: Item.Implementation | string, options: Omit<RollCheckOptions, "attribute" | "talent"> = {}) {
    return this.rollCheck({ ...options, talent });
  }

  /** Net Vorteile (positive) or Nachteile (negative) of a check, for dialogs that preview it. */
  static netAdvantage(vorteile: number, nachteile: number): number {
    return netAdvantage(vorteile, nachteile);
  }

  /**
   * R-CORE-7 / R-CORE-8 / R-COMP-8: one hit. Rüstung reduces it unless `ignoreArmor`; Leben stops at 0,
   * where a character or a trained companion is dying and any other creature is defeated.
   */
  async applyDamage(amount: number, options: DamageOptions = {}): Promise<DamageOutcome> {
    const planned = this.planDamage(amount, options);
    if (Object.keys(planned.changes).length) await this.update(planned.changes);
    await this.afterDamage(planned.outcome);
    return planned.outcome;
  }

  /**
   * What `applyDamage` would write, without writing: the update data (Leben and the mark) and the outcome,
   * so that a card hitting several creatures can send one batched write. Follow it with `afterDamage`.
   */
  planDamage(amount: number, { ignoreArmor = false, type, effects = [], mark }: DamageOptions = {}): { changes: Record<string, unknown>; outcome: DamageOutcome } {
    const sys = this.flexSystem;
    const outcome = applyHit({ leben: sys.leben?.value ?? 0, ruestung: sys.derived?.ruestung ?? 0, damage: amount, ignoreArmor });
    const existing = mark ? this.appliedMark(mark.key) : null;
    if (existing) {
      return { changes: {}, outcome: { ...outcome, taken: 0, absorbed: 0, downed: false, leben: sys.leben?.value ?? 0, effectsSuppressed: false, notes: [], mark: existing, already: true, applyStatuses: [] } };
    }
    const water = damageEffectsFor(this.asImplementation, type, effects);
    const changes: Record<string, unknown> = {};
    if (outcome.taken > 0) changes["system.leben.value"] = outcome.leben;
    let applied: AppliedMark | null = null;
    if (mark) {
      const max = toInt(sys.leben?.max);
      applied = { taken: outcome.taken, downed: outcome.downed, status: outcome.downed ? this.downedStatus : null, by: mark.by, at: Date.now(), damage: Math.max(0, Math.trunc(amount)), absorbed: outcome.absorbed, leben: outcome.leben, max };
      Object.assign(changes, { [`flags.flex.applied.${markKey(mark.key)}`]: applied }, this.pruneMarks());
    }
    const rules = water.rule ? [...outcome.rules, water.rule] : outcome.rules;
    return { changes, outcome: { ...outcome, rules, effectsSuppressed: water.effectsSuppressed, notes: water.note ? [water.note] : [], mark: applied, already: false, applyStatuses: water.apply } };
  }

  /** The statuses a planned hit brings once its write has landed: dying or dead at 0 Leben, and its effects. */
  async afterDamage(outcome: DamageOutcome): Promise<void> {
    const { add } = this.statusesAfterDamage(outcome);
    if (add.length) await addStatuses(this.asImplementation, add);
  }

  /** What `afterDamage` switches on, for a task that writes it as a step of its own. */
  statusesAfterDamage(outcome: DamageOutcome): { add: string[] } {
    if (outcome.already) return { add: [] };
    return { add: [...new Set([...(outcome.downed ? [this.downedStatus] : []), ...outcome.applyStatuses])] };
  }

  /**
   * R-CORE-12: healing raises Leben up to its maximum; rising above 0 ends *dying* (not *drowning*: only air
   * ends that, R-BREATH-3). With a mark, the healing is recorded like damage, so a card heals once.
   */
  async applyHealing(amount: number, { mark }: { mark?: { key: string; by: string } } = {}): Promise<HealingOutcome & { already: boolean }> {
    const planned = this.planHealing(amount, { mark });
    if (Object.keys(planned.changes).length) await this.update(planned.changes);
    await this.afterHealing(planned.result);
    return planned.result;
  }

  planHealing(amount: number, { mark }: { mark?: { key: string; by: string } } = {}): { changes: Record<string, unknown>; result: HealingOutcome & { already: boolean } } {
    const pool = this.flexSystem.leben;
    const result = applyHealing({ leben: pool?.value ?? 0, max: pool?.max ?? 0, amount });
    if (mark && this.appliedMark(mark.key)) return { changes: {}, result: { ...result, leben: pool?.value ?? 0, healed: 0, revived: false, already: true } };
    const changes: Record<string, unknown> = {};
    if (result.healed > 0) changes["system.leben.value"] = result.leben;
    if (mark) {
      // A healing mark records a negative "taken": Undo takes the healing back.
      const applied: AppliedMark = { taken: -result.healed, downed: false, status: null, by: mark.by, at: Date.now(), leben: result.leben, max: toInt(pool?.max) };
      Object.assign(changes, { [`flags.flex.applied.${markKey(mark.key)}`]: applied }, this.pruneMarks());
    }
    return { changes, result: { ...result, already: false } };
  }

  async afterHealing(result: HealingOutcome & { already: boolean }): Promise<void> {
    if (this.statusesAfterHealing(result).remove.length) await this.toggleStatusEffect("dying", { active: false });
  }

  /** What `afterHealing` switches off: dying, when healing brought Leben above 0. */
  statusesAfterHealing(result: HealingOutcome & { already: boolean }): { remove: string[] } {
    return { remove: !result.already && result.revived && this.statuses.has("dying") ? ["dying"] : [] };
  }

  /** The mark a card left when it applied damage here, or null. */
  appliedMark(key: string): AppliedMark | null {
    const marks = this.getFlag("flex", "applied");
    const mark = marks && typeof marks === "object" ? (marks as Record<string, unknown>)[markKey(key)] : null;
    return mark && typeof mark === "object" && Number.isFinite((mark as AppliedMark).taken) ? (mark as AppliedMark) : null;
  }

  /**
   * Takes back what the card with this mark applied: the Leben in the same write that removes the mark, then
   * the status it set. False when there is nothing to undo (never applied, or undone already).
   */
  async undoDamage(key: string): Promise<AppliedMark | null> {
    const planned = this.planUndo(key);
    if (!planned) return null;
    await this.update(planned.changes);
    await this.afterUndo(planned.mark, planned.leben);
    return planned.mark;
  }

  /** What `undoDamage` would write (Leben given back and the mark removed, in one write) and the Leben after it, or null. */
  planUndo(key: string): { changes: Record<string, unknown>; mark: AppliedMark; leben: number } | null {
    const mark = this.appliedMark(key);
    if (!mark) return null;
    const pool = this.flexSystem.leben;
    const leben = pool?.value ?? 0;
    const back = Math.trunc(mark.taken);
    // Damage given back never exceeds the maximum; healing taken back never goes below 0.
    const next = Math.max(0, Math.min(leben + back, Math.max(leben, pool?.max ?? leben + back)));
    return { changes: { "system.leben.value": next, [`flags.flex.applied.-=${markKey(key)}`]: null }, mark, leben: next };
  }

  async afterUndo(mark: AppliedMark, leben?: number): Promise<void> {
    const { add, remove } = this.statusesAfterUndo(mark, leben);
    if (remove[0]) await this.toggleStatusEffect(remove[0], { active: false });
    if (add.length) await addStatuses(this.asImplementation, add);
  }

  /**
   * What `afterUndo` switches: off, the status the undone damage had set; on (R-CORE-8), dying or dead again when
   * taking back a healing brings Leben back to 0 (`leben`: the Leben after the undo, as planUndo says).
   */
  statusesAfterUndo(mark: AppliedMark, leben?: number): { add: string[]; remove: string[] } {
    const remove = mark.downed && mark.status && this.statuses.has(mark.status) ? [mark.status] : [];
    const down = this.downedStatus;
    const add = mark.taken < 0 && leben === 0 && !this.statuses.has(down) ? [down] : [];
    return { add, remove };
  }

  /** Deletions of the oldest marks, so that with the one being added at most MARKS_KEPT remain. */
  private pruneMarks(): Record<string, null> {
    const marks = this.getFlag("flex", "applied");
    if (!marks || typeof marks !== "object") return {};
    const entries = Object.entries(marks as Record<string, { at?: unknown }>);
    const stale = entries
      .filter(([k, m]) => !MARK_KEY.test(k) || !m || typeof m !== "object")
      .map(([k]) => k);
    const valid = entries.filter(([k]) => !stale.includes(k)).sort((a, b) => Number(a[1].at) - Number(b[1].at));
    const excess = valid.slice(0, Math.max(0, valid.length - (MARKS_KEPT - 1))).map(([k]) => k);
    return Object.fromEntries([...stale, ...excess].map((k) => [`flags.flex.applied.-=${k}`, null]));
  }

  /**
   * R-FALL-1..3: this actor falls `height` Schritt (Athletik against height × 3, else 1W4 per Schritt),
   * onto a token or actor if given (null: the ground; omitted: whatever token is at its landing spot).
   * One chat card; see automation/falling/. Null when falling is not registered.
   */
  async fall(height: number, options: Record<string, unknown> = {}): Promise<unknown> {
    const start = fallStarterOrNull();
    return start ? start(this.asImplementation, height, options) : null;
  }

  /** This document as the configured Actor class, which it is once CONFIG.Actor.documentClass names FlexActor. */
  get asImplementation(): Actor.Implementation {
    // The types cannot see that FlexActor is the configured document class.
    return this as Actor.Implementation;
  }

  /** R-CORE-8 / R-COMP-8: what 0 Leben means for this actor. */
  get downedStatus(): "dying" | "dead" {
    if (this.type === "character") return "dying";
    return (this.system as { derived?: { begleiter?: boolean } }).derived?.begleiter ? "dying" : "dead";
  }
}
