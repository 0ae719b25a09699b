// G-6: what a talent covers, for the browser's preview. A talent's index entry carries only its name in the world's
// language (pack-index.ts), so its description is read from the document the first time the talent is previewed,
// which the system's packs hand out translated, and kept for the window's life.
type WithDescription = { system?: { beschreibung?: unknown } };

/** Reads and enriches talent descriptions once per window. */
export class TalentDescriptions {
  readonly #known = new Map<string, string>();

  /** The enriched description of the talent at `uuid`; "" when it has none or cannot be read. */
  async of(uuid: string): Promise<string> {
    const known = this.#known.get(uuid);
    if (known !== undefined) return known;
    let html = "";
    try {
      const doc = (await fromUuid(uuid as `Item.${string}`)) as WithDescription | null;
      const text = doc?.system?.beschreibung;
      if (typeof text === "string" && text.trim()) html = await foundry.applications.ux.TextEditor.implementation.enrichHTML(text, { secrets: false });
    } catch (error) {
      // A pack that went away or a damaged entry: the preview shows the rest, as before.
      console.warn("Flex | talent description", uuid, error);
    }
    this.#known.set(uuid, html);
    return html;
  }
}
