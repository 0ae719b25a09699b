// What Flex's Token Action HUD shows for an actor (issue 34): the groups and their actions as plain data, built from the
// same facts the sheet shows (rowCheck, missingTalent, actionStatusOf, ridingSection). No TAH here: the adapter
// (adapter.ts) hands this to TAH Core, and a click comes back to actions.ts, which calls the public verbs.
import { ATTRIBUTE_KEYS, TALENT_CATEGORIES } from "../../config";
import { actionLabel, combatantOfActor, startedCombat } from "../../automation/combat/tracker";
import { actionStatusOf } from "../../automation/combat/actions";
import { companionsOf } from "../../automation/companions";
import { itemRoleOf } from "../../automation/polymorph";
import { ridingSection } from "../../automation/riding";
import { missingTalent } from "../../data/item/talent-link";
import { localDice, localDie } from "../../helpers/dice-text";
import { unitText } from "../../helpers/units";
import { parseDie } from "../../rules";
import { rowCheck, rowOrder, spendsOn } from "../../applications/sheets/item-rows";
import { toggleableStatuses } from "../../applications/verbs";
import { flexItemSystem } from "../../applications/sheets/system-data";

export interface HudInfo {
  text: string;
  title?: string;
}

export interface HudAction {
  id: string;
  name: string;
  /** "<kind>|<value>": what actions.ts does with a click. */
  encodedValue: string;
  img?: string;
  cssClass?: string;
  tooltip?: string;
  info1?: HudInfo;
  info2?: HudInfo;
  info3?: HudInfo;
}

/** The actions of one group: a group of the layout, or (with `parent`) a group added under one (a companion). */
export interface HudGroup {
  id: string;
  actions: HudAction[];
  name?: string;
  parent?: string;
}

/** The HUD's tabs and their groups, ids and i18n keys; the adapter localises them into TAH's defaults. */
export const HUD_LAYOUT = [
  { id: "attributes", name: "FLEX.Hud.Attributes", groups: [{ id: "attributes", name: "FLEX.Hud.Attributes" }] },
  { id: "talents", name: "FLEX.Hud.Talents", groups: TALENT_CATEGORIES.map((c) => ({ id: `talents-${c}`, name: `FLEX.TalentCategory.${c}` })) },
  {
    id: "combat",
    name: "FLEX.Hud.Combat",
    groups: [
      { id: "combat-status", name: "FLEX.Hud.ActionsLeft" },
      { id: "combat-attacks", name: "FLEX.Hud.Attacks" },
      { id: "combat-turn", name: "FLEX.Hud.Turn" },
    ],
  },
  { id: "spells", name: "FLEX.Hud.Spells", groups: [{ id: "spells", name: "FLEX.Hud.Spells" }] },
  { id: "inventory", name: "FLEX.Hud.Inventory", groups: [{ id: "inventory", name: "FLEX.Hud.Consumables" }] },
  { id: "resources", name: "FLEX.Hud.Resources", groups: [{ id: "resources", name: "FLEX.Hud.Resources" }] },
  { id: "statuses", name: "FLEX.Hud.Statuses", groups: [{ id: "statuses", name: "FLEX.Hud.Statuses" }] },
  { id: "companions", name: "FLEX.Hud.Companions", groups: [{ id: "companions", name: "FLEX.Hud.Companions" }] },
  { id: "riding", name: "FLEX.Hud.Riding", groups: [{ id: "riding", name: "FLEX.Hud.Riding" }] },
] as const;

const t = (key: string) => game.i18n!.localize(key);
const f = (key: string, data: Record<string, string>) => game.i18n!.format(key, data);
type Sys = { verbrauch?: unknown; aktionen?: number; schaden?: string; fluss?: number; ausgeruestet?: boolean; menge?: number; ladungen?: { value: number; max: number }; vorrat?: { value: number; max: number }; kategorie?: string };
const sysOf = (item: Item.Implementation): Sys => flexItemSystem(item) ?? {};
const usable = (item: Item.Implementation) => {
  const role = itemRoleOf(item);
  return role !== "locked" && role !== "dormant";
};

/** R-CORE-1: one action per attribute, its die as the language writes it; a click makes the attribute check. */
function attributeActions(actor: Actor.Implementation): HudAction[] {
  const attributes = (actor.system as { attributes?: Record<string, unknown> }).attributes ?? {};
  return ATTRIBUTE_KEYS.map((key) => {
    const name = t(CONFIG.FLEX.attributes[key].label);
    const die = parseDie(attributes[key]);
    return { id: `attribute-${key}`, name, encodedValue: `attribute|${key}`, info1: { text: die ? localDie(die) : "" }, tooltip: f("FLEX.Check.RollAttribute", { attribute: name, abbr: t(CONFIG.FLEX.attributes[key].abbreviation) }) };
  });
}

