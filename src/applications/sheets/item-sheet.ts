// One item sheet for every item type: a shared header and description, and a details part per type
// (templates/item/details/<type>.hbs). A new item type needs only its details template. Form input is
// checked like on the actor sheets (sheet-input.ts). A weapon's Kampfart and a spell's Zauberschule are
// chosen from the talents there are, never typed, so nothing fails only when rolled (R-CORE-10, R-CORE-13).
import { ATTRIBUTE_KEYS } from "../../config";
import type { TalentCategory } from "../../config";
import { missingTalent, talentLinkOf } from "../../data/item/talent-link";
import { VERBRAUCH } from "../../data/item/types";
import { onHook } from "../../helpers/hooks";
import { indexEntryName } from "../../helpers/pack-index";
import { choiceMatches, TALENT_PACK, talentChoices, talentLabel } from "../talent-names";
import type { TalentChoice } from "../talent-names";
import { itemEffectActions, itemEffectRows } from "./item-effects";
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

export interface TalentOption extends TalentChoice {
  selected: boolean;
  /** The stored name, which the owning actor lacks. */
  missing: boolean;
}

/** The choice of a weapon's Kampfart or a spell's Zauberschule on the item sheet. */
export interface TalentChoiceContext {
  /** The form field ("system.talent", "system.zauberschule"). */
  name: string;
  label: string;
  hint: string;
  value: string;
  /** false: nothing to choose from (an unowned item in a world without such talents), a text input instead. */
  select: boolean;
  options: TalentOption[];
  /** Shown when the owning actor lacks the talent: its check cannot be rolled. */
  warning: string | null;
}

function isTalentOf(item: { type: string; system: unknown }, category: TalentCategory): boolean {
  return item.type === "talent" && (item.system as { kategorie?: unknown } | null)?.kategorie === category;
}

/** The talents of the category in the world's items and the system's talent compendium (its index, shown translated). */
async function availableTalents(category: TalentCategory): Promise<TalentChoice[]> {
  const talents: { type: string; name: string; flags?: unknown }[] = ((game.items?.contents ?? []) as Item.Implementation[]).filter((i) => isTalentOf(i, category));
  const pack = game.packs?.get(`${game.system!.id}.${TALENT_PACK}`);
  if (pack) {
    try {
      // system.kategorie is indexed from the start (helpers/pack-index.ts), so this asks the server for nothing. The
      // types list only top-level index fields; Foundry also indexes dotted system paths (dnd5e does so).
      const index = await pack.getIndex({ fields: ["system.kategorie" as never] });
      for (const entry of index as Iterable<Record<string, unknown>>) {
        if (isTalentOf({ type: String(entry.type), system: entry.system }, category)) talents.push({ type: "talent", name: indexEntryName(pack.collection, entry), flags: entry.flags });
      }
    } catch (err) {
      // The world's talents still make a choice; the compendium is a convenience.
      console.warn("Flex | could not read the talent compendium", err);
    }
  }
  return talentChoices(talents);
}

/**
 * What a feature adds to the details part of its own item type (a project, a field): template context under
 * `details`, buttons (`data-action="itemDetail" data-detail="<name>"`) and wiring after each render.
 */
export interface ItemDetailsExtension {
  context?: (item: Item.Implementation) => Promise<Record<string, unknown>> | Record<string, unknown>;
  actions?: Record<string, (item: Item.Implementation, target: HTMLElement) => Promise<unknown> | unknown>;
  render?: (item: Item.Implementation, element: HTMLElement) => void;
}
const detailExtensions = new Map<string, ItemDetailsExtension>();

/** Registers what the details part of `type` adds (once, at init); its wiring runs after each render of the sheet. */
export function registerItemDetails(type: string, extension: ItemDetailsExtension): void {
  if (!detailExtensions.size) {
    onHook("renderItemSheetV2", (app, element) => {
      const item = app.document;
      if (item) detailExtensions.get(item.type)?.render?.(item, element);
    });
  }
  detailExtensions.set(type, extension);
}

/** A button of a type's details part (`data-detail`), handled by the feature that registered it. */
async function onItemDetail(this: { document: Item.Implementation }, _event: PointerEvent, target: HTMLElement): Promise<void> {
  const run = detailExtensions.get(this.document.type)?.actions?.[target.dataset.detail ?? ""];
  if (run) await run(this.document, target);
}

/**
 * B-16: the header's name field is one line; a long name ("Herstellung: Langschwert aus Sturmstahl") is set smaller,
 * in two steps, so it shows whole in the window's width instead of ending in "…".
 */
export function nameSize(name: string): "" | "long" | "longer" {
  const length = [...name].length;
  return length > 40 ? "longer" : length > 28 ? "long" : "";
}

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
    actions: { itemDetail: onItemDetail, ...itemEffectActions },
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
      nameSize: nameSize(item.name),
      attributes: Object.fromEntries(ATTRIBUTE_KEYS.map((k) => [k, CONFIG.FLEX.attributes[k].label])),
      talentCategories: CONFIG.FLEX.talentCategories,
      damageTypes: CONFIG.FLEX.damageTypes,
      talentChoice: await this.talentChoice(),
      details: (await detailExtensions.get(item.type)?.context?.(item)) ?? {},
      itemEffects: itemEffectRows(item, this.isEditable),
      verbrauchChoices: Object.fromEntries(VERBRAUCH.map((v) => [v, `FLEX.Item.equipment.Verbrauch.${v}`])),
      currency: game.settings!.get("flex", "currencyLabel"),
      enrichedDescription: await foundry.applications.ux.TextEditor.implementation.enrichHTML(
        flexItemSystem(item)?.beschreibung ?? "",
        { secrets: item.isOwner, relativeTo: item },
      ),
    });
  }

  /**
   * A weapon's Kampfart or a spell's Zauberschule as a choice: an owned item offers its actor's talents of
   * that category, an unowned one those of the world and the talent compendium. A stored name that is not
   * among them stays selectable (marked missing when the actor lacks it), so opening the sheet changes nothing.
   */
  protected async talentChoice(): Promise<TalentChoiceContext | null> {
    const item = this.document;
    const link = talentLinkOf(item);
    if (!link) return null;
    const i18n = game.i18n!;
    const actor = item.actor;
    const choices = actor ? talentChoices(actor.items.filter((i) => isTalentOf(i, link.category))) : await availableTalents(link.category);
    const missing = missingTalent(item);
    // The key is stored; a name stored in another language still selects its talent (and is stored as the key on the next change).
    const options: TalentOption[] = choices.map((c) => ({ ...c, selected: choiceMatches(c, link.name), missing: false }));
    if (link.name && !options.some((o) => o.selected)) {
      const label = talentLabel(link.name, actor);
      options.push({ value: link.name, label: missing ? i18n.format("FLEX.Item.Talent.MissingOption", { talent: label }) : label, selected: true, missing: !!missing });
    }
    options.unshift({ value: "", label: i18n.localize("FLEX.Item.Talent.Choose"), selected: !link.name, missing: false });
    const prefix = `FLEX.Item.${item.type}.FIELDS.${link.field}`;
    let warning: string | null = null;
    if (missing && actor) warning = missing.name ? i18n.format("FLEX.Item.Talent.Missing", { actor: actor.name, talent: talentLabel(missing.name, actor) }) : i18n.localize("FLEX.Item.Talent.None");
    return { name: `system.${link.field}`, label: `${prefix}.label`, hint: `${prefix}.hint`, value: link.name, select: !!actor || choices.length > 0, options, warning };
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
