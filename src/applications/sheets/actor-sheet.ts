// The actor sheets (minimal until the sheets issue): show the data, roll checks, manage items.
// No rule arithmetic here: the numbers come from the data models' derived values.
import { ATTRIBUTE_KEYS, TALENT_CATEGORIES } from "../../config";
import type { AttributeKey } from "../../config";
import type { FlexActor } from "../../documents/actor";
import { dieLabel } from "../../rules";
import type { Die } from "../../rules";
import { promptCheck } from "../dialogs/check-dialog";

import ActorSheetV2 = foundry.applications.sheets.ActorSheetV2;

const { HandlebarsApplicationMixin } = foundry.applications.api;

type ItemRow = { id: string; name: string; img: string; type: string; system: unknown };

type Context = ActorSheetV2.RenderContext & Record<string, unknown>;

export class FlexActorSheet<
  RenderContext extends Context = Context,
  Configuration extends ActorSheetV2.Configuration = ActorSheetV2.Configuration,
  RenderOptions extends ActorSheetV2.RenderOptions = ActorSheetV2.RenderOptions,
> extends HandlebarsApplicationMixin(ActorSheetV2)<RenderContext, Configuration, RenderOptions> {
  static override DEFAULT_OPTIONS = {
    classes: ["flex", "sheet", "actor"],
    position: { width: 640, height: 720 },
    window: { resizable: true },
    form: { submitOnChange: true },
    actions: {
      rollAttribute: FlexActorSheet.#onRollAttribute,
      rollTalent: FlexActorSheet.#onRollTalent,
      createItem: FlexActorSheet.#onCreateItem,
      editItem: FlexActorSheet.#onEditItem,
      deleteItem: FlexActorSheet.#onDeleteItem,
    },
  };

  get flexActor(): FlexActor {
    return this.document as unknown as FlexActor;
  }

  override async _prepareContext(options: Parameters<ActorSheetV2<RenderContext, Configuration, RenderOptions>["_prepareContext"]>[0]) {
    const context = await super._prepareContext(options);
    const actor = this.flexActor;
    const system = actor.system as unknown as { attributes: Record<AttributeKey, Die> };
    const attributes = ATTRIBUTE_KEYS.map((key) => ({
      key,
      label: CONFIG.FLEX.attributes[key].label,
      abbreviation: CONFIG.FLEX.attributes[key].abbreviation,
      die: system.attributes[key],
      dieLabel: dieLabel(system.attributes[key]),
    }));
    const items = actor.items.contents.map((i) => ({ id: i.id!, name: i.name, img: i.img ?? "", type: i.type, system: i.system })) as ItemRow[];
    const talents = TALENT_CATEGORIES.map((category) => ({
      category,
      label: CONFIG.FLEX.talentCategories[category],
      talents: items
        .filter((i) => i.type === "talent" && (i.system as { kategorie: string }).kategorie === category)
        .map((i) => ({ ...i, attribute: CONFIG.FLEX.attributes[(i.system as { attribut: AttributeKey }).attribut]?.abbreviation })),
    })).filter((g) => g.talents.length);
    const pools = (["leben", "fluss", "gunst"] as const)
      .filter((key) => key in (actor.system as object))
      .map((key) => ({ key, label: `FLEX.Pool.${key}`, ...(actor.system as unknown as Record<string, { value: number; max: number }>)[key] }));
    return Object.assign(context, {
      actor,
      pools,
      system: actor.system,
      attributes,
      talents,
      inventory: items.filter((i) => i.type !== "talent"),
      sizes: CONFIG.FLEX.sizes,
      creatureKinds: CONFIG.FLEX.creatureKinds,
      currency: game.settings!.get("flex", "currencyLabel"),
      canRoll: actor.isOwner,
      dieChoices: Object.fromEntries(CONFIG.FLEX.dieLadder.map((d) => [d, dieLabel(d)])),
      // R-OPT-LOAD: no encumbrance, only Körperkraft shown beside the inventory.
      kkLabel: `${game.i18n!.localize(CONFIG.FLEX.attributes.kk.abbreviation)} ${dieLabel(system.attributes.kk)}`,
    });
  }

  /** Shift-click rolls at once; a plain click asks for Vorteile, Nachteile, modifier and SW. */
  static async #askOptions(event: Event, title: string) {
    if ((event as MouseEvent).shiftKey) return { vorteile: 0, nachteile: 0, modifier: 0, sw: null };
    return promptCheck(title);
  }

  static async #onRollAttribute(this: FlexActorSheet, event: PointerEvent, target: HTMLElement) {
    const key = target.dataset.attribute as AttributeKey;
    if (!ATTRIBUTE_KEYS.includes(key)) return;
    const opts = await FlexActorSheet.#askOptions(event, game.i18n!.localize(CONFIG.FLEX.attributes[key].label));
    if (opts) await this.flexActor.rollAttribute(key, opts);
  }

  static async #onRollTalent(this: FlexActorSheet, event: PointerEvent, target: HTMLElement) {
    const item = this.flexActor.items.get(target.closest<HTMLElement>("[data-item-id]")?.dataset.itemId ?? "");
    if (!item) return;
    const opts = await FlexActorSheet.#askOptions(event, item.name);
    if (opts) await this.flexActor.rollTalent(item, opts);
  }

  static async #onCreateItem(this: FlexActorSheet, _event: PointerEvent, target: HTMLElement) {
    const type = target.dataset.type ?? "equipment";
    const name = game.i18n!.format("FLEX.Sheet.NewItem", { type: game.i18n!.localize(`TYPES.Item.${type}`) });
    await this.flexActor.createEmbeddedDocuments("Item", [{ name, type } as never]);
  }

  static async #onEditItem(this: FlexActorSheet, _event: PointerEvent, target: HTMLElement) {
    const item = this.flexActor.items.get(target.closest<HTMLElement>("[data-item-id]")?.dataset.itemId ?? "");
    await item?.sheet?.render(true);
  }

  static async #onDeleteItem(this: FlexActorSheet, _event: PointerEvent, target: HTMLElement) {
    const item = this.flexActor.items.get(target.closest<HTMLElement>("[data-item-id]")?.dataset.itemId ?? "");
    await item?.delete();
  }
}

export class CharacterSheet extends FlexActorSheet {
  static override DEFAULT_OPTIONS = { classes: ["character"] } as typeof FlexActorSheet.DEFAULT_OPTIONS;
  static override PARTS = { sheet: { template: "systems/flex/templates/actor/character-sheet.hbs", scrollable: [""] } };
}

export class CreatureSheet extends FlexActorSheet {
  static override DEFAULT_OPTIONS = { classes: ["creature"] } as typeof FlexActorSheet.DEFAULT_OPTIONS;
  static override PARTS = { sheet: { template: "systems/flex/templates/actor/creature-sheet.hbs", scrollable: [""] } };
}
