// Partials the sheets and cards use, loaded once at start-up.
export const PARTIAL_TEMPLATES = [
  "systems/flex/templates/chat/parts/applied.hbs",
  "systems/flex/templates/chat/parts/refused.hbs",
  "systems/flex/templates/chat/parts/undone.hbs",
  "systems/flex/templates/actor/attributes.hbs",
  "systems/flex/templates/actor/item-row.hbs",
  "systems/flex/templates/actor/item-group.hbs",
  "systems/flex/templates/actor/riding.hbs",
  "systems/flex/templates/item/details/damage.hbs",
  "systems/flex/templates/item/details/price.hbs",
  "systems/flex/templates/item/details/talent.hbs",
  "systems/flex/templates/item/details/weapon.hbs",
  "systems/flex/templates/item/details/armor.hbs",
  "systems/flex/templates/item/details/equipment.hbs",
  "systems/flex/templates/item/details/alchemical.hbs",
  "systems/flex/templates/item/details/spell.hbs",
  "systems/flex/templates/item/details/attack.hbs",
  "systems/flex/templates/item/details/passive.hbs",
  "systems/flex/templates/chat/heal-row.hbs",
];

export async function preloadTemplates(): Promise<void> {
  await foundry.applications.handlebars.loadTemplates(PARTIAL_TEMPLATES);
}
