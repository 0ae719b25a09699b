// The gallery: every sheet, dialog and chat card rendered through the real Handlebars templates (with
// stand-ins only for Foundry's own helpers) and the real stylesheet, one HTML page per view, language
// and theme, for headless Chromium to check and photograph.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "node-html-parser";
import { CHECK_DIALOG_TEMPLATE, checkBreakdown, liveCheckLine } from "../../src/applications/dialogs/check-dialog";
import { END_OF_DAY_DIALOG_TEMPLATE, endOfDayPreview } from "../../src/applications/dialogs/end-of-day-dialog";
import { HEAL_DIALOG_TEMPLATE, healDialogContext, healPreviewState } from "../../src/applications/dialogs/heal-dialog";
import { CharacterSheet } from "../../src/applications/sheets/character-sheet";
import { CreatureSheet } from "../../src/applications/sheets/creature-sheet";
import { FlexItemSheet } from "../../src/applications/sheets/item-sheet";
import { as, createActor, startClient, createScene, messages, placeToken, queueDice, resetWorld, settle, target } from "../harness";
import { grauwolf, packActor, packTalent, rikka, tr } from "./fixtures";
import { chatLogFor } from "./gallery-chat";
import { galleryIcons } from "./gallery-icons";
import { companionPages } from "./gallery-companions";
import { makingPages } from "./gallery-making";
import { polymorphPages } from "./gallery-polymorph";
import { restPages } from "./gallery-rest";
import { packPages } from "./gallery-packs";
import { statePages } from "./gallery-states";
import { HEADER_CONTROLS, sheetHtml as sheetPage } from "./sheet-page";
import { ridingPages } from "./gallery-riding";
import { shortCombatPages } from "./gallery-short-combat";
import { selfTestPages } from "./gallery-selftest";
import { browserPages } from "./gallery-browser";
import { attackStatePages } from "./gallery-attack-states";
import { playerViewPages } from "./gallery-player-view";
import { screenPages } from "./gallery-screen";
import { healPages } from "./gallery-heal";
import { hudPages } from "./gallery-hud";
import { lootPages } from "./gallery-loot";
import { rulerPages } from "./gallery-ruler";

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
  /** The world's time when the page was drawn: the same page shows the same world day in every language. */
  worldTime: number;
}

const escape = (s: string) => s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);

/** Foundry serves system files under systems/flex/ and core icons under icons/; map both for file:// pages. */
function localPaths(html: string): string {
  return galleryIcons(html.replaceAll("systems/flex/", ""), join(OUT, "icons"));
}

