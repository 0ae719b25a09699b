// A document from a uuid that came from flags, a query or a chat card (any string), synchronously.
/** The document, or null when the uuid names nothing (or nothing loaded on this client). */
export function documentFromUuid(uuid: unknown): unknown {
  if (typeof uuid !== "string" || !uuid) return null;
  // The types accept only uuid literals of a known shape; these come from data.
  return fromUuidSync(uuid as never) ?? null;
}
