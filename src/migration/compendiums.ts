// Unlocked compendiums (issue 37): offered to the GM after the world migrated, never forced. A world's or a module's
// Flex pack of actors or items that the GM has unlocked is migrated as the world is (the same pure migrations, one
// updateDocuments per pack, and one per actor for its items and effects); the system's own packs ship with each
// version and are never written. A document a migration throws on is left as it was and named.
import { migrationsBetween } from "./registry";
import type { Migration, Source, WorldSources } from "./types";
import { sourceUpdate } from "./source-diff";

type Pack = CompendiumCollection<CompendiumCollection.DocumentName>;

/** The packs a GM may migrate: unlocked, of actors or items, a world's or a module's, for Flex. */
export function migratablePacks(): Pack[] {
  return (game.packs!.contents as Pack[]).filter((pack) => {
    const meta = pack.metadata as { packageType?: string; system?: string | string[] };
    const forFlex = meta.system === undefined || meta.system === game.system!.id || (Array.isArray(meta.system) && meta.system.includes(game.system!.id));
    return !pack.locked && (pack.documentName === "Actor" || pack.documentName === "Item") && meta.packageType !== "system" && forFlex;
  });
}

const plain = (doc: { toObject(): unknown }): Source => JSON.parse(JSON.stringify(doc.toObject())) as Source;

/** The update of one document's own fields (its embedded collections are written apart), or null when it stays. */
function ownUpdate(kind: "actor" | "item" | "effect", source: Source, due: readonly Migration[], world: WorldSources): Source | null {
  let after = source;
  for (const m of due) {
    const step = m[kind];
    if (step) after = step.call(m, after, world);
  }
  const { items: _i, effects: _e, ...before } = source;
  const { items: _ni, effects: _ne, ...next } = after;
  void [_i, _e, _ni, _ne];
  const update = sourceUpdate(before, next);
  return Object.keys(update).length ? { ...update, _id: source._id } : null;
}

/** Migrates one pack; returns the names of the documents left as they were. */
async function migratePack(pack: Pack, due: readonly Migration[], world: WorldSources): Promise<{ migrated: number; failed: string[] }> {
  const failed: string[] = [];
  let migrated = 0;
  const docs = (await pack.getDocuments()) as (Actor.Implementation | Item.Implementation)[];
  const own: Source[] = [];
  const embedded: { parent: Actor.Implementation; items: Source[]; effects: Source[] }[] = [];
  for (const doc of docs) {
    try {
      const update = ownUpdate(doc.documentName === "Actor" ? "actor" : "item", plain(doc), due, world);
      if (update) own.push(update);
      if (doc instanceof Actor) {
        const items = doc.items.contents.map((i) => ownUpdate("item", plain(i), due, world)).filter((u): u is Source => !!u);
        const effects = doc.effects.contents.map((e) => ownUpdate("effect", plain(e), due, world)).filter((u): u is Source => !!u);
        if (items.length || effects.length) embedded.push({ parent: doc, items, effects });
      }
    } catch (err) {
      console.error(`Flex | the migration left ${doc.name} in ${pack.collection} as it was`, err);
      failed.push(`${pack.title}: ${doc.name}`);
    }
  }
  const options = { pack: pack.collection };
  if (own.length && pack.documentName === "Actor") await Actor.updateDocuments(own, options);
  else if (own.length) await Item.updateDocuments(own, options);
  migrated += own.length;
  for (const { parent, items, effects } of embedded) {
    // The pack actor's own items and effects: written through it, so into its pack.
    if (items.length) await parent.updateEmbeddedDocuments("Item", items);
    if (effects.length) await parent.updateEmbeddedDocuments("ActiveEffect", effects);
    migrated += items.length + effects.length;
  }
  return { migrated, failed };
}

/** Migrates the given packs (default: every one the GM may) from `from` to this version; the GM is told the outcome. */
export async function migrateCompendiums({ packs = migratablePacks(), from = "0.0.0" }: { packs?: Pack[]; from?: string } = {}): Promise<{ migrated: number; failed: string[] }> {
  if (!game.user?.isGM) return { migrated: 0, failed: [] };
  const due = migrationsBetween(from, game.system!.version);
  // A pack's copy of a world actor keeps the marks of the world's cards: they are looked up in the world's chat.
  const world = { messages: (game.messages!.contents as ChatMessage.Implementation[]).map(plain) };
  const total = { migrated: 0, failed: [] as string[] };
  for (const pack of packs) {
    try {
      const { migrated, failed } = await migratePack(pack, due, world);
      total.migrated += migrated;
      total.failed.push(...failed);
    } catch (err) {
      console.error(`Flex | the migration of ${pack.collection} failed`, err);
      total.failed.push(pack.title);
    }
  }
  const i18n = game.i18n!;
  if (total.failed.length) ui.notifications?.error(i18n.format("FLEX.Migration.PacksWithFailures", { names: total.failed.join(", ") }), { permanent: true });
  else ui.notifications?.info(i18n.format("FLEX.Migration.PacksDone", { n: String(packs.length) }));
  return total;
}

/** After the world migrated: asks the GM whether to migrate the unlocked packs too (none: nothing is asked). */
export async function offerCompendiums(from: string): Promise<boolean> {
  const packs = migratablePacks();
  if (!packs.length || !game.user?.isGM) return false;
  const i18n = game.i18n!;
  const list = packs.map((p) => `<li>${foundry.utils.escapeHTML(p.title)}</li>`).join("");
  const answer: unknown = await foundry.applications.api.DialogV2.confirm({ classes: ["flex"], id: "flex-migrate-compendiums", window: { title: i18n.localize("FLEX.Migration.PacksTitle") }, content: `<p>${foundry.utils.escapeHTML(i18n.localize("FLEX.Migration.PacksQuestion"))}</p><ul>${list}</ul>`, rejectClose: false });
  if (answer !== true) return false;
  await migrateCompendiums({ packs, from });
  return true;
}
