// The shapes a world migration works with (registry.ts lists the migrations, world.ts runs them).

export type Source = Record<string, unknown>;

/** What a migration may read of the world besides the document it migrates: the chat messages' sources. */
export interface WorldSources {
  messages: readonly Source[];
}

export interface Migration {
  /** The system version that changed the stored shape: it runs on worlds last migrated before it. */
  version: string;
  /** What it does, for the log. */
  name: string;
  /** An actor's source; also an unlinked token's actor (the base actor with the token's actor delta). */
  actor?(source: Source, world: WorldSources): Source;
  item?(source: Source, world: WorldSources): Source;
  effect?(source: Source, world: WorldSources): Source;
  message?(source: Source, world: WorldSources): Source;
  user?(source: Source, world: WorldSources): Source;
  /** The stored world settings (keys "flex.…") whose value is dropped. */
  dropSettings?(stored: readonly string[]): string[];
}
