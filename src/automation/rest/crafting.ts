// R-DOWN-2 with the making rules: "Handwerk" during a full rest works the character's crafting project in workday
// mode (R-DOWN-2: price ÷ 15 days) for the rest's days. The project's materials were paid when it started
// (R-CRAFT-2), so the rest charges nothing; without a workable project the activity is refused before the rest
// spends anything. It is planned on the active GM with the rest and carried out in the rest's own task, after the
// rest's writes, with the project's card; the project's log keeps it from counting twice.
import type { ProjectData } from "../../data/item/making";
import { DAY, REST_DURATION, type ProjectBlock } from "../../rules";
import type { RelayContext } from "../gm-relay";
import { materialsPaid, planProjectSession } from "../making/project";
import type { TaskStep } from "../task-journal";
import type { Finished } from "./recovery";
import type { RestCrafting } from "./types";

/** The project a character's Handwerk works on: its first open project in workday mode with its materials paid. */
export function workdayProject(actor: Actor.Implementation): Item.Implementation | null {
  const open = actor.items.filter((i) => {
    if (i.type !== "project") return false;
    const sys = i.system as ProjectData;
    return sys.modus === "arbeitstage" && !sys.fertig && materialsPaid(i);
  });
  return (open[0] as Item.Implementation | undefined) ?? null;
}

/** Why Handwerk cannot work a project of this character in a full rest, or null when `workdayProject` has one. */
export function projectBlock(actor: Actor.Implementation): ProjectBlock | null {
  if (workdayProject(actor)) return null;
  const open = actor.items.filter((i) => i.type === "project" && !(i.system as ProjectData).fertig);
  if (open.some((i) => (i.system as ProjectData).modus === "arbeitstage")) return "notPaid";
  return open.length ? "probeMode" : "noProject";
}

/** Plans each Handwerk character's project for the full rest's days; nothing for other rests or without a project. */
export async function planCraftingDuringRest(finished: Finished[], type: string, { requester, requestId }: Pick<RelayContext, "requester" | "requestId">): Promise<{ done: RestCrafting[]; steps: TaskStep[] }> {
  const done: RestCrafting[] = [];
  const steps: TaskStep[] = [];
  if (type !== "fullRest") return { done, steps };
  for (const { actor, entry } of finished) {
    if (!entry.taken.taken || !entry.downtime?.accepted.some((a) => a.id === "handwerk")) continue;
    const project = workdayProject(actor);
    if (!project) continue;
    const plan = await planProjectSession({ itemUuid: project.uuid, amount: REST_DURATION.fullRest / DAY }, { requester, requestId: `${requestId}.handwerk.${actor.id}` });
    if (!("steps" in plan) || !plan.answer.ok) continue;
    steps.push(...plan.steps);
    const { gain, total, target, complete } = plan.answer;
    done.push({ actorId: actor.id!, project: project.name, days: gain, total, target, complete });
  }
  return { done, steps };
}
