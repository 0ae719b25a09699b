// Installs the stand-in Foundry globals (foundry, game, CONFIG, CONST, Hooks, ui, Actor, Item, Roll, …).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ActorSheetV2, ApplicationV2, DialogV2, DocumentSheetConfig, DocumentSheetV2, HandlebarsApplicationMixin, ItemSheetV2, TextEditor, openApplications } from "./applications";
import { DataModel, TypeDataModel } from "./data-model";
import { Actor, ActiveEffect, ChatMessage, Collection, Combat, Combatant, Document, Item, JournalEntry, JournalEntryPage, Macro, OWNERSHIP, ROLES, User, broadcast, worldCollections } from "./documents";
import { DataModelValidationError, fields } from "./fields";
import { ROOT, hbs, loadTemplates, renderTemplate } from "./handlebars";
import { Roll } from "./roll";
import { CompendiumCollection, compendiumUuid, compendiumUuidSync, installPacks } from "./packs";
import { REGION_EVENTS, RegionBehavior, RegionBehaviorType, RegionDocument, Scene, TileDocument, TokenDocument } from "./scene";
import * as utils from "./utils";
import { HooksImpl, beforeWrite, onClient, sendGate, state, track } from "./world";

type Obj = utils.Obj;

// i18n backed by the real language files -----------------------------------------------------------
const langCache = new Map<string, Record<string, string>>();
export function loadLang(lang: string): Record<string, string> {
  let flat = langCache.get(lang);
  if (!flat) {
    const raw = JSON.parse(readFileSync(join(ROOT, "lang", `${lang}.json`), "utf8")) as Obj;
    flat = utils.flattenObject(raw) as Record<string, string>;
    langCache.set(lang, flat);
  }
  return flat;
}

/**
 * Core's own strings that the stand-in's core data uses: English from Foundry itself, German and Russian as the
 * community's core translations give them (a German or Russian table installs one), so that the gallery's frames
 * speak the page's language.
 */
const CORE_STRINGS: Record<string, Record<string, string>> = {
  en: {
    "HUD.Elevation": "Elevation",
    "HUD.Movement": "Movement",
    "HUD.ToggleVis": "Toggle Visibility State",
    "HUD.ToggleTargetState": "Toggle Target State",
    "HUD.ToggleCombatState": "Toggle Combat State",
    "EFFECT.StatusDead": "Dead",
    "EFFECT.StatusUnconscious": "Unconscious",
    "EFFECT.StatusFlying": "Flying",
    // The frames the gallery draws around the system's parts (the Actors sidebar, the chat log, the combat tracker,
    // the region and settings windows).
    "SIDEBAR.TabActors": "Actors",
    "SIDEBAR.TabChat": "Chat Messages",
    "SIDEBAR.TabCombat": "Combat Encounters",
    "SIDEBAR.Create": "Create {type}",
    "SIDEBAR.Search": "Search {types}",
    "DOCUMENT.Actor": "Actor",
    "DOCUMENT.Actors": "Actors",
    "DOCUMENT.Folder": "Folder",
    "SETTINGS.Title": "Game Settings",
    "BEHAVIOR.FIELDS.type.label": "Behavior Type",
  },
  de: {
    "HUD.Elevation": "Höhe",
    "HUD.Movement": "Bewegung",
    "HUD.ToggleVis": "Sichtbarkeit umschalten",
    "HUD.ToggleTargetState": "Als Ziel markieren",
    "HUD.ToggleCombatState": "Kampfstatus umschalten",
    "SIDEBAR.TabActors": "Akteure",
    "SIDEBAR.TabChat": "Chatnachrichten",
    "SIDEBAR.TabCombat": "Kampfbegegnungen",
    "SIDEBAR.Create": "{type} erstellen",
    "SIDEBAR.Search": "{types} durchsuchen",
    "DOCUMENT.Actor": "Akteur",
    "DOCUMENT.Actors": "Akteure",
    "DOCUMENT.Folder": "Ordner",
    "SETTINGS.Title": "Spieleinstellungen",
    "BEHAVIOR.FIELDS.type.label": "Verhaltenstyp",
  },
  ru: {
    "HUD.Elevation": "Высота",
    "HUD.Movement": "Передвижение",
    "HUD.ToggleVis": "Переключить видимость",
    "HUD.ToggleTargetState": "Отметить как цель",
    "HUD.ToggleCombatState": "Переключить участие в бою",
    "SIDEBAR.TabActors": "Персонажи",
    "SIDEBAR.TabChat": "Сообщения чата",
    "SIDEBAR.TabCombat": "Столкновения",
    "SIDEBAR.Create": "Создать: {type}",
    "SIDEBAR.Search": "Искать: {types}",
    "DOCUMENT.Actor": "Персонаж",
    "DOCUMENT.Actors": "Персонажи",
    "DOCUMENT.Folder": "Папка",
    "SETTINGS.Title": "Настройки игры",
    "BEHAVIOR.FIELDS.type.label": "Тип поведения",
  },
};

