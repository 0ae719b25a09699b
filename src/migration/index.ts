// World migration (issue 37): a world saved by an older version of Flex is brought to this version's stored shape
// once, by the active GM, on `ready`. Files:
// - registry.ts: the migrations, each with the version that needs it (marks.ts, removed-settings.ts: the 0.2.0 ones);
// - types.ts: what a migration is; version.ts: version order; source-diff.ts: a source's change as an update;
// - world.ts: the run over the world's documents, batched, a failing document named and left as it was;
// - ready.ts: who runs it and when, journalled (task-journal) so a GM who drops leaves it to the next;
// - compendiums.ts: unlocked packs, offered to the GM after the world, never forced.
// docs/migration.md says what each migration does and why.
import { offerCompendiums } from "./compendiums";
import { migrateOnReady, migrationStart, registerWorldMigration } from "./ready";
import { connected } from "../automation/task-journal/presence";

export { migrateCompendiums } from "./compendiums";
export { migrateOnReady } from "./ready";

/** The version setting and the journal's finisher at init; the run itself at `ready`. */
export function registerMigration(): void {
  registerWorldMigration();
  // The promise is returned for whoever waits on the hook's handlers (Foundry does not); every failure is caught.
  Hooks.once("ready", () => {
    const from = migrationStart();
    return migrateOnReady()
      .then((ran) => (ran && from ? offerCompendiums(from) : false))
      .catch((err: unknown) => {
        // A GM that dropped mid-migration leaves it to the next (the journal); anything else is this GM's to see.
        if (connected()) console.error("Flex | the world migration failed", err);
        return false;
      });
  });
}
