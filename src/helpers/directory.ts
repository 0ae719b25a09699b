// GM buttons in the Actors sidebar: end of day, rest and rewards (each opens its dialog).

/** Adds one GM button to the Actors sidebar's header actions, once per render. */
function directoryButton(className: string, icon: string, labelKey: string, open: () => Promise<unknown>): void {
  Hooks.on("renderActorDirectory", (_app: unknown, html: HTMLElement) => {
    if (!game.user?.isGM || html.querySelector(`.${className}`)) return;
    const label = foundry.utils.escapeHTML(game.i18n!.localize(labelKey));
    // Flex's GM buttons in a row of their own under core's (review B-19: mixed into core's row they wrapped
    // differently in every language). Built from markup on the directory's own element, so it works in any document
    // the sidebar lives in.
    if (!html.querySelector(".flex-directory-actions")) {
      const group = foundry.utils.escapeHTML(game.i18n!.localize("FLEX.Sheet.DirectoryGroup"));
      html.querySelector(".header-actions")?.insertAdjacentHTML("afterend", `<div class="header-actions action-buttons flexrow flex-directory-actions" role="group" aria-label="${group}"></div>`);
    }
    html.querySelector(".flex-directory-actions")?.insertAdjacentHTML("beforeend", `<button type="button" class="${className}"><i class="fa-solid ${icon}" inert></i> ${label}</button>`);
    html.querySelector(`.${className}`)?.addEventListener("click", () => void open());
  });
}

/** R-EXH-3: the end-of-day dialog. */
export function registerActorDirectoryButtons(openEndOfDay: () => Promise<void>): void {
  directoryButton("flex-end-of-day", "fa-moon", "FLEX.EndOfDay.Button", openEndOfDay);
}

/** RULES.md §11: the rest dialog. */
export function registerRestDirectoryButton(openRest: () => Promise<unknown>): void {
  directoryButton("flex-rest", "fa-campground", "FLEX.Rest.Button", openRest);
}

/** R-MONEY-1: the reward helper. */
export function registerRewardDirectoryButton(openRewards: () => Promise<unknown>): void {
  directoryButton("flex-rewards", "fa-coins", "FLEX.Making.Reward.Title", openRewards);
}
