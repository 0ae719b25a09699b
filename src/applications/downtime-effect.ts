// R-DOWN-1 / R-DOWN-2: what a downtime activity does, in one sentence with its money from the catalog ("kostet 4 ¥"),
// for the rest dialog's table and the compendium browser's preview alike.
import { downtimeActivities, WORK_UPKEEP_PER_DAY } from "../rules";
import type { DowntimeActivity, RestType } from "../rules";

/** The sentence's numbers: "{cost} {currency}", "{min}", "{upkeep}" and each variant's price by its name. */
function effectValues(activity: DowntimeActivity, currency: string): Record<string, string> {
  const values: Record<string, string> = { currency, cost: String(activity.cost), upkeep: String(WORK_UPKEEP_PER_DAY) };
  if (activity.amount) values.min = String(activity.amount.min);
  for (const [name, cost] of Object.entries(activity.variants ?? {})) values[name] = String(Math.abs(cost));
  return values;
}

/** The effect sentence of activity `id` in a rest of `type`, or null when the rest has no such activity. */
export function downtimeEffect(type: RestType, id: string, currency: string): string | null {
  const activity = downtimeActivities(type)[id];
  return activity ? game.i18n!.format(`FLEX.Rest.DowntimeEffect.${type}.${id}`, effectValues(activity, currency)) : null;
}
