// The creature sheet: for a monster in a fight and for a companion (Misstrauen, trainer, training).
import { CreatureData } from "../../data/actor/creature";
import { attacksByCommand } from "../../automation/companions/view";
import { talentLabel } from "../talent-names";
import { FlexActorSheet, sharesBio } from "./actor-sheet";
import { decorateRows } from "./item-rows";

const T = "systems/flex/templates/actor";

export class CreatureSheet extends FlexActorSheet {
  static override DEFAULT_OPTIONS = { classes: ["creature"] } as typeof FlexActorSheet.DEFAULT_OPTIONS;

  static override PARTS = {
    header: { template: `${T}/header.hbs` },
    tabs: { template: `${T}/tabs.hbs` },
    stats: { template: `${T}/creature-stats.hbs`, scrollable: [""] },
    abilities: { template: `${T}/creature-abilities.hbs`, scrollable: [""] },
    effects: { template: `${T}/effects.hbs`, scrollable: [""] },
    biography: { template: `${T}/biography.hbs`, scrollable: [""] },
  };

  static override TABS = {
    primary: {
      tabs: [
        { id: "stats", icon: "fa-solid fa-paw", cssClass: "" },
        { id: "abilities", icon: "fa-solid fa-khanda", cssClass: "" },
        { id: "effects", icon: "fa-solid fa-bolt", cssClass: "" },
        { id: "biography", icon: "fa-solid fa-feather", label: "FLEX.Tab.description", cssClass: "" },
      ],
      initial: "stats",
      labelPrefix: "FLEX.Tab",
    },
  };

  /** The creature's data; this sheet is registered for creatures only. */
  get creatureSystem(): CreatureData {
    const system = this.document.system;
    if (!(system instanceof CreatureData)) throw new Error(`Flex | ${this.document.name} is not a creature`);
    return system;
  }

  protected override quickStats() {
    const s = this.creatureSystem;
    return [
      { label: "FLEX.Actor.creature.FIELDS.stufe.label", name: "system.stufe", value: s.stufe, display: s.stufe, min: 0, step: "any" },
      { label: "FLEX.Actor.creature.FIELDS.art.label", name: "system.art", value: s.art, display: game.i18n!.localize(CONFIG.FLEX.creatureKinds[s.art] ?? s.art), options: CONFIG.FLEX.creatureKinds },
      ...this.sizeAndSpeedStats(),
    ];
  }

  override async _preparePartContext(partId: string, context: Parameters<FlexActorSheet["_preparePartContext"]>[1], options: Parameters<FlexActorSheet["_preparePartContext"]>[2]) {
    const ctx = (await super._preparePartContext(partId, context, options)) as Record<string, unknown>;
    // A hidden tab renders as its empty panel (actor-sheet.ts, "Tabs drawn when shown").
    if (ctx.deferred === true) return ctx as typeof context;
    const s = this.creatureSystem;
    switch (partId) {
      case "stats":
        ctx.defense = [
          { label: "FLEX.Actor.base.FIELDS.ruestung.label", name: "system.ruestung", value: s.ruestung },
          { label: "FLEX.Actor.creature.FIELDS.ausweichen.label", name: "system.ausweichen", value: s.ausweichen },
          { label: "FLEX.Actor.creature.FIELDS.parade.label", name: "system.parade", value: s.parade },
        ];
        // Missing type: DocumentUUIDField's value is a plain string, fromUuidSync takes uuid literals; it holds an Actor uuid.
        // R-COMP-2: the handling talent is stored by its key (German); shown in the world's language.
        ctx.handlingTalent = talentLabel(s.derived.umgangTalent);
        ctx.trainerName = s.trainer ? (fromUuidSync(s.trainer as `Actor.${string}`)?.name ?? null) : null;
        break;
      case "abilities": {
        const attacks = this.itemGroup("attack", "FLEX.Sheet.NoAttacks");
        // R-COMP-4 / R-COMP-5: beside its trainer in a fight, the companion attacks on the trainer's command.
        const commander = attacksByCommand(this.document);
        if (commander) for (const row of attacks.items) row.tags.unshift(game.i18n!.format("FLEX.Companion.CommandTag", { trainer: commander.name }));
        ctx.abilities = [attacks, this.itemGroup("passive", "FLEX.Sheet.NoPassives"), ...["talent", "weapon", "armor", "equipment"].map((t) => this.itemGroup(t)).filter((g) => g.items.length)];
        break;
      }
      case "biography":
        Object.assign(ctx, { bioField: "system.beschreibung", bioValue: s.beschreibung, bioLabel: "FLEX.Actor.creature.FIELDS.beschreibung.label", enrichedBio: await this.enrich(s.beschreibung), publicBio: sharesBio(this.document) });
        break;
    }
    // The attacks' and passives' rows: final values, details (item-rows.ts).
    await decorateRows(this, partId, ctx);
    return ctx as typeof context;
  }
}
