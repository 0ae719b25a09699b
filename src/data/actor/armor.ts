// R-CORE-7 / R-POLY-6: the armour an actor's equipped armour items add.
type ItemLike = { type: string; system: unknown; flags?: { flex?: { polymorphForm?: unknown } } };
type ActorLike = { items?: Iterable<ItemLike>; flags?: { flex?: { polymorph?: unknown } } };

export function armorFromItems(actor: ActorLike | null | undefined): number {
  // R-POLY-6: in a form only the form's armour counts, never the armour the character wore.
  const transformed = !!actor?.flags?.flex?.polymorph;
  let total = 0;
  for (const item of actor?.items ?? []) {
    if (item.type !== "armor" || (transformed && !item.flags?.flex?.polymorphForm)) continue;
    const sys = item.system as { wert?: number; ausgeruestet?: boolean };
    if (sys.ausgeruestet && Number.isFinite(sys.wert)) total += Math.max(0, sys.wert!);
  }
  return total;
}
