// Rest and downtime (RULES.md §11): the GM calls a rest (request.ts), each owner answers (prompt.ts, the
// dialog in applications/dialogs/rest-answer-dialog.ts), the active GM applies it (apply.ts) and posts the
// card (card.ts); the no-rest clock follows world time (clock.ts).
import { registerRelay } from "../gm-relay";
import { REST_QUERY, runRest } from "./apply";
import { clockAt, registerNoRestClock } from "./clock";
import { registerLessonsByTime } from "./lessons";
import { registerSleepless } from "./sleepless";

export { callRest, answeringUser } from "./request";
export type { CallRestOptions } from "./request";
export { REST_QUERY, runRest } from "./apply";
export type { RestCrafting, RestEntry, RestHookData, RestReport, RestRequest } from "./types";
export { cardBlock, formatDuration, hitDiceTerms, REST_CARD, restCardData, restTypeLabel } from "./card";
export { postHitDiceRoll } from "./hit-dice-roll";
export { NO_REST_CARD, noRestCardData, runNoRestClock } from "./clock";
export { SLEEPLESS, sleeplessEffect, sleeplessSince } from "./sleepless";
export type { NoRestEntry } from "./clock";
export { defaultAnswer, readAnswer, readPrompt } from "./prompt";
export type { RestAnswer, RestPrompt } from "./prompt";
export { isHealersKit } from "./kits";
export { projectBlock, workdayProject } from "./crafting";
export { characterData, ownedRestTalents, restStateOf, windowOf } from "./state";

export function registerRest(): void {
  registerRelay(REST_QUERY, runRest, { journalled: true });
  registerNoRestClock();
  registerLessonsByTime();
  registerSleepless((now) => clockAt(now).entries);
}
