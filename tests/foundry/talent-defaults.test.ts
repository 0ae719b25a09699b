// G-19 / G-21: a dialog that asks for a talent opens on one that fits: the work dialog on the best general talent
// (fighting styles, schools of magic and the defences last), the craft start on the crafter's Handwerk.
import { beforeEach, describe, expect, it } from "vitest";
import { workDialogContext } from "../../src/applications/dialogs/work-dialog";
import { CRAFT_START_TEMPLATE, craftStartContext } from "../../src/applications/dialogs/crafting-dialog";
import { createActor, resetWorld } from "../harness";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
const g = globalThis as Any;

beforeEach(() => {
  resetWorld({ gms: 1 });
  g.game.i18n.lang = "de";
});

async function crafter() {
  const actor = await createActor({ name: "Alvara", type: "character", system: { attributes: { ff: 12 } } });
  await actor.createEmbeddedDocuments("Item", [
    { name: "Alchemie", type: "talent", system: { attribut: "kl", uebungswert: 0, kategorie: "allgemein" } },
    { name: "Ausweichen", type: "talent", system: { attribut: "ge", uebungswert: 6, kategorie: "allgemein" } },
    { name: "Klingenwaffen", type: "talent", system: { attribut: "ge", uebungswert: 8, kategorie: "kampfart" } },
    { name: "Handwerk", type: "talent", system: { attribut: "ff", uebungswert: 4, kategorie: "allgemein" } },
    { name: "Überleben", type: "talent", system: { attribut: "in", uebungswert: 5, kategorie: "allgemein" } },
  ]);
  return actor;
}

describe("the talent a dialog opens on", () => {
  it("G-21 work: the best general talent first (Überleben ÜW 5), Ausweichen and Klingenwaffen last, not 'Alchemie (ÜW 0)'", async () => {
    const actor = await crafter();
    const context = workDialogContext(actor);
    const names = Object.values(context.talents).map((label) => String(label).replace(/ \(.*$/, ""));
    expect(names).toEqual(["Überleben", "Handwerk", "Alchemie", "Klingenwaffen", "Ausweichen"]);
    expect(actor.items.get(context.talent)!.name).toBe("Überleben");
  });

  it("G-19 craft start without a form: Handwerk is chosen, not '– wählen –'; a choice made stays", async () => {
    const actor = await crafter();
    const [item] = await actor.createEmbeddedDocuments("Item", [{ name: "Dolch", type: "weapon", system: { preis: 20 } }]);
    expect((craftStartContext(item, actor) as Any).form.talent).toBe("Handwerk");
    expect((craftStartContext(item, actor, { talent: "Alchemie" }) as Any).form.talent).toBe("Alchemie");
  });

  it("G-19 craft start: each goal belongs to its mode (the other hidden by the select), Helfer only with workdays, and the rest rule is said", async () => {
    const actor = await crafter();
    const [item] = await actor.createEmbeddedDocuments("Item", [{ name: "Dolch", type: "weapon", system: { preis: 20 } }]);
    const html = String(await g.foundry.applications.handlebars.renderTemplate(CRAFT_START_TEMPLATE, craftStartContext(item, actor)));
    expect(html).toMatch(/<span data-show="goal" data-mode="probe">/);
    expect(html).toMatch(/<span data-show="days" data-mode="arbeitstage">/);
    expect(html).toMatch(/<div class="form-group" data-mode="arbeitstage">\s*<label for="flex-craft-helfer">/);
    expect(html).toContain("In einer vollen Rast wird nur ein Projekt in Arbeitstagen weitergebracht.");
  });
});