export class I18n {
  lang = "de";
  /** Keys asked for that no language file has: a test can fail on them. */
  missing = new Set<string>();
  has(key: string, fallback = true): boolean {
    return key in loadLang(this.lang) || (fallback && key in loadLang("en"));
  }
  localize(key: string): string {
    const own = loadLang(this.lang)[key];
    if (own !== undefined) return own;
    const en = CORE_STRINGS[this.lang]?.[key] ?? loadLang("en")[key] ?? CORE_STRINGS.en[key];
    if (en !== undefined) return en;
    this.missing.add(key);
    return key;
  }
  format(key: string, data: Obj = {}): string {
    return this.localize(key).replace(/{([^}]+)}/g, (m, k: string) => (k in data ? String(data[k]) : m));
  }
}

// Settings ----------------------------------------------------------------------------------------
interface SettingConfig { scope?: string; type?: unknown; default?: unknown; onChange?: (v: unknown) => void; choices?: Obj; config?: boolean; name?: string; hint?: string }
export class ClientSettings {
  registry = new Map<string, SettingConfig>();
  values = new Map<string, unknown>();
  register(ns: string, key: string, config: SettingConfig): void { this.registry.set(`${ns}.${key}`, config); }
  /** Settings menus (a button in the settings that opens an application of `type`). */
  menus = new Map<string, { name?: string; label?: string; hint?: string; icon?: string; type: unknown; restricted?: boolean }>();
  registerMenu(ns: string, key: string, config: { type: unknown }): void { this.menus.set(`${ns}.${key}`, config); }
  get(ns: string, key: string): unknown {
    const id = `${ns}.${key}`;
    const cfg = this.registry.get(id);
    if (!cfg) throw new Error(`"${id}" is not a registered game setting`);
    return this.values.has(id) ? this.values.get(id) : utils.deepClone(cfg.default);
  }
  async set(ns: string, key: string, value: unknown): Promise<unknown> {
    const id = `${ns}.${key}`;
    const cfg = this.registry.get(id);
    if (!cfg) throw new Error(`"${id}" is not a registered game setting`);
    const writer = worldCollections.users.get(state.currentUserId);
    if (cfg.scope !== "client" && writer) beforeWrite(writer);
    if (cfg.scope !== "client" && !writer?.isGM) throw new Error(`User lacks permission to set world setting ${id}`);
    let v = value;
    if (cfg.type === Number) v = Number(value);
    if (cfg.type === Boolean) v = Boolean(value);
    if (cfg.type === String) v = String(value);
    if (cfg.scope !== "client") {
      // A world setting is a Setting document (v13): the writing client's preUpdateSetting hooks may cancel it.
      if ((globalThis as unknown as { Hooks: HooksImpl }).Hooks.call("preUpdateSetting", { key: id, value: v }, { value: v }, {}, state.currentUserId) === false) return undefined;
      const gate = writer ? sendGate(writer) : null;
      if (gate) await gate;
    }
    this.values.set(id, v);
    if (cfg.scope !== "client") state.writes.push({ userId: state.currentUserId, action: "update", documentName: "Setting", parent: null, ids: [id], data: [v] });
    broadcast(() => cfg.onChange?.(v));
    // A world setting is a Setting document: every client hears its update (modules watch core.compendiumConfiguration so).
    const userId = state.currentUserId;
    if (cfg.scope !== "client") broadcast(() => (globalThis as unknown as { Hooks: HooksImpl }).Hooks.callAll("updateSetting", { key: id, value: v }, { value: v }, {}, userId));
    return v;
  }
  /**
   * v13's game.settings.storage: "world" is the world's Setting documents, one per stored world setting (a key, its
   * value, delete()), also those of a setting no longer registered (the database keeps them until deleted).
   */
  get storage(): Map<string, WorldSettings> {
    return new Map([["world", new WorldSettings(this)]]);
  }
}

