// Gallery pages for companions (issue 10): the character's Begleiter tab, the training dialog, and the cards a
// table sees — a training session that completes, a commanded attack, a failed command and a reaction command —
// all through the real automation and templates. gallery.ts calls `companionPages(add, ctx)` once per language;
// everything it changes in the world it puts back, and the chat messages it posts it deletes again.
import { trainingDialogContext, TRAINING_DIALOG_TEMPLATE } from "../../src/applications/dialogs/training-dialog";
import { CharacterSheet } from "../../src/applications/sheets/character-sheet";
import { commandCompanion, trainCompanion } from "../../src/automation/companions";
import { createActor, createScene, dice, messages, placeToken, queueDice, target, type Clients } from "../harness";
import { tr } from "./fixtures";
import { chatLogFor } from "./gallery-chat";

import { sheetHtml } from "./sheet-page";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any

/** gallery.ts's `add`: writes one page (name, body HTML, window classes, roll actions it must show, size, theme, title). */
export type AddGalleryPage = (name: string, html: string, classes: string, rollActions: string[], width: number, height: number, theme?: "light" | "dark", title?: string) => void;

export interface CompanionGalleryContext {
  /** The clients of this language's world (resetWorld): the first GM acts. */
  clients: Clients;
  /** The trainer: fixtures.ts's Rikka. */
  hero: Any;
  /** Her companion: fixtures.ts's Grauwolf (trainer: Rikka). */
  wolf: Any;
}

const escape = (s: string) => s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);
const chatList = (items: string) => `<ol style="list-style:none;margin:0;padding:0.5rem;display:flex;flex-direction:column;gap:0.5rem">${items}</ol>`;

/** The character sheet with the Begleiter tab open, as gallery.ts renders sheets (each part tagged with its id). */
const companionTab = (hero: Any) => sheetHtml(CharacterSheet, hero, (s: Any) => s.changeTab("companions", "primary"));

/**
 * Adds "character-companions" (light and dark), "dialog-training", "chat-companions-1" (the training card and a
 * commanded attack) and "chat-companions-2" (a failed command, a reaction command), light and dark, for the
 * current language. Rikka's handling talent is raised for the cards (a fixture's Übungswert 2 cannot meet
 * Misstrauen 18) and put back afterwards, as are her money and the wolf's training.
 */
export async function companionPages(add: AddGalleryPage, { clients, hero, wolf }: CompanionGalleryContext): Promise<void> {
  const g = globalThis as Any;
  const i18n = g.game.i18n;
  const { renderTemplate } = g.foundry.applications.handlebars;
  const gm = clients.gms[0];
  const talent = hero.findTalent("Mit Tieren umgehen");
  const saved = { uebungswert: talent.system.uebungswert, geld: hero.system.geld, wolf: { misstrauen: wolf.system.misstrauen, fortschritt: wolf.system.training.fortschritt } };
  const start = messages().length;
  // Whatever Erschöpfung the gallery left her with, her handling check is CH W6 + 12 (a session the check could not
  // pass would be refused before it is paid, and the page would show no training card).
  await talent.update({ "system.uebungswert": 12 + (hero.system.derived.malus?.talent ?? 0) });

  const tab = await companionTab(hero);
  for (const theme of ["light", "dark"] as const) add("character-companions", tab.parts, tab.classes, ["flexCompanionCommand"], tab.width, tab.height, theme, hero.name);

  // The creature is chosen in the compendium browser first (issue 26); the dialog then holds that one.
  const dialog = await renderTemplate(TRAINING_DIALOG_TEMPLATE, trainingDialogContext(hero, [wolf], wolf));
  const buttons = `<footer class="dialog-buttons"><button type="button"><i class="fa-solid fa-bone" inert></i> ${escape(i18n.localize("FLEX.Training.Train"))}</button></footer>`;
  add("dialog-training", `<div class="dialog-content">${dialog}</div>${buttons}`, "dialog flex", [], 480, 540, "light", i18n.format("FLEX.Training.Title", { trainer: hero.name }));
  // With too little money for one Einheit (10 ¥): the dialog says so before the click (review §1 gap). Her money is
  // put back with the rest below.
  await hero.update({ "system.geld": 5 });
  const poor = await renderTemplate(TRAINING_DIALOG_TEMPLATE, trainingDialogContext(hero, [wolf], wolf));
  add("dialog-training-poor", `<div class="dialog-content">${poor}</div>${buttons}`, "dialog flex", [], 480, 540, "light", i18n.format("FLEX.Training.Title", { trainer: hero.name }));
  await hero.update({ "system.geld": saved.geld });

  // A session that completes in its fifth block: CH W6 + 12 against Misstrauen 18 (EW 18, 18, 14, 17, 18: 46 → 100).
  dice(6, 6, 2, 5, 6, 6);
  await trainCompanion({ trainer: hero, creature: wolf, blocks: 6, reward: "misstrauen", requestId: `gallery-${i18n.lang}` });
  // Misstrauen is 17 now: a commanded bite at a goblin (EW 18), a command the wolf ignores (13), a reaction command (18).
  const scene = await createScene({ name: "Begleiter" });
  const goblin = await createActor({ name: tr("Goblin-Späher"), type: "creature", img: "icons/goblin.webp", system: { ausweichen: 9, parade: 5, ruestung: 1, leben: { value: 12, max: 12 } } });
  const goblinToken = await placeToken(scene, goblin);
  target(gm, goblinToken);
  // One queue per roll: the check's W6, then the bite's W8 (queues made one after the other are read last first).
  queueDice([{ faces: 6, result: 6 }, { faces: 8, result: 6 }]);
  await commandCompanion(wolf, wolf.items.getName(tr("Biss")));
  dice(6, 1);
  await commandCompanion(wolf, wolf.items.getName(tr("Reißen")));
  dice(6, 6);
  await commandCompanion(wolf, null, { reaction: true });
  const posted = messages().slice(start);
  const groups = [posted.slice(0, 2), posted.slice(2)];
  for (const [i, group] of groups.entries()) {
    for (const theme of ["light", "dark"] as const) add(`chat-companions-${i + 1}`, chatList(await chatLogFor(group, gm)), "flex chat", [], 340, 760, theme, i18n.localize("SIDEBAR.TabChat"));
  }

  // Put the world back as the rest of the gallery expects it.
  target(gm);
  await g.ChatMessage.deleteDocuments(posted.map((m: Any) => m.id));
  await goblin.delete();
  await scene.delete();
  await talent.update({ "system.uebungswert": saved.uebungswert });
  await hero.update({ "system.geld": saved.geld });
  await wolf.update({ "system.misstrauen": saved.wolf.misstrauen, "system.training.fortschritt": saved.wolf.fortschritt, "flags.flex.-=training": null });
}
