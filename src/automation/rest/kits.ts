// Healer's kits (R-REST-HEAL-2) and resource items, as the active GM finds them on the resting characters.
// A kit is equipment with charges, named as one (Heilerset, Healer's kit, Набор целителя, …) or flagged
// `flags.flex.healersKit`. Charges are taken from the character's own kits first, then from the other
// resting characters' kits, in the order the characters are listed; all item writes are batched per actor.
import type { KitLeft } from "./types";

/** Words that make a charged piece of equipment a healer's kit, in the three languages. */
const KIT_NAME = /heiler|verband|healer|целител|лекар/i;

interface ChargedItem {
  item: Item.Implementation;
  actor: Actor.Implementation;
  value: number;
}

function charges(item: Item.Implementation): { value: number; max: number } | null {
  const sys = item.system as { ladungen?: { value?: unknown; max?: unknown } } | null;
  const value = Number(sys?.ladungen?.value);
  const max = Number(sys?.ladungen?.max);
  return Number.isFinite(value) && Number.isFinite(max) && max > 0 ? { value: Math.max(0, Math.min(value, max)), max } : null;
}

export function isHealersKit(item: Item.Implementation): boolean {
  if (item.type !== "equipment" || !charges(item)) return false;
  return item.getFlag("flex", "healersKit") === true || KIT_NAME.test(item.name);
}

/** The kits of a group of characters and the charges taken from them during one rest. */
export class KitPool {
  readonly #kits: ChargedItem[];

  constructor(actors: readonly Actor.Implementation[]) {
    this.#kits = actors.flatMap((actor) => actor.items.filter(isHealersKit).map((item) => ({ item, actor, value: charges(item)!.value })));
  }

  get total(): number {
    return this.#kits.reduce((s, k) => s + k.value, 0);
  }

  /** Takes up to `n` charges for `patient`: its own kits first. Returns how many it got and from whose kits. */
  take(n: number, patient: Actor.Implementation): { got: number; from: string[] } {
    const ordered = [...this.#kits.filter((k) => k.actor === patient), ...this.#kits.filter((k) => k.actor !== patient)];
    let got = 0;
    const from = new Set<string>();
    for (const kit of ordered) {
      while (got < n && kit.value > 0) {
        kit.value -= 1;
        got += 1;
        from.add(kit.actor.name);
      }
    }
    return { got, from: [...from] };
  }

  /** The kits charges were taken from, with the charges each has left (for the card). */
  used(): KitLeft[] {
    return this.#kits.filter((k) => k.value !== charges(k.item)!.value).map((k) => ({ owner: k.actor.name, name: k.item.name, left: k.value, max: charges(k.item)!.max }));
  }

  /** The item updates the charges taken need, grouped by the actor that carries the kit. */
  updates(): Map<Actor.Implementation, Record<string, unknown>[]> {
    const out = new Map<Actor.Implementation, Record<string, unknown>[]>();
    for (const kit of this.#kits) {
      if (kit.value === charges(kit.item)!.value) continue;
      out.set(kit.actor, [...(out.get(kit.actor) ?? []), { _id: kit.item.id, "system.ladungen.value": kit.value }]);
    }
    return out;
  }
}

/** Merges per-actor item updates (kits and resources) so that each actor gets one write. */
export function mergeItemUpdates(...maps: Map<Actor.Implementation, Record<string, unknown>[]>[]): Map<Actor.Implementation, Record<string, unknown>[]> {
  const out = new Map<Actor.Implementation, Record<string, unknown>[]>();
  for (const map of maps) for (const [actor, list] of map) out.set(actor, [...(out.get(actor) ?? []), ...list]);
  return out;
}
