// A stand-in for the surface of Item Piles 3.3.x (fantasycalendar/FoundryVTT-ItemPiles, read, not copied; 3.3.4) that
// Flex touches:
// - src/module.js: `game.itempiles = { API, … }` at init; `item-piles-ready` after `ready`;
// - src/API/api.js addSystemIntegration: the documented validation of its data, restated below (types of each key,
//   ITEM_TRANSFORMER called with {} must return an object, PILE_DEFAULTS keys, currencies' shapes);
// - src/API/private-api.js _createItemPile: `Actor.create({ name, type: <ACTOR_CLASS_TYPE>, img })` first, then a
//   separate update with the pile's flags;
// - src/helpers/pile-utilities.js: an attribute currency is read with getProperty(actor, path) (from the actor's root);
// - docs/hooks.md: item-piles-preTransferItems(source, sourceUpdates, target, targetUpdates, interactionId) and the other
//   pre-hooks: a handler returning false interrupts the action.
// A transfer here does what Item Piles' does to the documents: the items (through ITEM_TRANSFORMER) onto the target,
// the quantity taken from the source (or the item deleted), the currency moved between the attribute paths.

type Obj = Record<string, unknown>;
type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
const g = globalThis as Any;

/** The keys CONSTANTS.PILE_DEFAULTS has in 3.3.x that a system profile may set (a subset: the ones Flex could use). */
const PILE_DEFAULT_KEYS = new Set(["enabled", "type", "distance", "macro", "deleteWhenEmpty", "canInspectItems", "displayItemTypes", "showItemName", "overrideItemFilters", "overrideCurrencies", "merchantColumns", "hideItemsWithZeroCost", "shareItemsEnabled", "shareCurrenciesEnabled"]);

function fail(message: string): never {
  throw new Error(`ItemPiles | addSystemIntegration | ${message}`);
}

/** api.js addSystemIntegration's checks, restated: throws as Item Piles does on data it refuses. */
export function validateSystemIntegration(data: Obj): void {
  const str = (key: string, optional = false) => {
    if (optional && !data[key]) return;
    if (typeof data[key] !== "string") fail(`data.${key} must be of type string`);
  };
  str("VERSION");
  str("ACTOR_CLASS_TYPE");
  for (const key of ["ITEM_CLASS_LOOT_TYPE", "ITEM_CLASS_WEAPON_TYPE", "ITEM_CLASS_EQUIPMENT_TYPE", "QUANTITY_FOR_PRICE_ATTRIBUTE"]) str(key, true);
  str("ITEM_QUANTITY_ATTRIBUTE");
  str("ITEM_PRICE_ATTRIBUTE");
  const filters = data.ITEM_FILTERS ?? [];
  if (!Array.isArray(filters)) fail("data.ITEM_FILTERS must be of type array");
  for (const f of filters as Obj[]) if (typeof f?.path !== "string" || typeof f?.filters !== "string") fail("each entry in data.ITEM_FILTERS must have string path and filters");
  for (const key of ["ITEM_TRANSFORMER", "PRICE_MODIFIER_TRANSFORMER"]) {
    const fn = data[key];
    if (!fn) continue;
    if (typeof fn !== "function") fail(`data.${key} must be of type function`);
    if (typeof (fn as (d: Obj) => unknown)({}) !== "object") fail(`data.${key}'s return value must be of type object`);
  }
  for (const key of ["SYSTEM_HOOKS", "SHEET_OVERRIDES"]) if (data[key] && typeof data[key] !== "function") fail(`data.${key} must be of type function`);
  const defaults = data.PILE_DEFAULTS ?? {};
  if (typeof defaults !== "object") fail("data.PILE_DEFAULTS must be of type object");
  for (const key of Object.keys(defaults as Obj)) if (!PILE_DEFAULT_KEYS.has(key)) fail(`data.PILE_DEFAULTS contains illegal key "${key}"`);
  if (typeof (data.TOKEN_FLAG_DEFAULTS ?? {}) !== "object") fail("data.TOKEN_FLAG_DEFAULTS must be of type object");
  const itemTypes = new Set(Object.keys(g.CONFIG.Item.dataModels ?? {}));
  for (const type of Object.keys((data.ITEM_TYPE_HANDLERS ?? {}) as Obj)) if (!itemTypes.has(type)) fail(`${type} is not a valid item type`);
  for (const key of ["ITEM_SIMILARITIES", "UNSTACKABLE_ITEM_TYPES"]) {
    const list = data[key] ?? [];
    if (!Array.isArray(list) || list.some((p) => typeof p !== "string")) fail(`data.${key} must be an array of strings`);
  }
  const currencies = (data.CURRENCIES ?? []) as Obj[];
  if (!Array.isArray(currencies)) fail("data.CURRENCIES must be an array");
  for (const c of currencies) {
    if (typeof c !== "object" || typeof c.primary !== "boolean" || typeof c.name !== "string" || typeof c.abbreviation !== "string" || typeof c.exchangeRate !== "number" || typeof c.data !== "object") fail("CURRENCIES | malformed currency");
    const d = c.data as Obj;
    if (typeof d.path !== "string" && typeof d.uuid !== "string" && typeof d.item !== "object") fail("CURRENCIES | currency.data needs path, uuid or item");
    if (c.img && typeof c.img !== "string") fail("CURRENCIES | currency.img must be of type string");
  }
  if (!Array.isArray(data.SECONDARY_CURRENCIES ?? [])) fail("data.SECONDARY_CURRENCIES must be an array");
  if (data.CURRENCY_DECIMAL_DIGITS && typeof data.CURRENCY_DECIMAL_DIGITS !== "number") fail("data.CURRENCY_DECIMAL_DIGITS must be of type number");
}

