// The shapes a rest passes between its files (request → recovery → card → report): in a file of their own, so
// that no two files of this folder import each other.
import type { AusbildungStep, DowntimeOutcome, FullRestCare, HitDiceHealing, LevelTraining, RestTaken, RestTalentId, RestType, RuleId, TalentCheck } from "../../rules";
import type { RestAnswer } from "./prompt";

/** What the GM's client sends the active GM (answers are read as untrusted data). */
export interface RestRequest {
  type: RestType;
  actorIds: string[];
  /** A healer is there: hit dice and a full rest's healing need no kit charges (R-REST-HEAL-2). */
  healer: boolean;
  /** The rest was interrupted by combat: it counts as not taken. */
  interrupted: boolean;
  answers: Record<string, unknown>;
  /** Characters whose owners did not answer in time (the card says they got the defaults). */
  defaulted: string[];
  /** The owners' question (its own id, not the request's): the hit dice a player rolled in its dialog carry it. */
  promptId: string | null;
  /** Characters whose owners were asked (only their own rolls count; the GM's answers are rolled by the GM). */
  asked: string[];
  /** The card is whispered to the GM who called the rest (the self-test), not posted for the table. */
  private?: boolean;
}

/** The data of the hooks `flex.preRest` (return false to cancel; set advanceTime false to keep time yourself) and `flex.rest`. */
export interface RestHookData {
  requestId: string;
  type: RestType;
  actorIds: string[];
  start: number;
  duration: number;
  end: number;
  healer: boolean;
  advanceTime: boolean;
}

export interface RestEntry {
  actorId: string;
  name: string;
  defaulted: boolean;
  taken: RestTaken;
  answer: RestAnswer;
  talent: { id: RestTalentId; check: TalentCheck } | null;
  /** die / mod: the hit die's faces and the KO modifier, for the card's sum (records before issue 25 lack them). */
  hitDice: { count: number; rolls: number[]; healing: HitDiceHealing; advantage: boolean; attentive: boolean; care: "healer" | "kit"; kitFrom: string[]; die?: number; mod?: number } | null;
  /** Hit dice were asked for but no kit charge was left or offered (R-REST-HEAL-2). */
  careMissing: boolean;
  fullCare: (FullRestCare & { kitFrom: string[] }) | null;
  /** max: the pool's maximum after the rest (records before 0.2.0 lack it; the card then leaves it out). */
  leben: { before: number; after: number; max?: number };
  erschoepfung: { before: number; after: number };
  trefferwuerfel: { before: number; after: number; max: number };
  fluss: { before: number; after: number; max?: number };
  gunst: { before: number; after: number; max?: number };
  resources: { name: string; before: number; after: number; max: number }[];
  downtime: (DowntimeOutcome & { rolls: Record<string, number> }) | null;
  /** R-DOWN-2: training for a level after this rest (sessions done of those needed); null without it. */
  levelTraining: LevelTraining | null;
  /** R-DOWN-1 / R-DOWN-2 Ausbildung in this rest (days learnt, where it stands, learnt at its end); null without it. */
  ausbildung: AusbildungStep | null;
  geld: { before: number; after: number };
  /** R-REST-NO-1: the rest restarted the no-rest clock (every rest taken does). */
  clockStopped: boolean;
  /** The rest included sleep (not a breather): it ends *Ohne Schlaf*. */
  slept: boolean;
  /** A breather of a character without sleep: the clock starts again from 0, *Ohne Schlaf* stays. */
  sleeplessClock: boolean;
  hallucinationEnded: boolean;
  proficiencyBonus: number;
  level: number;
  klWert: number;
  rules: RuleId[];
}

export interface RestReport {
  requestId: string;
  type: RestType;
  start: number;
  end: number;
  /** World time moved on by the rest (not when no one rested, or a module took over the time). */
  advanced: boolean;
  cancelled: boolean;
  entries: RestEntry[];
  /** Characters whose rest of this type is not allowed now (R-REST-1 … 4), and when it is. */
  refused: { actorId: string; name: string; nextAt: number | null }[];
  /** Characters that had this request already. */
  skipped: string[];
  messageId: string | null;
  /** R-DOWN-2: Handwerk during a full rest, worked on each character's workday project (its own card). */
  crafting?: RestCrafting[];
  /** R-REST-HEAL-2: the healer's kits this rest took charges from, with what is left in each. */
  kits?: KitLeft[];
}

/** A healer's kit after the rest: whose, and the charges left of its maximum. */
export interface KitLeft {
  owner: string;
  name: string;
  left: number;
  max: number;
}

/** What Handwerk did for one character: the project and the workdays it counted. */
export interface RestCrafting {
  actorId: string;
  project: string;
  days: number;
  /** Workdays done and needed after the rest. */
  total: number;
  target: number;
  complete: boolean;
}
