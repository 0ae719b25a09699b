// The rules journal (pack "Regeln") in core's journal sheet: its pages scroll, and with no link in them to stop at, a
// keyboard user could not scroll them; the scroll area takes focus itself (WCAG 2.1.1, axe "scrollable-region-focusable").
import { onHook } from "../helpers/hooks";

/** The pack the rules journal is built into (tools/rules-journal.mjs). */
const RULES_PACK = "regeln";

export function registerRulesJournalFocus(): void {
  onHook("renderJournalEntrySheet", (app, element) => {
    if (app.document?.pack !== `${game.system?.id ?? "flex"}.${RULES_PACK}`) return;
    for (const pages of element.querySelectorAll(".journal-entry-pages")) pages.setAttribute("tabindex", "0");
  });
}
