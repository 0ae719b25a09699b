// The world migrations, each registered with the system version whose stored data needs it. A migration is a pure
// function of a document's source (and of what the world's chat holds, for one that re-keys by a card): it returns
// the migrated copy and never changes its input. Every migration is idempotent (run on its own output it changes
// nothing), so a migration a GM left half done is finished by running it again. Tested on plain objects.
import { rekeyAppliedMarks, rekeyJournalMarks } from "./marks";
import { removedSettings } from "./removed-settings";
import { markWaterOnly } from "./water-only";
import type { Migration } from "./types";
import { compareVersions } from "./version";

export const MIGRATIONS: readonly Migration[] = [
  // 0.2.0 (issue 33, "Cards are claims"): an applied mark is keyed by its card's message id, not the card's record id;
  // on the actors, and in the steps of a GM's open journal record that still writes one.
  { version: "0.2.0", name: "applied marks keyed by the message id", actor: rekeyAppliedMarks, user: rekeyJournalMarks },
  // 0.2.0 (R-REST-NO-1, Decision 2026-12-01): every rest restarts the no-rest clock; its world setting is gone.
  { version: "0.2.0", name: "the removed setting restBreatherStopsClock dropped", dropSettings: removedSettings },
  // 0.2.0 (B-7): a creature taken from the Bestiarium with the passive Wasserwesen lives only in water.
  { version: "0.2.0", name: "creatures with Wasserwesen marked nurImWasser", actor: markWaterOnly },
];

/** The migrations a world last migrated at `from` needs to reach `to`, oldest first (in their registered order). */
export function migrationsBetween(from: string, to: string, all: readonly Migration[] = MIGRATIONS): Migration[] {
  return all
    .map((m, i) => ({ m, i }))
    .filter(({ m }) => compareVersions(m.version, from) > 0 && compareVersions(m.version, to) <= 0)
    .sort((a, b) => compareVersions(a.m.version, b.m.version) || a.i - b.i)
    .map(({ m }) => m);
}