/** A sheet's window-header controls (sheet-page.ts), drawn in the frame's header as core draws them. */
const CONTROLS = new RegExp(`<template class="${HEADER_CONTROLS}">([\\s\\S]*?)</template>`);
const headerControls = (body: string) => `<span class="header-controls">${CONTROLS.exec(body)?.[1] ?? ""}</span>`;
const withoutHeaderControls = (body: string) => body.replace(CONTROLS, "");

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
<script src="node_modules/axe-core/axe.min.js" defer></script>
</head>
<body class="theme-${theme}">
<form class="application ${classes}" id="app" style="width:${width}px;height:${height}px">
<header class="window-header"><h1 class="window-title">${escape(title)}</h1>${headerControls(body)}</header>
<section class="window-content">
${localPaths(withoutHeaderControls(body))}
</section>
</form>
</body>
</html>`;
}



/** The next dice show these faces, in the order they are rolled: [faces, result] pairs. */
const rolls = (...faces: [number, number][]) => queueDice(faces.map(([f, result]) => ({ faces: f, result })));

/** The cards posted since `start`, as the first GM's chat log draws them (gallery-chat.ts). */
const chatSince = (start: number) => chatLogFor(messages().slice(start), (globalThis as Any).game.users.find((u: Any) => u.isGM));

/** A chat log column: the cards as the sidebar shows them. */
const chatLog = (items: string) => `<ol style="list-style:none;margin:0;padding:0.5rem;display:flex;flex-direction:column;gap:0.5rem">${items}</ol>`;

/**
 * A fight through the real automation: Rikka's sword against a goblin (hit, applied) and a bandit with a long
 * name (who defends); a highwayman's crossbow bolt (the Bestiarium's Bandit) at Rikka (her defence still open:
 * Ausweichen / Parade); a fire spell that hits the goblin (not yet applied) and misses the highwayman; a fall onto the
 * goblin; a healing spell healed from its card and a KR of breath under water. Rikka's own wolf attacks nobody here:
 * in a fight it acts only on her command (R-COMP-4/5; chat-companions).
 */
async function combatCards(clients: Any, hero: Any, wolf: Any) {
  const { attackCardAction, defendAgainst } = await import("../../src/automation/combat");
  const scene = await createScene();
  const goblin = await createActor({ name: tr("Goblin-Späher"), type: "creature", img: "icons/goblin.webp", system: { ausweichen: 6, parade: 5, ruestung: 1, leben: { value: 12, max: 12 } } });
  const bandit = await createActor({ name: "Hauptmann Bertholdus von den Nebelwäldern zu Kaltenbrunn", type: "character", img: "icons/bandit.webp", system: { attributes: { ge: 8 }, ruestung: 2, leben: { value: 20, max: 20 } } });
  await bandit.createEmbeddedDocuments("Item", [packTalent("Ausweichen", { attribut: "ge", uebungswert: 3 })]);
  await hero.createEmbeddedDocuments("Item", [
    { name: tr("Feuerlanze"), type: "spell", img: "icons/magic/fire/projectile-fireball-orange.webp", system: { zauberschule: "Elementarmagie", fluss: 2, aktionen: 2, schaden: "2W6", schadensart: "feuer", reichweite: 10 } },
    { name: tr("Heilende Hände"), type: "spell", img: "icons/magic/life/heart-cross-green.webp", system: { zauberschule: "Heilmagie", fluss: 1, aktionen: 1, heilung: "1W6+1" } },
  ]);
  const raider = await packActor("bestiarium", "Bandit");
  const [heroToken, goblinToken, banditToken, wolfToken, raiderToken] = [await placeToken(scene, hero), await placeToken(scene, goblin, { col: 1 }), await placeToken(scene, bandit, { col: 2 }), await placeToken(scene, wolf, { col: 3 }), await placeToken(scene, raider, { col: 4 })];
  const gm = clients.gms[0];
  const sword = hero.items.getName(tr("Kurzschwert"));

  const start = messages().length;
  target(gm, goblinToken, banditToken);
  rolls([10, 8], [6, 5]);
  await sword.roll({});
  const swordCard = messages().at(-1) as Any;
  await attackCardAction(swordCard, ["t1"], "apply");
  rolls([8, 8]);
  await defendAgainst(swordCard, "t2", "ausweichen");
  const first = await chatSince(start);

  const next = messages().length;
  target(gm, heroToken);
  // Its Leichte Armbrust: W6+3 (2 + 3 = EW 5), 1W8: 6.
  rolls([6, 2], [8, 6]);
  await raider.items.find((i: Any) => i.flags.flex?.sourceName === "Leichte Armbrust").roll({});
  target(gm, goblinToken, raiderToken);
  rolls([6, 6], [6, 4], [6, 5]);
  await hero.items.getName(tr("Feuerlanze")).roll({ modifier: 2 });
  const second = await chatSince(next);

  // R-FALL-1..3: Rikka drops 4 Schritt onto the goblin; both fail, both take 4W4 (applied at once, with Undo).
  const falling = messages().length;
  rolls([6, 2], [4, 3], [4, 2], [4, 4], [4, 1], [6, 1]);
  await hero.fall(4, { onto: goblinToken });
  const fall = await chatSince(falling);

  // R-CORE-12: a healing spell, healed from the card; then one KR of breath under water (R-BREATH-1..3):
  // Rikka's breath die drops a step, the wolf holds its breath, the bandit (at W4) drowns.
  const healing = messages().length;
  target(gm, heroToken);
  rolls([6, 6], [6, 4]);
  await hero.items.getName(tr("Heilende Hände")).roll({});
  await attackCardAction(messages().at(-1) as Any, ["t1"], "heal");
  for (const actor of [hero, wolf, bandit]) await actor.toggleStatusEffect("underwater", { active: true });
  await bandit.update({ "system.atem.wuerfel": 4 });
  await settle();
  rolls([8, 2], [8, 7], [4, 1]);
  await (globalThis as Any).game.flex.advanceBreath([heroToken, wolfToken, banditToken]);
  for (const actor of [hero, wolf, bandit]) await actor.toggleStatusEffect("underwater", { active: false });
  const third = await chatSince(healing);
  return { pages: { "chat-combat-1": first, "chat-combat-2": second, "chat-fall": fall, "chat-combat-3": third }, tokens: [heroToken, goblinToken, banditToken, wolfToken, raiderToken] };
}

/**
 * R-CORE-6 on screen: a started combat in which Rikka has spent one Aktion on her turn and the wolf its RE; the
 * tracker rows as v13 draws them, labelled by the system's own renderCombatTracker code (R-COMP-6: the wolf's free
 * movement during Rikka's turn).
 */
async function startFight(fight: { tokens: Any[] }, hero: Any, wolf: Any) {
  const { spendActionsFor, spendReactionFor } = await import("../../src/automation/combat/actions");
  const combat = await (globalThis as Any).Combat.create({});
  await combat.createEmbeddedDocuments("Combatant", fight.tokens.map((t: Any) => ({ actorId: t.actorId, tokenId: t.id, sceneId: t.parent.id })));
  // R-CORE-14: the initiatives rolled as the system rolls them (each combatant's IN check), not set by hand (review D-3);
  // the wolf's own roll counts for nothing while Rikka fights (R-COMP-4).
  rolls([10, 7], [6, 3], [8, 4], [8, 5], [8, 2]);
  await combat.rollAll();
  await combat.startCombat();
  await settle();
  await spendActionsFor(hero, 1, { label: "Kurzschwert" });
  await spendReactionFor(wolf, { label: "Ausweichen" });
  await settle();
  return combat;
}

async function trackerHtml(combat: Any): Promise<string> {
  const { decorateCombatTracker } = await import("../../src/automation/combat/tracker");
  const { decorateCompanionMovement } = await import("../../src/automation/companions/movement");
  const rows = combat.turns.map(
    (c: Any, i: number) => `<li class="combatant${i === combat.turn ? " active" : ""}" data-combatant-id="${c.id}">
  <img class="token-image" src="${escape(c.actor.img)}" alt="" width="36" height="36">
  <div class="token-name"><strong class="name" data-gallery-core>${escape(c.actor.name)}</strong></div>
  <div class="token-initiative"><span class="initiative">${c.initiative}</span></div>
