// Weapons and spells name the talent their check uses by name (R-CORE-10: a Kampfart; R-CORE-13: a
// Zauberschule), so that an item moved to another actor finds that actor's talent. The sheets offer the
// name as a choice and flag an owned item whose actor lacks the talent, instead of failing when rolled.
import type { TalentCategory } from "../../config";

export interface TalentLink {
  /** The system field that holds the name. */
  field: "talent" | "zauberschule";
  /** The talent category the choice offers. */
  category: TalentCategory;
  /** The stored name, trimmed ("" when none is chosen). */
  name: string;
}

const LINKS = {
  weapon: { field: "talent", category: "kampfart" },
  spell: { field: "zauberschule", category: "zauberschule" },
} as const;

/** The talent a weapon or spell names; null for other item types. */
export function talentLinkOf(item: { type: string; system: unknown }): TalentLink | null {
  const link = (LINKS as Record<string, (typeof LINKS)[keyof typeof LINKS] | undefined>)[item.type];
  if (!link) return null;
  const value = (item.system as Record<string, unknown> | null)?.[link.field];
  return { ...link, name: typeof value === "string" ? value.trim() : "" };
}

/** The same name as FlexActor#findTalent compares it: trimmed, case-insensitive. */
export const sameTalentName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

type TalentHolder = { items: Iterable<{ type: string; name: string; flags?: unknown }> };

/** The German name a talent imported from a translated pack keeps (flags.flex.sourceName), or "". */
export function sourceNameOf(item: { flags?: unknown }): string {
  const name = (item.flags as { flex?: { sourceName?: unknown } } | undefined)?.flex?.sourceName;
  return typeof name === "string" ? name : "";
}

/**
 * True when the actor has a talent of that name (of any category: that is the talent a check would use), also
 * by the German name of a talent imported in another language, as FlexActor#findTalent finds it.
 */
export function hasTalentNamed(actor: TalentHolder, name: string): boolean {
  if (!name.trim()) return false;
  for (const item of actor.items) {
    if (item.type === "talent" && (sameTalentName(item.name, name) || sameTalentName(sourceNameOf(item), name))) return true;
  }
  return false;
}

/**
 * An owned weapon or spell whose actor lacks the talent it names (or that names none): its check cannot be
 * rolled. Null when nothing is missing, or the item is not owned or names no talent by its type.
 */
export function missingTalent(item: { type: string; system: unknown; actor: TalentHolder | null }): TalentLink | null {
  const link = talentLinkOf(item);
  if (!link || !item.actor) return null;
  return hasTalentNamed(item.actor, link.name) ? null : link;
}
