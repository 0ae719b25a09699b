// The system's packs in the world's language, wired into Foundry: documents built from a locked pack are translated
// (documents/*: pack-i18n.ts), the index is shown translated whenever it is built (pack-index.ts), and nothing
// translated leaves the pack: an import drops every translation, and a translated document is never written back.
import { isTranslatedInstance, withoutPackTranslations } from "./pack-i18n";
import { keepIndexShown, noteLocks, onLocksChanged, registerIndexFields } from "./pack-index";
import type { PackLike } from "./pack-index";

interface Built {
  _source: Record<string, unknown>;
  updateSource(changes: Record<string, unknown>): unknown;
  name?: string | null;
}
interface Holder extends Built {
  items?: Iterable<Built>;
  pages?: Iterable<Built>;
}

/** The document kinds of the system's packs, and the kinds they hold. */
const PACK_DOCUMENTS = ["Actor", "Item", "JournalEntry", "Macro"] as const;
const WRITTEN = [...PACK_DOCUMENTS, "JournalEntryPage"] as const;

const systemPacks = (): PackLike[] => [...((game as unknown as { packs?: Iterable<PackLike> }).packs ?? [])];

/** A document created in the world from a pack's leaves its translations and those of what it holds behind. */
function dropTranslations(doc: Holder): void {
  const own = withoutPackTranslations(doc._source);
  if (own) doc.updateSource(own);
  // An actor's items and a journal's pages come along in its source, built before this hook.
  for (const child of [...(doc.items ?? []), ...(doc.pages ?? [])]) {
    const changes = withoutPackTranslations(child._source);
    if (changes) child.updateSource(changes);
  }
}

/**
 * Whether a write of this document is refused: one built translated would write its language into the German pack.
 * Says what to do instead. The documents call it before core looks the document up (it may have left the pack's cache
 * when the lock changed); the preUpdate hooks catch what they hold (a creature's attacks, a journal's pages).
 */
export function refusedTranslatedWrite(doc: { name?: string | null; parent?: unknown }): boolean {
  if (!isTranslatedInstance(doc)) return false;
  ui.notifications?.warn(game.i18n!.format("FLEX.Compendium.TranslatedNotWritten", { name: doc.name ?? "" }));
  return true;
}

/** Shows every system pack's index translated from now on, as the packs are now. */
function keepPacksShown(): void {
  const packs = systemPacks();
  for (const pack of packs) keepIndexShown(pack);
  noteLocks(packs);
}

/** The compendium sidebar lists the packs anew. */
const renderSidebar = () => void ui.compendium?.render();

/** At init. */
export function registerPackI18n(): void {
  registerIndexFields();
  for (const name of PACK_DOCUMENTS) Hooks.on(`preCreate${name}` as "preCreateItem", (doc: Holder) => dropTranslations(doc));
  for (const name of WRITTEN) Hooks.on(`preUpdate${name}` as "preUpdateItem", (doc: Built) => (refusedTranslatedWrite(doc) ? false : undefined));
  // The packs exist by setup; their index is (re)built from then on, and is shown as it is at ready.
  Hooks.once("setup", keepPacksShown);
  Hooks.once("ready", () => {
    keepPacksShown();
    renderSidebar();
  });
  // A pack's lock lives in this world setting; every client hears it change.
  const onSetting = (setting: Setting.Implementation) => {
    if (setting?.key === "core.compendiumConfiguration" && onLocksChanged(systemPacks())) renderSidebar();
  };
  Hooks.on("createSetting", onSetting);
  Hooks.on("updateSetting", onSetting);
}