export interface FakeItemPiles {
  /** Every profile registered, in order (Item Piles keeps the last). */
  profiles: Obj[];
  readonly profile: Obj;
  /** A pile made as _createItemPile makes it: the bare actor first, its flags in a second write. */
  createPile(name?: string, type?: string): Promise<Any>;
  /** Item Piles' transfer of items (with quantities) from source to target; false when a pre-hook interrupted it. */
  transferItems(source: Any, target: Any, items: { _id: string; quantity: number }[]): Promise<boolean>;
  /** Item Piles' transfer of the primary currency (an attribute path). */
  transferCurrency(source: Any, target: Any, amount: number): Promise<boolean>;
}

/**
 * src/settings.js checkSystem: Item Piles applies a system's profile over the stored one only when its VERSION is newer
 * (foundry.utils.isNewerVersion, which compares the dot-separated parts as numbers).
 */
export function replacesStoredProfile(next: string, stored: string): boolean {
  const a = next.split(".").map(Number);
  const b = stored.split(".").map(Number);
  for (let i = 0; i < Math.max(a.length, b.length); i++) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) > (b[i] ?? 0);
  return false;
}

const getProperty = (obj: Any, path: string) => path.split(".").reduce((o, k) => (o == null ? undefined : o[k]), obj);

/** Installs Item Piles on this world: game.itempiles and its module entry; `ready()` calls item-piles-ready. */
export function installFakeItemPiles(): FakeItemPiles & { ready(): void } {
  const profiles: Obj[] = [];
  g.game.itempiles = {
    API: {
      addSystemIntegration(data: Obj, _version = "latest") {
        validateSystemIntegration(data);
        profiles.push(data);
      },
      // api.js transferItems(source, target, items) and transferAttributes(source, target, { path: quantity }), as
      // Item Piles' windows call them (the real ones run on the GM's client through its socket).
      transferItems: (source: Any, target: Any, items: { _id: string; quantity: number }[]) => fake.transferItems(source, target, items),
      async transferAttributes(source: Any, target: Any, attributes: Record<string, number>) {
        for (const [path, quantity] of Object.entries(attributes)) {
          const from = Number(getProperty(source, path) ?? 0);
          if (from < quantity) return false;
          await source.update({ [path]: from - quantity });
          await target.update({ [path]: Number(getProperty(target, path) ?? 0) + quantity });
        }
        return true;
      },
    },
  };
  g.game.modules.set("item-piles", { id: "item-piles", active: true, version: "3.3.4" });
  const fake = {
    profiles,
    get profile() {
      return profiles.at(-1)!;
    },
    ready() {
      g.Hooks.callAll("item-piles-ready");
    },
    /** `type`: Item Piles' "actor class type" setting, which a GM may change from the profile's. */
    async createPile(name = "Default Item Pile", type: string = String(fake.profile.ACTOR_CLASS_TYPE)) {
      const actor = await g.Actor.create({ name, type, img: "icons/svg/item-bag.svg" });
      await actor.update({ flags: { "item-piles": { data: { enabled: true, type: "pile" } } }, prototypeToken: { name, actorLink: false } });
      return actor;
    },
    async transferItems(source: Any, target: Any, items: { _id: string; quantity: number }[]) {
      const qty = String(fake.profile.ITEM_QUANTITY_ATTRIBUTE);
      const transform = fake.profile.ITEM_TRANSFORMER as ((d: Obj) => Obj | Promise<Obj>) | undefined;
      const sourceUpdates = { itemsToUpdate: [] as Obj[], itemsToDelete: [] as string[], itemDeltas: [] as Obj[] };
      const targetUpdates = { itemsToCreate: [] as Obj[], itemsToUpdate: [] as Obj[] };
      for (const { _id, quantity } of items) {
        const item = source.items.get(_id);
        if (!item) continue;
        const have = Number(getProperty(item, qty) ?? 1);
        const data = item.toObject();
        delete data._id;
        if (getProperty(data, qty) !== undefined) data.system.menge = quantity;
        targetUpdates.itemsToCreate.push(transform ? await transform(data) : data);
        if (have > quantity) sourceUpdates.itemsToUpdate.push({ _id, [qty]: have - quantity });
        else sourceUpdates.itemsToDelete.push(_id);
        sourceUpdates.itemDeltas.push({ item: data, quantity: -quantity });
      }
      if (g.Hooks.call("item-piles-preTransferItems", source, sourceUpdates, target, targetUpdates, "interaction") === false) return false;
      await target.createEmbeddedDocuments("Item", targetUpdates.itemsToCreate);
      if (sourceUpdates.itemsToUpdate.length) await source.updateEmbeddedDocuments("Item", sourceUpdates.itemsToUpdate);
      if (sourceUpdates.itemsToDelete.length) await source.deleteEmbeddedDocuments("Item", sourceUpdates.itemsToDelete);
      return true;
    },
    async transferCurrency(source: Any, target: Any, amount: number) {
      const currency = (fake.profile.CURRENCIES as Obj[]).find((c) => c.primary)!;
      const path = String((currency.data as Obj).path);
      const from = Number(getProperty(source, path) ?? 0);
      if (from < amount) return false;
      await source.update({ [path]: from - amount });
      await target.update({ [path]: Number(getProperty(target, path) ?? 0) + amount });
      return true;
    },
  };
  return fake;
}
