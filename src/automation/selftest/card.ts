// The self-test's report card, whispered to the GM who ran it: each scenario passed or failed with why, what could not
// be cleaned up, and what a bug report needs (the Foundry and system versions, the active modules).
import type { SelfTestReport } from "./run";

export const SELFTEST_CARD = "systems/flex/templates/chat/selftest-card.hbs";

export interface Environment {
  foundry: string;
  system: string;
  modules: string;
}

/** The active modules of this world, each with its version. */
export function activeModules(): string[] {
  return [...(game.modules?.values() ?? [])].filter((m) => m.active).map((m) => `${m.id} ${m.version ?? ""}`.trim());
}

/** The versions and active modules of this world. */
export function environment(): Environment {
  const modules = activeModules();
  return {
    foundry: game.release?.version ?? game.version ?? "?",
    system: game.system?.version ?? "?",
    modules: modules.length ? modules.join(", ") : game.i18n!.localize("FLEX.SelfTest.NoModules"),
  };
}

/** Where a GM reports a failure: the system's bug tracker, else its project page. */
function reportUrl(): string {
  const system = game.system as { bugs?: string; url?: string } | undefined;
  return system?.bugs || system?.url || "";
}

/** The next steps after a failure: the modules that might interfere, then where to report (G-1). */
function nextSteps(): string[] {
  const i18n = game.i18n!;
  const modules = activeModules();
  return [
    modules.length ? i18n.format("FLEX.SelfTest.StepModules", { modules: modules.join(", ") }) : i18n.localize("FLEX.SelfTest.StepNoModules"),
    i18n.format("FLEX.SelfTest.StepReport", { url: reportUrl() }),
  ];
}

/** The card's data: the scenarios in order, each with its name, outcome and why. */
export function selfTestCardData(report: SelfTestReport): Record<string, unknown> {
  const i18n = game.i18n!;
  // A thrown error is no sentence for the GM: a translated line, the raw text folded away for a bug report.
  const results = report.results.map((r) => ({
    name: i18n.localize(`FLEX.SelfTest.Scenario.${r.id}`),
    passed: r.passed,
    why: !r.failure ? "" : "key" in r.failure ? i18n.format(r.failure.key, r.failure.data) : i18n.localize("FLEX.SelfTest.Unexpected"),
    technical: r.failure && "text" in r.failure ? r.failure.text : "",
    affects: r.passed ? "" : i18n.localize(`FLEX.SelfTest.Affects.${r.id}`),
  }));
  const passed = results.filter((r) => r.passed).length;
  return {
    title: i18n.localize("FLEX.SelfTest.Title"),
    summary: i18n.format("FLEX.SelfTest.Summary", { passed: String(passed), total: String(results.length) }),
    allPassed: passed === results.length,
    results,
    technicalLabel: i18n.localize("FLEX.SelfTest.Technical"),
    whatToDo: i18n.localize("FLEX.SelfTest.WhatToDo"),
    steps: passed === results.length ? [] : nextSteps(),
    notCovered: i18n.localize("FLEX.SelfTest.NotCovered"),
    leftovers: report.leftovers.length ? i18n.format("FLEX.SelfTest.Leftovers", { names: report.leftovers.join(", ") }) : "",
    cleaned: i18n.localize("FLEX.SelfTest.Cleaned"),
    environment: i18n.format("FLEX.SelfTest.Environment", { ...environment() }),
    // G-1: a failed run offers the GM its report to copy and a second run (wired per client: selftest/card-buttons.ts).
    copyLabel: i18n.localize("FLEX.SelfTest.Copy"),
    rerunLabel: i18n.localize("FLEX.SelfTest.Rerun"),
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
