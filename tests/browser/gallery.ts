// The gallery: every sheet, dialog and chat card rendered through the real Handlebars templates (with
// stand-ins only for Foundry's own helpers) and the real stylesheet, one HTML page per view, language
// and theme, for headless Chromium to check and photograph.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { CHECK_DIALOG_TEMPLATE } from "../../src/applications/dialogs/check-dialog";
import { END_OF_DAY_DIALOG_TEMPLATE } from "../../src/applications/dialogs/end-of-day-dialog";
import { CharacterSheet } from "../../src/applications/sheets/character-sheet";
import { CreatureSheet } from "../../src/applications/sheets/creature-sheet";
import { FlexItemSheet } from "../../src/applications/sheets/item-sheet";
import { as, createActor, createScene, dice, messages, placeToken, resetWorld, target } from "../harness";
import { grauwolf, rikka } from "./fixtures";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
const ROOT = join(import.meta.dirname, "..", "..");
export const OUT = join(ROOT, "tests", "browser", "out");

export interface GalleryPage {
  name: string;
  lang: string;
  theme: "light" | "dark";
  file: string;
  /** Roll buttons the page must show (data-action values). */
  rollActions: string[];
  width: number;
  height: number;
}

const escape = (s: string) => s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);

/** Foundry serves system files under systems/flex/ and core icons under icons/; map both for file:// pages. */
function localPaths(html: string): string {
  return html.replaceAll("systems/flex/", "").replace(/src="icons\/[^"]*"/g, 'src="tests/browser/assets/placeholder.svg"');
}

function page(title: string, classes: string, body: string, lang: string, theme: string, width: number, height: number): string {
  return `<!DOCTYPE html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<base href="file://${ROOT}/">
<title>${escape(title)}</title>
<link rel="stylesheet" href="node_modules/@fortawesome/fontawesome-free/css/all.min.css">
<link rel="stylesheet" href="tests/browser/foundry-frame.css">
<link rel="stylesheet" href="styles/flex.css">
</head>
<body class="theme-${theme}">
<form class="application ${classes}" id="app" style="width:${width}px;height:${height}px">
<header class="window-header"><h1 class="window-title">${escape(title)}</h1></header>
<section class="window-content">
${localPaths(body)}
</section>
</form>
</body>
</html>`;
}

async function sheetPage(Sheet: Any, document: Any, setup: (sheet: Any) => void = () => {}) {
  const sheet = new Sheet({ document });
  setup(sheet);
  await sheet.render(true);
  const parts = Object.entries(sheet.lastRender as Record<string, string>).map(([id, html]) => html.replace(/^(\s*<\w+)/, `$1 data-application-part="${id}"`));
  const classes = [...new Set((sheet.options.classes as string[]) ?? [])].join(" ");
  return { parts: parts.join("\n"), classes, width: sheet.options.position.width as number, height: sheet.options.position.height as number };
}

function chatItem(m: Any): string {
  return `<li class="chat-message"><header class="message-header">${escape(m.speaker.alias ?? "")}</header><div class="message-content">${m.content}</div></li>`;
}

/**
 * A fight through the real automation: Rikka's sword against a goblin (hit, applied) and a bandit with a long
 * name (who defends), the wolf's bite against Rikka (her defence still open), a fire spell and a healing spell.
 */
async function combatCards(clients: Any, hero: Any, wolf: Any): Promise<string[]> {
  const { attackCardAction, defendAgainst } = await import("../../src/automation/combat");
  const scene = await createScene();
  const goblin = await createActor({ name: "Goblin-Späher", type: "creature", img: "icons/goblin.webp", system: { ausweichen: 6, parade: 5, ruestung: 1, leben: { value: 12, max: 12 } } });
  const bandit = await createActor({ name: "Hauptmann Bertholdus von den Nebelwäldern zu Kaltenbrunn", type: "character", img: "icons/bandit.webp", system: { attributes: { ge: 8 }, ruestung: 2, leben: { value: 20, max: 20 } } });
  await bandit.createEmbeddedDocuments("Item", [{ name: "Ausweichen", type: "talent", system: { attribut: "ge", uebungswert: 3 } }]);
  await hero.createEmbeddedDocuments("Item", [
    { name: "Feuerlanze", type: "spell", system: { zauberschule: "Elementarmagie", fluss: 2, aktionen: 2, schaden: "2W6", schadensart: "feuer", reichweite: 10 } },
    { name: "Heilende Hände", type: "spell", system: { zauberschule: "Heilkunde", fluss: 1, aktionen: 1, heilung: "1W6+1" } },
  ]);
  const [heroToken, goblinToken, banditToken] = [await placeToken(scene, hero), await placeToken(scene, goblin, { col: 1 }), await placeToken(scene, bandit, { col: 2 })];
  await placeToken(scene, wolf, { col: 3 });
  const gm = clients.gms[0];
  const start = messages().length;
  const sword = hero.items.getName("Kurzschwert");

  target(gm, goblinToken, banditToken);
  dice(10, 8);
  dice(6, 5);
  await sword.roll({});
  const swordCard = messages().at(-1) as Any;
  await attackCardAction(swordCard, ["t1"], "apply");
  dice(8, 8);
  await defendAgainst(swordCard, "t2", "ausweichen");
  const first = messages().slice(start).map(chatItem).join("\n");

  const next = messages().length;
  target(gm, heroToken);
  dice(6, 5);
  dice(8, 6);
  await wolf.items.getName("Biss").roll({});
  target(gm, goblinToken);
  dice(6, 6);
  dice(6, 4, 5);
  await hero.items.getName("Feuerlanze").roll({});
  target(gm, heroToken);
  dice(6, 6);
  dice(6, 4);
  await hero.items.getName("Heilende Hände").roll({});
  const second = messages().slice(next).map(chatItem).join("\n");
  return [first, second];
}

