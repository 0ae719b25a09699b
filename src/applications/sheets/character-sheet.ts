// The character sheet: header with pools, and tabs for Werte, Talente, Inventar, Effekte, Begleiter (companions and
// riding: the creatures at the character's side), Biografie.
import { TALENT_CATEGORIES } from "../../config";
import { CharacterData } from "../../data/actor/character";
import { TalentData } from "../../data/item/types";
import { exhaustionLevel, parseDie } from "../../rules";
import { localDie } from "../../helpers/dice-text";
import { companionSection } from "../../automation/companions";
import { polymorphSheetActions, polymorphSheetParts, transformOnDrop } from "./polymorph-sheet";
import { openWorkDialog } from "../dialogs/work-dialog";
import { companionSheetActions } from "../dialogs/training-dialog";
import { compareNames, talentLabel } from "../talent-names";
import { FlexActorSheet, sharesBio } from "./actor-sheet";
import { decorateRows } from "./item-rows";
import type { StatusChip } from "./actor-sheet";

const T = "systems/flex/templates/actor";
/** Inventory groups shown only when they hold something (or in edit mode, to add one). */
const OPTIONAL_GROUPS = ["resource", "project", "plot"];

/**
 * R-CORE-7: the Rüstung that worn armour adds; in edit mode the field holds the base value. In play mode only beside a
 * base value of its own ("3 – davon 2 aus Rüstung"): "2 – davon 2 aus Rüstung" says nothing the tooltip does not.
 */
function armorHint(worn: number, edit: boolean, base: number): string {
  if (worn <= 0 || (!edit && base <= 0)) return "";
  return game.i18n!.format(edit ? "FLEX.Sheet.ArmorBase" : "FLEX.Sheet.ArmorWorn", { n: String(worn) });
}

/** R-MONEY-2: the work dialog for the sheet's character. */
async function openWork(this: { document: Actor.Implementation }): Promise<void> {
  await openWorkDialog(this.document);
}

export class CharacterSheet extends FlexActorSheet {
  // Foundry merges DEFAULT_OPTIONS down the class chain; spreading the parent's keeps the type whole without a cast.
  static override DEFAULT_OPTIONS = {
    ...FlexActorSheet.DEFAULT_OPTIONS,
    classes: ["character"],
    actions: { ...FlexActorSheet.DEFAULT_OPTIONS.actions, ...companionSheetActions, ...polymorphSheetActions, work: openWork },
  };

  static override PARTS = {
    header: { template: `${T}/header.hbs` },
    tabs: { template: `${T}/tabs.hbs` },
    stats: { template: `${T}/character-stats.hbs`, scrollable: [""] },
    talents: { template: `${T}/talents.hbs`, scrollable: [""] },
    inventory: { template: `${T}/inventory.hbs`, scrollable: [""] },
    effects: { template: `${T}/effects.hbs`, scrollable: [""] },
    companions: { template: `${T}/companions.hbs`, scrollable: [""] },
    biography: { template: `${T}/biography.hbs`, scrollable: [""] },
  };

  static override TABS = {
    primary: {
      tabs: [
        { id: "stats", icon: "fa-solid fa-dice-d20", cssClass: "" },
        { id: "talents", icon: "fa-solid fa-graduation-cap", cssClass: "" },
        { id: "inventory", icon: "fa-solid fa-box-open", cssClass: "" },
        { id: "effects", icon: "fa-solid fa-bolt", cssClass: "" },
        { id: "companions", icon: "fa-solid fa-paw", cssClass: "" },
        { id: "biography", icon: "fa-solid fa-feather", cssClass: "" },
      ],
      initial: "stats",
      labelPrefix: "FLEX.Tab",
    },
  };

  /** The character's data; this sheet is registered for characters only. */
  get characterSystem(): CharacterData {
    const system = this.document.system;
    if (!(system instanceof CharacterData)) throw new Error(`Flex | ${this.document.name} is not a character`);
    return system;
  }

  protected override quickStats() {
    const s = this.characterSystem;
    return [
      { label: "FLEX.Actor.character.FIELDS.level.label", name: "system.level", value: s.level, display: s.level, min: 1, step: 1 },
      ...this.sizeAndSpeedStats(),
      { label: "FLEX.Actor.base.FIELDS.ruestung.label", name: "system.ruestung", value: s.ruestung, display: s.derived.ruestung, min: 0, step: 1, hint: armorHint(s.derived.ruestung - s.ruestung, this.isEditMode, s.ruestung), tooltip: this.wornArmour() },
    ];
  }

