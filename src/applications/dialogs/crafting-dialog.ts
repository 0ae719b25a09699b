// Crafting (R-CRAFT-1 … 4, R-DOWN-2) and fields (R-FARM-1 … 3) on the sheets: a project from any item (the
// start dialog), a session of work (the session dialog), and what the project and field sheets show and do.
// The money and the work itself run on the active GM (automation/making).
import { byPreference } from "./talent-preference";
import {
  createProject,
  currency,
  formatWorldTime,
  harvestPlot,
  harvestYieldMode,
  isRefused,
  materialsPaid,
  MAX_SESSION_BLOCKS,
  MAX_SESSION_DAYS,
  payMaterials,
  plotStatus,
  purseOf,
  setProjectTarget,
  sowPlot,
  workOnProject,
  type SessionAnswer,
} from "../../automation/making";
import { CRAFTABLE_TYPES, isCraftableType, projectLog, projectTarget, type PlotData, type ProjectData } from "../../data/item/making";
import { registerItemRoller } from "../../documents/features";
import { checkEwChances, CRAFT_BLOCK_HOURS, CRAFT_COMPLEXITIES, CRAFT_SW, craftPlan, craftSW, progressEstimate, type CheckOutlook, type EwChance } from "../../rules";
import { numberText, percentText, unitText } from "../../helpers/units";
import { playersAdvanceTime } from "../../helpers/settings";
import { registerItemDetails } from "../sheets/item-sheet";
import { pick } from "../browser";
import { ITEM_ART, defaultArt } from "../../helpers/default-art";
import { choiceMatches, talentChoices, talentKeyOf, talentLabel } from "../talent-names";

export const CRAFT_START_TEMPLATE = "systems/flex/templates/dialogs/craft-start.hbs";
export const CRAFT_SESSION_TEMPLATE = "systems/flex/templates/dialogs/craft-session.hbs";
export const MAKING_DETAIL_TEMPLATES = ["systems/flex/templates/item/details/project.hbs", "systems/flex/templates/item/details/plot.hbs"];

const i18n = () => game.i18n!;
const on = (v: unknown) => v === true || v === "true" || v === "on";
const int = (v: unknown, fallback: number) => (Number.isFinite(Number(v)) && String(v).trim() !== "" ? Math.trunc(Number(v)) : fallback);

/** R-CRAFT-3: each complexity with its SW, for a choice. */
export function complexityChoices(): Record<string, string> {
  return Object.fromEntries(CRAFT_COMPLEXITIES.map((c) => [c, i18n().format("FLEX.Making.Complexity.choice", { label: i18n().localize(`FLEX.Making.Complexity.${c}`), sw: String(CRAFT_SW[c]) })]));
}

export const MODE_CHOICES = { probe: "FLEX.Making.Mode.probe", arbeitstage: "FLEX.Making.Mode.arbeitstage" };

/** The actor's talents for a choice: stored by key, shown by name (talent-names.ts). */
const actorTalents = (actor: Actor.Implementation) => talentChoices(actor.items.filter((i) => i.type === "talent"));

/** The character a user crafts or works with when none is named: the item's owner, the user's character, a selected token's. */
export function defaultActor(item?: Item.Implementation | null): Actor.Implementation | null {
  if (item?.actor) return item.actor;
  const own = game.user?.character as Actor.Implementation | null | undefined;
  if (own) return own;
  const controlled = (globalThis as { canvas?: { tokens?: { controlled?: { actor?: Actor.Implementation | null }[] } } }).canvas?.tokens?.controlled ?? [];
  return controlled.find((t) => t.actor?.isOwner)?.actor ?? null;
}

// Starting a project -----------------------------------------------------------------------------------------

/** "EW 4–11 gegen SW 12: Chance je Block 0 %", from a check's outlook (R-CORE-4). */
export function outlookText(outlook: CheckOutlook, sw: number): string {
  const chance = percentText(outlook.chance ?? 0);
  const key = outlook.chance === 0 ? "FLEX.Making.Outlook.Never" : "FLEX.Making.Outlook.Chance";
  return i18n().format(key, { min: numberText(outlook.min), max: numberText(outlook.max), sw: String(sw), chance });
}

