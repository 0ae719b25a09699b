// The GM's settings button for the Flex self-test (automation/selftest): a window that says what the self-test does
// and starts it. Core opens it from the system's settings ("Selbsttest starten"); game.flex.selfTest() runs it directly.
import { selfTest } from "../../automation/selftest";

const { ApplicationV2, HandlebarsApplicationMixin } = foundry.applications.api;

export const SELFTEST_MENU_TEMPLATE = "systems/flex/templates/dialogs/selftest-menu.hbs";

export class SelfTestMenu extends HandlebarsApplicationMixin(ApplicationV2) {
  static override DEFAULT_OPTIONS = {
    id: "flex-selftest",
    classes: ["flex", "flex-selftest-menu"],
    window: { title: "FLEX.SelfTest.Title", icon: "fa-solid fa-stethoscope" },
    position: { width: 420, height: "auto" as const },
    actions: { start: SelfTestMenu.#onStart },
  };

  static override PARTS = { main: { template: SELFTEST_MENU_TEMPLATE } };

  /** Closes the window and runs the self-test; its card comes into the chat. */
  static async #onStart(this: SelfTestMenu): Promise<void> {
    await this.close();
    await selfTest();
  }
}

/** At init: the button in the system's settings, for GMs only. */
export function registerSelfTestMenu(): void {
  game.settings!.registerMenu("flex", "selfTest", {
    name: "FLEX.SelfTest.Menu.name",
    label: "FLEX.SelfTest.Menu.label",
    hint: "FLEX.SelfTest.Menu.hint",
    icon: "fa-solid fa-stethoscope",
    type: SelfTestMenu,
    restricted: true,
  });
}
