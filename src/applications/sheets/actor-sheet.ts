// The base of the actor sheets: play/edit mode (per user: it lives on this client's sheet), tabs,
// rolling from the sheet, item and effect management, moving items by drag and drop, checked form input
// and a limited view. No rule arithmetic here: numbers come from the data models' derived values.
import { ATTRIBUTE_KEYS } from "../../config";
import type { AttributeKey } from "../../config";
import { actionStatusOf } from "../../automation/combat/actions";
import { actionLabel } from "../../automation/combat/tracker";
import { movementOf, ridingSection, tokenFromUuid } from "../../automation/riding";
import { dismount, mount, requestCheck, toggleStatus, useItem } from "../verbs";
import { checkBreakdownFor } from "../dialogs/check-request";
import type { FlexActor } from "../../documents/actor";
import { itemRollerFor } from "../../documents/features";
import { missingTalent } from "../../data/item/talent-link";
import { parseDie } from "../../rules";
import { localDice, localDie } from "../../helpers/dice-text";
import { unitText } from "../../helpers/units";
import type { CheckBreakdown } from "../dialogs/check-dialog";
import { promptFall } from "../dialogs/fall-dialog";
import { promptHealing } from "../dialogs/heal-dialog";
import { healFromSheet } from "../../automation/healing";
import { createEffect, deleteEffect, editEffect, effectOf, effectsTabContext, toggleEffect } from "./effects-tab";
import { talentLabel } from "../talent-names";
import { transferItem } from "./item-transfer";
import { attributeCheck, bindRowSearch, rowCounts, rowOrder, rowSheetActions, rowStateOf, spendsOn } from "./item-rows";
import type { RowCount } from "./item-rows";
import { ROW_MENU_BUTTON, ROW_MENU_SELECTOR, rowMenuEntries } from "./row-menu";
import { SubmitCheck } from "./sheet-input";
import { plainText } from "./plain-text";
import { flexActorSystem, flexItemSystem, isItemType } from "./system-data";
import type { FlexActorSystem } from "./system-data";
import { browseFromSheet, isBrowsableType } from "../browser";

import ActorSheetV2 = foundry.applications.sheets.ActorSheetV2;

/** One entry of the header's status strip. */
export interface StatusChip {
  key: string;
  label: string;
  img?: string;
  icon?: string;
  tooltip: string;
  cssClass: string;
}

/** Conditions the strip shows in the alarm colour. */
const STRIP_ALERTS = new Set(["unconscious"]);

/**
 * R-CORE-8 / R-BREATH-3: the states that end a character, most final first. Each changes the header (a banner that
 * says what happens next, instead of one chip among others); dead also switches off what a dead character cannot do.
 */
const LIFE_STATES = [
  { key: "dead", icon: "fa-solid fa-skull" },
  { key: "drowning", icon: "fa-solid fa-water" },
  { key: "dying", icon: "fa-solid fa-heart-crack" },
] as const;
const LIFE_STATE_KEYS = new Set<string>(LIFE_STATES.map((s) => s.key));

/** One banner of the header: the state, what it means and what happens next. */
export interface LifeState {
  key: string;
  icon: string;
  label: string;
  hint: string;
}

/** Whether an owner shares the biography with those who see the actor limited. */
export const sharesBio = (actor: Actor.Implementation): boolean => actor.getFlag("flex", "publicBio") === true;

/** Dead: no rolls, no healing, nothing used (R-CORE-8: only a character who is not dead acts). */
export const isDead = (actor: { statuses: Set<string> }): boolean => actor.statuses.has("dead");

/** Who may roll, heal and use for the actor from its sheet: its owners, while it is not dead. */
export const canActFor = (actor: { isOwner: boolean; statuses: Set<string> }): boolean => actor.isOwner && !isDead(actor);

/** Item types a click rolls (attacks, spells); other types roll when a feature registered a roller (projects, fields). */
const ROLLED_TYPES = new Set(["weapon", "spell", "attack"]);

const { HandlebarsApplicationMixin } = foundry.applications.api;

type Context = ActorSheetV2.RenderContext & Record<string, unknown>;
const SheetBase = HandlebarsApplicationMixin(ActorSheetV2);
type Base = InstanceType<typeof SheetBase>;
export type SheetMode = "play" | "edit";