  /** R-CORE-7: where the Rüstung comes from, for the tooltip: "Getragen: Kettenhemd 2, Schild 1". */
  protected wornArmour(): string {
    const worn = this.document.items.contents.flatMap((i) => {
      const sys = i.system as { ausgeruestet?: unknown; wert?: unknown };
      return i.type === "armor" && sys.ausgeruestet === true && typeof sys.wert === "number" ? [`${i.name} ${sys.wert}`] : [];
    });
    return worn.length ? game.i18n!.format("FLEX.Sheet.ArmorSources", { items: worn.join(", ") }) : "";
  }

  /** R-EXH-2 / R-BREATH-1: the character's Erschöpfung with its malus, and under water its breath die, before its conditions. */
  protected override statusStrip(): StatusChip[] {
    const s = this.characterSystem;
    const i18n = game.i18n!;
    const value = s.erschoepfung.value;
    const malus = s.derived.malus;
    const chips: StatusChip[] = [];
    const level = exhaustionLevel(value, s.derived.todesschwelle);
    // Rested is the normal case: the strip names only what is out of the ordinary; R-EXH-3: at the KO-Wert it killed.
    if (level !== "rested") chips.push(
      {
        key: "erschoepfung",
        icon: "fa-solid fa-person-walking-dashed-line-arrow-right",
        label: i18n.format(level === "deadly" ? "FLEX.Sheet.Strip.ExhaustionDeadly" : "FLEX.Sheet.Strip.Exhaustion", { value: String(value), malus: String(malus.talent) }),
        tooltip: `${i18n.format("FLEX.Erschoepfung.Malus", { talent: String(malus.talent), attribut: String(malus.attribut) })} · ${i18n.format(level === "deadly" ? "FLEX.Erschoepfung.ThresholdReached" : "FLEX.Erschoepfung.Threshold", { value: String(s.derived.todesschwelle) })}`,
        cssClass: level === "deadly" ? "alert" : "warn",
      },
    );
    if (this.document.statuses.has("underwater")) {
      const die = localDie(parseDie(s.derived.atemWuerfel) ?? 4);
      chips.push({ key: "atem", icon: "fa-solid fa-lungs", label: i18n.format("FLEX.Sheet.Strip.Breath", { die }), tooltip: i18n.localize("FLEX.Sheet.Strip.BreathHint"), cssClass: "water" });
    }
    return [...chips, ...super.statusStrip()];
  }

