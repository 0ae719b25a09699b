// When a world migrates (issue 37): on `ready`, the active GM (one client, once) compares the world setting
// flex.systemMigrationVersion with the system's version and runs the migrations newer than it, as a journalled GM
// task (automation/task-journal): a GM who drops mid-migration leaves it to the next active GM, who finishes it once
// (each migration is idempotent, and a document already migrated is not written again). A world without a stored
// version and without documents stored by an older version of the system (a new world) only records the version.
import { runOnGMQueue } from "../automation/gm-queue";
import { registerFinisher, runFinisherTask, taskIdOf, taskState } from "../automation/task-journal";
import { connected } from "../automation/task-journal/presence";
import { migrationsBetween } from "./registry";
import { compareVersions, isVersion } from "./version";
import { migrateWorld } from "./world";
import type { MigrationReport } from "./world";

const TASK = "worldMigration";
export const VERSION_SETTING = "systemMigrationVersion";

/** The version the world was last migrated to, or null (never: a new world, or one from before 0.2.0). */
export function migratedVersion(): string | null {
  try {
    const stored: unknown = game.settings!.get("flex", VERSION_SETTING);
    return isVersion(stored) ? stored : null;
  } catch {
    return null;
  }
}

const systemVersion = (): string => game.system!.version;

/** The oldest system version that stored one of the world's documents (Foundry stamps `_stats.systemVersion`). */
function oldestStoredVersion(): string | null {
  // Only this system's stamps count (a document stored by another system says nothing of Flex's data).
  const ours = (s: { systemId?: unknown } | null | undefined) => !!s && (s.systemId === undefined || s.systemId === null || s.systemId === game.system!.id);
  const stamps = (docs: { _stats?: { systemVersion?: unknown; systemId?: unknown } | null }[]) =>
    docs.map((d) => d._stats).filter(ours).map((s) => s!.systemVersion).filter(isVersion);
  const tokens = (game.scenes!.contents as Scene.Implementation[]).flatMap((s) => s.tokens.contents as TokenDocument.Implementation[]);
  const all = [
    ...stamps(game.actors!.contents as Actor.Implementation[]),
    ...stamps(game.items!.contents as Item.Implementation[]),
    ...stamps(game.messages!.contents as ChatMessage.Implementation[]),
    ...stamps(tokens),
  ];
  return all.sort(compareVersions)[0] ?? null;
}

/** Where this world starts from: its stored version; without one, the oldest version that stored a document, if older. */
export function migrationStart(): string | null {
  const stored = migratedVersion();
  if (stored) return compareVersions(stored, systemVersion()) < 0 ? stored : null;
  const oldest = oldestStoredVersion();
  return oldest && compareVersions(oldest, systemVersion()) < 0 ? oldest : null;
}

const notice = (key: string, data: Record<string, string> = {}) => game.i18n!.format(key, data);

function announceResult(to: string, report: MigrationReport): void {
  if (report.failed.length) {
    ui.notifications?.error(notice("FLEX.Migration.DoneWithFailures", { version: to, names: report.failed.join(", ") }), { permanent: true });
  } else ui.notifications?.info(notice("FLEX.Migration.Done", { version: to }), { permanent: true });
}

/**
 * The migration task itself, on the GM that runs it (the first, or the one who takes it over): the notice before,
 * every due migration over the world, the version recorded, the notice after. `from` is the journal's: a world's
 * stored version can only have moved on since, never back.
 */
async function runMigrationTask(data: unknown): Promise<void> {
  const given = (data as { from?: unknown } | null)?.from;
  const to = systemVersion();
  const stored = migratedVersion();
  if (stored && compareVersions(stored, to) >= 0) return;
  const from = isVersion(given) ? given : (stored ?? "0.0.0");
  ui.notifications?.info(notice("FLEX.Migration.Begin", { from, version: to }), { permanent: true });
  const report = await migrateWorld(migrationsBetween(from, to));
  if (!connected()) throw new Error("Flex | the world migration stopped: this client lost its connection");
  await game.settings!.set("flex", VERSION_SETTING, to);
  console.info(`Flex | world migrated from ${from} to ${to}: ${report.migrated} document(s) written, ${report.dropped.length} setting(s) dropped, ${report.failed.length} left as they were`);
  announceResult(to, report);
}

/**
 * The active GM's start: migrates the world when it was last migrated by an older version (or records the version of
 * a new world). Resolves with true when it ran (or finished) a migration. Every other client does nothing.
 */
export function migrateOnReady(): Promise<boolean> {
  if (!game.user?.isGM) return Promise.resolve(false);
  return runOnGMQueue(`${TASK}:ready`, async () => {
    if (!game.users!.activeGM?.isSelf || !connected()) return false;
    const to = systemVersion();
    const from = migrationStart();
    const due = from ? migrationsBetween(from, to) : [];
    if (!due.length) {
      // Nothing stored needs a migration: the world is at this version (a new world says nothing).
      const stored = migratedVersion();
      if (!stored || compareVersions(stored, to) < 0) await game.settings!.set("flex", VERSION_SETTING, to);
      return false;
    }
    const requestId = `${from}->${to}`;
    // Held by a GM still here, it is theirs; one that dropped is finished by the journal (resumeTasks), not twice.
    if (taskState(taskIdOf(TASK, requestId)) === "open") return false;
    await runFinisherTask({ type: TASK, requestId, requester: game.user! }, TASK, { from });
    return true;
  });
}

export function registerWorldMigration(): void {
  game.settings!.register("flex", VERSION_SETTING, { scope: "world", config: false, type: String, default: "" });
  registerFinisher(TASK, (data) => runMigrationTask(data));
}