/** The Setting documents of the world (what is stored, not the defaults), as v13's WorldSettings collection. */
class WorldSettings {
  constructor(private settings: ClientSettings) {}
  get contents(): { key: string; value: unknown; delete(): Promise<unknown> }[] {
    return [...this.settings.values.keys()].filter((key) => this.settings.registry.get(key)?.scope !== "client").map((key) => this.document(key));
  }
  getSetting(key: string) {
    return this.settings.values.has(key) && this.settings.registry.get(key)?.scope !== "client" ? this.document(key) : undefined;
  }
  [Symbol.iterator]() { return this.contents[Symbol.iterator](); }
  private document(key: string) {
    const settings = this.settings;
    const doc = {
      key,
      value: settings.values.get(key),
      documentName: "Setting",
      async delete(): Promise<unknown> {
        const writer = worldCollections.users.get(state.currentUserId);
        if (writer) beforeWrite(writer);
        if (!writer?.isGM) throw new Error(`User lacks permission to delete Setting ${key}`);
        const hooks = (globalThis as unknown as { Hooks: HooksImpl }).Hooks;
        if (hooks.call("preDeleteSetting", doc, {}, state.currentUserId) === false) return undefined;
        const gate = sendGate(writer);
        if (gate) await gate;
        if (!settings.values.has(key)) throw new Error(`Setting [${key}] does not exist`);
        settings.values.delete(key);
        state.writes.push({ userId: state.currentUserId, action: "delete", documentName: "Setting", parent: null, ids: [key], data: [] });
        const userId = state.currentUserId;
        broadcast(() => hooks.callAll("deleteSetting", doc, {}, userId));
        return doc;
      },
    };
    return doc;
  }
}

function notifier(type: "info" | "warn" | "error") {
  return (message: string, options: { localize?: boolean; format?: Obj } = {}) => {
    const g = globalThis as unknown as { game: { i18n: I18n } };
    let text = message;
    if (options.format) text = g.game.i18n.format(message, options.format);
    else if (options.localize) text = g.game.i18n.localize(message);
    state.notifications.push({ type, message: text, userId: state.currentUserId });
    return { id: state.notifications.length };
  };
}

export function fromUuidSync(uuid: string): Document | null {
  if (uuid.startsWith("Compendium.")) return compendiumUuidSync(uuid) as Document | null;
  const parts = uuid.split(".");
  let doc: Document | undefined;
  for (let i = 0; i < parts.length; i += 2) {
    const [name, id] = [parts[i], parts[i + 1]];
    if (!doc) {
      const coll = { Actor: worldCollections.actors, Item: worldCollections.items, ChatMessage: worldCollections.messages, Combat: worldCollections.combats, User: worldCollections.users, Scene: worldCollections.scenes, Macro: worldCollections.macros }[name];
      doc = coll?.get(id) as Document | undefined;
    } else doc = doc.collectionsByName[name]?.get(id);
    if (!doc) return null;
  }
  return doc ?? null;
}

/**
 * game.socket as each client has it: `connected` is false while that client's socket is down (a brief drop or a
 * browser that is gone), and "disconnect" / "connect" handlers run on the client whose socket it is (socket.io).
 */
const socketHandlers = new Map<string, ((...a: unknown[]) => void)[]>();
export const clientSocket = {
  get connected(): boolean {
    return worldCollections.users.get(state.currentUserId)?.active === true;
  },
  on(event: string, fn: (...a: unknown[]) => void) {
    socketHandlers.set(event, [...(socketHandlers.get(event) ?? []), fn]);
    return clientSocket;
  },
  /** The harness: `event` happens to `userId`'s socket; its handlers run on that client. */
  fire(userId: string, event: "connect" | "disconnect"): void {
    for (const fn of socketHandlers.get(event) ?? []) onClient(userId, () => track(fn()));
  },
};

