// Gallery pages of rest and downtime (RULES.md §11): the GM's rest dialog, an owner's answer dialog (a short
// rest: talents, hit dice, kit), the downtime picker (a full rest's answer), the party rest card from a real
// rest, the no-rest card with the hallucinating status, the sheet showing that status, and a resource item.
// tests/browser/gallery.ts calls `await restPages(add, { clients })` inside its language loop, after
// resetWorld and i18n.lang are set; it creates its own party and leaves world time and the hero alone.
import { REST_ANSWER_TEMPLATE, restAnswerContext } from "../../src/applications/dialogs/rest-answer-dialog";
import { hitDiceContext, HitDiceRoller } from "../../src/applications/dialogs/rest-hit-dice";
import { REST_START_TEMPLATE, restStartContext } from "../../src/applications/dialogs/rest-start-dialog";
import { CharacterSheet } from "../../src/applications/sheets/character-sheet";
import { FlexItemSheet } from "../../src/applications/sheets/item-sheet";
import { NO_REST_CARD, noRestCardData } from "../../src/automation/rest";
import { as, createActor, messages, queueDice } from "../harness";
import { tr } from "./fixtures";

import { sheetHtml } from "./sheet-page";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any

/** gallery.ts's `add`: one page per view, language (set by the caller) and theme. */
export type AddPage = (name: string, html: string, classes: string, rollActions: string[], width: number, height: number, theme?: "light" | "dark", title?: string) => void;

export interface RestGalleryContext {
  /** The connected users of this language's world (resetWorld's result): a GM acts, the first player owns the party. */
  clients: { gms: Any[]; players: Any[] };
}

const g = () => globalThis as Any;
const escape = (s: string) => s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);
const chatItem = (m: Any) => `<li class="chat-message"><header class="message-header">${escape(m.speaker?.alias ?? "")}</header><div class="message-content">${m.content}</div></li>`;
const chatLog = (items: string) => `<ol style="list-style:none;margin:0;padding:0.5rem;display:flex;flex-direction:column;gap:0.5rem">${items}</ol>`;
const dialog = (body: string, icon: string, label: string) => `<div class="dialog-content">${body}</div><footer class="dialog-buttons"><button type="button"><i class="fa-solid ${icon}" inert></i> ${escape(label)}</button></footer>`;


