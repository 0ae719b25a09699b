// R-CORE-7 / R-POLY-6: the armour an actor's equipped armour items add.
type ItemLike = { type: string; system: unknown };

export function armorFromItems(actor: { items?: Iterable<ItemLike> } | null | undefined): number {
  let total = 0;
  for (const item of actor?.items ?? []) {
    if (item.type !== "armor") continue;
    const sys = item.system as { wert?: number; ausgeruestet?: boolean };
    if (sys.ausgeruestet && Number.isFinite(sys.wert)) total += Math.max(0, sys.wert!);
  }
  return total;
}