/**
 * R-CRAFT-1 / R-TRAIN-1: about how many Einheiten (and hours) the accumulating check takes for `remaining` EW against
 * `sw`, from the chance of each EW of the crafter's check: "≈ 77 Einheiten (308 h)", "nicht erreichbar" when
 * no Einheit can succeed, "–" without a talent.
 */
export function craftEstimateText(remaining: number, sw: number, chances: readonly EwChance[] | null | undefined): string {
  if (!chances?.length) return "–";
  const estimate = progressEstimate({ remaining, sw, chances, hoursPerEinheit: CRAFT_BLOCK_HOURS });
  if (!estimate) return i18n().localize("FLEX.Making.Estimate.Never");
  return i18n().format("FLEX.Making.Estimate.Text", { einheiten: unitText("Einheit", estimate.einheiten), hours: numberText(estimate.hours) });
}

/** The chance of each EW of `actor`'s check with `talent` (R-CORE-4), or null when it cannot make one. */
export function craftChances(actor: Actor.Implementation, talent: string): EwChance[] | null {
  const prepared = talent ? actor.prepareCheck({ talent, sw: null }, { quiet: true }) : null;
  return prepared ? checkEwChances(prepared.input) : null;
}

/** What a batch of `quantity` with `helpers` costs and asks for, in the dialog's words. */
export function craftStartNumbers(price: number, quantity: number, helpers: number, purse: number): { material: string; goal: string; days: string; total: string; pay: string; affordable: boolean } {
  const plan = craftPlan(price, quantity, helpers);
  const cur = currency();
  return {
    total: `${plan.total} ${cur}`,
    material: `${plan.material} ${cur}`,
    goal: i18n().format("FLEX.Making.Start.Goal", { ew: String(plan.goal) }),
    days: unitText("Arbeitstag", plan.days),
    pay: i18n().format(plan.material > purse ? "FLEX.Making.Start.PayShort" : "FLEX.Making.Start.PayNow", { cost: String(plan.material), currency: cur, purse: String(purse) }),
    affordable: plan.material <= purse,
  };
}

/** The start dialog's data: the numbers for one piece, and the check's outlook for each talent and complexity. */
/** The crafter's talent for making `item`, by its German name; "" when none fits (the select then asks). */
export function craftTalentOf(crafter: Actor.Implementation, item: Item.Implementation): string {
  const wanted = item.type === "alchemical" ? ["Alchemie"] : ["Handwerk", "Schmieden"];
  const talents = crafter.items.filter((i) => i.type === "talent");
  const best = byPreference(talents, wanted)[0];
  return best && wanted.some((w) => talentKeyOf(best).startsWith(w)) ? talentKeyOf(best) : "";
}

export function craftStartContext(item: Item.Implementation, crafter: Actor.Implementation, form: { quantity?: number; helpers?: number; talent?: string; complexity?: string } = {}): Record<string, unknown> {
  const { quantity = 1, helpers = 0, complexity = "einfach" } = form;
  // G-19: opened without a choice, the talent a crafter would take (Alchemie for an Alchemikum, else Handwerk or Schmieden).
  const chosen = form.talent ?? craftTalentOf(crafter, item);
  const price = Math.max(0, Number((item.system as { preis?: unknown }).preis) || 0);
  const purse = purseOf(crafter) ?? 0;
  const talents = actorTalents(crafter);
  // R-CRAFT-1 / R-CRAFT-3: each block is a check of the chosen talent against the complexity's SW.
  const outlooks: Record<string, Record<string, string>> = {};
  const chances: Record<string, EwChance[]> = {};
  for (const { value: talent } of talents) {
    outlooks[talent] = {};
    const ofTalent = craftChances(crafter, talent);
    if (ofTalent) chances[talent] = ofTalent;
    for (const c of CRAFT_COMPLEXITIES) {
      const outlook = crafter.checkOutlook({ talent, sw: CRAFT_SW[c] });
      if (outlook) outlooks[talent][c] = outlookText(outlook, CRAFT_SW[c]);
    }
  }
  return {
    item: item.name,
    actor: crafter.name,
    modes: MODE_CHOICES,
    complexities: complexityChoices(),
    talents: Object.fromEntries(talents.map((c) => [c.value, c.label])),
    price,
    purse,
    purseText: `${purse} ${currency()}`,
    currency: currency(),
    numbers: craftStartNumbers(price, quantity, helpers, purse),
    outlooks: JSON.stringify(outlooks),
    outlook: outlooks[chosen]?.[complexity] ?? i18n().localize("FLEX.Making.Outlook.ChooseTalent"),
    chances: JSON.stringify(chances),
    // G-19: how long the chosen talent takes to the goal (only the accumulating check has one).
    estimate: craftEstimateText(craftPlan(price, quantity, helpers).goal, craftSW(complexity), chances[chosen]),
    form: { quantity, helpers, talent: chosen, complexity },
  };
}

