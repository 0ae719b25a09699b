// One batched write for many actors: a single Actor.updateDocuments for world actors, one per token for
// the synthetic actors of unlinked tokens. An actor deleted while the batch was being prepared is left out,
// so one deletion never makes the whole party's write fail.
export interface ActorChange {
  actor: Actor.Implementation;
  /** Flat update data (dotted paths allowed), without _id. */
  changes: Record<string, unknown>;
}

/** Whether the actor (or the token that holds it) is still in the world. */
function stillThere(actor: Actor.Implementation): boolean {
  const token = actor.token;
  if (token) return !!token.parent?.tokens.get(token.id!);
  return !!game.actors!.get(actor.id!);
}

async function updateGroup(changes: ActorChange[], options: Record<string, unknown>, parent: TokenDocument.Implementation | null): Promise<void> {
  const send = () => {
    const alive = changes.filter((c) => stillThere(c.actor));
    if (!alive.length) return Promise.resolve(undefined);
    const data = alive.map((c) => ({ ...c.changes, _id: c.actor.id }));
    // Flat update data with dotted paths: the types describe only the nested form.
    return Actor.updateDocuments(data, (parent ? { ...options, parent } : options));
  };
  try {
    await send();
  } catch (err) {
    // Something vanished between the check and the server: once more with what is still there.
    if (changes.every((c) => stillThere(c.actor))) throw err;
    await send();
  }
}

/** Writes all changes in as few requests as Foundry allows; nothing when there is nothing to write. */
export async function writeActorChanges(changes: ActorChange[], options: Record<string, unknown> = {}): Promise<void> {
  const linked: ActorChange[] = [];
  const byToken = new Map<TokenDocument.Implementation, ActorChange[]>();
  for (const c of changes) {
    const token = c.actor.isToken ? c.actor.token : null;
    if (token) byToken.set(token, [...(byToken.get(token) ?? []), c]);
    else linked.push(c);
  }
  if (linked.length) await updateGroup(linked, options, null);
  for (const [token, group] of byToken) await updateGroup(group, options, token);
}
