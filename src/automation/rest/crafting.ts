// R-DOWN-2 with the making rules: "Handwerk" during a full rest works the character's crafting project in workday
// mode (R-DOWN-2: price ÷ 15 days) for the rest's days. It runs on the active GM, inside the rest's queue job, right
// after the rest's own write, and posts the project's card; the project's log keeps it from counting twice.
import type { ProjectData } from "../../data/item/making";
import { DAY, REST_DURATION } from "../../rules";
import type { RelayContext } from "../gm-relay";
import { materialsPaid, runProjectSession } from "../making/project";
import type { Finished } from "./recovery";

/** The project a character's Handwerk works on: its first open project in workday mode with its materials paid. */
export function workdayProject(actor: Actor.Implementation): Item.Implementation | null {
  const open = actor.items.filter((i) => {
    if (i.type !== "project") return false;
    const sys = i.system as ProjectData;
    return sys.modus === "arbeitstage" && !sys.fertig && materialsPaid(i);
  });
  return (open[0] as Item.Implementation | undefined) ?? null;
}

/** What Handwerk did for one character: the project and the workdays it counted. */
export interface RestCrafting {
  actorId: string;
  project: string;
  days: number;
  complete: boolean;
}

/** Works each Handwerk character's project for the full rest's days; nothing for other rests or without a project. */
export async function craftDuringRest(finished: Finished[], type: string, { requester, requestId }: RelayContext): Promise<RestCrafting[]> {
  if (type !== "fullRest") return [];
  const done: RestCrafting[] = [];
  for (const { actor, entry } of finished) {
    if (!entry.taken.taken || !entry.downtime?.accepted.some((a) => a.id === "handwerk")) continue;
    const project = workdayProject(actor);
    if (!project) continue;
    const answer = (await runProjectSession({ itemUuid: project.uuid, amount: REST_DURATION.fullRest / DAY }, { requester, requestId: `${requestId}.handwerk.${actor.id}` })) as {
      ok?: boolean;
      gain?: number;
      complete?: boolean;
    };
    if (answer?.ok) done.push({ actorId: actor.id!, project: project.name, days: Number(answer.gain) || 0, complete: !!answer.complete });
  }
  return done;
}
