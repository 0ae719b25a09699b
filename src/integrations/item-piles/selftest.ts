// The self-test's Item Piles scenario (issue 34, scope 7), added when Item Piles is ready: 5 ¥ and one of two potions
// go from a character to a loot actor through Item Piles' own API (api.js transferItems and transferAttributes, which
// its trade and pile windows use), and both sides show it.
import { expectThat, registerSelfTestScenario, SelfTestFailure } from "../../automation/selftest";
import type { Scenario } from "../../automation/selftest";

/** Item Piles' API as far as the scenario calls it (src/API/api.js, 3.3.x). */
export interface ItemPilesTransferApi {
  transferItems(source: Actor.Implementation, target: Actor.Implementation, items: { _id: string; quantity: number }[]): Promise<unknown>;
  transferAttributes(source: Actor.Implementation, target: Actor.Implementation, attributes: Record<string, number>): Promise<unknown>;
}

const geld = (actor: Actor.Implementation) => Number((actor.system as { geld?: unknown }).geld) || 0;
const menge = (actor: Actor.Implementation, name: string) => Number((actor.items.getName(name)?.system as { menge?: unknown } | undefined)?.menge) || 0;

export function itemPilesScenario(api: () => ItemPilesTransferApi | null): Scenario {
  return {
    id: "itemPiles",
    async run(ctx) {
      const transfer = api();
      expectThat(transfer, "NoItemPilesApi");
      const hero = await ctx.actor({ name: "Alrik", type: "character", system: { geld: 10 } });
      const pile = await ctx.actor({ name: "Beute", type: "loot" });
      const [potion] = (await hero.createEmbeddedDocuments("Item", [{ name: "Heiltrank", type: "alchemical", system: { menge: 2, preis: 5 } }])) as Item.Implementation[];
      await transfer.transferItems(hero, pile, [{ _id: potion!.id!, quantity: 1 }]);
      await transfer.transferAttributes(hero, pile, { "system.geld": 5 });
      const moved = () => geld(hero) === 5 && geld(pile) === 5 && menge(hero, potion!.name) === 1 && menge(pile, potion!.name) === 1;
      const state = () => ({ from: `${geld(hero)} ¥, ${menge(hero, potion!.name)} × ${potion!.name}`, to: `${geld(pile)} ¥, ${menge(pile, potion!.name)} × ${potion!.name}` });
      await ctx.until(moved, new SelfTestFailure("FLEX.SelfTest.Expect.NotTransferred", state()));
    },
  };
}

export const registerItemPilesScenario = (api: () => ItemPilesTransferApi | null) => registerSelfTestScenario(itemPilesScenario(api));
