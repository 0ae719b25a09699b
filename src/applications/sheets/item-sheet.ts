// One item sheet for every item type: a shared header and description, and a details part per type
// (templates/item/details/<type>.hbs). A new item type needs only its details template.
import { ATTRIBUTE_KEYS } from "../../config";

import DocumentSheetV2 = foundry.applications.api.DocumentSheetV2;

const { HandlebarsApplicationMixin } = foundry.applications.api;
const { ItemSheetV2 } = foundry.applications.sheets;

type Context = DocumentSheetV2.RenderContext<Item.Implementation> & Record<string, unknown>;
type Configuration = DocumentSheetV2.Configuration<Item.Implementation>;

export const itemDetailsTemplate = (type: string) => `systems/flex/templates/item/details/${type}.hbs`;

export class FlexItemSheet<
  RenderContext extends Context = Context,
  Config extends Configuration = Configuration,
  RenderOptions extends DocumentSheetV2.RenderOptions = DocumentSheetV2.RenderOptions,
> extends HandlebarsApplicationMixin(ItemSheetV2)<RenderContext, Config, RenderOptions> {
  static override DEFAULT_OPTIONS = {
    classes: ["flex", "sheet", "item"],
    position: { width: 520, height: 560 },
    window: { resizable: true },
    form: { submitOnChange: true },
  };

  static override PARTS = {
    header: { template: "systems/flex/templates/item/item-header.hbs" },
    body: { template: "systems/flex/templates/item/item-body.hbs", scrollable: [""] },
  };

  override async _prepareContext(options: Parameters<InstanceType<typeof ItemSheetV2<RenderContext, Config, RenderOptions>>["_prepareContext"]>[0]) {
    const context = await super._prepareContext(options);
    const item = this.document;
    return Object.assign(context, {
      item,
      system: item.system,
      detailsTemplate: itemDetailsTemplate(item.type),
      typeLabel: `TYPES.Item.${item.type}`,
      attributes: Object.fromEntries(ATTRIBUTE_KEYS.map((k) => [k, CONFIG.FLEX.attributes[k].label])),
      talentCategories: CONFIG.FLEX.talentCategories,
      damageTypes: CONFIG.FLEX.damageTypes,
      currency: game.settings!.get("flex", "currencyLabel"),
      enrichedDescription: await foundry.applications.ux.TextEditor.implementation.enrichHTML(
        (item.system as unknown as { beschreibung?: string }).beschreibung ?? "",
        { secrets: item.isOwner, relativeTo: item } as never,
      ),
    });
  }
}