/** The start dialog follows the form: pieces and helpers change the numbers, talent and complexity the outlook. */
function liveCraftStart(dialog: foundry.applications.api.DialogV2): void {
  const root = dialog.element?.querySelector<HTMLElement>(".flex-craft-start");
  if (!root) return;
  const field = (name: string) => root.querySelector<HTMLInputElement | HTMLSelectElement>(`[name='${name}']`);
  const show = (key: string, text: string) => {
    const el = root.querySelector<HTMLElement>(`[data-show='${key}']`);
    if (el) el.textContent = text;
  };
  const parsed = <T>(json: string | undefined): Partial<Record<string, T>> => {
    try {
      return JSON.parse(json ?? "{}") as Partial<Record<string, T>>;
    } catch {
      return {};
    }
  };
  const outlooks = parsed<Record<string, string>>(root.dataset.outlooks);
  const chances = parsed<EwChance[]>(root.dataset.chances);
  const update = () => {
    const n = craftStartNumbers(Number(root.dataset.price), int(field("menge")?.value, 1), int(field("helfer")?.value, 0), Number(root.dataset.purse));
    for (const key of ["total", "material", "goal", "days", "pay"] as const) show(key, n[key]);
    const pay = field("pay") as HTMLInputElement | null;
    if (pay) {
      pay.disabled = !n.affordable;
      if (!n.affordable) pay.checked = false;
    }
    const talent = field("talent")?.value ?? "";
    const complexity = field("komplexitaet")?.value ?? "";
    show("outlook", outlooks[talent]?.[complexity] ?? i18n().localize("FLEX.Making.Outlook.ChooseTalent"));
    show("estimate", craftEstimateText(craftPlan(Number(root.dataset.price), int(field("menge")?.value, 1)).goal, craftSW(complexity), chances[talent]));
  };
  root.addEventListener("input", update);
  root.addEventListener("change", update);
  update();
}

/**
 * R-CRAFT-1 … 4: starts a project for making `source` (an item or its uuid, from a compendium, the sidebar or an
 * inventory) on `actor` (by default the item's owner, the user's character or a selected token's). Asks for the
 * complexity, the talent, the mode, how many and the helpers, creates the project and pays the materials (R-CRAFT-2)
 * when asked to. Null when nothing was started.
 */
