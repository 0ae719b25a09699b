// The "Regeln" line of a chat card names each rule by its ID and its title, from the same rule texts the
// rules journal is generated from (FLEX.RuleText.<ID>.title), so a player sees what "R-FALL-1" means.
import { RULE_IDS } from "../rules/ids";

const KNOWN = new Set<string>(RULE_IDS);
const RULE_ID = /R-[A-Z]+(?:-[A-Z0-9]+)+/g;

/**
 * The HTML of a rule list ("R-FALL-1, R-FALL-3"): each known ID with its title, all other text escaped as is,
 * and the list as written in `data-rules` (what a module or a test reads).
 */
export function ruleListHtml(text: string, title: (id: string) => string | null, escape: (s: string) => string): string {
  let html = "";
  let last = 0;
  for (const match of text.matchAll(RULE_ID)) {
    const id = match[0];
    const name = KNOWN.has(id) ? title(id) : null;
    html += escape(text.slice(last, match.index));
    html += name ? `<span class="flex-rule">${escape(id)} <span class="flex-rule-title">${escape(name)}</span></span>` : escape(id);
    last = match.index + id.length;
  }
  return `<span class="flex-rule-list" data-rules="${escape(text)}">${html}${escape(text.slice(last))}</span>`;
}

/** The Handlebars helper `{{flexRules rules}}` the cards use. */
export function registerRuleHelper(): void {
  const hb = (globalThis as unknown as { Handlebars: typeof Handlebars }).Handlebars;
  hb.registerHelper("flexRules", (text: unknown) => {
    const i18n = game.i18n!;
    const title = (id: string) => {
      const key = `FLEX.RuleText.${id}.title`;
      return i18n.has(key) ? i18n.localize(key) : null;
    };
    return new hb.SafeString(ruleListHtml(typeof text === "string" ? text : "", title, (s) => hb.escapeExpression(s)));
  });
}
