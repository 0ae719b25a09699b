// R-REST-TAL: the rest talents (declared at a breather or a short rest), what they refill and when they come back.
import { toCount } from "./count";
import type { RuleId } from "./ids";
import type { Pool, ResourceKind, RestType } from "./rest";

export const REST_TALENT_IDS = [
  "aufmerksameErholung", "divergenteFormeln", "naturgefaehrte", "eidbekraeftigung", "heiligesRitual",
  "zauberischeWiederherstellung", "grimmigeHaltung", "taktischeAtempause", "kreativeAtempause",
] as const;
export type RestTalentId = (typeof REST_TALENT_IDS)[number];

export interface RestTalent {
  /** Usable again only after a long rest. */
  untilLongRest: boolean;
  /** The rest types at whose end its effect happens (it is declared at a breather or a short rest). */
  effectAfter: readonly RestType[];
  /**
   * What the system applies: a resource it refills, or a hit-dice effect; "note" only tells the GM. Who may declare
   * it is whoever has its item (Decision, issue 25: Flex has no classes, the GM hands rest talents out).
   */
  effect: "firstDieMax" | "resource" | "tempLeben" | "song" | "note";
  resource?: ResourceKind;
}

const BOTH: readonly RestType[] = ["breather", "shortRest"];

/** R-REST-TAL: the nine rest talents. */
export const REST_TALENTS: Record<RestTalentId, RestTalent> = {
  aufmerksameErholung: { untilLongRest: true, effectAfter: BOTH, effect: "firstDieMax" },
  divergenteFormeln: { untilLongRest: false, effectAfter: BOTH, effect: "note" },
  naturgefaehrte: { untilLongRest: false, effectAfter: BOTH, effect: "note" },
  eidbekraeftigung: { untilLongRest: true, effectAfter: BOTH, effect: "resource", resource: "handauflegen" },
  heiligesRitual: { untilLongRest: true, effectAfter: BOTH, effect: "tempLeben" },
  zauberischeWiederherstellung: { untilLongRest: true, effectAfter: BOTH, effect: "resource", resource: "zauberpunkte" },
  grimmigeHaltung: { untilLongRest: true, effectAfter: ["shortRest"], effect: "resource", resource: "wut" },
  taktischeAtempause: { untilLongRest: false, effectAfter: ["breather"], effect: "resource", resource: "ueberlegenheit" },
  kreativeAtempause: { untilLongRest: false, effectAfter: BOTH, effect: "song" },
};

export const isRestTalent = (value: unknown): value is RestTalentId => typeof value === "string" && Object.hasOwn(REST_TALENTS, value);

export interface TalentCheck {
  allowed: boolean;
  reason: "restType" | "usedSinceLongRest" | "notOwned" | null;
  rules: RuleId[];
}

/**
 * R-REST-TAL: a rest talent is declared when a breather or a short rest begins, one per rest; those marked
 * so are usable again only after a long rest (Decision: a full rest counts as one).
 */
export function talentAllowed(id: RestTalentId, type: RestType, usedSinceLongRest: readonly string[], owned?: readonly string[]): TalentCheck {
  if (type !== "breather" && type !== "shortRest") return { allowed: false, reason: "restType", rules: ["R-REST-TAL"] };
  // Decision (issue 25): Flex has no classes; the GM decides who has a rest talent by giving its item. With the
  // character's talents known (`owned`), only those are declared.
  if (owned && !owned.includes(id)) return { allowed: false, reason: "notOwned", rules: ["R-REST-TAL"] };
  if (REST_TALENTS[id].untilLongRest && usedSinceLongRest.includes(id)) return { allowed: false, reason: "usedSinceLongRest", rules: ["R-REST-TAL"] };
  return { allowed: true, reason: null, rules: ["R-REST-TAL"] };
}

const TALENT_GAIN: Partial<Record<RestTalentId, (max: number, pb: number) => number>> = {
  eidbekraeftigung: (max) => Math.ceil(max / 2),
  zauberischeWiederherstellung: (_max, pb) => pb,
  grimmigeHaltung: (_max, pb) => Math.ceil(pb / 2),
  taktischeAtempause: () => 1,
};

/**
 * R-REST-TAL: what a talent refills at the end of this rest: lay on hands half its pool (rounded up),
 * sorcery points = proficiency bonus, rage ⌈proficiency bonus / 2⌉ (after a short rest), one superiority die
 * (after a breather). Returns the new value, or null when the talent refills nothing now.
 */
export function talentRefill(id: RestTalentId, type: RestType, pool: Pool, proficiencyBonus: number): number | null {
  const talent = REST_TALENTS[id];
  if (talent.effect !== "resource" || !talent.effectAfter.includes(type)) return null;
  const gain = TALENT_GAIN[id]?.(toCount(pool.max), toCount(proficiencyBonus)) ?? 0;
  return Math.max(toCount(pool.value), Math.min(toCount(pool.max), toCount(pool.value) + gain));
}


/** R-REST-TAL Sacred ritual: temporary Leben = 2 × proficiency bonus (the system has no temporary Leben: a note). */
export const sacredRitualTempLeben = (proficiencyBonus: number): number => 2 * toCount(proficiencyBonus);

/** The rest talents used since the last long rest, after this rest (a long or full rest clears them). */
export function talentsUsedAfter(type: RestType, used: readonly string[], talent: RestTalentId | null): string[] {
  if (type === "longRest" || type === "fullRest") return [];
  const list = used.filter(isRestTalent);
  return talent && REST_TALENTS[talent].untilLongRest && !list.includes(talent) ? [...list, talent] : list;
}

