// Gallery pages of the Flex self-test (issue 24 scope 7): its report card as the GM sees it after a run in which every
// scenario passed, and after one in which two failed (one with an unexpected error, one with a failed expectation), and the settings window that starts it. The runs are real: the same scenario module a GM's
// world runs, in the stand-in. gallery.ts calls `selfTestPages(add, ctx)` once per language.
import { renderTemplate } from "../harness/handlebars";
import { RULER_SCENARIO } from "../../src/applications/token-ruler";
import { SCENARIOS, SelfTestFailure, selfTest, selfTestScenarios } from "../../src/automation/selftest";
import type { Scenario } from "../../src/automation/selftest";
import { SELFTEST_MENU_TEMPLATE } from "../../src/applications/dialogs/selftest-menu";
import { as, messages, settle, type Clients } from "../harness";
import type { AddGalleryPage } from "./gallery-companions";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any

const escape = (s: string) => s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);
const chatItem = (m: Any) => `<li class="chat-message whisper"><header class="message-header">${escape(m.speaker?.alias ?? "")}</header><div class="message-content">${m.content}</div></li>`;
const chatLog = (items: string) => `<ol style="list-style:none;margin:0;padding:0.5rem;display:flex;flex-direction:column;gap:0.5rem">${items}</ol>`;

/** Runs the self-test as the GM and returns its card, quietly (it logs a failed scenario to the console on purpose). */
async function runCard(clients: Clients, scenarios = SCENARIOS): Promise<Any> {
  const error = console.error;
  console.error = () => {};
  try {
    await as(clients.gms[0], () => selfTest({ scenarios }));
    await settle();
  } finally {
    console.error = error;
  }
  return messages().findLast((m: Any) => m.flags?.flex?.selfTest);
}

export async function selfTestPages(add: AddGalleryPage, { clients }: { clients: Clients }): Promise<void> {
  const g = globalThis as Any;
  const i18n = g.game.i18n;
  // What a real world reports: its Foundry release and a module or two.
  const saved = { release: g.game.release, modules: g.game.modules };
  g.game.release = { version: "13.345" };
  g.game.modules = new Map([["dice-so-nice", { id: "dice-so-nice", active: true, version: "5.2.1" }], ["lib-wrapper", { id: "lib-wrapper", active: true, version: "1.13.2" }]]);
  try {
    // The world's date, and the ruler as core's canvas adds it (the stand-in has no TokenRuler).
    const passed = await runCard(clients, [...selfTestScenarios(), RULER_SCENARIO]);
    for (const theme of ["light", "dark"] as const) add("selftest-card", chatLog(chatItem(passed)), "chat", [], 340, 780, theme, i18n.localize("SIDEBAR.TabChat"));

    const broken: Scenario = { id: "riding", run: async () => { throw new TypeError("Cannot read properties of undefined (reading 'mount')"); } };
    const missed: Scenario = {
      id: "fall",
      async run(ctx) {
        await ctx.actor({ name: "Bela", type: "character" });
        throw new SelfTestFailure("FLEX.SelfTest.Expect.NoTarget", { name: "Wolf" });
      },
    };
    const scenarios = SCENARIOS.map((s) => (s.id === "riding" ? broken : s.id === "fall" ? missed : s));
    const failed = await runCard(clients, scenarios);
    for (const theme of ["light", "dark"] as const) add("selftest-card-failed", chatLog(chatItem(failed)), "chat", [], 340, 620, theme, i18n.localize("SIDEBAR.TabChat"));

    const menu = await renderTemplate(SELFTEST_MENU_TEMPLATE, {});
    for (const theme of ["light", "dark"] as const) add("selftest-menu", menu, "flex flex-selftest-menu", [], 420, 240, theme, i18n.localize("FLEX.SelfTest.Title"));
  } finally {
    Object.assign(g.game, saved);
  }
}
