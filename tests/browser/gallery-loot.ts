// Gallery pages for the loot actor (issue 34): a merchant's sheet with its ¥, its wares (Menge, price) and a description,
// and an empty pile as Item Piles makes it. gallery.ts calls `lootPages(add)` once per language; it deletes what it made.
import { LootSheet } from "../../src/applications/sheets/loot-sheet";
import { createActor, settle } from "../harness";
import { tr } from "./fixtures";
import type { AddGalleryPage } from "./gallery-companions";
import { sheetHtml } from "./sheet-page";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Adds "loot-merchant" (a merchant with wares) and "loot-empty" (a new pile), light and dark. */
export async function lootPages(add: AddGalleryPage): Promise<void> {
  const i18n = (globalThis as Any).game.i18n;
  const merchant = (await createActor({ name: tr("Kräutergarten am Hafen"), type: "loot", system: { geld: 1250, beschreibung: `<p>${i18n.localize("FLEX.Loot.Items")}: ${tr("Heiltrank")}, ${tr("Fackel")}, ${tr("Säbel")}.</p>` } })) as Any;
  await merchant.createEmbeddedDocuments("Item", [
    { name: tr("Heiltrank"), type: "alchemical", img: "icons/consumables/potions/potion-tube-corked-red.webp", system: { menge: 4, preis: 25 } },
    { name: tr("Fackel"), type: "equipment", img: "icons/sundries/lights/torch-brown.webp", system: { menge: 10, preis: 1 } },
    { name: tr("Säbel"), type: "weapon", img: "icons/weapons/swords/scimitar-guard-brown.webp", system: { preis: 40, schaden: "1W6+1" } },
    { name: tr("Heilerset der Feldscherin"), type: "equipment", img: "icons/tools/cooking/mortar-herbs-yellow.webp", system: { menge: 1, preis: 30, verbrauch: "ladung", ladungen: { value: 10, max: 10 } } },
  ]);
  const pile = (await createActor({ name: i18n.localize("TYPES.Actor.loot"), type: "loot" })) as Any;
  await settle();
  const full = await sheetHtml(LootSheet, merchant);
  const empty = await sheetHtml(LootSheet, pile);
  for (const theme of ["light", "dark"] as const) {
    add("loot-merchant", full.parts, full.classes, [], full.width, full.height, theme, merchant.name);
    add("loot-empty", empty.parts, empty.classes, [], empty.width, 420, theme, pile.name);
  }
  await merchant.delete();
  await pile.delete();
  await settle();
}
