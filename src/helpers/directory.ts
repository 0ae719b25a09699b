// A GM button in the Actors sidebar that opens the end-of-day dialog.
export function registerActorDirectoryButtons(openEndOfDay: () => Promise<void>): void {
  Hooks.on("renderActorDirectory", (_app: unknown, html: HTMLElement) => {
    if (!game.user?.isGM || html.querySelector(".flex-end-of-day")) return;
    const button = document.createElement("button");
    button.type = "button";
    button.className = "flex-end-of-day";
    button.innerHTML = `<i class="fa-solid fa-moon" inert></i> ${game.i18n!.localize("FLEX.EndOfDay.Button")}`;
    button.addEventListener("click", () => void openEndOfDay());
    html.querySelector(".header-actions")?.append(button);
  });
}

/** A GM button in the Actors sidebar that opens the rest dialog (RULES.md §11). */
export function registerRestDirectoryButton(openRest: () => Promise<unknown>): void {
  Hooks.on("renderActorDirectory", (_app: unknown, html: HTMLElement) => {
    if (!game.user?.isGM || html.querySelector(".flex-rest")) return;
    const button = document.createElement("button");
    button.type = "button";
    button.className = "flex-rest";
    button.innerHTML = `<i class="fa-solid fa-campground" inert></i> ${game.i18n!.localize("FLEX.Rest.Button")}`;
    button.addEventListener("click", () => void openRest());
    html.querySelector(".header-actions")?.append(button);
  });
}
