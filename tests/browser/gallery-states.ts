// Gallery pages of the states a table runs into beyond the happy path (issue 16 scope 7): edit mode of the
// talents and inventory tabs; the sheet as its player, as an observer and as a limited viewer; a read-only item
// sheet; the fall dialog; a dying, drowning and a dead character; an empty actor; 100 items; long names on a sheet
// and on cards; the GM's buttons in the Actors sidebar; a region's behaviour config; the system's settings.
// tests/browser/gallery.ts calls `await statePages(add, ctx)` inside its language loop.
import { FALL_DIALOG_TEMPLATE, fallDialogContext, fallTargetOptions } from "../../src/applications/dialogs/fall-dialog";
import { CharacterSheet } from "../../src/applications/sheets/character-sheet";
import { FlexItemSheet } from "../../src/applications/sheets/item-sheet";
import { postItemCard } from "../../src/applications/sheets/item-card";
import { parse } from "node-html-parser";
import { RenderedElement } from "../harness/applications";
import { as, createActor, createScene, dice, messageContentFor, messages, placeToken } from "../harness";
import { packTalent, text, tr } from "./fixtures";
import type { AddPage } from "./gallery-rest";
import { sheetHtml } from "./sheet-page";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
const g = () => globalThis as Any;
const escape = (s: string) => s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);

export interface StateGalleryContext {
  clients: { gms: Any[]; players: Any[] };
  hero: Any;
}


const both = ["light", "dark"] as const;
const chatLog = (items: string) => `<ol style="list-style:none;margin:0;padding:0.5rem;display:flex;flex-direction:column;gap:0.5rem">${items}</ol>`;
const chatItem = (m: Any) => `<li class="chat-message"><header class="message-header">${escape(m.speaker?.alias ?? "")}</header><div class="message-content">${m.content}</div></li>`;

