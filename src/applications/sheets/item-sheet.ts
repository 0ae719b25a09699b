// One item sheet for every item type: a shared header and description, and a details part per type
// (templates/item/details/<type>.hbs). A new item type needs only its details template. Form input is
// checked like on the actor sheets (sheet-input.ts).
import { ATTRIBUTE_KEYS } from "../../config";
import { SubmitCheck } from "./sheet-input";
import { flexItemSystem } from "./system-data";

import DocumentSheetV2 = foundry.applications.api.DocumentSheetV2;

const { HandlebarsApplicationMixin } = foundry.applications.api;
const { ItemSheetV2 } = foundry.applications.sheets;

type Context = DocumentSheetV2.RenderContext<Item.Implementation> & Record<string, unknown>;
type Configuration = DocumentSheetV2.Configuration<Item.Implementation>;
const SheetBase = HandlebarsApplicationMixin(ItemSheetV2);
type Base = InstanceType<typeof SheetBase>;

export const itemDetailsTemplate = (type: string) => `systems/flex/templates/item/details/${type}.hbs`;

export class FlexItemSheet<
  RenderContext extends Context = Context,
  Config extends Configuration = Configuration,
  RenderOptions extends DocumentSheetV2.RenderOptions = DocumentSheetV2.RenderOptions,
> extends SheetBase<RenderContext, Config, RenderOptions> {
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

  readonly #submitCheck = new SubmitCheck(this);

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
        flexItemSystem(item)?.beschreibung ?? "",
        { secrets: item.isOwner, relativeTo: item },
      ),
    });
  }

  // Form input: checked before core validates it, as on the actor sheets.
  protected override _prepareSubmitData(...[event, form, formData, updateData]: Parameters<Base["_prepareSubmitData"]>) {
    this.#submitCheck.begin();
    return super._prepareSubmitData(event, form, formData, this.#submitCheck.checkUpdateData(updateData));
  }

  protected override _processFormData(...args: Parameters<Base["_processFormData"]>) {
    const data = super._processFormData(...args);
    this.#submitCheck.check(data as Record<string, unknown>);
    return data;
  }

  protected override async _processSubmitData(...args: Parameters<Base["_processSubmitData"]>) {
    await super._processSubmitData(...args);
    await this.#submitCheck.end();
  }
}
