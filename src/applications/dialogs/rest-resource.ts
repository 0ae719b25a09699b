// The details of a `resource` item on the item sheet: which of the seed's resources it is and how each rest
// type recharges it (RULES.md §11, Decision "Flex pools on rest"); choosing a kind fills in its preset.
import { RECHARGES, RESOURCE_KINDS, RESOURCE_PRESETS, REST_TYPES } from "../../rules";
import type { ResourceKind } from "../../rules";
import { registerItemDetails } from "../sheets/item-sheet";

const labels = (keys: readonly string[], prefix: string) => Object.fromEntries(keys.map((k) => [k, `${prefix}.${k}`]));

export function registerRestResourceDetails(): void {
  registerItemDetails("resource", {
    context: () => ({
      kinds: labels(RESOURCE_KINDS, "FLEX.Item.resource.Art"),
      recharges: labels(RECHARGES, "FLEX.Item.resource.Recharge"),
      restTypes: REST_TYPES.map((t) => ({ type: t, label: `FLEX.Rest.Type.${t}`, name: `system.aufladung.${t}` })),
    }),
    actions: {
      // "Preset": the kind's recharge rules from rules/rest.ts.
      preset: async (item) => {
        const kind = (item.system as { art?: unknown }).art;
        if (!(RESOURCE_KINDS as readonly unknown[]).includes(kind)) return;
        await item.update({ system: { aufladung: { ...RESOURCE_PRESETS[kind as ResourceKind] } } });
      },
    },
  });
}
