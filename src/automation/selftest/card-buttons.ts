// G-1: the failed self-test card's buttons, on each client that draws it: "Bericht kopieren" puts the plain-text report
// on the clipboard (core's game.clipboard), "Erneut testen" runs the self-test again. A GM's only: on any other
// client the buttons are taken off the card.
import { reportOfCard, selfTestReportText } from "./report-text";

/** Wires the buttons of a self-test card; `rerun` is the self-test itself (index.ts, which imports this file). */
export function wireSelfTestCard(message: { flags?: unknown }, html: HTMLElement, rerun: () => Promise<unknown>): void {
  const buttons = html.querySelectorAll<HTMLButtonElement>("button[data-action^='flexSelfTest']");
  if (!buttons.length) return;
  const report = reportOfCard(message);
  if (!report || !game.user?.isGM) {
    for (const button of buttons) button.remove();
    return;
  }
  for (const button of buttons) {
    button.addEventListener("click", (event) => {
      event.preventDefault();
      button.disabled = true;
      const done = button.dataset.action === "flexSelfTestCopy" ? copyReport(report) : rerun();
      void done.finally(() => (button.disabled = false));
    });
  }
}

async function copyReport(report: NonNullable<ReturnType<typeof reportOfCard>>): Promise<void> {
  await game.clipboard!.copyPlainText(selfTestReportText(report));
  ui.notifications?.info(game.i18n!.localize("FLEX.SelfTest.Copied"));
}