export function installGlobals(): void {
  const g = globalThis as unknown as Obj;
  const hooks = new HooksImpl();
  const i18n = new I18n();
  const settings = new ClientSettings();
  settings.register("core", "rollMode", { scope: "client", default: "publicroll", type: String });
  // Each pack's lock and visibility (CompendiumCollection#configure writes it).
  settings.register("core", "compendiumConfiguration", { scope: "world", default: {}, type: Object });
  const time = {
    worldTime: 0,
    async advance(delta: number) {
      const writer = worldCollections.users.get(state.currentUserId);
      if (writer) beforeWrite(writer);
      if (!writer?.isGM) throw new Error("Only a GM can advance world time");
      // The time is the world setting core.time: its preUpdateSetting hooks run on the writing client first.
      if (hooks.call("preUpdateSetting", { key: "core.time", value: time.worldTime + delta }, { value: time.worldTime + delta }, {}, state.currentUserId) === false) return time.worldTime;
      // Sent later by a client whose socket is down, it still moves the clock by delta from where it is then.
      const gate = sendGate(writer);
      if (gate) await gate;
      time.worldTime += delta;
      state.writes.push({ userId: state.currentUserId, action: "update", documentName: "Setting", parent: null, ids: ["core.time"], data: [time.worldTime] });
      broadcast(() => hooks.callAll("updateWorldTime", time.worldTime, delta, {}, state.currentUserId));
      return time.worldTime;
    },
  };

  g.Hooks = hooks;
  // Foundry's global Handlebars, where a system registers its own helpers.
  g.Handlebars = hbs;
  g.CONST = {
    DOCUMENT_OWNERSHIP_LEVELS: OWNERSHIP,
    USER_ROLES: ROLES,
    DICE_ROLL_MODES: { PUBLIC: "publicroll", PRIVATE: "gmroll", BLIND: "blindroll", SELF: "selfroll" },
    CHAT_MESSAGE_STYLES: { OTHER: 0, OOC: 1, IC: 2, EMOTE: 3 },
    REGION_EVENTS,
    TOKEN_DISPOSITIONS: { SECRET: -2, HOSTILE: -1, NEUTRAL: 0, FRIENDLY: 1 },
  };
  g.CONFIG = {
    Actor: { documentClass: Actor, dataModels: {}, trackableAttributes: {} },
    Item: { documentClass: Item, dataModels: {} },
    ActiveEffect: { documentClass: ActiveEffect, dataModels: {} },
    ChatMessage: { documentClass: ChatMessage, dataModels: {} },
    Combat: { documentClass: Combat, dataModels: {} },
    Combatant: { documentClass: Combatant, dataModels: {} },
    User: { documentClass: User },
    Macro: { documentClass: Macro },
    JournalEntry: { documentClass: JournalEntry },
    JournalEntryPage: { documentClass: JournalEntryPage },
    Scene: { documentClass: Scene },
    Token: {
      documentClass: TokenDocument,
      movement: {
        defaultAction: "walk",
        actions: Object.fromEntries(["walk", "fly", "swim", "burrow", "climb", "crawl", "jump", "blink", "displace"].map((a) => [a, { label: a, getCostFunction: () => (cost: number) => cost }])),
      },
    },
    Region: { documentClass: RegionDocument },
    Tile: { documentClass: TileDocument },
    RegionBehavior: { documentClass: RegionBehavior, dataModels: {}, typeIcons: {}, typeLabels: {} },
    Dice: { rolls: [Roll], randomUniform: Math.random },
    // Core v13's status ids (names are core's keys, English without a translation module).
    statusEffects: [
      ["dead", "Dead", "skull"], ["unconscious", "Unconscious", "unconscious"], ["sleep", "Asleep", "sleep"], ["stun", "Stunned", "daze"],
      ["prone", "Prone", "falling"], ["restrain", "Restrained", "net"], ["paralysis", "Paralysis", "paralysis"], ["fly", "Flying", "wing"],
      ["blind", "Blind", "blind"], ["deaf", "Deaf", "deaf"], ["silence", "Silenced", "silenced"], ["fear", "Fear", "terror"],
      ["burning", "Burning", "fire"], ["frozen", "Frozen", "frozen"], ["shock", "Shocked", "lightning"], ["corrode", "Corroding", "acid"],
      ["bleeding", "Bleeding", "blood"], ["disease", "Disease", "biohazard"], ["poison", "Poison", "poison"], ["curse", "Cursed", "sun"],
      ["regen", "Regeneration", "regen"], ["degen", "Degeneration", "degen"], ["hover", "Hovering", "wingfoot"], ["burrow", "Burrowing", "mole"],
      ["upgrade", "Upgrade", "upgrade"], ["downgrade", "Downgrade", "downgrade"], ["invisible", "Invisible", "invisible"], ["target", "Target", "target"],
      ["eye", "MarkedEye", "eye"], ["bless", "Blessed", "angel"], ["fireShield", "FireShield", "fire-shield"], ["coldShield", "IceShield", "ice-shield"],
      ["magicShield", "MagicShield", "mage-shield"], ["holyShield", "HolyShield", "holy-shield"],
    ].map(([id, name, img]) => ({ id, name: `EFFECT.Status${name}`, img: `icons/svg/${img}.svg` })),
    specialStatusEffects: { DEFEATED: "dead" },
    sounds: { dice: "sounds/dice.wav", lock: "sounds/lock.wav", notification: "sounds/notify.wav", combat: "sounds/drums.wav" },
    queries: {},
  };
  g.game = {
    get user() { return worldCollections.users.get(state.currentUserId); },
    socket: clientSocket,
    get userId() { return state.currentUserId; },
    users: worldCollections.users,
    actors: worldCollections.actors,
    items: worldCollections.items,
    messages: worldCollections.messages,
    combats: worldCollections.combats,
    macros: worldCollections.macros,
    journal: worldCollections.journal,
    scenes: worldCollections.scenes,
    packs: installPacks(),
    get combat() { return worldCollections.combats.find((c) => (c as unknown as { active: boolean }).active) ?? null; },
    i18n,
    settings,
    time,
    system: { id: "flex", version: "0.0.0-harness" },
    modules: new Map(),
    ready: false,
    // v13's ClientClipboard as systems call it: the text reaches the user's clipboard (recorded here, per client).
    clipboard: {
      async copyPlainText(text: string) {
        state.clipboard.push({ text: String(text), userId: state.currentUserId });
      },
    },
  };
  g.ui = { notifications: { info: notifier("info"), warn: notifier("warn"), error: notifier("error") } };
  g.foundry = {
    abstract: { DataModel, TypeDataModel, Document },
    data: { fields, validation: { DataModelValidationError }, regionBehaviors: { RegionBehaviorType } },
    utils: { ...utils, Collection },
    documents: { Actor, Item, JournalEntry, JournalEntryPage, Macro, ActiveEffect, ChatMessage, Combat, Combatant, User, Scene, TokenDocument, TileDocument, RegionDocument, RegionBehavior, collections: { CompendiumCollection } },
    dice: { Roll },
    applications: {
      api: { ApplicationV2, HandlebarsApplicationMixin, DocumentSheetV2, DialogV2 },
      sheets: { ActorSheetV2, ItemSheetV2 },
      apps: { DocumentSheetConfig },
      handlebars: { renderTemplate, loadTemplates },
      ux: { TextEditor },
      instances: openApplications,
    },
  };
  Object.assign(g, { Actor, Item, ActiveEffect, ChatMessage, Combat, Combatant, User, Macro, JournalEntry, Roll, Collection, fromUuidSync, Scene, TokenDocument, RegionDocument, RegionBehavior });
  // A compendium document is read from its pack (tests/harness/packs.ts).
  g.fromUuid = async (uuid: string) => (uuid.startsWith("Compendium.") ? compendiumUuid(uuid) : fromUuidSync(uuid));
  g.renderTemplate = renderTemplate;
  void track;
}
