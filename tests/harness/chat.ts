// The chat log as each client draws it: core renders a message's content on every client, then calls
// renderChatMessageHTML with the message's element, where systems hide what this user may not use and bind their
// buttons. Cards look different for the GM and for a player only through those hooks.
import { parse } from "node-html-parser";
import { as } from "./index";
import { RenderedElement } from "./applications";
import type { Obj } from "./utils";

type Msg = { id: string | null; content: string; speaker?: { alias?: string } };

/** The element of one message in `user`'s chat log after the system's hooks ran on that client. */
export async function renderedMessage(message: Msg, user: { id: string }): Promise<RenderedElement> {
  const root = parse(`<li class="chat-message message" data-message-id="${message.id ?? ""}"><div class="message-content">${message.content}</div></li>`);
  const element = new RenderedElement(root.querySelector("li")!);
  await as(user as never, () => (globalThis as unknown as { Hooks: { callAll(name: string, ...args: unknown[]): unknown } }).Hooks.callAll("renderChatMessageHTML", message, element, {} as Obj));
  return element;
}

/** The message's content as `user` sees it (hidden buttons carry the hidden attribute). */
export async function messageContentFor(message: Msg, user: { id: string }): Promise<string> {
  const element = await renderedMessage(message, user);
  return element.querySelector(".message-content")!.outerHTML.replace(/^<div class="message-content">|<\/div>$/g, "");
}
