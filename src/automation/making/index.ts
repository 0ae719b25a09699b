// Making and earning (issue 15): crafting projects, fields that grow on world time, work for pay and rewards.
import { announceReadyFields, harvestPlot, registerPlots, sowPlot } from "./plot";
import { createProject, payMaterials, registerProjects, setProjectTarget, workOnProject } from "./project";
import { payRewards, registerRewards, rewardRows } from "./reward";
import { registerWork, requestWork } from "./work";

export { createProject, materialsPaid, payMaterials, projectSource, setProjectTarget, workOnProject, MAX_SESSION_BLOCKS, MAX_SESSION_DAYS } from "./project";
export type { PaidAnswer, ProjectOptions, SessionAnswer } from "./project";
export { announceReadyFields, harvestPlot, plotStatus, sowPlot } from "./plot";
export { harvestYieldMode } from "../../helpers/settings";
export type { FieldAnswer, ReadyReport } from "./plot";
export { requestWork } from "./work";
export type { WorkAnswer, WorkOptions } from "./work";
export { MAX_QUESTS, payRewards, rewardCandidates, rewardRows } from "./reward";
export type { RewardPaid, RewardRow } from "./reward";
export { currency, formatWorldTime, isRefused, purseOf, secondsPerDay } from "./shared";
export type { MakingRefusal, Refused } from "./shared";

/** Making and earning without dialogs, for macros and modules (game.flex.making). */
export const making = { createProject, setProjectTarget, payMaterials, workOnProject, sowPlot, harvestPlot, requestWork, payRewards, rewardRows, announceReadyFields };

/** The GM requests of making and earning, and the notice when a field is ready. */
export function registerMaking(): void {
  registerProjects();
  registerPlots();
  registerWork();
  registerRewards();
}
