// World settings of the system.
export function registerSettings(): void {
  game.settings!.register("flex", "currencyLabel", {
    name: "FLEX.Setting.currencyLabel.name",
    hint: "FLEX.Setting.currencyLabel.hint",
    scope: "world",
    config: true,
    type: String,
    default: "¥",
  });
}
