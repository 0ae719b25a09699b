// R-POLY-1 from the token HUD or the Effekte tab: switching *verwandelt* on asks which creature the character
// becomes. The question is the compendium browser's select mode on its Kreaturen tab (issue 26): the world's creatures
// the user may see and those of every Flex pack open to them, with the browser's filters; the transformation itself
// is polymorph.transform's, which checks the form again (mayUseForm).
import { pick } from "../browser";
import { polymorph } from "../../automation/polymorph";

/** What the picker offers: the creatures tab only, the world's creatures the user observes, the packs open to them. */
export function formPickerOptions(actor: Actor.Implementation) {
  const i18n = game.i18n!;
  return {
    tabs: ["creatures" as const],
    world: "OBSERVER" as const,
    select: { title: i18n.format("FLEX.Polymorph.Pick.Title", { name: actor.name }), button: "FLEX.Polymorph.Pick.Button", icon: "fa-solid fa-paw", empty: "FLEX.Polymorph.StatusHint" },
  };
}

/** Asks which creature `actor` becomes and transforms it; nothing when the picker is closed or nothing is to be had. */
export async function pickPolymorphForm(actor: Actor.Implementation): Promise<unknown> {
  const [uuid] = await pick(formPickerOptions(actor));
  return uuid ? polymorph.transform(actor, uuid) : null;
}
