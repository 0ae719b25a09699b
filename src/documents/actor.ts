// FlexActor: checks and damage on top of Foundry's Actor. The arithmetic lives in rules/.
import type { AttributeKey } from "../config";
import { checkCardData, renderCheckCard } from "../dice/check-card";
import { CheckRoll } from "../dice/check-roll";
import { collectCheckAdjustments } from "./check-adjustments";
import { damageEffectsFor, fallStarterOrNull } from "./features";
import { addStatuses } from "../helpers/status-effects";
import { applyHit, netAdvantage, parseDie } from "../rules";
import type { CheckInput, CheckResult, HitOutcome } from "../rules";

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
}

export interface DamageOptions {
  ignoreArmor?: boolean;
  /** The damage type (CONFIG.FLEX.damageTypes); under water (F) and (Lava) lose their effects (R-WATER-4). */
  type?: string;
  /** Statuses the damage brings with it (e.g. burning); applied unless R-WATER-4 suppresses them. */
  effects?: string[];
  /** More changes for the same write, e.g. the "applied" mark of the card that deals the damage. */
  marks?: Record<string, unknown>;
}

export type DamageOutcome = HitOutcome & { effectsSuppressed: boolean; notes: string[] };

type Sys = { attributes?: Record<string, number>; erschoepfung?: { value: number }; derived?: { ruestung?: number }; leben?: { value: number } };

const toInt = (v: unknown) => (Number.isFinite(Number(v)) ? Math.trunc(Number(v)) : 0);

export class FlexActor<out SubType extends Actor.SubType = Actor.SubType> extends Actor<SubType> {
  get flexSystem(): Sys {
    return this.system as unknown as Sys;
  }

  /** Finds a talent on this actor by item, id or (case-insensitive) name. */
  findTalent(ref: Item.Implementation | string): Item.Implementation | undefined {
    if (typeof ref !== "string") return ref.type === "talent" ? ref : undefined;
    const byId = this.items.get(ref);
    if (byId?.type === "talent") return byId;
    const name = ref.trim().toLowerCase();
    return this.items.find((i) => i.type === "talent" && i.name.toLowerCase() === name);
  }

  /**
   * R-CORE-4 / R-CORE-5 / R-EXH-2: what a check would roll (talent or attribute, automatic adjustments),
   * without rolling it. Null (with a notification) when the check cannot be made.
   */
  prepareCheck(options: RollCheckOptions): PreparedCheck | null {
    const talent = options.talent === undefined ? undefined : this.findTalent(options.talent);
    if (options.talent !== undefined && !talent) {
      ui.notifications?.warn(game.i18n!.format("FLEX.Check.NoTalent", { name: this.name, talent: String(options.talent) }));
      return null;
    }
    const talentSys = talent?.system as { attribut?: AttributeKey; uebungswert?: number } | undefined;
    const attribute = talentSys?.attribut ?? options.attribute;
    const die = attribute ? parseDie(this.flexSystem.attributes?.[attribute]) : null;
    if (!attribute || !die) {
      ui.notifications?.warn(game.i18n!.format("FLEX.Check.NoAttribute", { name: this.name }));
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
    const label = talent ? talent.name : game.i18n!.format("FLEX.Check.AttributeCheck", { attribute: attrLabel });
    const notes = [...(options.notes ?? []), ...adjustments.map((a) => a.note)];
    return { input, label, talent, attribute, notes };
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
    const { input, label, talent, attribute, notes } = prepared;

    const roll = CheckRoll.fromCheck(input, label);
    await roll.evaluate();
    const result = roll.check!;
    const card = checkCardData(label, input.die, result, input.vorteile, input.nachteile, notes);
    const message = (await roll.toMessage(
      {
        speaker: ChatMessage.getSpeaker({ actor: this }),
        flavor: label,
        content: await renderCheckCard(card),
        flags: { flex: { check: { label, attribute, talent: talent?.id ?? null, ...result } } },
      } as never,
      { rollMode: (options.rollMode ?? game.settings!.get("core", "rollMode")) as never },
    )) as ChatMessage.Implementation | undefined;
    return { roll, result, message };
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
  async applyDamage(amount: number, { ignoreArmor = false, type, effects = [], marks }: DamageOptions = {}): Promise<DamageOutcome> {
    const sys = this.flexSystem;
    const outcome = applyHit({ leben: sys.leben?.value ?? 0, ruestung: sys.derived?.ruestung ?? 0, damage: amount, ignoreArmor });
    const water = damageEffectsFor(this.asImplementation, type, effects);
    if (outcome.taken > 0 || marks) await this.update({ ...(outcome.taken > 0 ? { "system.leben.value": outcome.leben } : {}), ...marks } as never); // dotted paths: the types want nested update data
    if (outcome.downed) await this.toggleStatusEffect(this.downedStatus, { active: true });
    if (water.apply.length) await addStatuses(this.asImplementation, water.apply);
    const rules = water.rule ? [...outcome.rules, water.rule] : outcome.rules;
    return { ...outcome, rules, effectsSuppressed: water.effectsSuppressed, notes: water.note ? [water.note] : [] };
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
    return this as unknown as Actor.Implementation;
  }

  /** R-CORE-8 / R-COMP-8: what 0 Leben means for this actor. */
  get downedStatus(): "dying" | "dead" {
    if (this.type === "character") return "dying";
    return (this.system as { derived?: { begleiter?: boolean } }).derived?.begleiter ? "dying" : "dead";
  }
}
