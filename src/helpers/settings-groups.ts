// The system's settings in three groups with a heading each (G-2). Core v13 lists a system's settings flat, in the
// order they were registered; the settings window is reordered at render into these groups, each under its heading.

/** The groups in the order a GM reads them, each with its settings (keys without the "flex." namespace). */
export const SETTING_GROUPS = [
  { id: "combat", keys: ["damageApply", "creatureValues", "creatureDefence", "krSeconds", "fallAutomatic", "fallRoller", "fallAutoApply"] },
  { id: "rest", keys: ["restFluss", "restGunst", "restFullRestCare", "restNoRestClock", "restLessonsByTime", "restAnswerSeconds", "trainingAdvancesTime", "playersAdvanceTime", "harvestYield"] },
  { id: "world", keys: ["currencyLabel", "starterTalents", "polymorphRenameToken"] },
] as const;

export type SettingGroupId = (typeof SETTING_GROUPS)[number]["id"];

/** The group a setting belongs to; a setting no group names goes with the last (world and display). */
export function settingGroupOf(key: string): SettingGroupId {
  return SETTING_GROUPS.find((g) => (g.keys as readonly string[]).includes(key))?.id ?? "world";
}

/** Keys in group order, each group's in its listed order, unknown keys last in their registration order. */
export function groupedSettingKeys(keys: readonly string[]): { id: SettingGroupId; keys: string[] }[] {
  return SETTING_GROUPS.map((g) => {
    const listed = (g.keys as readonly string[]).filter((k) => keys.includes(k));
    const extra = g.id === "world" ? keys.filter((k) => !SETTING_GROUPS.some((x) => (x.keys as readonly string[]).includes(k))) : [];
    return { id: g.id, keys: [...listed, ...extra] };
  }).filter((g) => g.keys.length);
}

/** Reorders Flex's rows of the settings window into the groups, a heading before each. */
export function groupSettingsWindow(root: HTMLElement): void {
  if (root.querySelector(".flex-settings-heading")) return;
  const rows = new Map<string, Element>();
  for (const input of root.querySelectorAll('[name^="flex."]')) {
    const row = input.closest(".form-group");
    const key = input.getAttribute("name")!.slice(5);
    if (row && !rows.has(key)) rows.set(key, row);
  }
  const first = [...rows.values()][0];
  if (!first) return;
  // Each heading goes where the group starts, its rows moved (not copied: core's listeners stay) after it in order.
  let cursor: Element = first;
  let where: InsertPosition = "beforebegin";
  for (const group of groupedSettingKeys([...rows.keys()])) {
    const text = foundry.utils.escapeHTML(game.i18n!.localize(`FLEX.Setting.Group.${group.id}`));
    cursor.insertAdjacentHTML(where, `<h4 class="flex-settings-heading" data-group="${group.id}">${text}</h4>`);
    cursor = root.querySelector(`.flex-settings-heading[data-group="${group.id}"]`)!;
    where = "afterend";
    for (const key of group.keys) {
      const row = rows.get(key)!;
      cursor.insertAdjacentElement("afterend", row);
      cursor = row;
    }
  }
}

const isElement = (html: unknown): html is HTMLElement => typeof (html as { querySelectorAll?: unknown } | null)?.querySelectorAll === "function";

/** At each render of core's settings window: Flex's settings in their groups. */
export function registerSettingGroups(): void {
  Hooks.on("renderSettingsConfig", (_app: unknown, html: unknown) => {
    if (isElement(html)) groupSettingsWindow(html);
  });
}
