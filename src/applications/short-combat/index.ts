// Short combats in the user interface: the GM opens the tool from the combat tracker (or a macro:
// game.flex.shortCombat), the card's button opens the tool for a GM and the player view for a character's owner,
// and a player with a character in a new short combat gets the view at once. Windows follow the card live.
import { resolveActor } from "../../automation/actor-ref";
import { shortCombatAction, shortCombatMessage, shortCombatOf, startShortCombat } from "../../automation/short-combat";
import type { ShortCombatSetup } from "../../automation/short-combat";
import { ShortCombatPlayerView } from "./player-view";
import { openShortCombatApps, rerenderShortCombat } from "./registry";
import type { ShortCombatWindow } from "./registry";
import { ShortCombatTool } from "./gm-tool";

export { ShortCombatTool } from "./gm-tool";
export { ShortCombatPlayerView } from "./player-view";

export interface OpenShortCombatOptions extends Partial<ShortCombatSetup> {
  /** Post the card at once (needs characters and enemies), then show the running short combat. */
  start?: boolean;
  /** Show the short combat of this card. */
  messageId?: string;
}

/** This client's open window of the card `messageId` (the tool when `tool`, else the player's view). */
function existing(tool: boolean, messageId: string | null): ShortCombatWindow | null {
  for (const app of openShortCombatApps()) {
    const isTool = app instanceof ShortCombatTool;
    if (isTool === tool && app.messageId === messageId && app.rendered) return app;
  }
  return null;
}

/**
 * R-SHORT-1: the GM's short-combat tool, for macros: `game.flex.shortCombat()` opens it with the selected tokens
 * (or the active combat's), `game.flex.shortCombat({ characters, enemies, goal, stance, start: true })` starts one.
 */
export async function openShortCombat(options: OpenShortCombatOptions = {}): Promise<ShortCombatTool | null> {
  if (!game.user?.isGM) {
    ui.notifications?.warn(game.i18n!.localize("FLEX.ShortCombat.GMOnly"));
    return null;
  }
  let messageId = options.messageId ?? null;
  if (!messageId && options.start) {
    const message = await startShortCombat({ characters: options.characters ?? [], enemies: options.enemies ?? [], goal: options.goal, goalNote: options.goalNote, stance: options.stance });
    if (!message) return null;
    messageId = message.id;
  }
  const open = existing(true, messageId);
  if (open instanceof ShortCombatTool) {
    await open.render({ force: true });
    return open;
  }
  const { characters, enemies, goal, goalNote, stance } = options;
  const tool = new ShortCombatTool({ messageId, setup: messageId ? null : { characters, enemies, goal, goalNote, stance } });
  await tool.render({ force: true });
  return tool;
}

/** A player's view of the short combat on this card (one per card). */
export async function openShortCombatPlayerView(messageId: string): Promise<ShortCombatPlayerView> {
  const open = existing(false, messageId);
  const view = open instanceof ShortCombatPlayerView ? open : new ShortCombatPlayerView({ messageId });
  await view.render({ force: true });
  return view;
}

/** Whether this user owns a character of the short combat on `message`. */
function ownsACharacter(message: ChatMessage.Implementation): boolean {
  return !!shortCombatOf(message)?.characters.some((row) => resolveActor(row.ref)?.isOwner);
}

/** The result card's Undo: a GM's, carried out by the active GM on the short combat's own card. */
function wireUndo(message: ChatMessage.Implementation, html: HTMLElement): void {
  const source = (message.getFlag("flex", "shortCombatResult") as { messageId?: unknown } | undefined)?.messageId;
  for (const button of html.querySelectorAll<HTMLButtonElement>("button[data-action='flexShortCombatUndo']")) {
    if (!game.user?.isGM) {
      button.hidden = true;
      continue;
    }
    button.addEventListener("click", (event) => {
      event.preventDefault();
      const found = shortCombatMessage(source);
      if (!found) return;
      button.disabled = true;
      void shortCombatAction(found.message, "undo").finally(() => (button.disabled = false));
    });
  }
}

function onRenderChatMessage(message: ChatMessage.Implementation, html: HTMLElement): void {
  if (message.getFlag("flex", "shortCombatResult")) return wireUndo(message, html);
  if (!shortCombatOf(message)) return;
  const isGM = !!game.user?.isGM;
  for (const button of html.querySelectorAll<HTMLButtonElement>("button[data-action='flexShortCombatOpen']")) {
    if (!isGM && !ownsACharacter(message)) {
      button.hidden = true;
      continue;
    }
    button.addEventListener("click", (event) => {
      event.preventDefault();
      void (isGM ? openShortCombat({ messageId: message.id! }) : openShortCombatPlayerView(message.id!));
    });
  }
}

/** The GM's button in the combat tracker's header. */
function onRenderCombatTracker(html: HTMLElement): void {
  if (!game.user?.isGM || html.querySelector(".flex-short-combat-open")) return;
  const place = html.querySelector(".encounter-controls") ?? html.querySelector("header");
  if (!place) return;
  const label = foundry.utils.escapeHTML(game.i18n!.localize("FLEX.ShortCombat.Open"));
  // Built from markup on the tracker's own element, so it works in any document the tracker lives in.
  place.insertAdjacentHTML("afterbegin", `<button type="button" class="inline-control icon flex-short-combat-open" aria-label="${label}" data-tooltip="${label}"><i class="fa-solid fa-bolt-lightning" inert></i></button>`);
  place.querySelector(".flex-short-combat-open")?.addEventListener("click", () => void openShortCombat());
}

export function registerShortCombatUI(): void {
  Hooks.on("renderChatMessageHTML", onRenderChatMessage);
  Hooks.on("renderCombatTracker", (_app, html) => onRenderCombatTracker(html));
  // A player with a character in a new short combat sees their view at once.
  Hooks.on("createChatMessage", (message) => {
    const record = shortCombatOf(message);
    if (record?.status === "open" && !game.user?.isGM && ownsACharacter(message)) void openShortCombatPlayerView(message.id!);
  });
  Hooks.on("updateChatMessage", (message) => {
    if (shortCombatOf(message)) rerenderShortCombat(message.id!);
  });
  // Fluss and Alchemika shown in the players' views.
  Hooks.on("updateActor", () => rerenderShortCombat(null));
  Hooks.on("updateItem", () => rerenderShortCombat(null));
}