</li>`,
  );
  const html = parse(`<ol class="combat-tracker plain">${rows.join("")}</ol>`);
  decorateCombatTracker(combat, html as unknown as HTMLElement);
  // R-COMP-6: the wolf's free movement during Rikka's turn.
  decorateCompanionMovement(combat, html as unknown as HTMLElement);
  // Core's own tracker styles, as far as the rows need them (the labels are styled by flex.css).
  const style = `<style>
.combat-tracker { list-style: none; margin: 0; padding: 0; }
.combat-tracker li.combatant { display: flex; align-items: center; gap: 0.5rem; padding: 0.25rem 0.5rem; border-bottom: 1px solid color-mix(in srgb, currentColor 20%, transparent); }
.combat-tracker li.combatant.active { background: color-mix(in srgb, currentColor 10%, transparent); }
.combat-tracker .token-image { flex: 0 0 36px; border-radius: 4px; object-fit: cover; }
.combat-tracker .token-name { flex: 1; min-width: 0; display: flex; flex-direction: column; }
.combat-tracker .token-name .name { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.combat-tracker .token-initiative { flex: 0 0 auto; font-weight: 700; font-size: 1.1rem; }
</style>`;
  return style + html.toString();
}

/**
 * Every page in both themes: a page drawn only in the light theme gets its dark twin (the same HTML, the body's theme
 * class changed: the theme is the stylesheet's alone), so no family of pages goes unchecked in the dark.
 */
function withDarkTwins(pages: GalleryPage[]): GalleryPage[] {
  const dark = new Set(pages.filter((p) => p.theme === "dark").map((p) => `${p.name}|${p.lang}`));
  const twins = pages
    .filter((p) => p.theme === "light" && !dark.has(`${p.name}|${p.lang}`))
    .map((p) => {
      const file = p.file.replace(/-light\.html$/, "-dark.html");
      writeFileSync(file, readFileSync(p.file, "utf8").replace('<body class="theme-light">', '<body class="theme-dark">'));
      return { ...p, theme: "dark" as const, file };
    });
  return [...pages, ...twins];
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
    // The system's packs on the server, indexed in the page's language before the client starts: sheets name a talent
    // by its label in the talent compendium, the compendium browser reads them all.
    await startClient({ lang, systemPacks: ["talente", "bestiarium", "begleiter", "ausruestung", "rast"] });
    const hero = await rikka();
    await hero.update({ ownership: { default: 0, [clients.players[0].id]: 3 } });
    const wolf = await grauwolf(hero);

    const add = (name: string, html: string, classes: string, rollActions: string[], width: number, height: number, theme: "light" | "dark" = "light", title = name) => {
      const file = join(pagesDir, `${name}-${lang}-${theme}.html`);
      writeFileSync(file, page(title, classes, html, lang, theme, width, height));
      pages.push({ name, lang, theme, file, rollActions, width, height, worldTime: Number((globalThis as Any).game.time.worldTime) });
    };

    // The roll buttons each view must show; the character's owner also sees Benutzen and Heilen.
    const characterRolls: Record<string, string[]> = { stats: ["rollAttribute", "heal"], talents: ["rollTalent", "rollItem", "heal"], inventory: ["rollItem", "useItem", "heal"], effects: ["heal"], biography: ["heal"] };
    for (const tab of ["stats", "talents", "inventory", "effects", "biography"]) {
      const s = await sheetPage(CharacterSheet, hero, (sheet) => sheet.changeTab(tab, "primary"));
      const themes = ["stats", "inventory"].includes(tab) ? (["light", "dark"] as const) : (["light"] as const);
      for (const theme of themes) add(`character-${tab}`, s.parts, s.classes, characterRolls[tab]!, s.width, s.height, theme, hero.name);
    }
    const edit = await sheetPage(CharacterSheet, hero, (sheet) => (sheet.mode = "edit"));
    // Edit mode chooses the dice: it rolls nothing.
    add("character-edit", edit.parts, edit.classes, [], edit.width, edit.height, "light", hero.name);
    await wolf.update({ ownership: { default: 1 } });
    const limited = await as(clients.players[0], () => sheetPage(CreatureSheet, wolf));
    add("creature-limited", limited.parts, limited.classes, [], limited.width, 300, "light", wolf.name);
    for (const tab of ["stats", "abilities"]) {
      const s = await sheetPage(CreatureSheet, wolf, (sheet) => sheet.changeTab(tab, "primary"));
      for (const theme of tab === "abilities" ? (["light", "dark"] as const) : (["light"] as const)) add(`creature-${tab}`, s.parts, s.classes, tab === "stats" ? ["rollAttribute"] : ["rollItem"], s.width, s.height, theme, wolf.name);
    }
    const seen = new Set<string>();
    for (const item of hero.items.contents.concat(wolf.items.contents)) {
      if (seen.has(item.type)) continue;
      seen.add(item.type);
      const s = await sheetPage(FlexItemSheet, item);
      add(`item-${item.type}`, s.parts, s.classes, [], s.width, s.height, "light", item.name);
    }

    const dialogButton = (icon: string, key: string) => `<footer class="dialog-buttons"><button type="button"><i class="fa-solid ${icon}" inert></i> ${escape(i18n.localize(key))}</button></footer>`;
    const athletik = hero.prepareCheck({ talent: "Athletik" });
    // The player has chosen 1 Vorteil: the live line shows what that rolls.
    // As checkBreakdownFor makes it: the attribute's abbreviation beside the die; the outlook against the SW typed.
    const athletikBreakdown = athletik && checkBreakdown(athletik.input, athletik.notes, i18n.localize((globalThis as Any).CONFIG.FLEX.attributes[athletik.attribute].abbreviation));
    const live = athletikBreakdown && liveCheckLine(athletikBreakdown.base, { vorteile: 1, nachteile: 0, modifier: 0 }, (key, data) => i18n.format(key, data), 12);
    const checkDialog = await renderTemplate(CHECK_DIALOG_TEMPLATE, { sw: 12, vorteile: 1, breakdown: athletikBreakdown, live });
    // The dialog's real title: the check's name.
    for (const theme of ["light", "dark"] as const) add("dialog-check", `<div class="dialog-content">${checkDialog}</div>${dialogButton("fa-dice", "FLEX.Check.Roll")}`, "dialog flex", [], 360, 380, theme, athletik?.label ?? "Athletik");
    const rows = [hero, wolf]
      .filter((a) => a.type === "character")
      .map((a) => ({ id: a.id, name: a.name, ...a.system.versorgung, erschoepfung: a.system.erschoepfung.value, koWert: a.system.derived.koWert, heuteErhalten: a.system.erschoepfung.heuteErhalten }))
      .map((row) => ({ ...row, preview: endOfDayPreview(row, row) }));
    const dayDialog = await renderTemplate(END_OF_DAY_DIALOG_TEMPLATE, { rows });
    for (const theme of ["light", "dark"] as const) add("dialog-end-of-day", `<div class="dialog-content">${dayDialog}</div>${dialogButton("fa-moon", "FLEX.EndOfDay.Confirm")}`, "dialog flex", [], 560, 300, theme, i18n.localize("FLEX.EndOfDay.Title"));
    // The player has typed 5: the Leben line shows what that brings.
    const healDialog = await renderTemplate(HEAL_DIALOG_TEMPLATE, healDialogContext(hero.name, healPreviewState(hero), 5));
    for (const theme of ["light", "dark"] as const) add("dialog-heal", `<div class="dialog-content">${healDialog}</div>${dialogButton("fa-heart-circle-plus", "FLEX.Heal.Button")}`, "dialog flex", [], 360, 220, theme, i18n.format("FLEX.Heal.Title", { name: hero.name }));

    // A check, a use card (R-CORE-15) and the end of the day.
    rolls([10, 4], [10, 9]);
    await hero.rollTalent("Athletik", { vorteile: 1, sw: 12 });
    // The pack's Heiltrank heals 2W6: 3 + 4 (its card offers the 7, left to apply).
    rolls([6, 3], [6, 4]);
    await hero.items.getName(tr("Heiltrank")).use();
    await (globalThis as Any).game.flex.requestEndOfDay({ actorIds: [hero.id] });
    for (const theme of ["light", "dark"] as const) add("chat-cards", chatLog(await chatSince(0)), "chat", [], 340, 700, theme, i18n.localize("SIDEBAR.TabChat"));

    const fight = await combatCards(clients, hero, wolf);
    for (const [name, group] of Object.entries(fight.pages)) {
      for (const theme of ["light", "dark"] as const) add(name, chatLog(group), "chat", [], 340, 760, theme, i18n.localize("SIDEBAR.TabChat"));
    }

    // In combat: the tracker rows and the sheet's header show the Aktionen and RE left (R-CORE-6).
    const combat = await startFight(fight, hero, wolf);
    const tracker = await trackerHtml(combat);
    const inCombat = await sheetPage(CharacterSheet, hero, (sheet) => sheet.changeTab("stats", "primary"));
    for (const theme of ["light", "dark"] as const) {
      add("combat-tracker", tracker, "combat sidebar-tab", [], 300, 300, theme, i18n.localize("SIDEBAR.TabCombat"));
      add("character-combat", inCombat.parts, inCombat.classes, ["rollAttribute", "heal"], inCombat.width, 420, theme, hero.name);
    }
    await combat.delete();

    // Each capability adds its own pages (sheets, dialogs and cards made by the same automation a table uses).
    await companionPages(add, { clients, hero, wolf });
    await ridingPages(add, { clients, hero, wolf });
    await shortCombatPages(add, { clients, hero, wolf });
    await attackStatePages(add, { clients, hero });
    await screenPages(add, { clients, hero });
    await restPages(add, { clients });
    await makingPages(add, { clients, hero });
    await polymorphPages(add, { clients, hero });
    await packPages(add);
    await statePages(add, { clients, hero });
    await selfTestPages(add, { clients });
    await browserPages(add, { hero });
    await healPages(add, { clients, hero });
    await playerViewPages(add, { clients });
    await hudPages(add, { clients, hero, wolf });
    await lootPages(add);
    await rulerPages(add, { hero });
  }
  return withDarkTwins(pages);
}