  override async _preparePartContext(partId: string, context: Parameters<FlexActorSheet["_preparePartContext"]>[1], options: Parameters<FlexActorSheet["_preparePartContext"]>[2]) {
    const ctx = (await super._preparePartContext(partId, context, options)) as Record<string, unknown>;
    // A hidden tab renders as its empty panel (actor-sheet.ts, "Tabs drawn when shown").
    if (ctx.deferred === true) return ctx as typeof context;
    const s = this.characterSystem;
    switch (partId) {
      case "stats": {
        const threshold = s.derived.todesschwelle;
        const value = s.erschoepfung.value;
        const high = Math.ceil((threshold * 2) / 3);
        const malus = s.derived.malus;
        const level = exhaustionLevel(value, threshold);
        // R-EXH-2 / R-EXH-3: "no malus" while rested; the death threshold in the alarm colour once it is near, and said
        // to be reached once it is (the character died of it).
        ctx.exhaustion = {
          low: Math.ceil(threshold / 3),
          high,
          malus: value > 0 ? game.i18n!.format("FLEX.Erschoepfung.Malus", { talent: String(malus.talent), attribut: String(malus.attribut) }) : game.i18n!.localize("FLEX.Erschoepfung.NoMalus"),
          thresholdClass: level === "deadly" ? "flex-threshold reached" : level === "near" ? "flex-threshold near" : "flex-threshold",
          thresholdText: game.i18n!.format(level === "deadly" ? "FLEX.Erschoepfung.ThresholdReached" : "FLEX.Erschoepfung.Threshold", { value: String(threshold) }),
        };
        // R-BREATH-2: a breath die below the KO die says where it comes back to ("W6 (von W8)").
        const breath = parseDie(s.derived.atemWuerfel) ?? 4;
        const ko = parseDie(s.attributes.ko) ?? CONFIG.FLEX.defaultAttributeDie;
        ctx.breathLabel = breath < ko ? game.i18n!.format("FLEX.Sheet.BreathReduced", { die: localDie(breath), ko: localDie(ko) }) : localDie(breath);
        // R-REST-HEAL: the hit dice left, and what each heals on top of its roll (the KO-Modifikator, editable in edit mode).
        const tw = s.derived.trefferwuerfel;
        const mod = Math.trunc(Number(s.trefferwuerfel?.koModifikator) || 0);
        const dice = game.i18n!.format("FLEX.Sheet.HitDiceValue", { left: String(tw.verbleibend), max: String(tw.max), die: localDie(parseDie(tw.wuerfel) ?? 4) });
        ctx.hitDiceText = mod ? game.i18n!.format("FLEX.Sheet.HitDiceMod", { dice, mod: `${mod > 0 ? "+" : "−"}${Math.abs(mod)}` }) : dice;
        break;
      }
      case "talents": {
        ctx.talentGroups = TALENT_CATEGORIES.map((category) => ({
          category,
          label: CONFIG.FLEX.talentCategories[category],
          talents: this.talentsOf(category)
            // What a talent row shows beyond its name (its check, its menu) is item-rows.ts' decorateRows.
            .map((i) => ({ id: i.id, name: i.name })),
          // The spells follow their schools (talents.hbs): the Zauber group comes right after the Zauberschulen.
          spellsAfter: category === "zauberschule",
        }));
        // Spells beside their schools (issue 28), in the user's own order (drag and drop), as item rows that roll. Only a
        // character with magic (a Zauberschule or a spell) has the group: a fighter sees no empty "Zauber" block.
        const spells = this.itemGroup("spell", "FLEX.Sheet.NoSpells", false);
        ctx.spellGroups = spells.items.length > 0 || this.talentsOf("zauberschule").length > 0 ? [spells] : [];
        break;
      }
      case "inventory":
        // Resources (RULES.md §11), crafting projects and fields (issue 15) show once there is one, or to add one in edit mode.
        // Spells are not carried: they are on the Talente tab, after their Zauberschulen.
        ctx.inventory = ["weapon", "armor", "equipment", "alchemical", ...OPTIONAL_GROUPS]
          .map((type) => this.itemGroup(type))
          .filter((g) => !OPTIONAL_GROUPS.includes(g.type) || g.items.length > 0 || this.isEditMode);
        // Each empty group just says "Noch keine."; how to add an item is said once, above the lists, when nothing is
        // carried and this user may add some (an observer cannot), without the pen once the sheet is in edit mode.
        if (this.isEditable && (ctx.inventory as { items: unknown[] }[]).every((g) => g.items.length === 0))
          ctx.inventoryHint = game.i18n!.format(this.isEditMode ? "FLEX.Sheet.NoItemsEdit" : "FLEX.Sheet.NoItems", { pack: game.i18n!.localize("FLEX.Pack.ausruestung") });
        ctx.canWork = this.document.isOwner && this.isEditable;
        // R-OPT-LOAD: no encumbrance, Körperkraft shown beside the inventory.
        ctx.kkLabel = `${game.i18n!.localize(CONFIG.FLEX.attributes.kk.abbreviation)} ${localDie(parseDie(s.attributes.kk) ?? CONFIG.FLEX.defaultAttributeDie)}`;
        break;
      case "companions": {
        // Every character has the tab, so a new player finds where companions and mounts go (its empty state says how);
        // riding is drawn here too (riding.hbs), from the sheet's context. The handling talent by its key (the rules' German name), shown as the character's talent or the compendium names it.
        const section = companionSection(this.document);
        for (const c of section?.companions ?? []) c.talent = talentLabel(c.talent, this.document);
        ctx.companionSection = section;
        break;
      }
      case "biography":
        Object.assign(ctx, { bioField: "system.biografie", bioValue: s.biografie, bioLabel: "FLEX.Actor.character.FIELDS.biografie.label", enrichedBio: await this.enrich(s.biografie), publicBio: sharesBio(this.document) });
        break;
    }
    polymorphSheetParts(this, partId, ctx, (type) => this.itemGroup(type));
    // Last, once every feature has added or locked its rows: final values, details, −/+ and the search (item-rows.ts).
    await decorateRows(this, partId, ctx);
    return ctx as typeof context;
  }

  /** The character's talents of one category, by name. */
  protected talentsOf(category: string): Item.Implementation[] {
    return this.flexActor.items.contents
      .filter((i) => i.type === "talent" && i.system instanceof TalentData && i.system.kategorie === category)
      .sort((a, b) => compareNames(a.name, b.name));
  }

  /** Core's ActorSheetV2 hands a dropped Actor here: a creature dropped on a character transforms it (R-POLY-1). */
  async _onDropActor(_event: DragEvent, actor: Actor.Implementation | null) {
    return this.isEditable ? transformOnDrop(this.document, actor) : null;
  }
}
