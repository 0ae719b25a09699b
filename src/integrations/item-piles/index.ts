// Item Piles (issue 34, scope 3): Flex's profile registered with Item Piles 3.3.x when it is ready (config.ts), its
// piles made as loot actors (no talents; a character pile loses its untouched general talents: pile-talents.ts), locked gear refused (guards.ts), and the profile registered again, newer,
// when the currency's label changes. Without Item Piles its hook never fires and nothing here runs.
import { currencyLabel } from "../../helpers/settings";
import { onceModuleHook } from "../module-hooks";
import { itemPilesProfile } from "./config";
import { registerItemPilesGuards } from "./guards";
import { registerPileTalents } from "./pile-talents";
import { registerItemPilesScenario } from "./selftest";
import type { ItemPilesTransferApi } from "./selftest";

/** Item Piles' API as far as Flex calls it (src/API/api.js). */
interface ItemPilesApi extends Partial<ItemPilesTransferApi> {
  addSystemIntegration(data: Record<string, unknown>, version?: string): unknown;
}

/** game.itempiles, which Item Piles sets at init; absent without it. */
function itemPilesApi(): ItemPilesApi | null {
  const api = (Reflect.get(game, "itempiles") as { API?: Partial<ItemPilesApi> } | undefined)?.API;
  return typeof api?.addSystemIntegration === "function" ? (api as ItemPilesApi) : null;
}

const REVISION = "itemPilesRevision" as const;

function revision(): number {
  try {
    return Number(game.settings!.get("flex", REVISION)) || 0;
  } catch {
    return 0;
  }
}

/** Registers Flex's profile with Item Piles (again); false when Item Piles is not there. */
export function registerProfile(): boolean {
  const api = itemPilesApi();
  if (!api) return false;
  api.addSystemIntegration(itemPilesProfile({ currency: currencyLabel(), currencyName: game.i18n!.localize("FLEX.ItemPiles.Currency"), revision: revision() }), "latest");
  return true;
}

/** The currency's label changed: the active GM raises the revision, so Item Piles takes the new abbreviation. */
async function onCurrencyLabel(): Promise<void> {
  if (!itemPilesApi() || !game.users?.activeGM?.isSelf) return;
  await game.settings!.set("flex", REVISION, revision() + 1);
  registerProfile();
}

export function registerItemPiles(): void {
  game.settings!.register("flex", REVISION, { scope: "world", config: false, type: Number, default: 0 });
  onceModuleHook("item-piles-ready", () => {
    registerProfile();
    registerItemPilesGuards();
    registerPileTalents();
    registerItemPilesScenario(() => {
      const api = itemPilesApi();
      return typeof api?.transferItems === "function" && typeof api.transferAttributes === "function" ? (api as ItemPilesTransferApi) : null;
    });
  });
  Hooks.on("updateSetting", (setting) => {
    if ((setting as { key?: string }).key === "flex.currencyLabel") void onCurrencyLabel();
  });
}
