// Rolling an attack's damage (a creature's attack, R-CORE-7): a real Foundry Roll with one chat message.
import { damageFormula } from "../rules";

type AttackSystem = { schaden?: string; schadensart?: string; aktionen?: number; reichweite?: number };

export async function rollDamage(item: Item.Implementation, actor: Actor.Implementation): Promise<Roll | null> {
  const sys = item.system as AttackSystem;
  const formula = damageFormula(sys.schaden ?? "");
  if (!formula) {
    ui.notifications?.warn(game.i18n!.format("FLEX.Attack.NoDamage", { name: item.name, value: String(sys.schaden ?? "") }));
    return null;
  }
  const type = game.i18n!.localize(CONFIG.FLEX.damageTypes[sys.schadensart ?? "physisch"] ?? String(sys.schadensart));
  const flavor = game.i18n!.format("FLEX.Attack.Flavor", { name: item.name, type, actions: String(sys.aktionen ?? 1) });
  const roll = new Roll(formula);
  await roll.evaluate();
  await roll.toMessage({ speaker: ChatMessage.getSpeaker({ actor }), flavor, flags: { flex: { damage: { item: item.id, type: sys.schadensart } } } });
  return roll;
}
