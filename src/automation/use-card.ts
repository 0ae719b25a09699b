// The card of a use (R-CORE-15): who used which item and what is left. Shared by the use itself
// (combat/consume.ts) and by healing (healing/card.ts), which renders it again with its healing row.
export const USE_CARD_TEMPLATE = "systems/flex/templates/chat/use-card.hbs";

/** What a use card says, kept on the card so that any client can render it again in its own language. */
export interface UseRecord {
  item: { name: string; img: string; uuid: string };
  /** The user's name as the card shows it. */
  name: string;
  left: number;
  empty: boolean;
  rules: string[];
}

/** The use card; `extra` adds a part of another feature (healing's `heal` row). */
export function renderUseCard(use: UseRecord, extra: Record<string, unknown> = {}): Promise<string> {
  const text = game.i18n!.format(use.empty ? "FLEX.Use.UsedLast" : "FLEX.Use.Used", { name: use.name, item: use.item.name, left: String(use.left) });
  return foundry.applications.handlebars.renderTemplate(USE_CARD_TEMPLATE, { item: use.item, text, rules: use.rules.join(", "), ...extra });
}
