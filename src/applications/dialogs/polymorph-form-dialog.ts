// R-POLY-1 from the token HUD or the Effekte tab: switching *verwandelt* on asks which creature the character
// becomes. The choice: the world's creatures the user may see, then those of the system's creature packs
// (Bestiarium, Begleiter), each under its heading; the transformation itself is polymorph.transform's.
import { polymorph } from "../../automation/polymorph";
import { indexEntryName } from "../../helpers/pack-index";
import { stufeText } from "../../helpers/units";

export const POLYMORPH_FORM_TEMPLATE = "systems/flex/templates/dialogs/polymorph-form.hbs";

interface FormChoice {
  uuid: string;
  name: string;
  stufe: string;
}
export interface FormGroup {
  label: string;
  forms: FormChoice[];
}

type IndexEntry = Record<string, unknown> & { _id?: string; uuid?: string; type?: string; system?: { stufe?: unknown } };
type PackLike = { collection: string; documentName?: string; title?: string; metadata?: { label?: string; type?: string }; index: Iterable<IndexEntry> };

const byName = (a: FormChoice, b: FormChoice) => a.name.localeCompare(b.name, game.i18n!.lang);
const stufeOf = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? game.i18n!.format("FLEX.Polymorph.Pick.Stufe", { n: stufeText(value) }) : "");

/** The creatures this user may become: the world's (observer or more), then each creature pack of the system. */
export function formChoices(user: User.Implementation): FormGroup[] {
  const groups: FormGroup[] = [];
  const world = ((game.actors?.contents ?? []) as Actor.Implementation[])
    .filter((a) => a.type === "creature" && a.testUserPermission(user, "OBSERVER"))
    .map((a) => ({ uuid: a.uuid, name: a.name, stufe: stufeOf((a.system as { stufe?: unknown }).stufe) }))
    .sort(byName);
  if (world.length) groups.push({ label: game.i18n!.localize("FLEX.Polymorph.Pick.World"), forms: world });
  const packs = (game as unknown as { packs?: Iterable<PackLike> }).packs ?? [];
  for (const pack of packs) {
    const type = pack.documentName ?? pack.metadata?.type;
    if (type !== "Actor" || !pack.collection.startsWith("flex.")) continue;
    // Stufe is indexed from the start (helpers/pack-index.ts); the names go through the pack's translation.
    const forms = [...pack.index]
      .filter((e) => e.type === "creature" && e._id && e.name)
      .map((e) => ({ uuid: e.uuid ?? `Compendium.${pack.collection}.Actor.${e._id}`, name: indexEntryName(pack.collection, e), stufe: stufeOf(e.system?.stufe) }))
      .sort(byName);
    // The pack's title is its label in the client's language (system.json names a language key).
    if (forms.length) groups.push({ label: pack.title ?? game.i18n!.localize(pack.metadata?.label ?? pack.collection), forms });
  }
  return groups;
}

/** Asks which creature `actor` becomes and transforms it; nothing when the dialog is closed or nothing is to be had. */
export async function pickPolymorphForm(actor: Actor.Implementation): Promise<unknown> {
  const groups = formChoices(game.user!);
  if (!groups.length) {
    ui.notifications?.warn(game.i18n!.localize("FLEX.Polymorph.StatusHint"));
    return null;
  }
  const content = await foundry.applications.handlebars.renderTemplate(POLYMORPH_FORM_TEMPLATE, { name: actor.name, groups });
  const data: { form?: unknown } | null = await foundry.applications.api.DialogV2.input({
    window: { title: game.i18n!.format("FLEX.Polymorph.Pick.Title", { name: actor.name }) },
    content,
    ok: { label: game.i18n!.localize("FLEX.Polymorph.Pick.Button"), icon: "fa-solid fa-paw" },
  });
  const uuid = typeof data?.form === "string" ? data.form : "";
  const offered = groups.some((g) => g.forms.some((f) => f.uuid === uuid));
  return offered ? polymorph.transform(actor, uuid) : null;
}
