// The player's chat log (issue 25, issue 36 review D-1): what the first player's client shows of this language's
// world, as it draws it — only the messages that client receives (a whisper to the GMs, like the self-test card, is
// not among them), each through the system's renderChatMessageHTML hooks on that client (no GM buttons, no GM
// creature's values). One card of each template, newest first kept, and an attack card still open (a defence to roll,
// a hit not yet applied). gallery.ts calls `await playerViewPages(add, { clients })` at the end of its language loop.
import { messages, type Clients } from "../harness";
import { chatEntriesFor, shownTo } from "./gallery-chat";
import type { GalleryAdd } from "./gallery-short-combat";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any

const LIST = "list-style:none;margin:0;padding:0.5rem;display:flex;flex-direction:column;gap:0.5rem";

/** Which card a message is: its template's root class ("flex-attack", "flex-fall", "flex-check" …), else a plain roll. */
function kindOf(m: Any): string {
  const root = /<div class="flex-card ([\w-]+)/.exec(String(m.content ?? ""));
  const kind = root?.[1] ?? (m.rolls?.length ? "roll" : "message");
  // An attack card with a defence to roll or a hit to apply is its own kind: the player must see one open.
  const attack = m.flags?.flex?.attack;
  const open = attack?.targets?.some((t: Any) => t.status === "pending" || (t.status === "hit" && !attack.applied?.[t.key]));
  return kind === "flex-attack" && open ? "flex-attack open" : kind;
}

export async function playerViewPages(add: GalleryAdd, { clients }: { clients: Clients }): Promise<void> {
  const { i18n } = (globalThis as Any).game;
  const player = clients.players[0]!;
  const byKind = new Map<string, Any>();
  for (const m of messages() as Any[]) if (await shownTo(m, player)) byKind.set(kindOf(m), m);
  if (![...byKind.keys()].includes("flex-attack open")) throw new Error("the player's log has no open attack card to show");
  const chosen = new Set(byKind.values());
  const items = await chatEntriesFor((messages() as Any[]).filter((m) => chosen.has(m)), player);
  add("chat-player-view", `<ol style="${LIST}">${items.join("\n")}</ol>`, "chat", [], 340, 1400, "light", i18n.localize("SIDEBAR.TabChat"));
}