/** The statuses of the sheet's Effekte tab, as toggles (on: "active"). */
function statusActions(actors: Actor.Implementation[]): HudAction[] {
  return toggleableStatuses().map((s) => ({
    id: `status-${s.id}`,
    name: t(s.name),
    encodedValue: `status|${s.id}`,
    img: s.img,
    cssClass: actors.length && actors.every((a) => a.statuses.has(s.id)) ? "toggle active" : "toggle",
  }));
}

/** A roll of an item with the value the sheet's row shows ("GE W10 + 2"); a missing talent shown as the sheet shows it. */
function itemAction(actor: Actor.Implementation, item: Item.Implementation, kind: "talent" | "item"): HudAction {
  const sys = sysOf(item);
  const check = rowCheck(actor, item);
  const missing = kind === "item" ? missingTalent(item) : null;
  const action: HudAction = { id: `${kind}-${item.id}`, name: item.name, encodedValue: `${kind}|${item.id}`, img: item.img ?? undefined };
  if (missing) Object.assign(action, { cssClass: "disabled", info1: { text: t("FLEX.Sheet.Tag.TalentMissing") }, tooltip: t("FLEX.Sheet.Tag.TalentMissing") });
  else if (check) Object.assign(action, { info1: { text: check.text, title: check.tooltip }, tooltip: check.tooltip });
  const spell = item.type === "spell";
  if (spell && typeof sys.fluss === "number" && sys.fluss > 0) action.info2 = { text: unitText("Fluss", sys.fluss) };
  if (typeof sys.aktionen === "number") action[spell ? "info3" : "info2"] = { text: f("FLEX.Sheet.Tag.Actions", { n: String(sys.aktionen) }) };
  if (!spell && typeof sys.schaden === "string" && sys.schaden) action.info3 = { text: localDice(sys.schaden), title: t("FLEX.Item.base.FIELDS.schaden.label") };
  return action;
}

const byName = rowOrder(true);
const ofType = (actor: Actor.Implementation, ...types: string[]) => actor.items.filter((i) => types.includes(i.type) && usable(i)).sort(byName);

function talentGroups(actor: Actor.Implementation): HudGroup[] {
  const talents = ofType(actor, "talent");
  return TALENT_CATEGORIES.map((c) => ({ id: `talents-${c}`, actions: talents.filter((i) => (sysOf(i).kategorie ?? "allgemein") === c).map((i) => itemAction(actor, i, "talent")) }));
}

/** Weapons (worn first) and a creature's attacks. */
function attackActions(actor: Actor.Implementation): HudAction[] {
  const weapons = ofType(actor, "weapon").sort((a, b) => Number(!!sysOf(b).ausgeruestet) - Number(!!sysOf(a).ausgeruestet));
  return [...weapons, ...ofType(actor, "attack")].map((i) => itemAction(actor, i, "item"));
}

/** R-CORE-15: what Benutzen spends, with what is left ("2 Stück", "7/10 Ladungen"). */
function consumableActions(actor: Actor.Implementation): HudAction[] {
  return ofType(actor, "alchemical", "equipment").flatMap((item) => {
    const sys = sysOf(item);
    const spends = spendsOn(item, sys);
    if (!spends) return [];
    const left = spends === "ladung" ? (sys.ladungen?.value ?? 0) : (sys.menge ?? 0);
    const text = spends === "ladung" ? f("FLEX.Sheet.Tag.Charges", { value: String(sys.ladungen?.value ?? 0), max: String(sys.ladungen?.max ?? 0) }) : f("FLEX.Sheet.Tag.Quantity", { n: String(sys.menge ?? 0) });
    return [{ id: `use-${item.id}`, name: item.name, encodedValue: `use|${item.id}`, img: item.img ?? undefined, info1: { text }, tooltip: f("FLEX.Use.ButtonAria", { item: item.name }), ...(left <= 0 && { cssClass: "disabled" }) }];
  });
}

/** RULES.md §11: a pool; a click spends one, a right click gives one back. */
function resourceActions(actor: Actor.Implementation): HudAction[] {
  return ofType(actor, "resource").map((item) => {
    const pool = sysOf(item).vorrat ?? { value: 0, max: 0 };
    return { id: `resource-${item.id}`, name: item.name, encodedValue: `resource|${item.id}`, img: item.img ?? undefined, info1: { text: `${pool.value} / ${pool.max}` }, tooltip: t("FLEX.Hud.ResourceHint") };
  });
}

