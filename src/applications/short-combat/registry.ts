// The short-combat windows open on this client, so that a change of the card (or of a character's Fluss and
// Alchemika) re-renders them: the GM's tool and the players' views follow the card live.
import { clientLocal } from "../../helpers/client-local";

export interface ShortCombatWindow {
  messageId: string | null;
  rendered: boolean;
  render(options?: boolean): Promise<unknown>;
}

export const openShortCombatApps = clientLocal("shortCombat.apps", () => new Set<ShortCombatWindow>());

/** Re-renders this client's windows of the card `messageId` (all of them when null). */
export function rerenderShortCombat(messageId: string | null): void {
  for (const app of openShortCombatApps()) {
    if (!app.rendered) continue;
    if (messageId === null || app.messageId === messageId) void app.render(false);
  }
}
