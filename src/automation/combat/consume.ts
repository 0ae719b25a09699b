// R-CORE-15: using an Alchemikum or a charge of equipment spends one (menge or ladungen, as the item's
// "verbrauch" says); at 0 the item stays, marked empty. One write on the item, one short card; an Alchemikum
// with a heilung rolls it there, with an Apply button (healing/). Refused with a message when nothing is left or
// the item is not used up.
import { consumeOne } from "../../rules";
import { renderHealCard, rollItemHealing } from "../healing";
import { renderUseCard } from "../use-card";
import type { UseRecord } from "../use-card";

type Consumable = { menge?: number; ladungen?: { value: number; max: number }; verbrauch?: string };

/** What one use spends: the quantity, the charges, or nothing (not a consumable). */
function spendsOn(item: Item.Implementation): "menge" | "ladung" | null {
  const sys = item.system as Consumable;
  if (item.type === "alchemical") return "menge";
  if (item.type !== "equipment") return null;
  return sys.verbrauch === "menge" || sys.verbrauch === "ladung" ? sys.verbrauch : null;
}

export async function useItem(item: Item.Implementation, actor: Actor.Implementation): Promise<{ empty: boolean; left: number } | null> {
  if (!actor.isOwner) {
    ui.notifications?.warn(game.i18n!.format("FLEX.Check.NotOwner", { name: actor.name }));
    return null;
  }
  const spends = spendsOn(item);
  if (!spends) {
    ui.notifications?.warn(game.i18n!.format("FLEX.Use.NotConsumable", { item: item.name }));
    return null;
  }
  const sys = item.system as Consumable;
  const outcome = consumeOne(spends === "ladung" ? { charges: sys.ladungen ?? null } : { quantity: sys.menge ?? 0 });
  if (!outcome.allowed) {
    ui.notifications?.warn(game.i18n!.format("FLEX.Use.Empty", { item: item.name }));
    return null;
  }
  const left = spends === "ladung" ? (outcome.charges?.value ?? 0) : (outcome.quantity ?? 0);
  const changes: Record<string, unknown> = spends === "ladung" ? { "system.ladungen.value": left } : { "system.menge": left };
  await item.update(changes);
  const use: UseRecord = { item: { name: item.name, img: item.img ?? "", uuid: item.uuid }, name: actor.name, left, empty: outcome.empty, rules: outcome.rules };
  const healing = item.type === "alchemical" ? await rollItemHealing(item, actor, use) : null;
  // C-15: an Alchemikum without a heilung says so, so that "benutzt … (noch 1)" is not read as a use that did nothing.
  const note = item.type === "alchemical" && !healing ? game.i18n!.localize("FLEX.Use.NoHealing") : null;
  const content = healing ? await renderHealCard(healing.record) : await renderUseCard(use, { note });
  const flags = { flex: { use: { item: item.uuid, left }, ...(healing ? { heal: healing.record } : {}) } };
  await ChatMessage.create({ content, speaker: ChatMessage.getSpeaker({ actor }), flags, ...(healing ? { rolls: [healing.roll] } : {}) });
  return { empty: outcome.empty, left };
}
