/** Every rule ID in RULES.md, so code, tests and chat cards can name the rule they apply. */
export const RULE_IDS = [
  "R-CORE-1", "R-CORE-2", "R-CORE-3", "R-CORE-4", "R-CORE-5", "R-CORE-6", "R-CORE-7", "R-CORE-8", "R-CORE-9",
  "R-CORE-10", "R-CORE-11", "R-CORE-12", "R-CORE-13", "R-CORE-14", "R-CORE-15",
  "R-MONEY-1", "R-MONEY-2",
  "R-SWIM-1",
  "R-BREATH-1", "R-BREATH-2", "R-BREATH-3", "R-BREATH-4",
  "R-WATER-1", "R-WATER-2", "R-WATER-3", "R-WATER-4", "R-WATER-5",
  "R-EXH-1", "R-EXH-2", "R-EXH-3", "R-EXH-4",
  "R-COMP-1", "R-COMP-2", "R-COMP-3", "R-COMP-4", "R-COMP-5", "R-COMP-6", "R-COMP-7", "R-COMP-8",
  "R-TRAIN-1", "R-TRAIN-2",
  "R-RIDE-1", "R-RIDE-2", "R-RIDE-3", "R-RIDE-4", "R-RIDE-5",
  "R-POLY-1", "R-POLY-2", "R-POLY-3", "R-POLY-4", "R-POLY-5", "R-POLY-6", "R-POLY-7", "R-POLY-8",
  "R-FALL-1", "R-FALL-2", "R-FALL-3",
  "R-FARM-1", "R-FARM-2", "R-FARM-3",
  "R-CRAFT-1", "R-CRAFT-2", "R-CRAFT-3", "R-CRAFT-4",
  "R-OPT-GRID", "R-OPT-LOAD",
  "R-SHORT-1", "R-SHORT-2", "R-SHORT-3", "R-SHORT-4", "R-SHORT-5", "R-SHORT-6",
  "R-REST-NO-1", "R-REST-NO-2", "R-REST-HEAL-1", "R-REST-HEAL-2", "R-REST-HEAL-3", "R-REST-ACT-1", "R-REST-1", "R-REST-2", "R-REST-3", "R-REST-4", "R-REST-TAL",
  "R-DOWN-1", "R-DOWN-2",
] as const;

/** A rule ID from RULES.md, e.g. "R-EXH-3". */
export type RuleId = (typeof RULE_IDS)[number];