/** R-COMP-5 / R-COMP-7: per companion a group: its attacks as commands, and the reaction command. */
function companionGroups(actor: Actor.Implementation): HudGroup[] {
  return companionsOf(actor).map((companion) => {
    const attacks = companion.items.filter((i) => i.type === "attack").sort(byName);
    const actions: HudAction[] = attacks.map((a) => ({
      id: `command-${companion.id}-${a.id}`,
      name: f("FLEX.Hud.CommandAttack", { attack: a.name }),
      encodedValue: `command|${companion.uuid}#${a.id}`,
      img: a.img ?? undefined,
      tooltip: f("FLEX.Companion.CommandAria", { name: companion.name, attack: a.name }),
      ...(typeof sysOf(a).aktionen === "number" && { info1: { text: f("FLEX.Sheet.Tag.Actions", { n: String(sysOf(a).aktionen) }) } }),
    }));
    actions.push({ id: `reaction-${companion.id}`, name: t("FLEX.Companion.Reaction"), encodedValue: `reaction|${companion.uuid}`, tooltip: f("FLEX.Companion.ReactionAria", { name: companion.name }), info1: { text: t("FLEX.Hud.OneRE") } });
    return { id: `companion-${companion.id}`, name: companion.name, parent: "companions", actions };
  });
}

/** R-RIDE-1 / R-RIDE-2: the mounts the actor could mount now, or dismounting. */
function ridingActions(actor: Actor.Implementation): HudAction[] {
  const view = ridingSection(actor);
  if (!view?.canAct) return [];
  if (view.role && view.partner) return [{ id: "dismount", name: t("FLEX.Riding.Dismount"), encodedValue: `dismount|${view.tokenUuid}`, img: view.partner.img, info1: { text: f("FLEX.Sheet.Tag.Actions", { n: "1" }) } }];
  return view.mounts.map((m) => ({ id: `mount-${m.tokenUuid}`, name: f("FLEX.Riding.MountOn", { mount: m.name }), encodedValue: `mount|${view.tokenUuid}#${m.tokenUuid}`, img: m.img, info1: { text: f("FLEX.Sheet.Tag.Actions", { n: "2" }) } }));
}

/** R-CORE-6: Aktionen and RE left, on top of the Kampf tab (a line, no button). */
function statusLine(actor: Actor.Implementation): HudAction[] {
  const status = actionStatusOf(actor);
  if (!status) return [];
  const label = actionLabel(status, f);
  return [{ id: "actions-left", name: label.text, encodedValue: "none|actions", cssClass: "disabled", tooltip: label.aria }];
}

/** "Zug beenden" while it is the actor's turn. */
function turnActions(actor: Actor.Implementation): HudAction[] {
  const combatant = combatantOfActor(actor);
  if (!combatant || startedCombat()?.combatant?.id !== combatant.id || !combatant.isOwner) return [];
  return [{ id: "end-turn", name: t("FLEX.Hud.EndTurn"), encodedValue: "endTurn|" }];
}

/**
 * What the HUD shows for one actor: everything a player does from the sheet. A dead character shows its statuses
 * only (R-CORE-8: nothing rollable); a transformed one the form's (its own set-aside abilities and locked gear hidden).
 */
export function hudGroups(actor: Actor.Implementation): HudGroup[] {
  const statuses: HudGroup = { id: "statuses", actions: statusActions([actor]) };
  if (actor.statuses.has("dead")) return [statuses];
  return [
    { id: "attributes", actions: attributeActions(actor) },
    ...talentGroups(actor),
    { id: "combat-status", actions: statusLine(actor) },
    { id: "combat-attacks", actions: attackActions(actor) },
    { id: "combat-turn", actions: turnActions(actor) },
    { id: "spells", actions: ofType(actor, "spell").map((i) => itemAction(actor, i, "item")) },
    { id: "inventory", actions: consumableActions(actor) },
    { id: "resources", actions: resourceActions(actor) },
    statuses,
    ...companionGroups(actor),
    { id: "riding", actions: ridingActions(actor) },
  ].filter((g) => g.actions.length);
}

/** Several tokens selected: their attributes and statuses, a click acting for each (as dnd5e's HUD does). */
export function hudGroupsForMany(actors: Actor.Implementation[]): HudGroup[] {
  const living = actors.filter((a) => !a.statuses.has("dead"));
  const first = living[0];
  return [
    ...(first ? [{ id: "attributes", actions: attributeActions(first).map(({ info1: _die, ...a }) => a) }] : []),
    { id: "statuses", actions: statusActions(actors) },
  ];
}
