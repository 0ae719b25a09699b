// The Flex self-test (a GM's settings button, or game.flex.selfTest()): the system's key scenarios played in the world
// it is installed in (scenarios.ts), on a temporary scene with temporary actors that are deleted afterwards (run.ts),
// reported on one card whispered to the GM (card.ts). With other modules installed, a GM sees in a minute what works in
// their world; a failed scenario's card is a bug report: its buttons copy it as text (report-text.ts) or run the
// self-test again (card-buttons.ts).
import { clientLocal } from "../../helpers/client-local";
import { postSelfTestCard } from "./card";
import { wireSelfTestCard } from "./card-buttons";
import { runScenarios } from "./run";
import type { SelfTestReport } from "./run";
import { selfTestScenarios } from "./scenarios";
import type { Scenario } from "./scenarios";

export type { SelfTestReport, ScenarioResult } from "./run";
export type { Scenario, SelfTestContext } from "./scenarios";
export { SCENARIOS, SelfTestFailure, expectThat, registerSelfTestScenario, selfTestScenarios } from "./scenarios";
export { selfTestCardData, SELFTEST_CARD } from "./card";
export { selfTestReportText } from "./report-text";

// Whether this client runs the self-test now (one at a time).
const state = clientLocal("selftest.state", () => ({ running: false }));

/** Runs the self-test (a GM only, one at a time) and whispers its card; null when it could not run. */
export async function selfTest({ scenarios = selfTestScenarios() }: { scenarios?: readonly Scenario[] } = {}): Promise<SelfTestReport | null> {
  if (!game.user?.isGM) {
    ui.notifications?.warn(game.i18n!.localize("FLEX.SelfTest.GMOnly"));
    return null;
  }
  if (state().running) {
    ui.notifications?.warn(game.i18n!.localize("FLEX.SelfTest.Busy"));
    return null;
  }
  state().running = true;
  try {
    ui.notifications?.info(game.i18n!.localize("FLEX.SelfTest.Running"));
    const report = await runScenarios(scenarios);
    await postSelfTestCard(report);
    return report;
  } finally {
    state().running = false;
  }
}

/** At init: the buttons of the self-test's card on every client that draws one (a GM's only). */
export function registerSelfTestCard(): void {
  Hooks.on("renderChatMessageHTML", (message: ChatMessage.Implementation, html: HTMLElement) => wireSelfTestCard(message, html, () => selfTest()));
}
