// Which of a character's talents a dialog offers first (G-19, G-21): the general talents before the fighting styles,
// schools of magic and the two defences, each group by Übungswert, highest first; a preferred name (Handwerk for
// crafting) ahead of all. A dialog's default is then a talent that fits, not the alphabetically first.
import { talentKeyOf } from "../talent-names";

interface TalentLike {
  name: string;
  flags?: unknown;
  system: unknown;
}

/** The defence talents by their German names (R-CORE-11): rolled against attacks, not for a day's work. */
const DEFENCES = ["Ausweichen", "Parade"];

const sys = (t: TalentLike) => (t.system ?? {}) as { kategorie?: string; uebungswert?: number };

/** Whether a talent is for fighting: a Kampfart, a Zauberschule, Ausweichen or Parade. */
export function isFightingTalent(t: TalentLike): boolean {
  const kategorie = sys(t).kategorie;
  return kategorie === "kampfart" || kategorie === "zauberschule" || DEFENCES.includes(talentKeyOf(t));
}

/** The talents in the order a dialog offers them; `preferred` (German names, e.g. "Handwerk") go first. */
export function byPreference<T extends TalentLike>(talents: readonly T[], preferred: readonly string[] = [], lang = "de"): T[] {
  const rank = (t: T) => (preferred.some((p) => talentKeyOf(t).startsWith(p)) ? 0 : isFightingTalent(t) ? 2 : 1);
  return [...talents].sort((a, b) => rank(a) - rank(b) || (sys(b).uebungswert ?? 0) - (sys(a).uebungswert ?? 0) || a.name.localeCompare(b.name, lang));
}
