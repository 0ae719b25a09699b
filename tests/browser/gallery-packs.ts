// Gallery pages of the compendiums (issue 17 scope 3): what a user sees of the system's packs in each language.
// A talent and a creature opened from their packs (built as Foundry builds a pack document, so shown in the
// world's language), and a page of the rules journal as the journal sheet shows it. tests/browser/gallery.ts calls
// `await packPages(add)` inside its language loop, after resetWorld and i18n.lang are set.
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import yaml from "js-yaml";
import { CreatureSheet } from "../../src/applications/sheets/creature-sheet";
import { FlexItemSheet } from "../../src/applications/sheets/item-sheet";
import { buildRulesJournal } from "../../tools/rules-journal.mjs";
import { parse } from "node-html-parser";
import { addDocumentToCompendium } from "../harness";
import type { AddPage } from "./gallery-rest";
import { sheetHtml } from "./sheet-page";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
const ROOT = join(import.meta.dirname, "..", "..");
const g = () => globalThis as Any;
const escape = (s: string) => s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);

/** The source of a pack document by its German name. */
function packSource(pack: string, name: string): Any {
  const dir = join(ROOT, "packs", "_source", pack);
  for (const file of readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".yml"))) {
    const doc = yaml.load(readFileSync(join(dir, file), "utf8")) as Any;
    if (doc?.name === name) return doc;
  }
  throw new Error(`${pack}: no document named ${name}`);
}


/** What TextEditor.enrichHTML makes of a content link: an anchor with the document's name. */
const enrich = (html: string) => html.replace(/@UUID\[[^\]]+\]\{([^}]+)\}/g, (_m, label: string) => `<a class="content-link" draggable="true"><i class="fa-solid fa-code" inert></i>${escape(label)}</a>`);

let journal: Any[] | null = null;

/** Adds the compendium pages for the current language. */
export async function packPages(add: AddPage): Promise<void> {
  const talent = addDocumentToCompendium("talente", "Item", packSource("talente", "Athletik"));
  const t = await sheetHtml(FlexItemSheet, talent);
  add("compendium-talent", t.parts, t.classes, [], t.width, t.height, "light", (talent as Any).name);

  const creature = addDocumentToCompendium("bestiarium", "Actor", packSource("bestiarium", firstCreature()));
  // On its Fähigkeiten: the attacks, which roll (the tab a GM looks for in the bestiary).
  const c = await sheetHtml(CreatureSheet, creature, (sheet) => sheet.changeTab("abilities", "primary"));
  for (const theme of ["light", "dark"] as const) add("compendium-creature", c.parts, c.classes, ["rollItem"], c.width, c.height, theme, (creature as Any).name);

  journal ??= await buildRulesJournal(ROOT);
  const falling = journal.find((e) => e.flags.flex.chapter === "falling");
  const entry = new (g().CONFIG.JournalEntry.documentClass)(falling, { pack: "flex.regeln" });
  const pages = entry.pages.contents
    .map((p: Any) => `<article class="journal-entry-page text"><h1 class="journal-page-header">${escape(p.name)}</h1><section class="journal-page-content">${enrich(p.text.content)}</section></article>`)
    .join("");
  // Core's journal sheet, after its render hook (the system's own: the scroll area takes keyboard focus).
  const root = parse(`<div><section class="window-content flex-journal journal-entry-pages">${pages}</section></div>`).firstElementChild as Any;
  g().Hooks.callAll("renderJournalEntrySheet", { document: entry }, root);
  const body = root.innerHTML;
  for (const theme of ["light", "dark"] as const) add("compendium-journal", body, "journal-sheet journal-entry", [], 620, 720, theme, entry.name);
}

/** A creature of the bestiary with attacks and a passive (the first by name). */
function firstCreature(): string {
  const dir = join(ROOT, "packs", "_source", "bestiarium");
  const docs = readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".yml") && !f.endsWith("_Folder.yml"))
    .map((f) => yaml.load(readFileSync(join(dir, f), "utf8")) as Any)
    .filter((d) => d.type === "creature" && d.items?.some((i: Any) => i.type === "attack") && d.items?.some((i: Any) => i.type === "passive"))
    .sort((a, b) => a.name.localeCompare(b.name));
  return docs[0].name;
}
