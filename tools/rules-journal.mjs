// The compendium "Regeln" is generated at build time from the rule texts in the language files
// (FLEX.RuleText.<ID>.title / .text / .system, the same texts the chat cards show), so it cannot drift
// from them: one journal entry per chapter, one page per rule ID of src/rules/ids.ts, German with its
// English and Russian translations in flags.flex.i18n (shown in the world's language, helpers/pack-i18n.ts).
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { readSourceDocuments } from "./packs.mjs";

/** The chapters of the journal, in RULES.md's order, with the rule IDs each holds. */
export const RULE_CHAPTERS = [
  ["core", /^R-CORE-/],
  ["money", /^R-MONEY-/],
  ["water", /^R-(SWIM|BREATH|WATER)-/],
  ["exhaustion", /^R-EXH-/],
  ["companions", /^R-(COMP|TRAIN)-/],
  ["riding", /^R-RIDE-/],
  ["polymorph", /^R-POLY-/],
  ["falling", /^R-FALL-/],
  ["farming", /^R-FARM-/],
  ["crafting", /^R-CRAFT-/],
  ["optional", /^R-OPT-/],
  ["shortCombat", /^R-SHORT-/],
  ["rest", /^R-(REST|DOWN)-/],
];

/** The macros of the pack "Makros" a chapter links to (by their German name). */
const CHAPTER_MACROS = {
  money: ["Arbeiten", "Belohnung"],
  water: ["Atemprobe"],
  exhaustion: ["Tag beenden"],
  companions: ["Trainingsblock"],
  falling: ["Sturz"],
  shortCombat: ["Kurzer Kampf"],
  rest: ["Rast"],
};

const LANGUAGES = ["de", "en", "ru"];
const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** A stable 16-character id for a generated document: the same rule always has the same page (links keep working). */
export function stableId(key) {
  const bytes = createHash("sha256").update(`flex-rules:${key}`).digest();
  return Array.from(bytes.subarray(0, 16), (b) => ALPHABET[b % ALPHABET.length]).join("");
}

/** The rule IDs of src/rules/ids.ts, in their order. */
export async function readRuleIds(root) {
  const text = await readFile(path.join(root, "src", "rules", "ids.ts"), "utf8");
  const list = text.slice(text.indexOf("RULE_IDS"), text.indexOf("] as const"));
  return [...list.matchAll(/"(R-[A-Z0-9-]+)"/g)].map((m) => m[1]);
}

const lookup = (lang, key) => key.split(".").reduce((o, k) => (o && typeof o === "object" ? o[k] : undefined), lang);
const stats = { coreVersion: "13.345", systemId: "flex", systemVersion: "0.1.0" };

/**
 * The journal entries, and what is missing: `{ entries, missing }`, where missing lists "<lang>: <key>" for every
 * rule text a language file lacks (the build fails on any; a test names them).
 * @param {{ ids: string[], lang: Record<string, object>, macros?: { _id: string, name: string, flags?: any }[] }} input
 */
export function rulesJournal({ ids, lang, macros = [] }) {
  const missing = [];
  const text = (code, key) => {
    const value = lookup(lang[code], key);
    if (typeof value !== "string" || !value.trim()) missing.push(`${code}: ${key}`);
    return typeof value === "string" ? value : "";
  };
  const unplaced = ids.filter((id) => !RULE_CHAPTERS.some(([, re]) => re.test(id)));
  for (const id of unplaced) missing.push(`chapter: ${id}`);

  const entries = [];
  RULE_CHAPTERS.forEach(([chapter, re], index) => {
    const rules = ids.filter((id) => re.test(id));
    if (!rules.length) return;
    const entryId = stableId(`chapter:${chapter}`);
    const linked = (CHAPTER_MACROS[chapter] ?? []).map((name) => macros.find((m) => m.name === name)).filter(Boolean);
    const chapterName = (code) => `${index + 1}. ${text(code, `FLEX.RuleText.Section.${chapter}`)}`;
    const page = (id, sort) => {
      const pageId = stableId(`rule:${id}`);
      const content = (code) => {
        const macroLinks = linked
          .map((m) => `@UUID[Compendium.flex.makros.Macro.${m._id}]{${code === "de" ? m.name : (m.flags?.flex?.i18n?.[code]?.name ?? m.name)}}`)
          .join(", ");
        return [
          wrap(text(code, `FLEX.RuleText.${id}.text`)),
          `<p><strong>${text(code, "FLEX.RuleText.InSystem")}</strong> ${text(code, `FLEX.RuleText.${id}.system`)}</p>`,
          macroLinks ? `<p><strong>${text(code, "FLEX.RuleText.Macros")}</strong> ${macroLinks}</p>` : "",
        ].join("");
      };
      const name = (code) => `${id} ${text(code, `FLEX.RuleText.${id}.title`)}`;
      return {
        _id: pageId,
        _key: `!journal.pages!${entryId}.${pageId}`,
        name: name("de"),
        type: "text",
        title: { show: true, level: 1 },
        text: { content: content("de"), format: 1 },
        sort,
        ownership: { default: -1 },
        flags: { flex: { rule: id, i18n: Object.fromEntries(LANGUAGES.slice(1).map((c) => [c, { name: name(c), text: { content: content(c) } }])) } },
        _stats: stats,
      };
    };
    entries.push({
      _id: entryId,
      _key: `!journal!${entryId}`,
      name: chapterName("de"),
      pages: rules.map((id, i) => page(id, (i + 1) * 100000)),
      folder: null,
      sort: (index + 1) * 100000,
      ownership: { default: 0 },
      flags: { flex: { chapter, i18n: Object.fromEntries(LANGUAGES.slice(1).map((c) => [c, { name: chapterName(c) }])) } },
      _stats: stats,
    });
  });
  return { entries, missing };
}

/** A rule text that is not already HTML becomes one paragraph. */
const wrap = (html) => (/^\s*</.test(html) ? html : `<p>${html}</p>`);

/** The journal from the repository's language files and macro pack; throws, naming them, when rule texts are missing. */
export async function buildRulesJournal(root) {
  const ids = await readRuleIds(root);
  const lang = Object.fromEntries(
    await Promise.all(LANGUAGES.map(async (code) => [code, JSON.parse(await readFile(path.join(root, "lang", `${code}.json`), "utf8"))])),
  );
  const macros = (await readSourceDocuments(path.join(root, "packs", "_source", "makros"))).map((s) => s.doc);
  const { entries, missing } = rulesJournal({ ids, lang, macros });
  if (missing.length) throw new Error(`The rules journal lacks ${missing.length} rule text(s):\n  ${missing.join("\n  ")}`);
  return entries;
}