/** Adds the state pages for the current language. */
export async function statePages(add: AddPage, ctx: StateGalleryContext): Promise<void> {
  const { i18n, settings } = g().game;
  const { renderTemplate } = g().foundry.applications.handlebars;
  const gm = ctx.clients.gms[0];
  const player = ctx.clients.players[0];
  const hero = ctx.hero;

  // Edit mode of the talents and inventory tabs.
  for (const tab of ["talents", "inventory"]) {
    const s = await sheetHtml(CharacterSheet, hero, (sheet) => {
      sheet.mode = "edit";
      sheet.changeTab(tab, "primary");
    });
    add(`character-${tab}-edit`, s.parts, s.classes, [], s.width, s.height, "light", hero.name);
  }

  // The player who owns the character sees it as the GM does; an observer and a limited viewer see less.
  const own = await as(player, () => sheetHtml(CharacterSheet, hero));
  add("character-player", own.parts, own.classes, ["rollAttribute", "heal"], own.width, own.height, "light", hero.name);
  const stranger = await as(gm, () =>
    createActor({ name: "Jorin Falkenfeder", type: "character", ownership: { default: 2 }, system: { level: 3, leben: { value: 15, max: 20 }, attributes: { ge: 8 } } }),
  );
  await as(gm, () => stranger.createEmbeddedDocuments("Item", [{ name: tr("Langbogen"), type: "weapon", system: { talent: "Fernkampf", schaden: "1W8", reichweite: 40, aktionen: 2 } }]));
  const observer = await as(player, () => sheetHtml(CharacterSheet, stranger, (sheet) => sheet.changeTab("inventory", "primary")));
  add("character-observer", observer.parts, observer.classes, [], observer.width, observer.height, "light", stranger.name);
  // A character without companions: the Begleiter tab says how a companion comes and where mounts appear (B-20).
  const alone = await as(gm, () => sheetHtml(CharacterSheet, stranger, (sheet) => sheet.changeTab("companions", "primary")));
  for (const theme of both) add("character-companions-empty", alone.parts, alone.classes, [], alone.width, alone.height, theme, stranger.name);
  const bow = stranger.items.getName(tr("Langbogen"));
  const readOnly = await as(player, () => sheetHtml(FlexItemSheet, bow));
  for (const theme of both) add("item-weapon-readonly", readOnly.parts, readOnly.classes, [], readOnly.width, readOnly.height, theme, bow.name);
  await as(gm, () => stranger.update({ ownership: { default: 1 } }));
  const limited = await as(player, () => sheetHtml(CharacterSheet, stranger));
  add("character-limited", limited.parts, limited.classes, [], limited.width, 300, "light", stranger.name);
  // The owner shares the biography: a limited viewer sees it too, its secret never.
  await as(gm, () => stranger.update({ "flags.flex.publicBio": true, "system.biografie": `<p>${escape(text("PUBLIC_BIO"))}</p><section class="secret"><p>${escape(text("SECRET_BIO"))}</p></section>` }));
  const shared = await as(player, () => sheetHtml(CharacterSheet, stranger));
  add("character-limited-bio", shared.parts, shared.classes, [], shared.width, 420, "light", stranger.name);

  // An item that carries an effect: its Effekte section, where the actor's Effekte tab sends a user to change it.
  const amulet = hero.items.getName(tr("Nebelamulett"));
  const withEffect = await sheetHtml(FlexItemSheet, amulet);
  add("item-effects", withEffect.parts, withEffect.classes, [], withEffect.width, withEffect.height, "light", amulet.name);

  // Item sheets in the dark theme.
  for (const type of ["weapon", "equipment", "spell"]) {
    const item = hero.items.find((i: Any) => i.type === type);
    const s = await sheetHtml(FlexItemSheet, item);
    add(`item-${type}`, s.parts, s.classes, [], s.width, s.height, "dark", item.name);
  }

  // The fall dialog, with its real title and button, the live line for its 3 Schritt, and what the hero may land on:
  // a scene of its own (removed again, so no later page views it) with a wolf, a goblin and a destructible barrel.
  const fallScene = await as(gm, () => createScene({ name: "Sturz" }));
  const below: Any[] = [];
  await as(gm, async () => {
    await placeToken(fallScene, hero);
    for (const name of ["Grauwolf", "Goblin-Späher"]) below.push(await createActor({ name: tr(name), type: "creature" }));
    for (const actor of below) await placeToken(fallScene, actor, { col: 3 });
    await fallScene.createEmbeddedDocuments("Token", [{ name: tr("Fass"), x: 200, y: 0, flags: { flex: { destructible: true } } }]);
  });
  const fallTargets = fallTargetOptions(hero, (fallScene as Any).tokens, { isGM: true, ownedOnly: false });
  // Gone again, so the Actors sidebar and the browser pages show the world as before.
  await as(gm, async () => {
    await fallScene.delete();
    for (const actor of below) await actor.delete();
  });
  const fall = await renderTemplate(FALL_DIALOG_TEMPLATE, fallDialogContext(fallTargets));
  const fallButton = `<footer class="dialog-buttons"><button type="button"><i class="fa-solid fa-person-falling" inert></i> ${escape(i18n.localize("FLEX.Sheet.Fall"))}</button></footer>`;
  for (const theme of both) add("dialog-fall", `<div class="dialog-content">${fall}</div>${fallButton}`, "dialog flex", [], 380, 300, theme, i18n.format("FLEX.Sheet.FallTitle", { name: hero.name }));
  // The user chose 5 Schritt onto the wolf: the line follows the height, the select shows the choice.
  const wolfOption = fallTargets.find((t) => t.label === tr("Grauwolf"))!;
  const onto = (await renderTemplate(FALL_DIALOG_TEMPLATE, fallDialogContext(fallTargets, 5)))
    .replace('<option value="" selected>', '<option value="">')
    .replace(`<option value="${wolfOption.value}">`, `<option value="${wolfOption.value}" selected>`);
  add("dialog-fall-onto", `<div class="dialog-content">${onto}</div>${fallButton}`, "dialog flex", [], 380, 300, "light", i18n.format("FLEX.Sheet.FallTitle", { name: hero.name }));

  // Dying under water (Leben 0, drowning), and dead.
  await as(gm, async () => {
    const dying = await createActor({ name: "Mara Tiefwasser", type: "character", system: { leben: { value: 0, max: 24 }, erschoepfung: { value: 4 }, atem: { wuerfel: 4 } } });
    for (const status of ["dying", "underwater", "drowning", "wet"]) await dying.toggleStatusEffect(status, { active: true });
    const s = await sheetHtml(CharacterSheet, dying);
    for (const theme of both) add("character-dying", s.parts, s.classes, ["rollAttribute"], s.width, s.height, theme, dying.name);
    const dead = await createActor({ name: "Ulf der Alte", type: "character", system: { leben: { value: 0, max: 18 }, erschoepfung: { value: 8 } } });
    await dead.toggleStatusEffect("dead", { active: true });
    const d = await sheetHtml(CharacterSheet, dead);
    add("character-dead", d.parts, d.classes, [], d.width, d.height, "light", dead.name);

    // A brand-new actor: nothing filled in.
    const empty = await createActor({ name: i18n.localize("TYPES.Actor.character"), type: "character" });
    for (const tab of ["stats", "inventory", "talents"]) {
      const e = await sheetHtml(CharacterSheet, empty, (sheet) => sheet.changeTab(tab, "primary"));
      add(`character-empty-${tab}`, e.parts, e.classes, [], e.width, e.height, "light", empty.name);
    }

    // 100 items: the inventory stays readable (the photo shows it whole). Spells are on the Talente tab, so none here.
    const hoarder = await createActor({ name: "Kasimir Krämer", type: "character" });
    const types = ["weapon", "armor", "equipment", "alchemical"];
    await hoarder.createEmbeddedDocuments("Item", Array.from({ length: 100 }, (_, i) => ({ name: `${i18n.localize(`TYPES.Item.${types[i % 4]}`)} ${i + 1}`, type: types[i % 4], system: { menge: 1 + (i % 7) } })));
    const h = await sheetHtml(CharacterSheet, hoarder, (sheet) => sheet.changeTab("inventory", "primary"));
    // Nobody taught Kasimir a Kampfart: his weapons say so and offer no roll.
    add("character-inventory-100", h.parts, h.classes, [], h.width, h.height, "light", hoarder.name);

    // Long names: a character, its items and its cards.
    const longName = "Bodo Eisenhauer von der Nebelmark zu Kaltenbrunn der Jüngere";
    const bodo = await createActor({ name: longName, type: "character", system: { attributes: { ge: 8, kk: 8 } } });
    await bodo.createEmbeddedDocuments("Item", [
      packTalent("Athletik", { attribut: "kk", uebungswert: 2 }),
      packTalent("Klingenwaffen", { attribut: "ge", uebungswert: 1 }),
      { name: tr("Zweihändiges Bastardschwert der Nebelmark mit eingeätzter Runenklinge"), type: "weapon", system: { talent: "Klingenwaffen", schaden: "2W6+2", aktionen: 2 } },
      { name: tr("Unverwüstlicher Kettenpanzer der Grenzwacht von Kaltenbrunn"), type: "armor", system: { wert: 3, ausgeruestet: true } },
      { name: tr("Heiltrank der Klosterbrüder vom Nebelsee (große Flasche)"), type: "alchemical", system: { stufe: 2, menge: 3 } },
    ]);
    const b = await sheetHtml(CharacterSheet, bodo, (sheet) => sheet.changeTab("inventory", "primary"));
    for (const theme of both) add("character-long-names", b.parts, b.classes, ["rollItem"], b.width, b.height, theme, bodo.name);
    const before = messages().length;
    dice(8, 6);
    await bodo.rollTalent("Athletik", { sw: 12 });
    await bodo.items.find((i: Any) => i.type === "alchemical").use();
    await g().game.flex.requestEndOfDay({ actorIds: [bodo.id] });
    for (const theme of both) add("chat-long-names", chatLog(messages().slice(before).map(chatItem).join("")), "chat", [], 340, 700, theme, i18n.localize("SIDEBAR.TabChat"));

    // An item sent to chat from its row's menu: its name, type, picture, charges, description and Benutzen, as its
    // owner's client draws it (the kit still there; another player's client hides the button).
    const sent = messages().length;
    const [kit] = await hero.createEmbeddedDocuments("Item", [{ name: tr("Heilerset der Feldscherin"), type: "equipment", system: { ladungen: { value: 10, max: 10 }, verbrauch: "ladung", beschreibung: "<p>Verbände, Salben und Nadeln: <strong>eine Ladung</strong> je Anwendung.</p>" } }]);
    await postItemCard(kit, hero);
    const ownerView = await Promise.all(messages().slice(sent).map(async (m: Any) => chatItem({ ...m, speaker: m.speaker, content: await messageContentFor(m, player) })));
    await kit.delete();
    for (const theme of both) add("chat-item-card", chatLog(ownerView.join("")), "chat", [], 340, 260, theme, i18n.localize("SIDEBAR.TabChat"));
  });

  // The GM's buttons in the Actors sidebar, added by the real renderActorDirectory hook.
  await as(gm, async () => {
    const root = parse(`<section class="sidebar-tab directory flexcol" id="actors"><header class="directory-header"><div class="header-actions action-buttons flexrow"><button type="button"><i class="fa-solid fa-user" inert></i> ${escape(i18n.format("SIDEBAR.Create", { type: i18n.localize("DOCUMENT.Actor") }))}</button><button type="button"><i class="fa-solid fa-folder" inert></i> ${escape(i18n.format("SIDEBAR.Create", { type: i18n.localize("DOCUMENT.Folder") }))}</button></div><div class="header-search"><input type="search" placeholder="${escape(i18n.format("SIDEBAR.Search", { types: i18n.localize("DOCUMENT.Actors") }))}"></div></header><ol class="directory-list"><li class="directory-item">${escape(hero.name)}</li></ol></section>`).firstElementChild as Any;
    Object.getPrototypeOf(root).addEventListener ??= () => undefined;
    g().Hooks.callAll("renderActorDirectory", {}, root, {}, {});
    const style = `<style>#actors{padding:0.5rem;display:flex;flex-direction:column;gap:0.5rem}#actors .header-actions{display:flex;flex-wrap:wrap;gap:0.25rem}#actors .header-actions button{flex:1 1 45%;white-space:nowrap}#actors input{width:100%}#actors .directory-list{list-style:none;margin:0;padding:0}</style>`;
    for (const theme of both) add("sidebar-actors", `${style}${root.toString()}`, "sidebar-tab", [], 300, 260, theme, i18n.localize("SIDEBAR.TabActors"));
  });

  // A region's behaviours as their config shows them: the pit's depth with its label and hint.
  // As core draws a form group: the label names its control (for / id), the control has its field's name.
  let fields = 0;
  const field = (label: string, hint: string, input: string) => {
    const id = `gallery-field-${++fields}`;
    return `<div class="form-group"><label for="${id}">${escape(label)}</label><div class="form-fields">${input.replace(/^<(select|input)/, `<$1 id="${id}"`)}</div>${hint ? `<p class="hint">${escape(hint)}</p>` : ""}</div>`;
  };
  const typeOptions = ["flex.water", "flex.pit"].map((t) => `<option${t === "flex.pit" ? " selected" : ""}>${escape(i18n.localize(`TYPES.RegionBehavior.${t}`))}</option>`).join("");
  const regionBody = `<div class="flex-settings">${field(i18n.localize("BEHAVIOR.FIELDS.type.label"), "", `<select name="type">${typeOptions}</select>`)}${field(i18n.localize("FLEX.Fall.Pit.FIELDS.height.label"), i18n.localize("FLEX.Fall.Pit.FIELDS.height.hint"), `<input type="number" name="system.height" value="3">`)}</div>`;
  for (const theme of both) add("region-config", regionBody, "flex region-behavior-config", [], 480, 260, theme, i18n.localize("TYPES.RegionBehavior.flex.pit"));

  // The system's settings, as core's settings window lists them (name, control, hint).
  const registered = [...settings.registry.entries()].filter(([key, c]: [string, Any]) => key.startsWith("flex.") && c.config);
  const controls = registered
    .map(([key, c]: [string, Any]) => {
      const value = settings.get("flex", key.slice(5));
      const name = escape(key);
      const input = c.choices
        ? `<select name="${name}">${Object.entries(c.choices).map(([k, v]) => `<option${k === value ? " selected" : ""}>${escape(i18n.localize(String(v)))}</option>`).join("")}</select>`
        : c.type === Boolean
          ? `<input type="checkbox" name="${name}"${value ? " checked" : ""}>`
          : `<input type="${c.type === Number ? "number" : "text"}" name="${name}" value="${escape(String(value ?? ""))}">`;
      return field(i18n.localize(c.name), i18n.localize(c.hint ?? ""), input);
    })
    .join("");
  // The system's menus (registerMenu) come first, as a GM sees them at the top of its settings: the self-test's button.
  const menus = [...(settings.menus as Map<string, Any>).entries()]
    .filter(([key]) => key.startsWith("flex."))
    .map(([key, m]) => `<div class="form-group submenu"><label>${escape(i18n.localize(m.name ?? ""))}</label><div class="form-fields"><button type="button" data-key="${escape(key)}"><i class="${escape(m.icon ?? "")}" inert></i> <span>${escape(i18n.localize(m.label ?? ""))}</span></button></div>${m.hint ? `<p class="hint">${escape(i18n.localize(m.hint))}</p>` : ""}</div>`)
    .join("");
  // Grouped under their headings by the system's own renderSettingsConfig hook, as in a world.
  const settingsRoot = new RenderedElement(parse(`<div class="flex-settings">${menus}${controls}</div>`).firstElementChild as Any);
  g().Hooks.callAll("renderSettingsConfig", {}, settingsRoot, {}, {});
  for (const theme of both) add("settings", settingsRoot.outerHTML, "flex settings-config", [], 620, 800, theme, i18n.localize("SETTINGS.Title"));
}
