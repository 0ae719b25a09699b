// The self-test's Token Action HUD scenario (issue 34, scope 7), added when TAH Core is active: the HUD of a character
// offers its talent, and a click on it rolls the same check card the sheet rolls.
import { expectThat, registerSelfTestScenario } from "../../automation/selftest";
import type { Scenario } from "../../automation/selftest";
import { runHudAction } from "./actions";
import { hudGroups } from "./model";

export const HUD_SCENARIO: Scenario = {
  id: "tokenActionHud",
  async run(ctx) {
    // The talent in the creation data, so a world's general talents (R-CORE-3) do not come first.
    const actor = await ctx.actor({ name: "Alrik", type: "character", system: { attributes: { kk: 8 }, leben: { value: 30, max: 30 } }, items: [{ name: "Athletik", type: "talent", system: { attribut: "kk", uebungswert: 3 } }] });
    const talent = actor.items.getName("Athletik");
    await ctx.token(actor, 0);
    const action = hudGroups(actor).flatMap((g) => g.actions).find((a) => a.encodedValue === `talent|${talent!.id}`);
    expectThat(action, "NoHudAction", { name: talent!.name });
    const outcome = (await runHudAction(action.encodedValue, { actor, actors: [actor], event: null, rightClick: false, fastForward: true, rollMode: "selfroll" })) as { message?: unknown } | null;
    expectThat(outcome?.message, "NoHudCard", { name: talent!.name });
  },
};

export const registerHudScenario = () => registerSelfTestScenario(HUD_SCENARIO);