export async function startCrafting(source?: Item.Implementation | string | null, actor?: Actor.Implementation | null): Promise<Item.Implementation | null> {
  // Without an item: the compendium browser asks what to make.
  const chosen = source ?? (await pickCraftTarget())[0];
  if (!chosen) return null;
  const item = (typeof chosen === "string" ? await fromUuid(chosen as `Item.${string}`) : chosen) as Item.Implementation | null;
  if (!item || item.documentName !== "Item" || !isCraftableType(item.type)) {
    ui.notifications?.warn(i18n().format("FLEX.Making.NotCraftable", { item: item?.name ?? String(chosen) }));
    return null;
  }
  const crafter = actor ?? defaultActor(item);
  if (!crafter?.isOwner) {
    ui.notifications?.warn(i18n().localize("FLEX.Making.NoCrafter"));
    return null;
  }
  const content = await foundry.applications.handlebars.renderTemplate(CRAFT_START_TEMPLATE, craftStartContext(item, crafter));
  const data: Record<string, unknown> | null = await foundry.applications.api.DialogV2.input({
    classes: ["flex"],
    window: { title: i18n().format("FLEX.Making.ProjectName", { item: item.name }) },
    content,
    render: (_event: Event, dialog: foundry.applications.api.DialogV2) => liveCraftStart(dialog),
    ok: { label: i18n().localize("FLEX.Making.Start.Confirm"), icon: "fa-solid fa-hammer" },
  });
  if (!data) return null;
  const project = await createProject(crafter, item, {
    mode: data.modus === "arbeitstage" ? "arbeitstage" : "probe",
    complexity: typeof data.komplexitaet === "string" ? data.komplexitaet : undefined,
    talent: typeof data.talent === "string" ? data.talent : "",
    quantity: Math.min(99, Math.max(1, int(data.menge, 1))),
    helpers: Math.min(99, Math.max(0, int(data.helfer, 0))),
  });
  if (project && on(data.pay)) await payMaterials(project);
  return project;
}

/** R-CRAFT-1: what can be made (weapons, armour, equipment, Alchemika), chosen in the compendium browser's select mode. */
function pickCraftTarget(): Promise<string[]> {
  return pick({ tabs: ["items"], types: [...CRAFTABLE_TYPES], world: "OBSERVER", select: { title: i18n().localize("FLEX.Making.Project.ChooseTitle"), button: "FLEX.Making.Project.ChooseButton", icon: "fa-solid fa-hammer" } });
}

// A session of work ------------------------------------------------------------------------------------------

/** Whether this user may ask for the clock to move on after work. */
export const canAdvanceTime = () => !!game.user?.isGM || playersAdvanceTime();

/**
 * G-20: how far the clock moves for `typed` Einheiten (4 hours each) or workdays (1 day each), clamped as the session
 * clamps them; the session may stop sooner, at the goal.
 */
export function sessionTimeText(probe: boolean, typed: unknown, max: number): string {
  const n = Math.min(max, Math.max(1, int(typed, 1)));
  // The number stays on the line of its unit ("bis zu 1 Tag" never breaks before "Tag").
  return (probe ? unitText("Hour", n * CRAFT_BLOCK_HOURS) : unitText("Tag", n)).replace(" ", "\u00a0");
}

/** A sentence split around its placeholder, so the live value can sit in its own element (in any language's word order). */
function aroundSlot(sentence: string, slot: string): { before: string; after: string } {
  const at = sentence.indexOf(slot);
  return at < 0 ? { before: `${sentence} `, after: "" } : { before: sentence.slice(0, at), after: sentence.slice(at + slot.length) };
}

/** The session dialog's data, as a table sees it: the check's outlook and the estimate to the goal, the clock's advance. */
export function craftSessionContext(project: Item.Implementation, actor: Actor.Implementation) {
  const sys = project.system as ProjectData;
  const probe = sys.modus !== "arbeitstage";
  const outlook = probe ? actor.checkOutlook({ talent: sys.talent, sw: sys.derived.sw }) : null;
  const max = probe ? MAX_SESSION_BLOCKS : MAX_SESSION_DAYS;
  const estimate = outlook ? craftEstimateText(sys.derived.ziel - sys.derived.stand, sys.derived.sw, craftChances(actor, sys.talent)) : null;
  return {
    probe,
    outlook: outlook ? outlookText(outlook, sys.derived.sw) : null,
    hopeless: outlook?.chance === 0,
    estimate: estimate && outlook?.chance !== 0 ? i18n().format("FLEX.Making.Session.Estimate", { estimate }) : null,
    talent: talentLabel(sys.talent, actor),
    sw: sys.derived.sw,
    done: sys.derived.stand,
    goal: sys.derived.ziel,
    max,
    canAdvance: canAdvanceTime(),
    time: sessionTimeText(probe, 1, max),
    advance: aroundSlot(i18n().localize(probe ? "FLEX.Making.AdvanceTimeSession" : "FLEX.Making.AdvanceTimeSessionDays"), "{time}"),
  };
}