export interface ItemRowContext {
  id: string;
  name: string;
  img: string;
  type: string;
  rollable: boolean;
  tags: string[];
  /** A weapon or spell whose talent (Kampfart, Zauberschule) this actor lacks: it cannot be rolled. */
  missingTalent: { label: string; tooltip: string } | null;
  /** R-CORE-15: an item used up one at a time (an Alchemikum, equipment spent by Menge or Ladung); null otherwise. */
  use: { left: number; empty: boolean } | null;
  /** Menge and Ladungen, as tags (item-rows.ts; with −/+ for the owner in play mode). */
  counts: RowCount[];
  /** The damage it deals, in the world's dice ("1d6+1"), shown apart from the check. */
  damage: string | null;
  /** R-CORE-13: a spell that costs more Fluss than the caster has now: its cost, marked, and why (item-rows.ts). */
  short?: { label: string; tooltip: string } | null;
}

export class FlexActorSheet<
  RenderContext extends Context = Context,
  Configuration extends ActorSheetV2.Configuration = ActorSheetV2.Configuration,
  RenderOptions extends ActorSheetV2.RenderOptions = ActorSheetV2.RenderOptions,
> extends SheetBase<RenderContext, Configuration, RenderOptions> {
  static override DEFAULT_OPTIONS = {
    classes: ["flex", "sheet", "actor"],
    position: { width: 720, height: 760 },
    window: { resizable: true },
    form: { submitOnChange: true },
    actions: {
      toggleMode: FlexActorSheet.#onToggleMode,
      rollAttribute: FlexActorSheet.#onRollAttribute,
      rollTalent: FlexActorSheet.#onRollTalent,
      rollItem: FlexActorSheet.#onRollItem,
      useItem: FlexActorSheet.#onUseItem,
      heal: FlexActorSheet.#onHeal,
      createItem: FlexActorSheet.#onCreateItem,
      browseItems: browseFromSheet,
      editItem: FlexActorSheet.#onEditItem,
      deleteItem: FlexActorSheet.#onDeleteItem,
      toggleStatus: FlexActorSheet.#onToggleStatus,
      createEffect: FlexActorSheet.#onCreateEffect,
      editEffect: FlexActorSheet.#onEditEffect,
      toggleEffect: FlexActorSheet.#onToggleEffect,
      deleteEffect: FlexActorSheet.#onDeleteEffect,
      fall: FlexActorSheet.#onFall,
      flexMount: FlexActorSheet.#onMount,
      flexDismount: FlexActorSheet.#onDismount,
      ...rowSheetActions,
    },
  };

  /** Play or edit mode of this user's sheet; never stored in the document. */
  mode: SheetMode = "play";

  readonly #submitCheck = new SubmitCheck(this);

  get flexActor(): FlexActor {
    return this.document;
  }

  /** The actor's data; the actor sheets are registered for Flex's actor types only. */
  get flexSystem(): FlexActorSystem {
    const system = flexActorSystem(this.document);
    if (!system) throw new Error(`Flex | ${this.document.name}: actor type "${this.document.type}" has no Flex data model`);
    return system;
  }

  get isEditMode(): boolean {
    return this.mode === "edit" && this.isEditable;
  }

  /** A limited viewer sees the portrait and the name, nothing of the data. */
  protected override _configureRenderParts(options: Parameters<Base["_configureRenderParts"]>[0]) {
    const parts = super._configureRenderParts(options);
    if (this.document.limited) return { limited: { template: "systems/flex/templates/actor/limited.hbs" } };
    return parts;
  }

  override async _prepareContext(options: Parameters<ActorSheetV2<RenderContext, Configuration, RenderOptions>["_prepareContext"]>[0]) {
    const context = await super._prepareContext(options);
    const actor = this.flexActor;
    if (this.document.limited) return Object.assign(context, { actor, ...(await this.limitedView()) });
    const system = this.flexSystem;
    const i18n = game.i18n!;
    const canRoll = canActFor(actor);
    const life = this.lifeStates();
    return Object.assign(context, {
      actor,
      system,
      isEdit: this.isEditMode,
      canRoll,
      life,
      isDead: isDead(actor),
      // R-CORE-12: the Heilen button beside the Leben bar, in play mode, for the actor's owners (the dead are not healed).
      canHeal: canRoll && this.isEditable && !this.isEditMode && !!system.leben,
      healTooltip: this.healTooltip(),
      // Nothing to heal at full Leben (review B-22): the button stays, switched off, and says why.
      healFull: this.lebenFull(),
      tabs: this._prepareTabs("primary"),
      attributes: ATTRIBUTE_KEYS.map((key) => {
        const name = i18n.localize(CONFIG.FLEX.attributes[key].label);
        const abbr = i18n.localize(CONFIG.FLEX.attributes[key].abbreviation);
        return {
          key,
          name,
          abbr,
          die: system.attributes[key],
          // What the roll makes of it (R-EXH-2: "W10 − 1" with an Erschöpfung malus), and its parts on hover.
          ...((check) => ({
            dieLabel: check?.text ?? localDie(parseDie(system.attributes[key]) ?? CONFIG.FLEX.defaultAttributeDie),
            rollTooltip: check?.tooltip ?? i18n.format("FLEX.Check.RollAttribute", { attribute: name, abbr }),
          }))(attributeCheck(actor, key)),
          rollLabel: i18n.format("FLEX.Check.RollAttribute", { attribute: name, abbr }),
        };
      }),
      dieChoices: Object.fromEntries(CONFIG.FLEX.dieLadder.map((d) => [d, localDie(d)])),
      pools: this.poolsContext(),
      quickStats: this.quickStats(),
      currency: game.settings!.get("flex", "currencyLabel"),
      combatActions: this.combatActions(),
      statusStrip: this.statusStrip(),
      // R-RIDE-1 … R-RIDE-4: the pair the actor is in, or the mounts it could mount now.
      riding: ridingSection(actor),
    });
  }

  override async _preparePartContext(partId: string, context: RenderContext, options: Parameters<Base["_preparePartContext"]>[2]) {
    const ctx = await super._preparePartContext(partId, context, options);
    const tabs = (ctx as Record<string, unknown>).tabs as Record<string, unknown> | undefined;
    const tab = tabs?.[partId] as { active?: boolean } | undefined;
    if (tab) (ctx as Record<string, unknown>).tab = tab;
    // A tab's part neither shown nor being opened is only its panel ("Tabs drawn when shown"). The tab group as it is
    // now, not as this render's context found it: a click may have changed it meanwhile.
    const shown = this.tabGroups.primary ? this.tabGroups.primary === partId : tab?.active;
    if (tab && !shown && !this.#opening.has(partId)) return Object.assign(ctx, { deferred: true });
    if (partId === "effects") Object.assign(ctx, this.effectsContext());
    return ctx;
  }

  // Tabs drawn when shown -----------------------------------------------------------------------
  // A sheet renders every part on open and on every change of its actor, yet shows one tab. The hidden tabs render
  // as their empty panel (the template's `deferred`), so a character with a hundred items opens, and redraws after
  // each hit, at the cost of the tab in view. A tab is drawn in full (core's render of that one part) before it is
  // shown, as dnd5e's compendium browser renders the parts of the tab it changes to.

  /** Tabs being drawn to be shown. */
  readonly #opening = new Set<string>();
  /** The primary tab the user asked for last. */
  #wanted = "";

  override changeTab(tab: string, group: string, options?: Parameters<Base["changeTab"]>[2]): void {
    if (group === "primary") this.#wanted = tab;
    // Whether the tab is still its empty panel, the DOM says: renders may finish in another order than they began.
    const panel = this.rendered ? this.element?.querySelector(`.tab[data-group="primary"][data-tab="${tab}"]`) : null;
    if (group !== "primary" || !panel?.hasAttribute("data-deferred")) {
      super.changeTab(tab, group, options);
      this.#markSelected(group);
      return;
    }
    this.#opening.add(tab);
    const show = () => {
      this.#opening.delete(tab);
      // Two quick clicks: the tab clicked last is shown, whichever finished drawing first. A sheet closed meanwhile has
      // nothing to show (core's changeTab reads the element, which a closed sheet has not).
      if (this.#wanted !== tab || !this.rendered) return;
      super.changeTab(tab, group, options);
      this.#markSelected(group);
    };
    // HandlebarsApplicationMixin's `parts` option; the sheet's generic RenderOptions type does not carry it.
    this.render({ parts: [tab] } as never).then(show, (error: unknown) => {
      if (this.rendered) console.error("Flex | drawing a tab failed", error);
      show();
    });
  }

  /**
   * The active tab's link and panel, and the links' aria-selected (core moves the `active` class only), as the tab
   * group says. After a render too: one whose context was prepared before a tab change must not show the old tab.
   */
  #markSelected(group: string): void {
    const active = this.tabGroups[group];
    if (!active) return;
    for (const el of this.element?.querySelectorAll<HTMLElement>(`[data-group="${group}"][data-tab]`) ?? []) {
      el.classList.toggle("active", el.dataset.tab === active);
      if (el.getAttribute("role") === "tab") el.setAttribute("aria-selected", String(el.dataset.tab === active));
    }
  }

  /**
   * A limited viewer sees the portrait and the name, and the biography (a creature's description) only when an owner
   * shares it (`flags.flex.publicBio`, the Biografie tab's checkbox in edit mode); its secret blocks never.
   */
  protected async limitedView(): Promise<{ sharedBio: string | null }> {
    const system = flexActorSystem(this.document) as { biografie?: unknown; beschreibung?: unknown } | null;
    const bio = typeof system?.biografie === "string" ? system.biografie : typeof system?.beschreibung === "string" ? system.beschreibung : "";
    if (!sharesBio(this.document) || !bio.trim()) return { sharedBio: null };
    return { sharedBio: await foundry.applications.ux.TextEditor.implementation.enrichHTML(bio, { secrets: false, relativeTo: this.document }) };
  }

  /** The pools this actor has, as bars. */
  protected poolsContext() {
    const system = this.flexSystem;
    return (["leben", "fluss", "gunst"] as const)
      .filter((key) => system[key])
      .map((key) => {
        const { value, max } = system[key]!;
        return { key, label: `FLEX.Pool.${key}`, value, max, percent: max > 0 ? Math.round((Math.min(value, max) / max) * 100) : 0 };
      });
  }

  /** R-CORE-6: Aktionen and RE left while the actor is in the started active combat (the tracker re-renders the sheet). */
  protected combatActions() {
    const status = actionStatusOf(this.document);
    return status && { ...status, ...actionLabel(status, (key, data) => game.i18n!.format(key, data)) };
  }

  /**
   * The slim strip under the header, on every tab: the conditions the actor is in (dying, under water, …), each
   * with its icon; a subclass adds its own (a character's Erschöpfung and breath die).
   */
  protected statusStrip(): StatusChip[] {
    const actor = this.flexActor;
    const i18n = game.i18n!;
    return CONFIG.statusEffects
      .filter((s) => actor.statuses.has(s.id) && !LIFE_STATE_KEYS.has(s.id))
      .map((s) => {
        // A mount carries its rider: "Beritten" would say it rides.
        const carries = s.id === "mounted" && ridingSection(actor)?.role === "mount";
        const label = i18n.localize(carries ? "FLEX.Riding.CarriesChip" : s.name);
        const hint = this.statusHint(carries ? "carrying" : s.id);
        return { key: s.id, label, img: (s as { img?: string }).img ?? "", tooltip: hint ? `${label}: ${hint}` : label, cssClass: STRIP_ALERTS.has(s.id) ? "alert" : "" };
      });
  }

  /** What a status means at the table: the system's own words for it, else the note its effect carries (the hallucinations'). */
  protected statusHint(id: string): string {
    const i18n = game.i18n!;
    const key = `FLEX.Status.Hint.${id}`;
    if (i18n.has(key)) return i18n.localize(key);
    const effect = this.flexActor.effects.find((e) => e.statuses.has(id) && !!e.description);
    return effect ? plainText(effect.description ?? "") : "";
  }

  /** R-CORE-8 / R-BREATH-3: dead, drowning, dying: banners in the header that say what happens next. */
  protected lifeStates(): LifeState[] {
    const actor = this.flexActor;
    const i18n = game.i18n!;
    const states = LIFE_STATES.filter((s) => actor.statuses.has(s.key));
    // Dead is final: the others no longer matter. Drowning and dying at once is one banner that says what saves them
    // in which order (R-BREATH-3: only air ends drowning; R-CORE-8: healing above 0 Leben ends dying).
    const shown = states[0]?.key === "dead" ? states.slice(0, 1) : states.length === 2 ? [{ key: "drowningDying", icon: "fa-solid fa-water" }] : states;
    return shown.map((s) => ({
      key: s.key,
      icon: s.icon,
      label: i18n.localize(`FLEX.Sheet.Life.${s.key}.label`),
      hint: i18n.localize(`FLEX.Sheet.Life.${s.key}.hint`),
    }));
  }

  /** What Heilen's tooltip says: its title, and while drowning that healing does not end it. */
  protected healTooltip(): string {
    const i18n = game.i18n!;
    const title = i18n.format("FLEX.Heal.Title", { name: this.document.name });
    if (this.flexActor.statuses.has("drowning")) return `${title} · ${i18n.localize("FLEX.Heal.NotWhileDrowning")}`;
    return this.lebenFull() ? `${title} · ${i18n.localize("FLEX.Heal.FullHint")}` : title;
  }

  /** Whether the actor's Leben is at its maximum (nothing to heal). */
  protected lebenFull(): boolean {
    const leben = (this.document.system as { leben?: { value?: unknown; max?: unknown } }).leben;
    return !!leben && Number(leben.value) >= Number(leben.max);
  }

  /** Header figures; each subclass lists its own. */
  protected quickStats(): Record<string, unknown>[] {
    return [];
  }

  /** Größe and Geschwindigkeit (with the swimming speed, R-SWIM-1), shared by both actor types. */
  protected sizeAndSpeedStats(): Record<string, unknown>[] {
    const s = this.flexSystem;
    const format = (key: string, n: string) => game.i18n!.format(key, { n });
    return [
      { label: "FLEX.Actor.base.FIELDS.groesse.label", name: "system.groesse", value: s.groesse, display: game.i18n!.localize(CONFIG.FLEX.sizes[s.groesse] ?? s.groesse), options: CONFIG.FLEX.sizes },
      { label: "FLEX.Actor.base.FIELDS.geschwindigkeit.label", name: "system.geschwindigkeit", value: s.geschwindigkeit, display: unitText("Schritt", s.geschwindigkeit), min: 0, step: 1, hint: format("FLEX.Sheet.SwimSpeed", unitText("Schritt", s.derived.schwimmen)), ...this.waterOnlySpeed(), ...this.mountedSpeed() },
    ];
  }

  /** B-7: a creature that lives only in water shows its land speed, "1 Schritt an Land", its Geschwindigkeit as its swimming. */
  protected waterOnlySpeed(): Record<string, unknown> {
    const s = this.flexSystem;
    if (!("nurImWasser" in s) || s.nurImWasser !== true) return {};
    const i18n = game.i18n!;
    return { display: i18n.format("FLEX.Sheet.LandSpeed", { n: unitText("Schritt", s.derived.laufen) }), tooltip: i18n.localize("FLEX.Actor.creature.FIELDS.nurImWasser.hint") };
  }

  protected itemRow(item: Item.Implementation): ItemRowContext {
    const tags: string[] = [];
    const missing = this.missingTalentTag(item);
    // A weapon or spell whose talent is missing cannot be rolled: it offers no roll, it says what is missing.
    const row: ItemRowContext = { id: item.id!, name: item.name, img: item.img ?? "", type: item.type, rollable: !missing && (ROLLED_TYPES.has(item.type) || !!itemRollerFor(item.type)), tags, damage: null, missingTalent: missing, use: null, counts: [] };
    const sys = flexItemSystem(item);
    if (!sys) return row;
    const t = (k: string, d?: Record<string, unknown>) => game.i18n!.format(k, (d ?? {}) as Record<string, string>);
    const spends = spendsOn(item, sys);
    if (typeof sys.aktionen === "number") tags.push(t("FLEX.Sheet.Tag.Actions", { n: sys.aktionen }));
    // The damage has a column of its own, marked, so it never reads like the check's die.
    if (typeof sys.schaden === "string" && sys.schaden) row.damage = localDice(sys.schaden);
    if (typeof sys.reichweite === "number" && sys.reichweite > 0) tags.push(t("FLEX.Sheet.Tag.Range", { n: unitText("Schritt", sys.reichweite) }));
    if (typeof sys.wert === "number") tags.push(t("FLEX.Sheet.Tag.Armor", { n: sys.wert }));
    // By the language's plural rules: "1 Поток", "2 Потока", "5 Потоков".
    if (typeof sys.fluss === "number" && sys.fluss > 0) {
      // R-CORE-13: a cast the caster cannot pay is said before the click, on the cost itself.
      const have = Math.max(0, Number(this.flexSystem.fluss?.value) || 0);
      if (have < sys.fluss) row.short = { label: unitText("Fluss", sys.fluss), tooltip: t("FLEX.Sheet.Tag.FlussShort", { have, cost: sys.fluss }) };
      else tags.push(unitText("Fluss", sys.fluss));
    }
    const charges = sys.ladungen;
    row.counts = rowCounts(item, sys, false);
    if (typeof sys.stufe === "number") tags.push(t("FLEX.Sheet.Tag.Stufe", { n: sys.stufe }));
    // RULES.md §11: a resource's pool (Zauberplätze, Ki, …).
    const pool = sys.vorrat;
    if (pool && typeof pool.value === "number") tags.push(`${pool.value} / ${pool.max}`);
    if (sys.ausgeruestet === true) tags.push(t("FLEX.Item.base.FIELDS.ausgeruestet.label"));
    if (spends) {
      const left = spends === "ladung" ? (charges?.value ?? 0) : typeof sys.menge === "number" ? sys.menge : 0;
      row.use = { left, empty: left <= 0 };
    }
    return row;
  }

  /** R-CORE-10 / R-CORE-13: the tag of a weapon or spell whose talent this actor lacks. */
  protected missingTalentTag(item: Item.Implementation): ItemRowContext["missingTalent"] {
    const missing = missingTalent(item);
    if (!missing) return null;
    const i18n = game.i18n!;
    const tooltip = missing.name ? i18n.format("FLEX.Item.Talent.Missing", { actor: this.document.name, talent: talentLabel(missing.name, this.document) }) : i18n.localize("FLEX.Item.Talent.None");
    return { label: i18n.localize("FLEX.Sheet.Tag.TalentMissing"), tooltip };
  }

  /** The actor's items of one type, in the inventory's order (by name or the user's own) unless `byName` says which. */
  protected itemsOfType(type: string, byName = rowStateOf(this).byName): ItemRowContext[] {
    return this.flexActor.items.contents
      .filter((i) => i.type === type)
      .sort(rowOrder(byName))
      .map((i) => this.itemRow(i));
  }

  /** One list of rows; a list outside the inventory passes `byName` (the inventory's sort toggle is not beside it). */
  protected itemGroup(type: string, empty = "FLEX.Sheet.NoneYet", byName?: boolean) {
    return { type, label: `FLEX.Sheet.Group.${type}`, items: this.itemsOfType(type, byName), empty, browse: isBrowsableType(type) };
  }

  /** The Effekte tab: status toggles and the effect groups (effects-tab.ts). */
  protected effectsContext() {
    return effectsTabContext(this.flexActor);
  }

  protected async enrich(html: string): Promise<string> {
    return foundry.applications.ux.TextEditor.implementation.enrichHTML(html ?? "", { secrets: this.document.isOwner, relativeTo: this.document });
  }

  // Rows (item-rows.ts, row-menu.ts) ------------------------------------------------------------
  // The context menus listen on the sheet's element, which lives as long as the sheet: bound once, as Draw Steel
  // does. The search box is part of a part, new with each render: bound after every render.

  protected override async _onFirstRender(
    context: Parameters<ActorSheetV2<RenderContext, Configuration, RenderOptions>["_onFirstRender"]>[0],
    options: Parameters<ActorSheetV2<RenderContext, Configuration, RenderOptions>["_onFirstRender"]>[1],
  ) {
    await super._onFirstRender(context, options);
    const menu = { jQuery: false, fixed: true, hookName: "FlexRowContext", parentClassHooks: false } as const;
    this._createContextMenu(() => rowMenuEntries(this), ROW_MENU_SELECTOR, menu);
    this._createContextMenu(() => rowMenuEntries(this), ROW_MENU_BUTTON, { ...menu, eventName: "click" });
  }

  protected override async _onRender(
    context: Parameters<ActorSheetV2<RenderContext, Configuration, RenderOptions>["_onRender"]>[0],
    options: Parameters<ActorSheetV2<RenderContext, Configuration, RenderOptions>["_onRender"]>[1],
  ) {
    await super._onRender(context, options);
    this.#markSelected("primary");
    bindRowSearch(this, this.element);
    this.#placeModeControl();
  }

  // The play/edit toggle is a control of the window's header, as in dnd5e 5.x and Draw Steel: placed when the
  // frame is drawn and brought up to date after every render (the frame itself is drawn once).

  protected override async _renderFrame(options: Parameters<ActorSheetV2<RenderContext, Configuration, RenderOptions>["_renderFrame"]>[0]) {
    const frame = await super._renderFrame(options);
    this.#placeModeControl();
    return frame;
  }

  /** The header control that switches play and edit mode, naming what a click does; none for who may not edit. */
  #placeModeControl(): void {
    const close = this.window?.close;
    if (!close) return;
    close.parentElement?.querySelector(".flex-mode-control")?.remove();
    if (!this.isEditable || this.document.limited) return;
    const edit = this.isEditMode;
    const label = foundry.utils.escapeHTML(game.i18n!.localize(edit ? "FLEX.Sheet.ToPlayMode" : "FLEX.Sheet.ToEditMode"));
    const icon = edit ? "fa-dice" : "fa-pen-to-square";
    close.insertAdjacentHTML("beforebegin", `<button type="button" class="header-control icon fa-solid ${icon} flex-mode-control" data-action="toggleMode" aria-pressed="${edit}" aria-label="${label}" data-tooltip="${label}"></button>`);
  }

  // Drag and drop ------------------------------------------------------------------------------
  // Dragging is core's: v13's ActorSheetV2 binds a DragDrop with the drag selector ".draggable" on every
  // render, sets draggable="true" on those elements when `_canDragStart` allows (the user may edit the
  // sheet), and its `_onDragStart` puts `item.toDragData()` ({ type: "Item", uuid }) or the effect's on the
  // DataTransfer, reading data-item-id / data-effect-id from the dragged element itself. So every row
  // carries class="draggable" and its id on that same element (templates/actor/item-row.hbs, talents.hbs,
  // effects.hbs) and no draggable attribute of its own. dnd5e 5.x and Draw Steel mark rows with the same
  // class but keep their ids elsewhere (an outer <li>, data-document-uuid) and so need their own
  // _onDragStart; with the id where core reads it, Flex needs none. Dropping is core's too: its `_onDrop`
  // resolves the drag data's uuid with Item.implementation.fromDropData and hands the item to `_onDropItem`.

  /**
   * Core's ActorSheetV2 calls this for a dropped Item (the types do not list it). Moves an item from
   * another actor; a held Alt, Ctrl or Meta key copies it instead. Within the same actor it sorts.
   */
  async _onDropItem(event: DragEvent, item: Item.Implementation | null) {
    if (!this.isEditable || !item) return null;
    if (item.parent && item.parent.uuid === this.document.uuid) return this._onSortItem(event, item);
    const copy = !!(event.altKey || event.ctrlKey || event.metaKey);
    return transferItem(item, this.document, { copy });
  }

  /** Core's ActorSheetV2 sorts an item dropped within its own actor with this (the types do not list it). */
  declare protected _onSortItem: (event: DragEvent, item: Item.Implementation) => Promise<unknown>;

  // Form input ---------------------------------------------------------------------------------
  // Core: _prepareSubmitData (→ _processFormData, merge updateData, validate) → _processSubmitData (update).
  // Flex checks the form's data and updateData before core validates them (see sheet-input.ts).

  protected override _prepareSubmitData(...[event, form, formData, updateData]: Parameters<Base["_prepareSubmitData"]>) {
    this.#submitCheck.begin();
    return super._prepareSubmitData(event, form, formData, this.#submitCheck.checkUpdateData(updateData));
  }

  protected override _processFormData(...args: Parameters<Base["_processFormData"]>) {
    const data = super._processFormData(...args);
    this.#submitCheck.check(data as Record<string, unknown>);
    return data;
  }

  protected override async _processSubmitData(...args: Parameters<Base["_processSubmitData"]>) {
    await super._processSubmitData(...args);
    await this.#submitCheck.end();
  }

  // Actions -----------------------------------------------------------------------------------

  static async #onToggleMode(this: FlexActorSheet) {
    if (!this.isEditable) return;
    this.mode = this.mode === "edit" ? "play" : "edit";
    await this.render();
  }

  // Rolls and uses go through the public verbs (applications/verbs.ts), as the HUD and macros do: one path.
  // A plain click asks for Vorteile, Nachteile, modifier and SW; Shift-click rolls at once.

  /** What a talent or attribute check of this actor rolls before the user's choices, for the dialog. */
  protected checkBreakdownFor(options: { talent?: Item.Implementation; attribute?: AttributeKey }): CheckBreakdown | null {
    return checkBreakdownFor(this.flexActor, options);
  }

  static async #onRollAttribute(this: FlexActorSheet, event: PointerEvent, target: HTMLElement) {
    const key = target.dataset.attribute as AttributeKey;
    if (ATTRIBUTE_KEYS.includes(key)) await requestCheck(this.document, { attribute: key }, { event });
  }

  static async #onRollTalent(this: FlexActorSheet, event: PointerEvent, target: HTMLElement) {
    const item = this.itemFrom(target);
    if (item) await requestCheck(this.document, { talent: item }, { event });
  }

  static async #onRollItem(this: FlexActorSheet, event: PointerEvent, target: HTMLElement) {
    const item = this.itemFrom(target);
    if (item) await requestCheck(this.document, { item }, { event });
  }

  /** R-CORE-15: spends one of an Alchemikum or a charge (the automation writes the item and the card). */
  static async #onUseItem(this: FlexActorSheet, _event: PointerEvent, target: HTMLElement) {
    const item = this.itemFrom(target);
    if (item) await useItem(item);
  }

  /** R-CORE-12: asks how much, then heals with a card; a closed dialog or an empty or unusable entry does nothing. */
  static async #onHeal(this: FlexActorSheet) {
    if (!canActFor(this.flexActor)) return;
    const amount = await promptHealing(this.flexActor.asImplementation);
    if (amount !== null) await healFromSheet(this.flexActor.asImplementation, amount);
  }

  static async #onCreateItem(this: FlexActorSheet, _event: PointerEvent, target: HTMLElement) {
    const type = target.dataset.type ?? "equipment";
    const name = game.i18n!.format("FLEX.Sheet.NewItem", { type: game.i18n!.localize(`TYPES.Item.${type}`) });
    if (!isItemType(type)) throw new Error(`Flex | unknown item type "${type}"`);
    const system: Record<string, unknown> = target.dataset.category ? { kategorie: target.dataset.category } : {};
    await this.flexActor.createEmbeddedDocuments("Item", [{ name, type, system }]);
  }

  static async #onEditItem(this: FlexActorSheet, _event: PointerEvent, target: HTMLElement) {
    await this.itemFrom(target)?.sheet?.render(true);
  }

  static async #onDeleteItem(this: FlexActorSheet, _event: PointerEvent, target: HTMLElement) {
    await this.itemFrom(target)?.delete();
  }

  static async #onToggleStatus(this: FlexActorSheet, _event: PointerEvent, target: HTMLElement) {
    const status = target.dataset.status;
    if (status) await toggleStatus(this.document, status);
  }

  static async #onCreateEffect(this: FlexActorSheet, _event: PointerEvent, target: HTMLElement) {
    if (this.isEditable) await createEffect(this, this.flexActor, target.dataset.effectGroup);
  }

  static async #onEditEffect(this: FlexActorSheet, _event: PointerEvent, target: HTMLElement) {
    await editEffect(this.effectFrom(target));
  }

  static async #onToggleEffect(this: FlexActorSheet, _event: PointerEvent, target: HTMLElement) {
    if (this.isEditable) await toggleEffect(this.effectFrom(target));
  }

  static async #onDeleteEffect(this: FlexActorSheet, _event: PointerEvent, target: HTMLElement) {
    if (this.isEditable) await deleteEffect(this, this.effectFrom(target));
  }

  /** R-RIDE-4: mounted, the header shows the mount's speed and swimming speed instead of the actor's own. */
  protected mountedSpeed(): Record<string, unknown> {
    const movement = movementOf(this.document);
    if (movement.mount === null) return {};
    const i18n = game.i18n!;
    // The mount's name goes to the tooltip: a long one must not push Rüstung to a second line.
    return {
      display: unitText("Schritt", movement.speed),
      hint: i18n.format("FLEX.Sheet.SwimSpeed", { n: unitText("Schritt", movement.swim) }),
      tooltip: i18n.format("FLEX.Riding.SpeedHint", { mount: movement.mount, swim: unitText("Schritt", movement.swim) }),
      icon: "fa-solid fa-horse",
    };
  }

  /** R-RIDE-1 / R-RIDE-2: the sheet's token mounts the chosen mount. */
  static async #onMount(this: FlexActorSheet, _event: PointerEvent, target: HTMLElement) {
    const rider = tokenFromUuid(target.dataset.rider);
    const mountToken = tokenFromUuid(target.dataset.mount);
    if (rider && mountToken) await mount(rider, mountToken);
  }

  /** R-RIDE-2: the sheet's pair dismounts. */
  static async #onDismount(this: FlexActorSheet, _event: PointerEvent, target: HTMLElement) {
    const token = tokenFromUuid(target.dataset.token);
    if (token) await dismount(token);
  }

  /** R-FALL-1 / R-FALL-2: asks for the height and what the actor lands on, then lets it fall (the automation writes the card). */
  static async #onFall(this: FlexActorSheet) {
    const answer = await promptFall(this.flexActor.asImplementation);
    if (answer) await this.flexActor.fall(answer.height, { onto: answer.onto });
  }

  protected itemFrom(target: HTMLElement): Item.Implementation | undefined {
    return this.flexActor.items.get(target.closest<HTMLElement>("[data-item-id]")?.dataset.itemId ?? "");
  }

  /** The actor's own effect or, with data-parent-id, one its item transfers. */
  protected effectFrom(target: HTMLElement): ActiveEffect.Implementation | undefined {
    return effectOf(this.flexActor, target);
  }
}
