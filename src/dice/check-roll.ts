// A Flex check as a Foundry Roll: the formula comes from the rules core, so Dice So Nice and roll
// modes work, and the EW is read back through the same rules from the dice Foundry rolled.
import { checkFormula, evaluateCheck } from "../rules";
import type { CheckInput, CheckResult } from "../rules";

export interface CheckRollOptions {
  flex: { input: CheckInput; label: string };
}

export class CheckRoll extends foundry.dice.Roll {
  static fromCheck(input: CheckInput, label: string): CheckRoll {
    // Roll options are free-form in Foundry; the types list only core's.
    const options: Record<string, unknown> = { flex: { input, label } };
    return new CheckRoll(checkFormula(input), {}, options);
  }

  get flexOptions(): CheckRollOptions["flex"] {
    return (this.options as CheckRollOptions).flex;
  }

  /** The evaluated check (R-CORE-4/5), or null before the roll is evaluated. */
  get check(): CheckResult | null {
    if (!this._evaluated) return null;
    const die = this.dice[0];
    if (!die) return null;
    return evaluateCheck(this.flexOptions.input, die.results.map((r) => r.result));
  }
}
