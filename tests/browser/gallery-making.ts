// Gallery pages of making and earning (issue 15): the project and field sheets, the work dialog, the reward helper,
// the crafting dialogs and the cards, rendered through the real templates and automation. buildGallery calls
// makingPages once per language, after the world is reset and the hero made.
import { CRAFT_SESSION_TEMPLATE, CRAFT_START_TEMPLATE, craftSessionContext, craftStartContext } from "../../src/applications/dialogs/crafting-dialog";
import { REWARD_DIALOG_TEMPLATE, rewardDialogRows } from "../../src/applications/dialogs/reward-dialog";
import { WORK_DIALOG_TEMPLATE, workDialogContext } from "../../src/applications/dialogs/work-dialog";
import { FlexItemSheet } from "../../src/applications/sheets/item-sheet";
import { as, createActor, dice, messages, settle, type Clients } from "../harness";

import { packTalent, tr } from "./fixtures";
import { sheetHtml } from "./sheet-page";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any

/** gallery.ts's `add`: writes one page (name, body HTML, window classes, roll buttons it must show, size, theme, title). */
export type AddPage = (name: string, html: string, classes: string, rollActions: string[], width: number, height: number, theme?: "light" | "dark", title?: string) => void;

export interface MakingGalleryContext {
  /** The clients of the world buildGallery reset for this language (one GM, one player at least). */
  clients: Clients;
  /** The hero of the gallery (Rikka): owned by the first player, with talents from the compendium and money. */
  hero: Any;
}

const g = globalThis as Any;
const DAY = 86_400;
const escape = (s: string) => s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);


function dialogPage(body: string, confirm: string, icon: string): string {
  const buttons = `<footer class="dialog-buttons"><button type="button"><i class="fa-solid ${icon}" inert></i> ${escape(confirm)}</button></footer>`;
  return `<div class="dialog-content">${body}</div>${buttons}`;
}

const chatList = (items: Any[]) =>
  `<ol style="list-style:none;margin:0;padding:0.5rem;display:flex;flex-direction:column;gap:0.5rem">${items
    .map((m) => `<li class="chat-message"><header class="message-header">${escape(m.speaker.alias ?? "")}</header><div class="message-content">${m.content}</div></li>`)
    .join("\n")}</ol>`;

/**
 * Adds the pages item-project, item-plot, dialog-craft-start, dialog-craft-session, dialog-craft-session-days (a
 * project in Arbeitstage), dialog-work, dialog-reward and chat-making (light and dark), through the same automation a
 * table uses: a project half done with its log, a growing field, a work job, a harvest notice and a reward.
 */