/** Adds the rest pages for the current language. */
export async function restPages(add: AddPage, ctx: RestGalleryContext): Promise<void> {
  const { i18n, settings } = g().game;
  const { renderTemplate } = g().foundry.applications.handlebars;
  const gm = ctx.clients.gms[0];
  const player = ctx.clients.players[0];
  const owned = player ? { default: 0, [player.id]: 3 } : { default: 0 };

  await as(gm, async () => {
    // No time passes for anyone else while these rests are shown.
    const clockWas = settings.get("flex", "restNoRestClock");
    await settings.set("flex", "restNoRestClock", false);
    try {
      const alrike = await createActor({ name: "Alrike Falkenherz", type: "character", ownership: owned, system: { level: 5, attributes: { ko: 8, ch: 10, kl: 8 }, leben: { value: 9, max: 34 }, fluss: { value: 2, max: 12 }, erschoepfung: { value: 3 }, geld: 140, trefferwuerfel: { verbraucht: 2, koModifikator: 1 } } });
      const bodo = await createActor({ name: "Bodo Eisenhauer von der Nebelmark zu Kaltenbrunn", type: "character", ownership: owned, system: { level: 2, attributes: { ko: 10 }, leben: { value: 4, max: 22 }, erschoepfung: { value: 1 } } });
      const senna = await createActor({ name: "Senna", type: "character", ownership: owned, system: { level: 9, leben: { value: 30, max: 40 }, erschoepfung: { value: 2 }, geld: 12 } });
      await alrike.createEmbeddedDocuments("Item", [
        { name: i18n.localize("FLEX.Item.resource.Art.zauberplatz1"), type: "resource", system: { art: "zauberplatz1", vorrat: { value: 1, max: 4 }, aufladung: { breather: "eins", shortRest: "alle", longRest: "alle", fullRest: "alle" } } },
        { name: i18n.localize("FLEX.Item.resource.Art.handauflegen"), type: "resource", system: { art: "handauflegen", vorrat: { value: 3, max: 25 }, aufladung: { breather: "keine", shortRest: "keine", longRest: "alle", fullRest: "alle" } } },
        { name: tr("Heilerset"), type: "equipment", system: { ladungen: { value: 7, max: 10 }, verbrauch: "ladung" } },
        // Her rest talents, as the GM hands them out from the compendium; one used since her last long rest.
        ...["aufmerksameErholung", "eidbekraeftigung", "kreativeAtempause"].map((id) => ({ name: i18n.localize(`FLEX.Rest.Talent.${id}.name`), type: "passive", flags: { flex: { restTalent: id } } })),
      ]);
      await alrike.update({ "system.rast.talente.eidbekraeftigung": true });
      const party = [alrike, bodo, senna];

      // The GM's rest dialog: each character's windows (Senna has had a long rest two days ago).
      await senna.update({ "system.rast.historie.longRest.s1": g().game.time.worldTime - 2 * 86_400 });
      const start = await renderTemplate(REST_START_TEMPLATE, restStartContext(party, "longRest"));
      add("dialog-rest-start", dialog(start, "fa-campground", i18n.localize("FLEX.Rest.Start.Confirm")), "dialog flex", [], 720, 430, "light", i18n.localize("FLEX.Rest.Title"));

      // An owner's answer: a short rest (talents, hit dice, the kit).
      const prompt = (type: string) => ({ restId: "gallery", type, actorId: alrike.id, healer: false, kitCharges: 7, seconds: 120 });
      // Two hit dice typed: the Leben they can bring, as the dialog shows it while the player types.
      const typed = (ctx: Any, dice: number) => {
        ctx.hitDice = hitDiceContext(alrike, alrike.system, { ...prompt(ctx.type), kitCharges: 7 } as Any, null, dice);
        return ctx;
      };
      const answer = await renderTemplate(REST_ANSWER_TEMPLATE, typed(restAnswerContext(alrike, alrike.system, prompt("shortRest") as Any), 2));
      const title = (type: string) => i18n.format("FLEX.Rest.Answer.Title", { name: alrike.name, type: i18n.localize(`FLEX.Rest.Type.${type}`) });
      for (const theme of ["light", "dark"] as const) add("dialog-rest-answer", dialog(answer, "fa-bed", i18n.localize("FLEX.Rest.Answer.Confirm")), "dialog flex", [], 520, 660, theme, title("shortRest"));
      // The same short rest after the player rolled two hit dice in the dialog: the dice, the sum, the Leben bar
      // risen to what they heal; and the player's roll in chat.
      const rolledAt = messages().length;
      queueDice([{ faces: 8, result: 6 }, { faces: 8, result: 3 }]);
      const rolled = await as(player ?? gm, () => new HitDiceRoller(alrike, alrike.system, prompt("shortRest") as Any).roll(2, false));
      if (!rolled) throw new Error("gallery: the hit dice were not rolled");
      const rolledCtx = restAnswerContext(alrike, alrike.system, prompt("shortRest") as Any);
      rolledCtx.hitDice = hitDiceContext(alrike, alrike.system, prompt("shortRest") as Any, { rolls: [6, 3], attentive: false });
      const rolledDialog = await renderTemplate(REST_ANSWER_TEMPLATE, rolledCtx);
      for (const theme of ["light", "dark"] as const) add("dialog-rest-rolled", dialog(rolledDialog, "fa-bed", i18n.localize("FLEX.Rest.Answer.Confirm")), "dialog flex", [], 520, 760, theme, title("shortRest"));
      for (const theme of ["light", "dark"] as const) add("chat-rest-rolled", chatLog(messages().slice(rolledAt).map(chatItem).join("\n")), "chat", [], 340, 200, theme, i18n.localize("SIDEBAR.TabChat"));
      // A breather with no kit charge left in the group and no healer: no hit dice, and the dialog says why.
      const breather = await renderTemplate(REST_ANSWER_TEMPLATE, restAnswerContext(alrike, alrike.system, { ...prompt("breather"), kitCharges: 0 } as Any));
      for (const theme of ["light", "dark"] as const) add("dialog-rest-breather", dialog(breather, "fa-bed", i18n.localize("FLEX.Rest.Answer.Confirm")), "dialog flex", [], 520, 620, theme, title("breather"));
      // A long rest: what each activity does to Erschöpfung, all remaining hit dice, the first downtime activities.
      const long = await renderTemplate(REST_ANSWER_TEMPLATE, typed(restAnswerContext(alrike, alrike.system, prompt("longRest") as Any), 3));
      for (const theme of ["light", "dark"] as const) add("dialog-rest-long", dialog(long, "fa-bed", i18n.localize("FLEX.Rest.Answer.Confirm")), "dialog flex", [], 640, 760, theme, title("longRest"));

      // The downtime picker: a full rest's answer.
      const downtime = await renderTemplate(REST_ANSWER_TEMPLATE, restAnswerContext(alrike, alrike.system, prompt("fullRest") as Any));
      for (const theme of ["light", "dark"] as const) add("dialog-rest-downtime", dialog(downtime, "fa-bed", i18n.localize("FLEX.Rest.Answer.Confirm")), "dialog flex", [], 640, 780, theme, title("fullRest"));

      // The party card of a real short rest (talent, kit, dice) and of a long rest with downtime.
      const first = messages().length;
      queueDice([{ faces: 8, result: 6 }, { faces: 10, result: 3 }]);
      await g().game.flex.rest({
        type: "shortRest",
        actors: party.map((a) => a.id),
        ask: false,
        answers: {
          [alrike.id]: { talent: "aufmerksameErholung", hitDice: 2, kit: true },
          [bodo.id]: { hitDice: 1, kit: true },
          [senna.id]: { activity: "strenuous" },
        },
      });
      // The short rest's card alone, as the README shows it.
      add("chat-rest-short", chatLog(chatItem(messages()[first])), "chat", [], 340, 520, "light", i18n.localize("SIDEBAR.TabChat"));
      queueDice([{ faces: 4, result: 3 }, { faces: 100, result: 77 }]);
      await g().game.flex.rest({
        type: "longRest",
        actors: [alrike.id, bodo.id],
        ask: false,
        answers: { [alrike.id]: { downtime: [{ id: "heiligeRiten" }, { id: "zechen" }, { id: "arbeit", variant: "auftritt" }] }, [bodo.id]: { activity: "travel" } },
      });
      const cards = messages().slice(first).map(chatItem).join("\n");
      for (const theme of ["light", "dark"] as const) add("chat-rest", chatLog(cards), "chat", [], 340, 780, theme, i18n.localize("SIDEBAR.TabChat"));

      // A breather with refusals: Bodo declares a rest talent he does not have; Senna drags a cart all hour
      // (strenuous: the breather does not count).
      const refusedAt = messages().length;
      await g().game.flex.rest({
        type: "breather",
        actors: [bodo.id, senna.id],
        ask: false,
        answers: { [bodo.id]: { talent: "taktischeAtempause", hitDice: 1, kit: true }, [senna.id]: { activity: "strenuous" } },
      });
      const refusedCards = messages().slice(refusedAt).map(chatItem).join("\n");
      add("chat-rest-refused", chatLog(refusedCards), "chat", [], 340, 420, "light", i18n.localize("SIDEBAR.TabChat"));

      // The no-rest status: its card and the sheet showing *halluzinierend* with its note.
      const noRest = await renderTemplate(
        NO_REST_CARD,
        noRestCardData([
          { actorId: bodo.id, name: bodo.name, hours: 30, before: 1, after: 3, hallucinating: true, dead: false, rules: ["R-REST-NO-1", "R-REST-NO-2"] },
          { actorId: senna.id, name: senna.name, hours: 24, before: 2, after: 3, hallucinating: false, dead: false, rules: ["R-REST-NO-1"] },
        ]),
      );
      const noRestItem = `<li class="chat-message"><header class="message-header">${escape(i18n.localize("FLEX.Rest.NoRest.Title"))}</header><div class="message-content">${noRest}</div></li>`;
      for (const theme of ["light", "dark"] as const) add("chat-no-rest", chatLog(noRestItem), "chat", [], 340, 360, theme, i18n.localize("SIDEBAR.TabChat"));
      // As the card says: 3 Erschöpfung from going without sleep, Ohne Schlaf on, halluzinierend (review B-20).
      await bodo.update({ "system.erschoepfung.value": 3 });
      const effect = (await g().ActiveEffect.implementation.fromStatusEffect("hallucinating")).toObject();
      const sleepless = (await g().ActiveEffect.implementation.fromStatusEffect("sleepless")).toObject();
      await bodo.createEmbeddedDocuments("ActiveEffect", [{ ...effect, description: i18n.localize("FLEX.Rest.NoRest.Note") }, sleepless], { keepId: true });
      const sheet = await sheetHtml(CharacterSheet, bodo, (s) => s.changeTab("effects", "primary"));
      add("character-no-rest", sheet.parts, sheet.classes, [], sheet.width, sheet.height, "light", bodo.name);

      // A resource item.
      const slot = alrike.items.find((i: Any) => i.type === "resource");
      const item = await sheetHtml(FlexItemSheet, slot);
      add("item-resource", item.parts, item.classes, [], item.width, item.height, "light", slot.name);
    } finally {
      await settings.set("flex", "restNoRestClock", clockWas);
    }
  });
}
