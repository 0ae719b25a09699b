import { describe, it, expect } from "vitest";
import * as rules from "../../src/rules";
import { RULE_IDS } from "../../src/rules/ids";

describe("the rules layer's public API (other layers are written against these names)", () => {
  it.each([
    "DIE_LADDER", "isDie", "stepDown", "stepUp", "dieLabel", "parseDie", "coerceDie", "attributeValue",
    "exhaustionMalus", "isDeadFromExhaustion", "endOfDay",
    "netAdvantage", "diceCount", "checkFormula", "evaluateCheck",
    "ACTIONS_PER_ROUND", "REACTIONS_PER_ROUND", "canAfford", "remainingActions",
    "proficiencyBonus",
    "missionReward", "workPay", "MISSION_REWARD_TABLE",
    "defaultMisstrauen", "clampMisstrauen", "HANDLING_TALENT", "handlingTalent",
    "parseAttackCheck", "attackCheckLabel", "creatureAttackInput", "evaluateAttack", "actionCost",
    "DEFENCE_KINDS", "resolveDefence", "creatureDefence", "bestCreatureDefence",
    "applyHealing", "applyHits",
    "castCost",
    "initiativeInput", "compareInitiative",
    "consumeOne",
    "EMPTY_ACTION_STATE", "coerceActionState", "actionWindow", "spendActions", "spendReaction", "refundActions", "refundReaction", "actionsLeft", "reactionsLeft",
    "RULE_IDS",
  ])("index re-exports %s", (name) => {
    expect(rules).toHaveProperty(name);
  });
});

describe("every rule ID of RULES.md is a RuleId", () => {
  it("85 distinct IDs, R-CORE-1 through R-DOWN-2", () => {
    expect(RULE_IDS).toHaveLength(85);
    expect(new Set(RULE_IDS).size).toBe(85);
    expect(RULE_IDS[0]).toBe("R-CORE-1");
    expect(RULE_IDS[RULE_IDS.length - 1]).toBe("R-DOWN-2");
    expect(RULE_IDS.slice(0, 15)).toEqual(Array.from({ length: 15 }, (_, i) => `R-CORE-${i + 1}`));
    expect(RULE_IDS).toEqual(expect.arrayContaining(["R-OPT-GRID", "R-OPT-LOAD", "R-REST-TAL", "R-REST-HEAL-3", "R-REST-NO-2"]));
  });

  it("the IDs the decisions cite are all known", () => {
    const cited = [
      ...rules.evaluateCheck(
        { kind: "talent", die: 8, uebungswert: 0, modifier: 0, vorteile: 1, nachteile: 0, erschoepfung: 2, sw: null },
        [3, 4],
      ).rules,
      ...rules.endOfDay({ erschoepfung: 7, koWert: 8, meal: false, water: true, sleep: true, gainedToday: false }).rules,
      ...rules.endOfDay({ erschoepfung: 2, koWert: 8, meal: true, water: true, sleep: true, gainedToday: false }).rules,
    ];
    expect(cited.sort()).toEqual(["R-CORE-4", "R-CORE-5", "R-EXH-1", "R-EXH-2", "R-EXH-3", "R-EXH-4"]);
    for (const id of cited) expect(RULE_IDS).toContain(id);
  });

  it("the fight's outcomes cite R-CORE-6 and R-CORE-10 … R-CORE-15, all known", () => {
    const attack = rules.creatureAttackInput({ check: { die: 8, bonus: 3 } });
    const cited = new Set([
      ...rules.spendActions(rules.coerceActionState(null), { cost: 2, window: "1" }).rules,
      ...rules.evaluateAttack(attack, [5]).rules,
      ...rules.resolveDefence({ attackEW: 8, defenceEW: 7 }).rules,
      ...rules.applyHealing({ leben: 0, max: 10, amount: 4 }).rules,
      ...rules.applyHits({ leben: 3, ruestung: 1, hits: [9] }).rules,
      ...rules.castCost({ fluss: 3, cost: 4 }).rules,
      ...rules.consumeOne({ quantity: 1 }).rules,
    ]);
    expect([...cited].sort()).toEqual(["R-CORE-10", "R-CORE-11", "R-CORE-12", "R-CORE-13", "R-CORE-15", "R-CORE-4", "R-CORE-6", "R-CORE-7", "R-CORE-8"]);
    for (const id of cited) expect(RULE_IDS).toContain(id);
  });
});
