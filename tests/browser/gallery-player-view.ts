// The player's chat log (issue 25): one card of each kind still in this language's world, drawn as the first
// player's client draws it (the system's renderChatMessageHTML hooks on that client hide what a player may not
// use). gallery.ts calls `await playerViewPages(add, { clients })` at the end of its language loop.
import { messageContentFor, messages, type Clients } from "../harness";
import type { GalleryAdd } from "./gallery-short-combat";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any

const LIST = "list-style:none;margin:0;padding:0.5rem;display:flex;flex-direction:column;gap:0.5rem";
const escape = (s: string) => s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);

export async function playerViewPages(add: GalleryAdd, { clients }: { clients: Clients }): Promise<void> {
  const { i18n } = (globalThis as Any).game;
  const player = clients.players[0]!;
  // The newest card of each kind (its flags.flex key: attack, fall, heal, rest, making, …).
  const byKind = new Map<string, Any>();
  for (const m of messages() as Any[]) {
    const kind = Object.keys(m.flags?.flex ?? {}).find((k) => k !== "i18n") ?? "check";
    byKind.set(kind, m);
  }
  const items = await Promise.all(
    [...byKind.values()].map(async (m) => `<li class="chat-message"><header class="message-header">${escape(m.speaker?.alias ?? "")}</header><div class="message-content">${await messageContentFor(m, player)}</div></li>`),
  );
  add("chat-player-view", `<ol style="${LIST}">${items.join("\n")}</ol>`, "chat", [], 340, 1400, "light", i18n.localize("SIDEBAR.TabChat"));
}
