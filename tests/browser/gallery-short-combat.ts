// Gallery pages of short combats (R-SHORT-1 … R-SHORT-6), through the real automation: the GM's tool before the
// start and while it runs, the player's view after rolling (with an Alchemikum used), and the chat with the card
// and the result card (light and dark). gallery.ts wires this in: `await shortCombatPages(add, { clients, hero, wolf })`
// inside its per-language loop, after the other pages.
import { ShortCombatPlayerView, ShortCombatTool } from "../../src/applications/short-combat";
import { rollInShortCombat, shortCombatAction, startShortCombat, useAlchemikumInShortCombat } from "../../src/automation/short-combat";
import { as, createActor, dice, messages, queueDice, type Clients } from "../harness";
import { packActor, tr } from "./fixtures";
import { chatLogFor } from "./gallery-chat";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any

/** gallery.ts's `add`: one page per view, language and theme. */
export type GalleryAdd = (name: string, html: string, classes: string, rollActions: string[], width: number, height: number, theme?: "light" | "dark", title?: string) => void;

export interface ShortCombatGalleryContext {
  /** The world's clients (the gallery's: one GM, one player). */
  clients: Clients;
  /** The player's character (Rikka: Klingenwaffen, Fluss, a Heiltrank of Stufe 1). */
  hero: Any;
  /** A creature of Stufe 1 with attacks (the Grauwolf). */
  wolf: Any;
}

const LIST = "list-style:none;margin:0;padding:0.5rem;display:flex;flex-direction:column;gap:0.5rem";

async function appPage(app: Any): Promise<{ html: string; classes: string; width: number }> {
  await app.render(true);
  const html = Object.entries(app.lastRender as Record<string, string>)
    .map(([id, part]) => part.replace(/^(\s*<\w+)/, `$1 data-application-part="${id}"`))
    .join("\n");
  return { html, classes: [...new Set((app.options.classes as string[]) ?? [])].join(" "), width: Number(app.options.position?.width) || 560 };
}

/** Adds the short-combat pages for the current language. */
export async function shortCombatPages(add: GalleryAdd, { clients, hero }: ShortCombatGalleryContext): Promise<void> {
  const { i18n } = (globalThis as Any).game;
  const [gm, player] = [clients.gms[0], clients.players[0]];
  const tarek = await createActor({ name: "Tarek vom Roten Turm", type: "character", img: "icons/tarek.webp", system: { attributes: { ge: 8 }, leben: { value: 18, max: 18 }, ruestung: 1 } });
  const goblin = await createActor({ name: tr("Goblin-Späher"), type: "creature", img: "icons/goblin.webp", system: { stufe: 0.5, ausweichen: 6, leben: { value: 8, max: 8 } } });
  await goblin.createEmbeddedDocuments("Item", [{ name: tr("Messer"), type: "attack", system: { angriff: "W6+1", schaden: "1W6", aktionen: 1 } }]);
  const bandit = await createActor({ name: "Hauptmann Bertholdus von den Nebelwäldern zu Kaltenbrunn", type: "creature", img: "icons/bandit.webp", system: { stufe: 1, ausweichen: 9, leben: { value: 16, max: 16 } } });
  await bandit.createEmbeddedDocuments("Item", [{ name: tr("Säbel"), type: "attack", system: { angriff: "W8+2", schaden: "1W8+1", aktionen: 2 } }]);
  // The enemies are the GM's: a bandit from the Bestiarium (not Rikka's own trained wolf, review D-4).
  const highwayman = await packActor("bestiarium", "Bandit");
  const setup = { characters: [hero, tarek], enemies: [highwayman, goblin, bandit], goal: "capture" as const, goalNote: "den Hauptmann lebend", stance: "fight" as const };

  const before = await as(gm, () => appPage(new ShortCombatTool({ setup })));
  add("short-combat-setup", before.html, before.classes, [], before.width, 520, "light", i18n.localize("FLEX.ShortCombat.Title"));

  const start = messages().length;
  const card = (await as(gm, () => startShortCombat(setup))) as Any;
  // The player's view as it opens, before the roll.
  const opened = await as(player, () => appPage(new ShortCombatPlayerView({ messageId: card.id })));
  add("short-combat-player-before", opened.html, opened.classes, [], opened.width, 560, "light", i18n.localize("FLEX.ShortCombat.Title"));
  // The player spends 4 Fluss and rolls their best Kampfart, then drinks a Heiltrank (Stufe 1 ≥ the strongest enemy's 1).
  dice(10, 7);
  await as(player, () => rollInShortCombat(card, "c1", { steps: 1 }));
  const potion = hero.items.find((i: Any) => i.type === "alchemical");
  if (potion) await as(player, () => useAlchemikumInShortCombat(card, "c1", potion.id));
  // Tarek has no player: the GM sets his EW; the enemies roll.
  await as(gm, () => shortCombatAction(card, "override", { key: "c2", value: 9 }));
  queueDice([{ faces: 6, result: 3 }, { faces: 6, result: 4 }, { faces: 8, result: 6 }]);
  await as(gm, () => shortCombatAction(card, "roll"));

  const tool = await as(gm, () => appPage(new ShortCombatTool({ messageId: card.id })));
  add("short-combat-tool", tool.html, tool.classes, [], tool.width, 760, "light", i18n.localize("FLEX.ShortCombat.Title"));
  add("short-combat-tool", tool.html, tool.classes, [], tool.width, 760, "dark", i18n.localize("FLEX.ShortCombat.Title"));
  const view = await as(player, () => appPage(new ShortCombatPlayerView({ messageId: card.id })));
  add("short-combat-player", view.html, view.classes, [], view.width, 560, "light", i18n.localize("FLEX.ShortCombat.Title"));

  // Apply: the hits by the difference, shared out (one W2 each), each hit's damage rolled.
  queueDice([2, 8, 2, 8, 2, 8].map((faces, i) => ({ faces, result: [1, 3, 2, 5, 1, 7][i] })));
  await as(gm, () => shortCombatAction(card, "apply"));
  // The GM's tool once applied: the record stays to read, nothing more to click but the card's Undo (review §1 gap).
  const applied = await as(gm, () => appPage(new ShortCombatTool({ messageId: card.id })));
  add("short-combat-tool-applied", applied.html, applied.classes, [], applied.width, 700, "light", i18n.localize("FLEX.ShortCombat.Title"));
  const ours = messages()
    .slice(start)
    .filter((m: Any) => m.flags?.flex?.shortCombat || m.flags?.flex?.shortCombatResult);
  const list = `<ol style="${LIST}">${await chatLogFor(ours, gm)}</ol>`;
  for (const theme of ["light", "dark"] as const) add("chat-short-combat", list, "flex chat", [], 340, 1100, theme, i18n.localize("SIDEBAR.TabChat"));
  // The same cards in the player's chat log: no GM buttons (the result's Undo).
  add("chat-short-combat-player", `<ol style="${LIST}">${await chatLogFor(ours, player)}</ol>`, "flex chat", [], 340, 1100, "light", i18n.localize("SIDEBAR.TabChat"));
  // The GM's Undo: Leben and dying back, both cards say so.
  await as(gm, () => shortCombatAction(card, "undo"));
  const undone = `<ol style="${LIST}">${await chatLogFor(ours, gm)}</ol>`;
  add("chat-short-combat-undone", undone, "flex chat", [], 340, 1100, "light", i18n.localize("SIDEBAR.TabChat"));
}
