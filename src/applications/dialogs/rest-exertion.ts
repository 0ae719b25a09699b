// R-REST-4 in the rest dialog: the Erschöpfung each activity takes off, as a tag on its row. A full rest's downtime
// can make it more than "only recovery" or "only light activity" (a tournament, work for pay): the tags follow the
// downtime ticked, and say which activity made the difference (issue 35).
import { DOWNTIME_EXERTION, restActivitySpent, restExhaustion } from "../../rules";
import type { FullRestActivityId, RestActivity, RestType } from "../../rules";

const i18n = () => game.i18n!;

/** The most exerting downtime among those chosen that changes how `activity` counts, or null. */
function raisedBy(type: RestType, activity: RestActivity, downtime: readonly string[]): string | null {
  const spent = restActivitySpent(type, activity, downtime);
  if (spent === activity) return null;
  return downtime.find((id) => DOWNTIME_EXERTION[id as FullRestActivityId] === spent) ?? null;
}

/** "Erschöpfung −5", or "Erschöpfung ±0 (Kampfturnier)" when a downtime activity takes the relief away. */
export function exhaustionTag(type: RestType, activity: RestActivity, downtime: readonly string[] = []): string | null {
  if (type !== "longRest" && type !== "fullRest") return null;
  // The rule's relief, not capped by what this character has now: the row says what the activity is worth.
  const { removed } = restExhaustion(type, restActivitySpent(type, activity, downtime), Number.MAX_SAFE_INTEGER);
  const text = i18n().format("FLEX.Rest.Answer.ExhaustionTag", { n: removed ? `−${removed}` : "±0" });
  const by = raisedBy(type, activity, downtime);
  return by ? i18n().format("FLEX.Rest.Answer.ExhaustionTagBy", { tag: text, activity: i18n().localize(`FLEX.Rest.Downtime.${by}.name`) }) : text;
}

/** Keeps the activity rows' tags true to the downtime ticked, as the player ticks it. */
export function followExertion(root: HTMLElement): void {
  const fieldset = root.querySelector<HTMLElement>(".flex-rest-activity[data-rest-type]");
  const type = fieldset?.dataset.restType as RestType | undefined;
  if (!fieldset || type !== "fullRest") return;
  const update = () => {
    const chosen = [...root.querySelectorAll<HTMLInputElement>("input[type='checkbox'][name^='downtime.']")].filter((i) => i.checked).map((i) => (i.getAttribute("name") ?? "").split(".")[1] ?? "");
    for (const tag of fieldset.querySelectorAll<HTMLElement>("[data-flex-relief]")) tag.textContent = exhaustionTag(type, tag.dataset.flexRelief as RestActivity, chosen) ?? "";
  };
  root.addEventListener("change", (event) => {
    if ((event.target as HTMLInputElement | null)?.getAttribute("name")?.startsWith("downtime.")) update();
  });
}
