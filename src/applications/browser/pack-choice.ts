// The GM's choice of the packs the browser reads (the world setting browserPacks): every Actor and Item pack of this
// system, on unless switched off, so a new module's pack is read from the start.
import { BROWSER_PACKS_SETTING, flexPacks, packRead } from "./sources";

export const PACK_CHOICE_TEMPLATE = "systems/flex/templates/browser/pack-choice.hbs";

/** Asks which packs the browser reads and stores the answer; whether anything changed. */
export async function configureBrowserPacks(): Promise<boolean> {
  if (!game.user?.isGM) return false;
  const packs = flexPacks().map((pack, index) => ({ index, collection: pack.collection, label: pack.title ?? pack.collection, read: packRead(pack.collection) }));
  const content = await foundry.applications.handlebars.renderTemplate(PACK_CHOICE_TEMPLATE, { packs });
  const data: Record<string, unknown> | null = await foundry.applications.api.DialogV2.input({
    classes: ["flex"],
    window: { title: game.i18n!.localize("FLEX.Browser.Packs.Title") },
    content,
    ok: { label: game.i18n!.localize("FLEX.Browser.Packs.Save"), icon: "fa-solid fa-floppy-disk" },
  });
  if (!data) return false;
  const on = (v: unknown) => v === true || v === "true" || v === "on";
  const choice = Object.fromEntries(packs.filter((p) => !on(data[`pack${p.index}`])).map((p) => [p.collection, false]));
  await game.settings!.set("flex", BROWSER_PACKS_SETTING, choice);
  return true;
}
