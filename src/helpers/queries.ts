// CONFIG.queries.flex: work a player or a second GM asks the active GM to do, so that exactly one
// client writes. Each feature registers its handler by type.
type QueryHandler = (payload: Record<string, unknown>) => Promise<unknown>;

const handlers = new Map<string, QueryHandler>();

export function registerQuery(type: string, handler: QueryHandler): void {
  handlers.set(type, handler);
}

/** The handler Foundry calls on the receiving (active GM) client. */
export async function handleQuery(data: { type?: unknown; payload?: unknown }): Promise<unknown> {
  const handler = handlers.get(String(data?.type));
  if (!handler) throw new Error(`Flex | unknown query type "${String(data?.type)}"`);
  return handler((data.payload ?? {}) as Record<string, unknown>);
}

/**
 * Runs `type` on the active GM's client: directly when that is this client, else through a query.
 * With no GM connected it says so and does nothing (returns null).
 */
export async function onActiveGM<T>(type: string, payload: Record<string, unknown>): Promise<T | null> {
  const gm = game.users!.activeGM;
  if (!gm) {
    ui.notifications?.warn(game.i18n!.localize("FLEX.Query.NoGM"));
    return null;
  }
  if (gm.isSelf) return (await handleQuery({ type, payload })) as T;
  // The types list only core's query names; "flex" is registered in flex.ts.
  return (await gm.query("flex" as never, { type, payload } as never)) as T;
}

/** Registers Flex's query handler with Foundry. */
export function registerQueryHandler(): void {
  (CONFIG.queries as unknown as Record<string, unknown>).flex = handleQuery;
}
