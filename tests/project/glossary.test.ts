// Issue 36 (review C-9, C-14): one term per concept per language, and Russian grammar that no template can break. A
// table reads the same button, state and value under the same word on every card, in the rules text and in notices.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

type Flat = [string, string][];
const load = (lang: string): Flat => flat(JSON.parse(readFileSync(join(import.meta.dirname, "..", "..", "lang", `${lang}.json`), "utf8")));
const flat = (o: Record<string, unknown>, p = ""): Flat =>
  Object.entries(o).flatMap(([k, v]) => (v && typeof v === "object" ? flat(v as Record<string, unknown>, `${p}${k}.`) : [[`${p}${k}`, String(v)] as [string, string]]));
const ru = load("ru");
const en = load("en");
const hits = (texts: Flat, pattern: RegExp) => texts.filter(([, v]) => pattern.test(v)).map(([k, v]) => `${k}: ${v}`);

describe("one word per concept", () => {
  it.each([
    ["ru: applying damage or healing is Применить, never Нанести", ru, /Нанест|Нанес(ти|ено)/],
    ["ru: a defence that held is Отражено, never Отбито", ru, /Отбит/],
    ["ru: an open defence is Ждёт защиты, never 'Защита ещё не брошена'", ru, /Защита ещё не брошена/],
    ["ru: reactions are Реакции, never the German RE in Cyrillic", ru, /(^|[^\p{L}])РЕ(?!\p{L})/u],
    ["en: an open defence is 'Defence pending', never 'Defence open'", en, /Defence open/],
    // The armour value is Броня on the sheet, the cards and the rules; an armour item is a доспех (its type's name).
    ["ru: the armour value is Броня, never Доспех", ru.filter(([k]) => k !== "TYPES.Item.armor"), /Доспех(?!и)/],
  ])("%s", (_name, texts, pattern) => {
    expect(hits(texts, pattern)).toEqual([]);
  });
});

describe("Russian grammar a template cannot break (C-9)", () => {
  it("no number placeholder before Жизни (genitive singular, wrong after 5, 6 …): 'Жизнь +5', 'Жизнь −7'", () => {
    expect(hits(ru, /\{\w+\}\s*Жизни/)).toEqual([]);
  });

  it("no name placeholder after a preposition that would need another case ('Приказ для {name}', 'верхом на {mount}')", () => {
    expect(hits(ru, /(^|\s)(для|на|у|с|от|к) \{(name|companion|mount|item|trainer|creature)\}/i)).toEqual([]);
  });

  it("no masculine past tense for a party's state: 'отдых засчитан', not 'отдохнул'", () => {
    expect(hits(ru, /отдохнул(?!а|и)/)).toEqual([]);
  });
});
