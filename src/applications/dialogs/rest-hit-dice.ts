// The hit dice of the owner's rest dialog (issue 25): how many to spend, what they can bring before the roll, and
// the roll itself, made in the dialog by the player (the dice go to chat as the player's own roll) with the Leben
// bar rising to what they healed. The active GM uses that roll (automation/rest/hit-dice-roll.ts) and adds only
// what depends on the others: Vorteil and the inspiration die of a companion's Kreative Atempause.
import { localDice } from "../../helpers/dice-text";
import { hitDiceTerms, postHitDiceRoll, restTypeLabel } from "../../automation/rest";
import type { RestPrompt } from "../../automation/rest";
import type { CharacterData } from "../../data/actor/character";
import { hitDiceAllowance, hitDiceHealing, hitDiceOutlook } from "../../rules";

export const REST_HIT_DICE_TEMPLATE = "systems/flex/templates/dialogs/rest-hit-dice.hbs";

const i18n = () => game.i18n!;

/** What the hit dice typed can do to Leben (R-REST-HEAL-3), before they are rolled: "Leben 12 → 15–30 (Ø 24) / 30". */
export function hitDicePreview(dice: number, die: number, mod: number, leben: { value: number; max: number }): string {
  const o = hitDiceOutlook(dice, die, mod, leben);
  if (!dice || o.max === o.from) return i18n().format("FLEX.Rest.Answer.LebenNow", { value: String(o.from), max: String(leben.max) });
  return i18n().format("FLEX.Rest.Answer.LebenPreview", { value: String(o.from), min: String(o.min), avg: String(o.avg), high: String(o.max), max: String(leben.max) });
}

/** The Leben bar: the Leben now and, beside it, what the dice can bring (before the roll) or brought (after it). */
export function lebenMeter(value: number, gained: number, max: number): { now: number; gain: number; after: number; max: number } {
  const top = Math.max(0, max);
  const now = Math.max(0, Math.min(top, value));
  const after = Math.min(top, now + Math.max(0, gained));
  const pct = (n: number) => (top ? Math.round((n / top) * 1000) / 10 : 0);
  return { now: pct(now), gain: pct(after - now), after, max: top };
}

/** What the player rolled, and whether the first die counts in full (Aufmerksame Erholung declared in the dialog). */
export interface HitDiceRolled {
  rolls: number[];
  attentive: boolean;
}

/**
 * The hit dice block of the dialog: null when this rest gives none. `typed`: the dice typed so far (the bar shows
 * the most they can bring); `rolled`: after the player's roll.
 */
export function hitDiceContext(actor: Actor.Implementation, sys: CharacterData, prompt: RestPrompt, rolled: HitDiceRolled | null = null, typed = 0): Record<string, unknown> | null {
  const tw = sys.derived.trefferwuerfel;
  const allowance = hitDiceAllowance(prompt.type, sys.level, tw.verbleibend);
  if (allowance <= 0) return null;
  const mod = sys.trefferwuerfel.koModifikator;
  const count = Math.max(0, Math.min(allowance, Math.trunc(typed) || 0));
  const outlook = hitDiceOutlook(count, tw.wuerfel, mod, sys.leben);
  let view: Record<string, unknown> | null = null;
  let meter = lebenMeter(outlook.from, outlook.max - outlook.from, sys.leben.max);
  if (rolled) {
    // As the GM will count them (R-REST-HEAL-3, R-REST-TAL): the first die at its maximum when attentive.
    const dice = rolled.attentive ? [tw.wuerfel, ...rolled.rolls.slice(1)] : rolled.rolls;
    const healing = hitDiceHealing(dice, mod);
    meter = lebenMeter(outlook.from, healing.total, sys.leben.max);
    view = {
      sum: i18n().format("FLEX.Rest.Answer.Rolled", { count: String(dice.length), die: localDice(`W${tw.wuerfel}`), terms: hitDiceTerms(dice, mod, 0), total: String(healing.total) }),
      leben: i18n().format("FLEX.Rest.Answer.LebenRolled", { value: String(outlook.from), after: String(meter.after), max: String(meter.max) }),
      attentive: rolled.attentive ? i18n().localize("FLEX.Rest.Answer.Attentive") : null,
      note: prompt.type === "breather" || prompt.type === "shortRest" ? i18n().localize("FLEX.Rest.Answer.RolledNote") : null,
    };
  }
  return {
    max: allowance,
    // R-REST-HEAL-2: without a healer and without a charge in the group no die can heal: say so, type none.
    disabled: !prompt.healer && prompt.kitCharges === 0,
    text: i18n().format("FLEX.Rest.Answer.HitDiceHint", { left: String(tw.verbleibend), max: String(tw.max), die: localDice(`W${tw.wuerfel}`), mod: String(mod), allowance: String(allowance) }),
    care: prompt.healer ? i18n().localize("FLEX.Rest.Answer.HealerHere") : i18n().format(prompt.kitCharges ? "FLEX.Rest.Answer.Kit" : "FLEX.Rest.Answer.NoCare", { charges: String(prompt.kitCharges) }),
    die: tw.wuerfel,
    mod,
    leben: sys.leben.value,
    lebenMax: sys.leben.max,
    value: rolled ? rolled.rolls.length : count,
    preview: hitDicePreview(count, tw.wuerfel, mod, sys.leben),
    // The bar's value is the Leben now, or after the roll what the dice made of it; the hatched part only a chance.
    meter: { ...meter, value: rolled ? meter.after : outlook.from, label: i18n().format("FLEX.Rest.Answer.LebenMeter", { name: actor.name }) },
    rolled: view,
  };
}

/**
 * The dialog's Würfeln button: rolls the typed number of hit dice once (a double click, or a click while the roll
 * is posted, rolls nothing more), then draws the block again with the dice and the Leben they bring.
 */
export class HitDiceRoller {
  #rolls: number[] | null = null;
  #busy = false;

  constructor(
    readonly actor: Actor.Implementation,
    readonly sys: CharacterData,
    readonly prompt: RestPrompt,
  ) {}

  get rolled(): boolean {
    return this.#rolls !== null;
  }

  /** Rolls `typed` dice (clamped to the rest's allowance); the block's new HTML, or null when nothing was rolled. */
  async roll(typed: unknown, attentive: boolean): Promise<string | null> {
    // The block's own reading of the typed number: clamped to the allowance, 0 for a text.
    const ctx = hitDiceContext(this.actor, this.sys, this.prompt, null, Number(typed));
    if (!ctx || ctx.disabled || this.#busy || this.#rolls) return null;
    const count = Number(ctx.value);
    if (!count) return null;
    this.#busy = true;
    const flavor = i18n().format("FLEX.Rest.Answer.RollFlavor", { type: restTypeLabel(this.prompt.type) });
    const rolled = await postHitDiceRoll(this.actor, this.prompt, count, this.sys.derived.trefferwuerfel.wuerfel, flavor);
    if (!rolled) {
      this.#busy = false;
      return null;
    }
    this.#rolls = rolled.rolls;
    return this.draw(attentive);
  }

  /** The block as it stands (after a change of the rest talent, the first die may now count in full). */
  async draw(attentive: boolean): Promise<string> {
    const ctx = hitDiceContext(this.actor, this.sys, this.prompt, this.#rolls ? { rolls: this.#rolls, attentive } : null);
    return foundry.applications.handlebars.renderTemplate(REST_HIT_DICE_TEMPLATE, ctx ?? {});
  }
}
