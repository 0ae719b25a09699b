// The Effekte section of the item sheet: the effects an item carries (a magic amulet's +1 Rüstung), created, switched,
// edited and deleted where the actor's Effekte tab says they are edited ("Kommt von … und wird dort bearbeitet").
// An effect made here acts on the item's owner (transfer), as an item's passive effect does.
import { EFFECT_ART } from "../../helpers/default-art";

type Effect = ActiveEffect.Implementation;

const i18n = () => game.i18n!;

export interface ItemEffectRow {
  id: string;
  name: string;
  img: string;
  disabled: boolean;
  transfer: boolean;
  toggleLabel: string;
  openLabel: string;
  deleteLabel: string;
}

/** The rows of the section, labels made once per row. */
export function itemEffectRows(item: Item.Implementation, editable: boolean): ItemEffectRow[] {
  return item.effects.contents.map((e) => ({
    id: e.id!,
    name: e.name,
    img: e.img ?? EFFECT_ART,
    disabled: e.disabled,
    transfer: e.transfer,
    toggleLabel: i18n().format(e.disabled ? "FLEX.Sheet.EnableEffect" : "FLEX.Sheet.DisableEffect", { name: e.name }),
    openLabel: i18n().format(editable ? "FLEX.Sheet.EditItem" : "FLEX.Sheet.ViewItem", { name: e.name }),
    deleteLabel: i18n().format("FLEX.Sheet.DeleteItem", { name: e.name }),
  }));
}

interface SheetLike {
  document: Item.Implementation;
  isEditable: boolean;
}

const effectFrom = (item: Item.Implementation, target: HTMLElement): Effect | undefined =>
  item.effects.get(target.closest<HTMLElement>("[data-effect-id]")?.dataset.effectId ?? "");

async function onCreate(this: SheetLike): Promise<void> {
  if (!this.isEditable) return;
  const item = this.document;
  const created = await item.createEmbeddedDocuments("ActiveEffect", [{ name: i18n().localize("FLEX.Effects.New"), img: EFFECT_ART, origin: item.uuid, transfer: true }]);
  await item.effects.get(created?.[0]?.id ?? "")?.sheet?.render(true);
}

async function onOpen(this: SheetLike, _event: Event, target: HTMLElement): Promise<void> {
  await effectFrom(this.document, target)?.sheet?.render(true);
}

async function onToggle(this: SheetLike, _event: Event, target: HTMLElement): Promise<void> {
  const effect = effectFrom(this.document, target);
  if (this.isEditable && effect) await effect.update({ disabled: !effect.disabled });
}

async function onDelete(this: SheetLike, _event: Event, target: HTMLElement): Promise<void> {
  if (this.isEditable) await effectFrom(this.document, target)?.deleteDialog();
}

export const itemEffectActions = { createItemEffect: onCreate, openItemEffect: onOpen, toggleItemEffect: onToggle, deleteItemEffect: onDelete };
