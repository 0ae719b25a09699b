import type { RuleId } from "./ids";

export interface HitInput {
  leben: number;
  ruestung: number;
  damage: number;
  /** Falls and similar damage that armour does not reduce. */
  ignoreArmor?: boolean;
}

export interface HitOutcome {
  leben: number;
  /** Leben actually lost. */
  taken: number;
  /** Damage the armour stopped. */
  absorbed: number;
  /** R-CORE-8: Leben reached 0 with this hit. */
  downed: boolean;
  rules: RuleId[];
}

const whole = (n: number) => (Number.isFinite(n) ? Math.max(0, Math.trunc(n)) : 0);

/** R-CORE-7: Rüstung reduces each incoming hit; R-CORE-8: Leben stops at 0, where one is dying. */
export function applyHit(input: HitInput): HitOutcome {
  const leben = whole(input.leben);
  const damage = whole(input.damage);
  const absorbed = input.ignoreArmor ? 0 : Math.min(damage, whole(input.ruestung));
  const taken = Math.min(leben, damage - absorbed);
  const after = leben - taken;
  const rules: RuleId[] = input.ignoreArmor ? [] : ["R-CORE-7"];
  const downed = after === 0 && leben > 0;
  if (downed) rules.push("R-CORE-8");
  return { leben: after, taken, absorbed, downed, rules };
}

/**
 * R-CORE-7: a damage entry in Flex notation ("1W6+2", "2W4", "W8 - 1"; "d" and the Russian "к" as well) as a Foundry formula
 * ("1d6 + 2"); null when it is not a dice expression (so nothing odd is ever rolled).
 */
export function damageFormula(flex: string): string | null {
  const text = String(flex ?? "").replace(/\s+/g, "");
  if (!/^[+-]?(\d*[WwDdКк]\d+|\d+)([+-](\d*[WwDdКк]\d+|\d+))*$/.test(text)) return null;
  const terms = text.match(/[+-]?[^+-]+/g) ?? [];
  return terms
    .map((term, i) => {
      const sign = term.startsWith("-") ? "-" : "+";
      const body = term.replace(/^[+-]/, "").replace(/^(\d*)[WwDdКк](\d+)$/, (_m, n: string, f: string) => `${n || 1}d${f}`);
      return i === 0 ? (sign === "-" ? `-${body}` : body) : `${sign} ${body}`;
    })
    .join(" ");
}

/**
 * R-CORE-12: the lowest and highest total a damage entry in Flex notation can roll ("2W6+2" → 4…14), so the
 * GM can check a reported damage without trusting it; null when it is not a dice expression. Never below 0.
 */
export function damageRange(flex: string): { min: number; max: number } | null {
  const formula = damageFormula(flex);
  if (!formula) return null;
  let min = 0;
  let max = 0;
  for (const term of formula.replace(/\s+/g, "").match(/[+-]?[^+-]+/g) ?? []) {
    const sign = term.startsWith("-") ? -1 : 1;
    const body = term.replace(/^[+-]/, "");
    const dice = /^(\d+)d(\d+)$/.exec(body);
    const [lo, hi] = dice ? [Number(dice[1]), Number(dice[1]) * Number(dice[2])] : [Number(body), Number(body)];
    if (sign > 0) {
      min += lo;
      max += hi;
    } else {
      min -= hi;
      max -= lo;
    }
  }
  return { min: Math.max(0, min), max: Math.max(0, max) };
}
