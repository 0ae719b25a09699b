// The chat log as one user's client draws it (issue 36, review D-1): only the messages that client shows (core's
// visibility: a whisper reaches its author and recipients, a whispered roll's content only its recipients), each
// drawn through the system's renderChatMessageHTML hooks on that client — the values it may see, the buttons it may
// use, what each Apply will take. Every chat page of the gallery is drawn this way, as the GM's or a player's log.
import { as, messageContentFor } from "../harness";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any

const escape = (s: string) => s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);

/** One entry of the log: the speaker's header and the content as drawn. */
export const chatEntry = (m: Any, content: string): string =>
  `<li class="chat-message"><header class="message-header">${escape(m.speaker?.alias ?? "")}</header><div class="message-content">${content}</div></li>`;

/** Whether `user`'s client shows this message and its content (ChatMessage#visible and #isContentVisible). */
export const shownTo = (m: Any, user: Any): Promise<boolean> => as(user, () => !!m.visible && m.isContentVisible !== false);

/** The entries of `messages` that `user`'s client shows, as it draws them. */
export async function chatEntriesFor(messages: Any[], user: Any): Promise<string[]> {
  const out: string[] = [];
  for (const m of messages) if (await shownTo(m, user)) out.push(chatEntry(m, await messageContentFor(m, user)));
  return out;
}

/** The same, joined for a page. */
export const chatLogFor = async (messages: Any[], user: Any): Promise<string> => (await chatEntriesFor(messages, user)).join("\n");
