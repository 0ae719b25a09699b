// Gallery pages of polymorph (RULES.md §6): the hero transformed into a creature (the banner with the form and
// the damage taken against its Leben, the Revert button, the form's attacks and the locked equipment) and the
// card of the revert at the threshold, light and dark. tests/browser/gallery.ts calls
// `await polymorphPages(add, { clients, hero })` once per language; the hero turns back within it, its Leben
// is put back, and the creature, the scene and the card are deleted again.
import { CharacterSheet } from "../../src/applications/sheets/character-sheet";
import { as, createActor, messages, settle, type Clients } from "../harness";

import { sheetHtml as renderSheet } from "./sheet-page";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any

/** gallery.ts's `add`: one page per view, language (set by the caller) and theme. */
export type AddPage = (name: string, html: string, classes: string, rollActions: string[], width: number, height: number, theme?: "light" | "dark", title?: string) => void;

export interface PolymorphGalleryContext {
  /** The clients of this language's world (resetWorld's result): the first GM acts. */
  clients: Clients;
  /** The character who transforms (fixtures.ts's hero); it is itself again afterwards. */
  hero: Any;
}

const escape = (s: string) => s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);
const chatItem = (m: Any) => `<li class="chat-message"><header class="message-header">${escape(m.speaker?.alias ?? "")}</header><div class="message-content">${m.content}</div></li>`;
const chatLog = (items: string) => `<ol style="list-style:none;margin:0;padding:0.5rem;display:flex;flex-direction:column;gap:0.5rem">${items}</ol>`;


/**
 * Adds "character-polymorph" (the Inventar tab in the form, light and dark) and "chat-polymorph" (the revert
 * card at the threshold, light and dark) for the current language.
 */
export async function polymorphPages(add: AddPage, { clients, hero }: PolymorphGalleryContext): Promise<void> {
  const g = globalThis as Any;
  const i18n = g.game.i18n;
  const gm = clients.gms[0];
  await as(gm, async () => {
    const leben = hero.system.leben.value;
    const dying = hero.statuses.has("dying");
    await hero.update({ "system.leben.value": hero.system.leben.max });
    const form = await createActor({
      name: i18n.lang === "ru" ? "Пещерный медведь" : i18n.lang === "en" ? "Cave Bear" : "Höhlenbär",
      type: "creature",
      img: "systems/flex/assets/icons/creature/bear-head.svg",
      system: { attributes: { mu: 10, kl: 4, in: 8, ch: 4, ge: 6, ff: 4, ko: 12, kk: 12 }, leben: { value: 18, max: 18 }, ruestung: 2, ausweichen: 6, parade: 8, geschwindigkeit: 8, groesse: "gross" },
    });
    await form.createEmbeddedDocuments("Item", [
      { name: i18n.lang === "ru" ? "Удар лапой" : i18n.lang === "en" ? "Claw swipe" : "Prankenhieb", type: "attack", system: { schaden: "2W6", aktionen: 2 } },
      { name: i18n.lang === "ru" ? "Толстая шкура" : i18n.lang === "en" ? "Thick hide" : "Dickes Fell", type: "passive" },
    ]);
    const start = messages().length;
    await g.game.flex.polymorph.transform(hero, form);
    // Some damage in the form: the banner shows it against the bear's 18 Leben.
    await hero.applyDamage(9);
    await settle();
    const sheet = await renderSheet(CharacterSheet, hero, (s: Any) => s.changeTab("inventory", "primary"));
    for (const theme of ["light", "dark"] as const) add("character-polymorph", sheet.parts, sheet.classes, ["rollItem"], sheet.width, sheet.height, theme, hero.name);

    // The hit that reaches the form's Leben: the active GM turns the hero back, with the card.
    await hero.applyDamage(14);
    await settle();
    const posted = messages().slice(start);
    const cards = posted.filter((m: Any) => m.flags?.flex?.polymorph);
    for (const theme of ["light", "dark"] as const) add("chat-polymorph", chatLog(cards.map(chatItem).join("\n")), "flex chat", [], 340, 420, theme, i18n.localize("SIDEBAR.TabChat"));

    // Put the world back as the rest of the gallery expects it.
    if (hero.getFlag("flex", "polymorph")) await g.game.flex.polymorph.revert(hero);
    await hero.update({ "system.leben.value": leben });
    if (!dying && hero.statuses.has("dying")) await hero.toggleStatusEffect("dying", { active: false });
    await g.ChatMessage.deleteDocuments(posted.map((m: Any) => m.id));
    await form.delete();
  });
}