/** The clock box follows the number of Einheiten (or workdays) typed. */
export function bindCraftSession(element: HTMLElement | null | undefined, probe: boolean, max: number): void {
  const input = element?.querySelector<HTMLInputElement>("input[name='amount']");
  const time = element?.querySelector<HTMLElement>("[data-show='time']");
  if (!input || !time) return;
  input.addEventListener("input", () => (time.textContent = sessionTimeText(probe, input.value, max)));
}

/**
 * Works on a project: pays its materials first when they are not paid (after a confirmation), then asks how many
 * 4-hour blocks (or workdays) and whether the clock moves on. Null when nothing was done.
 */
export async function openCraftingSession(project: Item.Implementation): Promise<SessionAnswer | null> {
  if (project.type !== "project" || !project.actor) return null;
  const sys = project.system as ProjectData;
  if (sys.fertig) {
    ui.notifications?.info(i18n().format("FLEX.Making.Refused.complete", {}));
    return null;
  }
  const { DialogV2 } = foundry.applications.api;
  if (!materialsPaid(project)) {
    const confirmed = await DialogV2.confirm({
      classes: ["flex"],
      window: { title: project.name },
      content: `<p>${foundry.utils.escapeHTML(i18n().format("FLEX.Making.Session.PayFirst", { cost: String(sys.derived.material), currency: currency() }))}</p>`,
    });
    if (!confirmed) return null;
    const paid = await payMaterials(project);
    if (!paid || isRefused(paid)) return null;
  }
  const context = craftSessionContext(project, project.actor);
  const content = await foundry.applications.handlebars.renderTemplate(CRAFT_SESSION_TEMPLATE, context);
  const data: Record<string, unknown> | null = await DialogV2.input({
    classes: ["flex"],
    window: { title: project.name },
    content,
    render: (_event: Event, dialog: foundry.applications.api.DialogV2) => bindCraftSession(dialog.element, context.probe, context.max),
    ok: { label: i18n().localize("FLEX.Making.Project.Work"), icon: "fa-solid fa-hammer" },
  });
  if (!data) return null;
  const answer = await workOnProject(project, { amount: Math.max(1, int(data.amount, 1)), advance: on(data.advance) });
  return answer && !isRefused(answer) ? answer : null;
}

// The project and field sheets -------------------------------------------------------------------------------

/** What the project's details part shows (templates/item/details/project.hbs). */
export function projectDetails(item: Item.Implementation): Record<string, unknown> {
  const sys = item.system as ProjectData;
  const target = projectTarget(item);
  const actor = item.actor;
  const paid = materialsPaid(item);
  const probe = sys.modus !== "arbeitstage";
  const choices = actor ? actorTalents(actor) : [];
  const chosen = sys.talent.trim();
  const known = !chosen || choices.some((c) => choiceMatches(c, chosen));
  const label = talentLabel(chosen, actor);
  const talentOptions = [
    { value: "", label: i18n().localize("FLEX.Item.Talent.Choose"), selected: !chosen },
    ...choices.map((c) => ({ ...c, selected: choiceMatches(c, chosen) })),
    ...(known ? [] : [{ value: chosen, label: i18n().format("FLEX.Item.Talent.MissingOption", { talent: label }), selected: true }]),
  ];
  let talentWarning: string | null = null;
  if (actor && probe && !sys.fertig) {
    if (!chosen) talentWarning = i18n().localize("FLEX.Item.Talent.None");
    else if (!known) talentWarning = i18n().format("FLEX.Item.Talent.Missing", { actor: actor.name, talent: label });
  }
  const log = projectLog(item)
    .slice(-8)
    .reverse()
    // R-CRAFT-3: a block below the SW adds nothing; the log marks it, so "16, 9, 15 → 31" adds up.
    .map((e) => ({ when: formatWorldTime(e.at), ews: probe ? e.ews.map((value) => ({ value, void: value < sys.derived.sw })) : [], work: probe ? (e.ews.length ? "" : "–") : String(e.days), gain: e.gain, total: e.total }));
  return {
    voidHint: i18n().format("FLEX.Making.Project.BelowSW", { sw: String(sys.derived.sw) }),
    target: target && { name: target.name, img: target.img ?? defaultArt(target.type, ITEM_ART), typeLabel: `TYPES.Item.${target.type}` },
    owned: !!actor && item.isOwner,
    canDrop: item.isOwner && !paid,
    locked: paid,
    paid,
    probe,
    modes: MODE_CHOICES,
    complexities: complexityChoices(),
    talentSelect: !!actor,
    talentOptions,
    talentWarning,
    material: sys.derived.material,
    sw: sys.derived.sw,
    goal: sys.derived.ziel,
    done: sys.derived.stand,
    percent: sys.derived.prozent,
    log,
  };
}

