// Water (RULES.md §2) wired into Foundry: breath every KR, the water region behaviour, wet with under
// water, the under-water check adjustment, swimming at half speed and the breath die as a token bar.
import { WATER_BEHAVIOR, WaterRegionBehavior } from "./region-behavior";
import { registerDamageEffectsFilter } from "../../documents/features";
import { registerBreath } from "./breath";
import { damageEffects } from "./damage";
import { registerWaterCheckAdjustment } from "./combat";
import { registerSwimming } from "./movement";
import { registerPermanentWet, registerWetWithUnderwater } from "./statuses";

export { advanceBreath } from "./breath";

type Trackable = Record<string, { bar?: string[]; value?: string[] }>;

export function registerWater(): void {
  registerBreath();
  registerWaterCheckAdjustment();
  registerWetWithUnderwater();
  registerPermanentWet();
  registerSwimming();
  registerDamageEffectsFilter(damageEffects);
  const behaviors = CONFIG.RegionBehavior as { dataModels: Record<string, unknown>; typeIcons: Record<string, string> };
  behaviors.dataModels[WATER_BEHAVIOR] = WaterRegionBehavior;
  behaviors.typeIcons[WATER_BEHAVIOR] = "fa-solid fa-water";
  // R-BREATH-2: the breath die as a token bar (value = its faces, max = the KO die).
  const trackable = ((CONFIG.Actor as { trackableAttributes: Trackable }).trackableAttributes ??= {});
  for (const type of ["character", "creature"]) {
    const entry = (trackable[type] ??= { bar: [], value: [] });
    entry.bar ??= [];
    if (!entry.bar.includes("derived.atem")) entry.bar.push("derived.atem");
  }
}
