// A document from a uuid that came from flags, a query or a chat card (any string), synchronously.
/**
 * The document, or null when the uuid names nothing (or nothing loaded on this client). fromUuidSync throws for one it
 * cannot read synchronously (a document inside a compendium actor not loaded): null too. A compendium document not
 * loaded comes as its index entry.
 */
export function documentFromUuid(uuid: unknown): unknown {
  if (typeof uuid !== "string" || !uuid) return null;
  try {
    // The types accept only uuid literals of a known shape; these come from data.
    return fromUuidSync(uuid as never) ?? null;
  } catch {
    return null;
  }
}
