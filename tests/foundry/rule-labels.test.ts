// Issue 17 scope 4: the rule texts the journal is generated from are the ones the system shows: a chat card's
// "Regeln" line names each rule with its title in the world's language.
import { beforeEach, describe, expect, it } from "vitest";
import { ruleListHtml } from "../../src/helpers/rule-labels";
import { createActor, dice, messages, resetWorld } from "../harness";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
const g = globalThis as Any;

beforeEach(() => {
  resetWorld({ gms: 1 });
});

describe("rule lists on cards", () => {
  it("each known ID gets its title; unknown IDs and the rest of the text stay, escaped", () => {
    const titles: Record<string, string> = { "R-FALL-1": "Fallschaden", "R-REST-NO-1": "Ohne Rast" };
    const html = ruleListHtml("R-FALL-1, R-REST-NO-1 … R-XYZ-9 <b>", (id) => titles[id] ?? null, (s) => s.replace(/</g, "&lt;").replace(/>/g, "&gt;"));
    expect(html).toBe(
      '<span class="flex-rule-list" data-rules="R-FALL-1, R-REST-NO-1 … R-XYZ-9 &lt;b&gt;">' +
      '<span class="flex-rule">R-FALL-1 <span class="flex-rule-title">Fallschaden</span></span>, <span class="flex-rule">R-REST-NO-1 <span class="flex-rule-title">Ohne Rast</span></span> … R-XYZ-9 &lt;b&gt;</span>',
    );
  });

  it("a check card names R-CORE-4 with its title in German, and in English in an English world", async () => {
    for (const [lang, title] of [["de", g.game.i18n.localize("FLEX.RuleText.R-CORE-4.title")], ["en", null]] as const) {
      g.game.i18n.lang = lang;
      const expected = title ?? g.game.i18n.localize("FLEX.RuleText.R-CORE-4.title");
      const hero = (await createActor({ name: "Alrik", type: "character", system: { attributes: { ge: 8 } } })) as Any;
      dice(8, 5);
      await hero.rollCheck({ attribute: "ge", sw: 4 });
      const content = messages().at(-1)!.content as string;
      expect(content).toContain(`R-CORE-4 <span class="flex-rule-title">${expected}</span>`);
    }
    expect(g.game.i18n.localize("FLEX.RuleText.R-CORE-4.title")).not.toBe("FLEX.RuleText.R-CORE-4.title");
  });
});
