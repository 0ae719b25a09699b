// The self-test's report card, whispered to the GM who ran it: each scenario passed or failed with why, what could not
// be cleaned up, and what a bug report needs (the Foundry and system versions, the active modules).
import type { SelfTestReport } from "./run";

export const SELFTEST_CARD = "systems/flex/templates/chat/selftest-card.hbs";

interface Environment {
  foundry: string;
  system: string;
  modules: string;
}

/** The versions and active modules of this world. */
function environment(): Environment {
  const modules = [...(game.modules?.values() ?? [])].filter((m) => m.active).map((m) => `${m.id} ${m.version ?? ""}`.trim());
  return {
    foundry: game.release?.version ?? game.version ?? "?",
    system: game.system?.version ?? "?",
    modules: modules.length ? modules.join(", ") : game.i18n!.localize("FLEX.SelfTest.NoModules"),
  };
}

/** The card's data: the scenarios in order, each with its name, outcome and why. */
export function selfTestCardData(report: SelfTestReport): Record<string, unknown> {
  const i18n = game.i18n!;
  const results = report.results.map((r) => ({
    name: i18n.localize(`FLEX.SelfTest.Scenario.${r.id}`),
    passed: r.passed,
    why: !r.failure ? "" : "key" in r.failure ? i18n.format(r.failure.key, r.failure.data) : r.failure.text,
  }));
  const passed = results.filter((r) => r.passed).length;
  return {
    title: i18n.localize("FLEX.SelfTest.Title"),
    summary: i18n.format("FLEX.SelfTest.Summary", { passed: String(passed), total: String(results.length) }),
    allPassed: passed === results.length,
    results,
    leftovers: report.leftovers.length ? i18n.format("FLEX.SelfTest.Leftovers", { names: report.leftovers.join(", ") }) : "",
    cleaned: i18n.localize("FLEX.SelfTest.Cleaned"),
    environment: i18n.format("FLEX.SelfTest.Environment", { ...environment() }),
  };
}

/** Whispers the report to this user (a GM): one card. */
export async function postSelfTestCard(report: SelfTestReport): Promise<ChatMessage.Implementation | undefined> {
  const content = await foundry.applications.handlebars.renderTemplate(SELFTEST_CARD, selfTestCardData(report));
  return (await ChatMessage.create({
    content,
    whisper: [game.user!.id!],
    speaker: { alias: "Flex" },
    flags: { flex: { selfTest: { runId: report.runId, results: report.results, leftovers: report.leftovers } } },
  })) as ChatMessage.Implementation | undefined;
}
