// FlexCombatant: the combatant's initiative roll is the Flex one (R-CORE-14), so core's roll buttons,
// Combat#rollInitiative and a GM's reroll all roll it; and the random tiebreak is drawn once, at creation.
import { CheckRoll } from "../dice/check-roll";
import { FALLBACK_INITIATIVE_DIE, coerceDie, initiativeInput } from "../rules";

/** A tiebreak from storage: a finite number, else none. */
export function storedTiebreak(value: unknown): number | null {
  return typeof value === "number" && Number.isFinite(value) ? value : null;
}

export class FlexCombatant extends Combatant {
  /**
   * R-CORE-14 (Decision): an attribute check (R-CORE-4) of `CONFIG.FLEX.initiative.attribute` (IN), with the
   * halved Erschöpfung malus of R-EXH-2 and no SW. A formula given explicitly (a macro's) is rolled as given.
   */
  override getInitiativeRoll(formula?: string) {
    if (formula) return super.getInitiativeRoll(formula);
    const attribute = CONFIG.FLEX.initiative.attribute;
    const system = this.actor?.flexSystem;
    const input = initiativeInput({
      inDie: coerceDie(system?.attributes?.[attribute], FALLBACK_INITIATIVE_DIE),
      erschoepfung: Number(system?.erschoepfung?.value) || 0,
    });
    const name = game.i18n!.localize(CONFIG.FLEX.attributes[attribute]?.label ?? attribute);
    return CheckRoll.fromCheck(input, game.i18n!.format("FLEX.Initiative.Label", { attribute: name }));
  }

  /**
   * R-CORE-14: the random part of the tie order, drawn once and stored with the creation (no extra write).
   * Not a die roll, so it does not draw from the dice's random source (CONFIG.Dice.randomUniform).
   */
  protected override async _preCreate(...args: Parameters<Combatant["_preCreate"]>) {
    const allowed = await super._preCreate(...args);
    if (allowed === false) return false;
    if (storedTiebreak(this._source.flags.flex?.tiebreak) === null) this.updateSource({ flags: { flex: { tiebreak: Math.random() } } });
    return allowed;
  }
}