/** Builds every page in every language; returns the list for the browser test. */
export async function buildGallery(): Promise<GalleryPage[]> {
  const pagesDir = join(OUT, "pages");
  mkdirSync(pagesDir, { recursive: true });
  const pages: GalleryPage[] = [];
  const i18n = (globalThis as Any).game.i18n;
  const { renderTemplate } = (globalThis as Any).foundry.applications.handlebars;

  for (const lang of ["de", "en", "ru"]) {
    const clients = resetWorld({ gms: 1, players: 1 });
    i18n.lang = lang;
    const hero = await rikka();
    await hero.update({ ownership: { default: 0, [clients.players[0].id]: 3 } });
    const wolf = await grauwolf(hero);

    const add = (name: string, html: string, classes: string, rollActions: string[], width: number, height: number, theme: "light" | "dark" = "light", title = name) => {
      const file = join(pagesDir, `${name}-${lang}-${theme}.html`);
      writeFileSync(file, page(title, classes, html, lang, theme, width, height));
      pages.push({ name, lang, theme, file, rollActions, width, height });
    };

    for (const tab of ["stats", "talents", "inventory", "effects", "biography"]) {
      const s = await sheetPage(CharacterSheet, hero, (sheet) => sheet.changeTab(tab, "primary"));
      const rolls = tab === "stats" ? ["rollAttribute"] : tab === "talents" ? ["rollTalent"] : tab === "inventory" ? ["rollItem"] : [];
      add(`character-${tab}`, s.parts, s.classes, rolls, s.width, s.height, "light", hero.name);
      if (tab === "stats") add(`character-${tab}`, s.parts, s.classes, rolls, s.width, s.height, "dark", hero.name);
    }
    const edit = await sheetPage(CharacterSheet, hero, (sheet) => (sheet.mode = "edit"));
    add("character-edit", edit.parts, edit.classes, ["rollAttribute"], edit.width, edit.height, "light", hero.name);
    await wolf.update({ ownership: { default: 1 } });
    const limited = await as(clients.players[0], () => sheetPage(CreatureSheet, wolf));
    add("creature-limited", limited.parts, limited.classes, [], limited.width, 300, "light", wolf.name);
    for (const tab of ["stats", "abilities"]) {
      const s = await sheetPage(CreatureSheet, wolf, (sheet) => sheet.changeTab(tab, "primary"));
      add(`creature-${tab}`, s.parts, s.classes, tab === "stats" ? ["rollAttribute"] : ["rollItem"], s.width, s.height, "light", wolf.name);
    }
    const seen = new Set<string>();
    for (const item of hero.items.contents.concat(wolf.items.contents)) {
      if (seen.has(item.type)) continue;
      seen.add(item.type);
      const s = await sheetPage(FlexItemSheet, item);
      add(`item-${item.type}`, s.parts, s.classes, [], s.width, s.height, "light", item.name);
    }

    const checkDialog = await renderTemplate(CHECK_DIALOG_TEMPLATE, { sw: 12 });
    const buttons = `<footer class="dialog-buttons"><button type="button"><i class="fa-solid fa-dice" inert></i> ${escape(i18n.localize("FLEX.Check.Roll"))}</button></footer>`;
    add("dialog-check", `<div class="dialog-content">${checkDialog}</div>${buttons}`, "dialog flex", [], 360, 330, "light", i18n.localize("FLEX.Tab.stats"));
    const rows = [hero, wolf].filter((a) => a.type === "character").map((a) => ({ id: a.id, name: a.name, ...a.system.versorgung, erschoepfung: a.system.erschoepfung.value, koWert: a.system.derived.koWert }));
    const dayDialog = await renderTemplate(END_OF_DAY_DIALOG_TEMPLATE, { rows });
    add("dialog-end-of-day", `<div class="dialog-content">${dayDialog}</div>`, "dialog flex", [], 560, 300, "light", i18n.localize("FLEX.EndOfDay.Title"));

    dice(10, 4, 9);
    await hero.rollTalent("Athletik", { vorteile: 1, sw: 12 });
    await (globalThis as Any).game.flex.requestEndOfDay({ actorIds: [hero.id] });
    const cards = messages()
      .map((m: Any) => `<li class="chat-message"><header class="message-header">${escape(m.speaker.alias ?? "")}</header><div class="message-content">${m.content}</div></li>`)
      .join("\n");
    add("chat-cards", `<ol style="list-style:none;margin:0;padding:0.5rem;display:flex;flex-direction:column;gap:0.5rem">${cards}</ol>`, "flex chat", [], 340, 560, "light", "Chat");
    add("chat-cards", `<ol style="list-style:none;margin:0;padding:0.5rem;display:flex;flex-direction:column;gap:0.5rem">${cards}</ol>`, "flex chat", [], 340, 560, "dark", "Chat");

    const fight = await combatCards(clients, hero, wolf);
    for (const [i, group] of fight.entries()) {
      const list = `<ol style="list-style:none;margin:0;padding:0.5rem;display:flex;flex-direction:column;gap:0.5rem">${group}</ol>`;
      for (const theme of ["light", "dark"] as const) add(`chat-combat-${i + 1}`, list, "flex chat", [], 340, 760, theme, "Chat");
    }
  }
  return pages;
}
