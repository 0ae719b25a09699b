// Gallery pages of healing with a card (issue 25, R-CORE-12, R-CORE-8, R-CORE-15): "chat-heal" (the Heilen
// dialog's cards: +5 Leben with Undo, a dying character brought back, and one undone, offering its Apply again)
// and "chat-potion" (a Heiltrank's use card before Apply, with its amount, and one applied, with Undo), light and
// dark. tests/browser/gallery.ts calls `await healPages(add, { clients, hero })` once per language; the hero's
// Leben, statuses and potions are put back afterwards.
import { healCardAction, healFromSheet } from "../../src/automation/healing";
import { acting, messageContentFor, messages, queueDice, type Clients } from "../harness";
import { tr } from "./fixtures";
import type { AddPage } from "./gallery-rest";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any

export interface HealGalleryContext {
  clients: Clients;
  /** The player's character (fixtures.ts's hero). */
  hero: Any;
}

const escape = (s: string) => s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);
const chatItem = (m: Any, content: string) => `<li class="chat-message"><header class="message-header">${escape(m.speaker?.alias ?? "")}</header><div class="message-content">${content}</div></li>`;
const chatLog = (items: string) => `<ol style="list-style:none;margin:0;padding:0.5rem;display:flex;flex-direction:column;gap:0.5rem">${items}</ol>`;
/** The cards since `start` as the healed character's player draws them ("jetzt 12/30" is hers to see: automation/screen.ts). */
const since = async (start: number, user: Any) => (await Promise.all(messages().slice(start).map(async (m: Any) => chatItem(m, await messageContentFor(m, user))))).join("\n");

export async function healPages(add: AddPage, { clients, hero }: HealGalleryContext): Promise<void> {
  const i18n = (globalThis as Any).game.i18n;
  const player = clients.players[0];
  const title = i18n.localize("SIDEBAR.TabChat");
  const leben = hero.system.leben.value;
  const dying = hero.statuses.has("dying");

  // The Heilen dialog, three times: 7 → 12 of 30; from 0 while dying; and one taken back.
  let start = messages().length;
  await hero.update({ "system.leben.value": 7 });
  if (dying) await hero.toggleStatusEffect("dying", { active: false });
  await acting(player, () => healFromSheet(hero, 5));
  await hero.update({ "system.leben.value": 0 });
  await hero.toggleStatusEffect("dying", { active: true });
  await acting(player, () => healFromSheet(hero, 4));
  await acting(player, () => healFromSheet(hero, 30));
  await acting(player, () => healCardAction(messages().at(-1) as Any, "undo"));
  for (const theme of ["light", "dark"] as const) add("chat-heal", chatLog(await since(start, player)), "chat", [], 340, 520, theme, title);

  // A Heiltrank (2W6) used twice: the first card waits for its Apply, the second is applied.
  start = messages().length;
  const potion = hero.items.getName(tr("Heiltrank"));
  const stored = { heilung: potion.system.heilung, menge: potion.system.menge };
  await potion.update({ "system.heilung": "2W6", "system.menge": 3 });
  await hero.update({ "system.leben.value": 10 });
  queueDice([{ faces: 6, result: 3 }, { faces: 6, result: 4 }]);
  await acting(player, () => potion.use());
  queueDice([{ faces: 6, result: 6 }, { faces: 6, result: 5 }]);
  await acting(player, () => potion.use());
  await acting(player, () => healCardAction(messages().at(-1) as Any, "apply"));
  for (const theme of ["light", "dark"] as const) add("chat-potion", chatLog(await since(start, player)), "chat", [], 340, 420, theme, title);

  await potion.update({ "system.heilung": stored.heilung, "system.menge": stored.menge });
  await hero.update({ "system.leben.value": leben });
  if (hero.statuses.has("dying") !== dying) await hero.toggleStatusEffect("dying", { active: dying });
}