export async function makingPages(add: AddPage, ctx: MakingGalleryContext): Promise<void> {
  const { clients, hero } = ctx;
  const i18n = g.game.i18n;
  const flex = g.game.flex;
  const { renderTemplate } = g.foundry.applications.handlebars;
  const player = clients.players[0] ?? clients.gms[0];
  const start = messages().length;

  // A smith of the player's (FF W12, Handwerk ÜW 4: 1d12 + 4), so the hero stays as the other pages show her.
  const smith = await createActor({ name: "Meisterin Alvara", type: "character", ownership: { default: 0, [player.id]: 3 }, system: { level: 6, geld: 1500, attributes: { ff: 12 } } });
  await smith.createEmbeddedDocuments("Item", [packTalent("Handwerk", { attribut: "ff", uebungswert: 4 })]);
  // A project for a longsword of 450 ¥ (R-CRAFT-4: 100 EW; R-CRAFT-2: 225 ¥ of materials), two sessions worked.
  const sword = await g.Item.create({ name: tr("Langschwert aus Sturmstahl"), type: "weapon", img: "icons/weapons/sword.webp", system: { preis: 450, schaden: "1W8+1", talent: "Klingenwaffen" } });
  const project = await as(player, () => flex.making.createProject(smith, sword, { complexity: "fortgeschritten", talent: "Handwerk" }));
  await as(player, () => flex.making.payMaterials(project));
  dice(12, 12, 5, 11);
  await as(player, () => flex.making.workOnProject(project, { amount: 3 }));
  dice(12, 12, 12);
  await as(player, () => flex.making.workOnProject(project, { amount: 2 }));
  const projectSheet = await sheetHtml(FlexItemSheet, project);
  add("item-project", projectSheet.parts, projectSheet.classes, [], projectSheet.width, projectSheet.height, "light", project.name);
  add("item-project", projectSheet.parts, projectSheet.classes, [], projectSheet.width, projectSheet.height, "dark", project.name);

  // A field of three plots, sown and 30 days into its 90.
  const [plot] = await as(player, () => smith.createEmbeddedDocuments("Item", [{ name: tr("Kräutergarten am Hafen"), type: "plot", system: { parzellen: 3, pflanze: "Wirselkraut" } }]));
  await as(player, () => flex.making.sowPlot(plot));
  await as(clients.gms[0], () => g.game.time.advance(30 * DAY));
  await settle();
  const plotSheet = await sheetHtml(FlexItemSheet, plot);
  add("item-plot", plotSheet.parts, plotSheet.classes, [], plotSheet.width, plotSheet.height, "light", plot.name);

  // The dialogs, with the data the table would see.
  // Three pieces with a helper: the numbers the dialog shows after the player typed them, and the check's outlook.
  const startDialog = await renderTemplate(CRAFT_START_TEMPLATE, craftStartContext(sword, smith, { quantity: 3, helpers: 1, complexity: "fortgeschritten" }));
  add("dialog-craft-start", dialogPage(startDialog, i18n.localize("FLEX.Making.Start.Confirm"), "fa-hammer"), "dialog flex", [], 440, 480, "light", i18n.format("FLEX.Making.ProjectName", { item: sword.name }));
  // The session as openCraftingSession shows it to the player: outlook, estimate, the clock box (§0, G-20).
  const sessionDialog = await renderTemplate(CRAFT_SESSION_TEMPLATE, await as(player, () => craftSessionContext(project, smith)));
  add("dialog-craft-session", dialogPage(sessionDialog, i18n.localize("FLEX.Making.Project.Work"), "fa-hammer"), "dialog flex", [], 400, 290, "light", project.name);
  const workDialog = await renderTemplate(WORK_DIALOG_TEMPLATE, await as(player, () => workDialogContext(hero)));
  add("dialog-work", dialogPage(workDialog, i18n.localize("FLEX.Making.Work.Confirm"), "fa-coins"), "dialog flex", [], 420, 340, "light", i18n.format("FLEX.Making.Work.Title", { actor: hero.name }));
  const companion = await createActor({ name: "Bertholdus von den Nebelwäldern zu Kaltenbrunn", type: "character", ownership: { default: 0, [player.id]: 3 }, system: { level: 9, geld: 40 } });
  // The companion has had the first quest's share already: the dialog shows the second one next to the hero's first.
  await flex.making.payRewards([companion.id], 4);
  const rows = rewardDialogRows(flex.making.rewardRows([hero, companion], 4), 4);
  const rewardDialog = await renderTemplate(REWARD_DIALOG_TEMPLATE, { rows, quests: 4, max: 20, currency: "¥" });
  add("dialog-reward", dialogPage(rewardDialog, i18n.localize("FLEX.Making.Reward.Confirm"), "fa-sack-dollar"), "dialog flex", [], 560, 320, "light", i18n.localize("FLEX.Making.Reward.Title"));

  // The cards: materials, two sessions, a sowing, work, a harvest notice and a reward.
  dice(12, 9);
  await as(player, () => flex.making.requestWork(smith, { talent: "Handwerk", duration: "day" }));
  await as(clients.gms[0], () => g.game.time.advance(60 * DAY));
  // The active GM's client announces the ripe field by itself; wait for it.
  await settle();
  await flex.making.payRewards([smith.id, companion.id], 4);
  // A dagger made in workdays (R-DOWN-2, as a full rest's Handwerk works it): materials paid, two days worked.
  const dagger = await g.Item.create({ name: tr("Dolch"), type: "weapon", img: "icons/weapons/dagger.webp", system: { preis: 60, schaden: "1W4", talent: "Klingenwaffen" } });
  const daysProject = await as(player, () => flex.making.createProject(smith, dagger, { mode: "arbeitstage", talent: "Handwerk" }));
  await as(player, () => flex.making.payMaterials(daysProject));
  await as(player, () => flex.making.workOnProject(daysProject, { amount: 2 }));
  const daysSession = await renderTemplate(CRAFT_SESSION_TEMPLATE, await as(player, () => craftSessionContext(daysProject, smith)));
  add("dialog-craft-session-days", dialogPage(daysSession, i18n.localize("FLEX.Making.Project.Work"), "fa-hammer"), "dialog flex", [], 400, 240, "light", daysProject.name);
  // Only the cards of making and earning (the clock moving on may bring other cards, e.g. of rest).
  const cards = chatList(messages().slice(start).filter((m: Any) => m.getFlag("flex", "making")));
  for (const theme of ["light", "dark"] as const) add("chat-making", cards, "flex chat", [], 340, 1400, theme, i18n.localize("SIDEBAR.TabChat"));
}
