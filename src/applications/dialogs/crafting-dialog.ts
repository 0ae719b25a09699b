// Crafting (R-CRAFT-1 … 4, R-DOWN-2) and fields (R-FARM-1 … 3) on the sheets: a project from any item (the
// start dialog), a session of work (the session dialog), and what the project and field sheets show and do.
// The money and the work itself run on the active GM (automation/making).
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
import { isCraftableType, projectLog, projectTarget, type PlotData, type ProjectData } from "../../data/item/making";
import { registerItemRoller } from "../../documents/features";
import { CRAFT_COMPLEXITIES, CRAFT_SW, craftTarget, materialCost, workdays } from "../../rules";
import { playersAdvanceTime } from "../../helpers/settings";
import { registerItemDetails } from "../sheets/item-sheet";
import { choiceMatches, talentChoices, talentLabel } from "../talent-names";

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

/**
 * R-CRAFT-1 … 4: starts a project for making `source` (an item or its uuid, from a compendium, the sidebar or an
 * inventory) on `actor` (by default the item's owner, the user's character or a selected token's). Asks for the
 * complexity, the talent, the mode, how many and the helpers, creates the project and pays the materials (R-CRAFT-2)
 * when asked to. Null when nothing was started.
 */
export async function startCrafting(source: Item.Implementation | string, actor?: Actor.Implementation | null): Promise<Item.Implementation | null> {
  const item = (typeof source === "string" ? await fromUuid(source as `Item.${string}`) : source) as Item.Implementation | null;
  if (!item || item.documentName !== "Item" || !isCraftableType(item.type)) {
    ui.notifications?.warn(i18n().format("FLEX.Making.NotCraftable", { item: item?.name ?? String(source) }));
    return null;
  }
  const crafter = actor ?? defaultActor(item);
  if (!crafter?.isOwner) {
    ui.notifications?.warn(i18n().localize("FLEX.Making.NoCrafter"));
    return null;
  }
  const price = Math.max(0, Number((item.system as { preis?: unknown }).preis) || 0);
  const content = await foundry.applications.handlebars.renderTemplate(CRAFT_START_TEMPLATE, {
    item: item.name,
    actor: crafter.name,
    modes: MODE_CHOICES,
    complexities: complexityChoices(),
    talents: Object.fromEntries(actorTalents(crafter).map((c) => [c.value, c.label])),
    price,
    material: materialCost(price),
    goal: craftTarget(price),
    days: workdays(price),
    purse: purseOf(crafter) ?? 0,
    currency: currency(),
  });
  const data: Record<string, unknown> | null = await foundry.applications.api.DialogV2.input({
    window: { title: i18n().format("FLEX.Making.ProjectName", { item: item.name }) },
    content,
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

// A session of work ------------------------------------------------------------------------------------------

/** Whether this user may ask for the clock to move on after work. */
export const canAdvanceTime = () => !!game.user?.isGM || playersAdvanceTime();

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
      window: { title: project.name },
      content: `<p>${foundry.utils.escapeHTML(i18n().format("FLEX.Making.Session.PayFirst", { cost: String(sys.derived.material), currency: currency() }))}</p>`,
    });
    if (!confirmed) return null;
    const paid = await payMaterials(project);
    if (!paid || isRefused(paid)) return null;
  }
  const probe = sys.modus !== "arbeitstage";
  const content = await foundry.applications.handlebars.renderTemplate(CRAFT_SESSION_TEMPLATE, {
    probe,
    talent: talentLabel(sys.talent, project.actor),
    sw: sys.derived.sw,
    done: sys.derived.stand,
    goal: sys.derived.ziel,
    max: probe ? MAX_SESSION_BLOCKS : MAX_SESSION_DAYS,
    canAdvance: canAdvanceTime(),
  });
  const data: Record<string, unknown> | null = await DialogV2.input({
    window: { title: project.name },
    content,
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
    target: target && { name: target.name, img: target.img ?? "icons/svg/item-bag.svg", typeLabel: `TYPES.Item.${target.type}` },
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
    actions: { pay: (item) => payMaterials(item), work: (item) => openCraftingSession(item) },
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
