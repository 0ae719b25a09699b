// The sheet of a loot actor (issue 34): a merchant's wares, a stash, a pile. Its ¥, its items (Menge and price), a
// description; the owner drops items in (core's drop: a copy; from another actor: moved) and edits or removes them.
import { LootData } from "../../data/actor/loot";
import { currencyLabel } from "../../helpers/settings";
import { flexItemSystem } from "./system-data";
import { transferItem } from "./item-transfer";

import ActorSheetV2 = foundry.applications.sheets.ActorSheetV2;

const { HandlebarsApplicationMixin } = foundry.applications.api;
const SheetBase = HandlebarsApplicationMixin(ActorSheetV2);
type Context = ActorSheetV2.RenderContext & Record<string, unknown>;

export class LootSheet<
  RenderContext extends Context = Context,
  Configuration extends ActorSheetV2.Configuration = ActorSheetV2.Configuration,
  RenderOptions extends ActorSheetV2.RenderOptions = ActorSheetV2.RenderOptions,
> extends SheetBase<RenderContext, Configuration, RenderOptions> {
  static override DEFAULT_OPTIONS = {
    classes: ["flex", "sheet", "actor", "loot"],
    position: { width: 520, height: 560 },
    window: { resizable: true },
    form: { submitOnChange: true },
    actions: { editItem: LootSheet.#onEditItem, deleteItem: LootSheet.#onDeleteItem },
  };

  static override PARTS = {
    body: { template: "systems/flex/templates/actor/loot.hbs", scrollable: [".flex-loot-items"] },
  };

  override async _prepareContext(options: Parameters<ActorSheetV2<RenderContext, Configuration, RenderOptions>["_prepareContext"]>[0]) {
    const context = await super._prepareContext(options);
    const actor = this.document;
    const system = actor.system instanceof LootData ? actor.system : null;
    const i18n = game.i18n!;
    const items = actor.items.contents
      .slice()
      .sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0) || a.name.localeCompare(b.name))
      .map((item) => {
        const sys = flexItemSystem(item) as { menge?: number; preis?: number } | null;
        return {
          id: item.id,
          name: item.name,
          img: item.img,
          type: i18n.localize(`TYPES.Item.${item.type}`),
          menge: typeof sys?.menge === "number" ? i18n.format("FLEX.Sheet.Tag.Quantity", { n: String(sys.menge) }) : "",
          preis: typeof sys?.preis === "number" && sys.preis > 0 ? `${sys.preis} ${currencyLabel()}` : "",
          editLabel: i18n.format("FLEX.Loot.Edit", { name: item.name }),
          deleteLabel: i18n.format("FLEX.Loot.Delete", { name: item.name }),
        };
      });
    return Object.assign(context, {
      actor,
      system,
      editable: this.isEditable,
      currency: currencyLabel(),
      items,
      description: await foundry.applications.ux.TextEditor.implementation.enrichHTML(system?.beschreibung ?? "", { secrets: actor.isOwner, relativeTo: actor }),
    });
  }

  /** Core's ActorSheetV2 calls this for a dropped Item: from another actor it moves (Alt, Ctrl or Meta: copies). */
  async _onDropItem(event: DragEvent, item: Item.Implementation | null) {
    if (!this.isEditable || !item || item.parent?.uuid === this.document.uuid) return null;
    return transferItem(item, this.document, { copy: !!(event.altKey || event.ctrlKey || event.metaKey) });
  }

  static async #onEditItem(this: LootSheet, _event: PointerEvent, target: HTMLElement) {
    await this.document.items.get(target.closest<HTMLElement>("[data-item-id]")?.dataset.itemId ?? "")?.sheet?.render(true);
  }

  static async #onDeleteItem(this: LootSheet, _event: PointerEvent, target: HTMLElement) {
    if (this.isEditable) await this.document.items.get(target.closest<HTMLElement>("[data-item-id]")?.dataset.itemId ?? "")?.delete();
  }
}
