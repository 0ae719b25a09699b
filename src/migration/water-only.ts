// 0.2.0 (B-7): a creature that lives only in water has its own field, `system.nurImWasser` (swims at its
// Geschwindigkeit, 1 Schritt per Aktion on land). A 0.1.0 world holds creatures taken from the Bestiarium before the
// field existed: each one with the passive Wasserwesen gets it set. Pure and idempotent; a creature whose field is
// stored already (set or cleared by the GM) is left as it is.
import type { Source } from "./types";

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => !!v && typeof v === "object" && !Array.isArray(v);

/** The Bestiarium's passive "Wasserwesen" by its names: the pack's German one and its translations (en, ru). */
export const WATER_ONLY_PASSIVE_NAMES: readonly string[] = ["Wasserwesen", "Aquatic", "Водное существо"];

function namesOf(item: Obj): string[] {
  const names = typeof item.name === "string" ? [item.name] : [];
  const i18n = isObject(item.flags) && isObject(item.flags.flex) && isObject(item.flags.flex.i18n) ? item.flags.flex.i18n : {};
  for (const lang of Object.values(i18n)) if (isObject(lang) && typeof lang.name === "string") names.push(lang.name);
  return names.map((n) => n.trim());
}

/** A creature with the passive Wasserwesen and no stored `nurImWasser` gets it set; every other source is returned as it is. */
export function markWaterOnly(source: Source): Source {
  if (source.type !== "creature" || !isObject(source.system) || typeof source.system.nurImWasser === "boolean") return source;
  const items = Array.isArray(source.items) ? source.items.filter(isObject) : [];
  const aquatic = items.some((item) => item.type === "passive" && namesOf(item).some((n) => WATER_ONLY_PASSIVE_NAMES.includes(n)));
  return aquatic ? { ...source, system: { ...source.system, nurImWasser: true } } : source;
}
