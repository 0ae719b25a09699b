// How long a downtime activity takes, in words (R-DOWN-1 / R-DOWN-2): "1 Tag", "3 Tage", "2–36 Tage", "50 − KL Tage".
// From the rules' activity table, shared by the rest dialog's downtime list and the browser's preview.
import type { DowntimeActivity } from "../rules";
import { unitText } from "./units";

export function downtimeDaysText(activity: Pick<DowntimeActivity, "days">): string {
  const i18n = game.i18n!;
  const { days } = activity;
  if (Array.isArray(days)) return i18n.format("FLEX.Rest.DaysRange", { min: String(days[0]), max: String(days[1]) });
  if (typeof days === "number") return unitText("Tag", days);
  return i18n.localize(`FLEX.Rest.DaysFormula.${days}`);
}
