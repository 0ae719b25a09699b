// The stand-in's Handlebars knows only helpers Foundry v13 really registers: a template calling any
// other helper fails here, as it would in Foundry.
import { describe, expect, it } from "vitest";
import { hbs } from "../harness/handlebars";

describe("Handlebars helpers", () => {
  it("Foundry's own helpers work", () => {
    const out = hbs.compile('{{#if (eq a 1)}}{{localize "FLEX.Check.Success"}}{{/if}} {{numberFormat b sign=true}}')({ a: 1, b: 2 });
    expect(out).toBe("Geschafft! +2");
  });

  it("a helper Foundry does not have makes the template fail", () => {
    expect(() => hbs.compile("{{#each (array 1 2)}}{{this}}{{/each}}")({})).toThrow(/array/);
    expect(() => hbs.compile("{{capitalize name}}")({ name: "x" })).toThrow(/capitalize/);
  });
});
