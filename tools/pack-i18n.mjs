// Translations of compendium documents travel inside each document: flags.flex.i18n.<lang> mirrors the
// document's own fields with only translated strings. Shared by the runtime's shape rules (src/helpers/pack-i18n.ts
// applies them), the pack tests and `node tools/pack-i18n.mjs` (a report for whoever writes pack sources).
import path from "node:path";
import { readSourceDocuments } from "./packs.mjs";

/** The languages besides German (the documents' own) that every pack document is translated into. */
export const PACK_LANGUAGES = ["en", "ru"];

/** The paths a translation may hold (src/helpers/pack-i18n.ts applies only these; a test keeps both lists equal). */
export const TRANSLATABLE_PATHS = [
  "name",
  "description",
  "system.beschreibung",
  "system.talent",
  "system.zauberschule",
  "system.umgangTalent",
  "system.pflanze",
  "text.content",
];

const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);

/** Problems of one translation against its document: paths that do not exist or are not strings there. */
function shapeProblems(translation, original, where, prefix = "") {
  const problems = [];
  for (const [key, value] of Object.entries(translation ?? {})) {
    const rel = prefix ? `${prefix}.${key}` : key;
    const at = `${where}.${key}`;
    if (isObject(value)) {
      if (!isObject(original?.[key])) problems.push(`${at}: no such object in the document`);
      else problems.push(...shapeProblems(value, original[key], at, rel));
    } else if (typeof value !== "string") problems.push(`${at}: not a string`);
    else if (typeof original?.[key] !== "string") problems.push(`${at}: the document has no text there`);
    else if (!TRANSLATABLE_PATHS.includes(rel)) problems.push(`${at}: not a translatable field`);
    else if (!value.trim()) problems.push(`${at}: empty`);
  }
  return problems;
}

/** Every problem with the translations of one document and its embedded documents (items, pages). */
export function translationProblems(doc, where = doc?.name ?? "?") {
  const problems = [];
  const i18n = doc?.flags?.flex?.i18n;
  for (const lang of PACK_LANGUAGES) {
    const t = i18n?.[lang];
    if (!isObject(t)) {
      problems.push(`${where}: no ${lang} translation`);
      continue;
    }
    if (typeof t.name !== "string" || !t.name.trim()) problems.push(`${where}: no ${lang} name`);
    if (typeof doc.system?.beschreibung === "string" && doc.system.beschreibung.trim() && typeof t.system?.beschreibung !== "string") {
      problems.push(`${where}: no ${lang} system.beschreibung`);
    }
    if (typeof doc.text?.content === "string" && doc.text.content.trim() && typeof t.text?.content !== "string") {
      problems.push(`${where}: no ${lang} text.content`);
    }
    problems.push(...shapeProblems(t, doc, `${where} [${lang}]`));
  }
  for (const field of ["items", "pages"]) {
    for (const child of doc?.[field] ?? []) problems.push(...translationProblems(child, `${where} › ${child?.name ?? "?"}`));
  }
  return problems;
}

// `node tools/pack-i18n.mjs [pack …]`: lists the translation problems of the named packs (default: all).
if (import.meta.url === `file://${process.argv[1]}`) {
  const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
  const { readdir } = await import("node:fs/promises");
  const packs = process.argv.slice(2).length
    ? process.argv.slice(2)
    : (await readdir(path.join(root, "packs", "_source"), { withFileTypes: true })).filter((e) => e.isDirectory()).map((e) => e.name);
  let count = 0;
  for (const pack of packs) {
    for (const { file, doc } of await readSourceDocuments(path.join(root, "packs", "_source", pack))) {
      const problems = translationProblems(doc, path.relative(root, file));
      count += problems.length;
      for (const p of problems) console.log(p);
    }
  }
  console.log(count ? `${count} problem(s)` : "all translated");
  process.exitCode = count ? 1 : 0;
}
