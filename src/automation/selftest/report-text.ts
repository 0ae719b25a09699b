// G-1: the self-test's report as plain text for a bug report (the card's "Bericht kopieren"): the versions and modules,
// then each scenario with its id, its result and, when it failed, why in the GM's words and the raw error or key.
import { environment } from "./card";
import type { ScenarioResult, SelfTestReport } from "./run";

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);

/** The report a card's flags hold, or null when they hold none (another card, a damaged flag). */
export function reportOfCard(message: { flags?: unknown }): Pick<SelfTestReport, "results" | "leftovers"> | null {
  const flags = isObj(message.flags) ? message.flags : {};
  const own = isObj(flags.flex) && isObj(flags.flex.selfTest) ? flags.flex.selfTest : null;
  if (!own || !Array.isArray(own.results)) return null;
  const results = own.results.filter((r): r is ScenarioResult => isObj(r) && typeof r.id === "string");
  const leftovers = Array.isArray(own.leftovers) ? own.leftovers.map(String) : [];
  return { results, leftovers };
}

function failureLines(failure: ScenarioResult["failure"]): string[] {
  const i18n = game.i18n!;
  if (!failure) return [];
  if ("key" in failure) return [i18n.format(failure.key, failure.data ?? {}), `${failure.key} ${JSON.stringify(failure.data ?? {})}`];
  return [i18n.localize("FLEX.SelfTest.Unexpected"), String(failure.text)];
}

/** The plain-text report of a run. */
export function selfTestReportText(report: Pick<SelfTestReport, "results" | "leftovers">): string {
  const i18n = game.i18n!;
  const passed = report.results.filter((r) => r.passed).length;
  const lines = [
    `${i18n.localize("FLEX.SelfTest.Title")}: ${i18n.format("FLEX.SelfTest.Summary", { passed: String(passed), total: String(report.results.length) })}`,
    i18n.format("FLEX.SelfTest.Environment", { ...environment() }),
    "",
  ];
  for (const r of report.results) {
    const state = i18n.localize(r.passed ? "FLEX.SelfTest.Passed" : "FLEX.SelfTest.Failed");
    lines.push(`- ${i18n.localize(`FLEX.SelfTest.Scenario.${r.id}`)} [${r.id}]: ${state}`);
    for (const line of failureLines(r.failure)) lines.push(`    ${line}`);
  }
  if (report.leftovers.length) lines.push("", i18n.format("FLEX.SelfTest.Leftovers", { names: report.leftovers.join(", ") }));
  return lines.join("\n");
}
