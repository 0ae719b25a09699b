// Real Handlebars with stand-ins for the helpers Foundry v13 really registers. A template that calls a
// helper Foundry does not have fails here as it would in Foundry ("Missing helper").
import { readFileSync } from "node:fs";
import { join } from "node:path";
import Handlebars from "handlebars";
import { escapeHTML, type Obj } from "./utils";

export const ROOT = join(import.meta.dirname, "..", "..");
export const hbs = Handlebars.create();

type I18n = { localize: (k: string) => string; format: (k: string, d: Obj) => string };
const i18n = (): I18n => (globalThis as unknown as { game: { i18n: I18n } }).game.i18n;

/** The subset of Foundry v13's Handlebars helpers the system may use; the names are Foundry's. */
const foundryHelpers: Record<string, Handlebars.HelperDelegate> = {
  localize(key: string, options: Handlebars.HelperOptions) {
    const hash = options?.hash ?? {};
    return Object.keys(hash).length ? i18n().format(key, hash) : i18n().localize(key);
  },
  concat(...args: unknown[]) { return args.slice(0, -1).join(""); },
  eq: (a: unknown, b: unknown) => a === b,
  ne: (a: unknown, b: unknown) => a !== b,
  lt: (a: number, b: number) => a < b,
  lte: (a: number, b: number) => a <= b,
  gt: (a: number, b: number) => a > b,
  gte: (a: number, b: number) => a >= b,
  not: (a: unknown) => !a,
  and: (...args: unknown[]) => args.slice(0, -1).every(Boolean),
  or: (...args: unknown[]) => args.slice(0, -1).some(Boolean),
  ifThen: (c: unknown, a: unknown, b: unknown) => (c ? a : b),
  checked: (v: unknown) => (v ? "checked" : ""),
  disabled: (v: unknown) => (v ? "disabled" : ""),
  json: (v: unknown) => JSON.stringify(v),
  numberFormat(value: number, options: Handlebars.HelperOptions) {
    const { decimals = 0, sign = false } = options.hash ?? {};
    const s = Number(value).toFixed(decimals);
    return sign && value >= 0 ? `+${s}` : s;
  },
  selectOptions(choices: Obj | unknown[], options: Handlebars.HelperOptions) {
    const { selected, localize = false, blank } = options.hash ?? {};
    const entries = Array.isArray(choices) ? choices.map((c) => [String(c), String(c)]) : Object.entries(choices).map(([k, v]) => [k, typeof v === "object" && v ? String((v as Obj).label ?? k) : String(v)]);
    const opts = blank !== undefined ? [`<option value="">${escapeHTML(String(blank))}</option>`] : [];
    for (const [value, label] of entries) {
      const text = localize ? i18n().localize(label) : label;
      opts.push(`<option value="${escapeHTML(value)}"${String(selected) === value ? " selected" : ""}>${escapeHTML(text)}</option>`);
    }
    return new hbs.SafeString(opts.join(""));
  },
  editor(content: string, options: Handlebars.HelperOptions) {
    const { target = "", editable = true } = options.hash ?? {};
    return new hbs.SafeString(`<div class="editor" data-target="${escapeHTML(String(target))}" data-editable="${editable}">${content ?? ""}</div>`);
  },
};
for (const [name, fn] of Object.entries(foundryHelpers)) hbs.registerHelper(name, fn);

const cache = new Map<string, Handlebars.TemplateDelegate>();

/** "systems/flex/templates/x.hbs" → the file in this repository. */
export function resolveTemplate(path: string): string {
  return join(ROOT, path.replace(/^systems\/flex\//, ""));
}

export function getTemplate(path: string): Handlebars.TemplateDelegate {
  let t = cache.get(path);
  if (!t) {
    t = hbs.compile(readFileSync(resolveTemplate(path), "utf8"), { strict: false });
    cache.set(path, t);
  }
  return t;
}

export async function loadTemplates(paths: string[] | Record<string, string>): Promise<void> {
  const entries = Array.isArray(paths) ? paths.map((p) => [p, p]) : Object.entries(paths);
  // Like Foundry's loadTemplates: each partial is compiled once and registered compiled (a partial registered as a
  // string would be compiled again on every render that uses it).
  for (const [name, path] of entries) hbs.registerPartial(name, getTemplate(path));
}

export async function renderTemplate(path: string, data: Obj = {}): Promise<string> {
  return getTemplate(path)(data, { allowProtoPropertiesByDefault: true, allowProtoMethodsByDefault: true });
}
