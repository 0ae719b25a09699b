// Talents are stored and looked up by their German name, the key the rules and the automation use (findTalent,
// flags.flex.sourceName); a user sees the name in their own language. This is the one place that turns a key into
// the label shown, and a talent into the key a choice stores, so a list never holds one talent twice ("Blades" and
// "Klingenwaffen") and an English sheet never shows "Klingenwaffen".
import { sameTalentName, sourceNameOf } from "../data/item/talent-link";
import { PACK_LANGUAGES } from "../helpers/pack-i18n";

/** The compendium of talents the system ships (system.json "packs"). */
export const TALENT_PACK = "talente";

type Talentish = { type: string; name: string; flags?: unknown };
type Holder = { items: Iterable<Talentish> } | null | undefined;
type Obj = Record<string, unknown>;

const isObject = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);

/** The key a talent is stored and found by: its German name (an imported talent keeps it as its source name). */
export const talentKeyOf = (talent: { name: string; flags?: unknown }): string => sourceNameOf(talent) || talent.name;

/** Every name an index entry of the talent pack answers to (German, shown, each translation), and the one shown. */
function entryNames(entry: Obj): { names: string[]; shown: string } | null {
  if (typeof entry.name !== "string") return null;
  const flex = isObject(entry.flags) && isObject(entry.flags.flex) ? entry.flags.flex : {};
  const i18n = isObject(flex.i18n) ? flex.i18n : {};
  const translated = PACK_LANGUAGES.map((lang) => (isObject(i18n[lang]) ? i18n[lang].name : undefined));
  const names = [entry.name, flex.sourceName, ...translated].filter((n): n is string => typeof n === "string" && !!n.trim());
  return { names, shown: entry.name };
}

/** The label the system's talent compendium gives a talent name in the world's language (its index is shown translated). */
function packLabel(key: string): string | null {
  const pack = game.packs?.get(`${game.system?.id ?? "flex"}.${TALENT_PACK}`);
  for (const entry of (pack?.index?.values() ?? []) as Iterable<Obj>) {
    const found = entryNames(entry);
    if (found?.names.some((n) => sameTalentName(n, key))) return found.shown;
  }
  return null;
}

/**
 * The name to show for a stored talent name: the actor's own talent of that name or key (as its sheet shows it), else
 * the talent compendium's name in the world's language, else the stored name itself (a talent of the group's own).
 */
export function talentLabel(key: string, actor?: Holder): string {
  const name = key.trim();
  if (!name) return "";
  for (const item of actor?.items ?? []) {
    if (item.type === "talent" && (sameTalentName(item.name, name) || sameTalentName(sourceNameOf(item), name))) return item.name;
  }
  return packLabel(name) ?? name;
}

/** The Handlebars helper `{{flexTalent key}}` for cards that carry a talent's key: its label in the world's language. */
export function registerTalentHelper(): void {
  const hb = (globalThis as unknown as { Handlebars: typeof Handlebars }).Handlebars;
  hb.registerHelper("flexTalent", (key: unknown) => (typeof key === "string" ? talentLabel(key) : ""));
}

/** Names compared as a reader expects in the world's language: "Waffe 6" before "Waffe 11", "Äxte" among the A. */
export function compareNames(a: string, b: string): number {
  return a.localeCompare(b, game.i18n?.lang, { numeric: true, sensitivity: "base" }) || a.localeCompare(b);
}

export interface TalentChoice {
  /** The key stored (the German name). */
  value: string;
  /** The name shown. */
  label: string;
}

/** Talents as a choice: each once by its key, shown by its name, sorted as the reader expects. */
export function talentChoices(talents: Iterable<Talentish>): TalentChoice[] {
  const out: TalentChoice[] = [];
  for (const talent of talents) {
    const value = talentKeyOf(talent).trim();
    if (value && !out.some((c) => sameTalentName(c.value, value))) out.push({ value, label: talent.name });
  }
  return out.sort((a, b) => compareNames(a.label, b.label));
}

/** Whether a stored name means this choice: its key, or the name it is shown by (a name stored in another language). */
export const choiceMatches = (choice: TalentChoice, stored: string): boolean => !!stored.trim() && (sameTalentName(choice.value, stored) || sameTalentName(choice.label, stored));
