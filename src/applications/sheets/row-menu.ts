// The context menu of item and talent rows (issue 16), as dnd5e 5.x and Draw Steel offer it in v13: a right-click
// on a row, or its "⋮" button for touch and keyboard, opens core's ContextMenu (ApplicationV2#_createContextMenu)
// with what this user may do with the item: edit or view it, duplicate, delete, equip or put away, use, send to chat.
import { itemRoleOf } from "../../automation/polymorph";
import { flexItemSystem } from "./system-data";
import { postItemCard } from "./item-card";
import { spendsOn } from "./item-rows";
import type { RowSheet } from "./item-rows";

/** Rows that carry the menu, and the button that opens it with a click. */
export const ROW_MENU_SELECTOR = ".flex-item[data-item-id]";
export const ROW_MENU_BUTTON = ".flex-row-menu";

type Entry = foundry.applications.ux.ContextMenu.Entry<HTMLElement>;

const icon = (name: string) => `<i class="fa-solid fa-fw ${name}"></i>`;

/** The item of the row the menu opened on. */
function itemOf(sheet: RowSheet, target: HTMLElement): Item.Implementation | undefined {
  return sheet.document.items.get(target.closest<HTMLElement>("[data-item-id]")?.dataset.itemId ?? "");
}

/** The user may change the actor's items here: owner, sheet not in a locked compendium; R-POLY-3: not while the form locks it. */
function mayChange(sheet: RowSheet, item: Item.Implementation | undefined): item is Item.Implementation {
  return !!item && sheet.isEditable && item.isOwner && itemRoleOf(item) !== "locked";
}

/** R-CORE-15: the item is used up one at a time and has one left. */
function usable(item: Item.Implementation): boolean {
  const sys = flexItemSystem(item);
  const spends = sys && spendsOn(item, sys);
  if (!sys || !spends) return false;
  return (spends === "ladung" ? (sys.ladungen?.value ?? 0) : (sys.menge ?? 0)) > 0;
}

const equippable = (item: Item.Implementation) => item.type === "weapon" || item.type === "armor";
const equipped = (item: Item.Implementation) => flexItemSystem(item)?.ausgeruestet === true;

/** Asks before deleting, as core's Document#deleteDialog does; a closed dialog deletes nothing. */
async function confirmDelete(item: Item.Implementation): Promise<void> {
  const i18n = game.i18n!;
  const yes = await foundry.applications.api.DialogV2.confirm({
    classes: ["flex"],
    window: { title: i18n.format("FLEX.Sheet.DeleteItem", { name: item.name }) },
    content: `<p>${foundry.utils.escapeHTML(i18n.format("FLEX.Sheet.Row.DeleteConfirm", { name: item.name }))}</p>`,
  });
  if (yes === true && item.parent) await item.delete();
}

/** Duplicates the item on its actor, as "… (Kopie)": one new item. */
async function duplicate(sheet: RowSheet, item: Item.Implementation): Promise<void> {
  const { _id: _drop, ...data } = item.toObject();
  const name = game.i18n!.format("FLEX.Sheet.Row.CopyOf", { name: item.name });
  await sheet.document.createEmbeddedDocuments("Item", [{ ...data, name }]);
}

/**
 * The entries; each shows only when its condition holds for the row it opened on (core evaluates it on opening).
 * Callbacks return their promise so that a caller may wait for the write.
 */
export function rowMenuEntries(sheet: RowSheet): Entry[] {
  const item = (target: HTMLElement) => itemOf(sheet, target);
  return [
    {
      name: "FLEX.Sheet.Row.Menu.Edit",
      icon: icon("fa-pen-to-square"),
      condition: (t) => mayChange(sheet, item(t)),
      callback: (t) => item(t)?.sheet?.render(true),
    },
    {
      name: "FLEX.Sheet.Row.Menu.View",
      icon: icon("fa-eye"),
      condition: (t) => { const i = item(t); return !!i && !mayChange(sheet, i); },
      callback: (t) => item(t)?.sheet?.render(true),
    },
    {
      name: "FLEX.Sheet.Row.Menu.Use",
      icon: icon("fa-hand-holding-droplet"),
      condition: (t) => { const i = item(t); return mayChange(sheet, i) && usable(i); },
      callback: (t) => item(t)?.use(),
    },
    {
      name: "FLEX.Sheet.Row.Menu.Equip",
      icon: icon("fa-shield-halved"),
      condition: (t) => { const i = item(t); return mayChange(sheet, i) && equippable(i) && !equipped(i); },
      callback: (t) => item(t)?.update({ system: { ausgeruestet: true } }),
    },
    {
      name: "FLEX.Sheet.Row.Menu.Unequip",
      icon: icon("fa-box-archive"),
      condition: (t) => { const i = item(t); return mayChange(sheet, i) && equippable(i) && equipped(i); },
      callback: (t) => item(t)?.update({ system: { ausgeruestet: false } }),
    },
    {
      name: "FLEX.Sheet.Row.Menu.Chat",
      icon: icon("fa-comment"),
      condition: (t) => !!item(t),
      callback: (t) => { const i = item(t); return i && postItemCard(i, sheet.document); },
    },
    {
      name: "FLEX.Sheet.Row.Menu.Duplicate",
      icon: icon("fa-copy"),
      condition: (t) => mayChange(sheet, item(t)),
      callback: (t) => { const i = item(t); return i && duplicate(sheet, i); },
    },
    {
      name: "FLEX.Sheet.Row.Menu.Delete",
      icon: icon("fa-trash"),
      condition: (t) => mayChange(sheet, item(t)),
      callback: (t) => { const i = item(t); return i && confirmDelete(i); },
    },
  ];
}