/** What the field's details part shows (templates/item/details/plot.hbs): its state by the world's clock. */
export function plotDetails(item: Item.Implementation): Record<string, unknown> {
  const sys = item.system as PlotData;
  const status = plotStatus(item);
  return {
    owned: !!item.actor && item.isOwner,
    sown: sys.gesaetAm !== null,
    state: status.state,
    daysLeft: status.daysLeft,
    sownAt: sys.gesaetAm === null ? "" : formatWorldTime(sys.gesaetAm),
    readyAt: status.readyAt === null ? "" : formatWorldTime(status.readyAt),
    yieldLabel: `FLEX.Making.Field.YieldAs.${harvestYieldMode()}`,
  };
}

/** The project's target chosen in the compendium browser instead of dropped. */
async function chooseProjectTarget(project: Item.Implementation): Promise<boolean> {
  const [uuid] = await pickCraftTarget();
  return uuid ? dropOnProject(project, { type: "Item", uuid }) : false;
}

/** An item dropped onto a project's sheet becomes its target (only before the materials are paid). */
export async function dropOnProject(project: Item.Implementation, data: { type?: unknown; uuid?: unknown }): Promise<boolean> {
  if (data.type !== "Item" || typeof data.uuid !== "string") return false;
  const source = (await fromUuid(data.uuid as `Item.${string}`)) as Item.Implementation | null;
  if (!source || source.documentName !== "Item") return false;
  return setProjectTarget(project, source);
}

function bindDrop(item: Item.Implementation, element: HTMLElement): void {
  const zone = element.querySelector<HTMLElement>("[data-drop-target='ziel']");
  if (!zone || !item.isOwner) return;
  zone.addEventListener("dragover", (event) => event.preventDefault());
  zone.addEventListener("drop", (event) => {
    event.preventDefault();
    event.stopPropagation();
    const data = foundry.applications.ux.TextEditor.implementation.getDragEventData(event) as { type?: unknown; uuid?: unknown };
    void dropOnProject(item, data);
  });
}

/** A field's button: sow when fallow, harvest when ripe. */
export async function workField(plot: Item.Implementation): Promise<unknown> {
  const state = plotStatus(plot).state;
  if (state === "fallow") return sowPlot(plot);
  if (state === "ready") return harvestPlot(plot);
  ui.notifications?.info(i18n().format("FLEX.Making.Refused.notReady", { days: String(plotStatus(plot).daysLeft) }));
  return null;
}

/** The sheets' parts and an inventory click (item.roll) for projects and fields. */
export function registerMakingSheets(): void {
  registerItemDetails("project", {
    context: projectDetails,
    actions: { pay: (item) => payMaterials(item), work: (item) => openCraftingSession(item), chooseTarget: (item) => chooseProjectTarget(item) },
    render: bindDrop,
  });
  registerItemDetails("plot", {
    context: plotDetails,
    actions: { sow: (item) => sowPlot(item), harvest: (item) => harvestPlot(item) },
  });
  registerItemRoller("project", (item) => openCraftingSession(item));
  registerItemRoller("plot", (item) => workField(item));
  void foundry.applications.handlebars.loadTemplates(MAKING_DETAIL_TEMPLATES);
}
