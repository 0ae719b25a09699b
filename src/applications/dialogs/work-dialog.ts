// Work for pay (R-MONEY-2): pick a talent and how long, the active GM rolls and pays (automation/making/work.ts).
import { byPreference } from "./talent-preference";
import { currency, purseOf, requestWork, type WorkAnswer } from "../../automation/making";
import { isWorkDuration, WORK_DURATIONS, WORK_PAY_FACTOR, workPay, type WorkDuration } from "../../rules";
import { canAdvanceTime, defaultActor } from "./crafting-dialog";
import { numberText } from "../../helpers/units";

export const WORK_DIALOG_TEMPLATE = "systems/flex/templates/dialogs/work-dialog.hbs";

const i18n = () => game.i18n!;

/** R-MONEY-2 before the roll: the EW the talent's check can reach and the pay that brings for the job's length. */
export function workOutlookText(actor: Actor.Implementation, talentId: string, duration: WorkDuration): string {
  const talent = actor.items.get(talentId);
  const outlook = talent ? actor.checkOutlook({ talent, sw: null }) : null;
  if (!outlook) return "";
  return i18n().format("FLEX.Making.Work.Outlook", {
    min: numberText(outlook.min),
    max: numberText(outlook.max),
    low: String(workPay(outlook.min, duration)),
    high: String(workPay(outlook.max, duration)),
    currency: currency(),
  });
}

/** What the work dialog shows for `actor` (templates/dialogs/work-dialog.hbs). */
export function workDialogContext(actor: Actor.Implementation, duration: WorkDuration = "day") {
  // G-21: the general talents first, the best of them preselected; fighting talents and defences last.
  const talents = byPreference(actor.items.filter((i) => i.type === "talent"), [], i18n().lang)
    .map((t) => [t.id!, i18n().format("FLEX.Making.Work.TalentOption", { talent: t.name, uebungswert: String((t.system as { uebungswert?: number }).uebungswert ?? 0) })]);
  return {
    actor: actor.name,
    talents: Object.fromEntries(talents),
    talent: talents[0]?.[0] ?? "",
    durations: WORK_DURATIONS.map((key) => ({ key, label: `FLEX.Making.Work.Duration.${key}`, factor: WORK_PAY_FACTOR[key], checked: key === duration })),
    canAdvance: canAdvanceTime(),
    // A bonus is the GM's to give (automation/making/work.ts): a player's field goes no higher than 0.
    bonusAllowed: !!game.user?.isGM,
    purse: purseOf(actor) ?? 0,
    currency: currency(),
    outlook: talents[0] ? workOutlookText(actor, talents[0][0], duration) : "",
    // Each talent and length, for the line that follows the form (no modifier: the GM may add one).
    outlooks: JSON.stringify(Object.fromEntries(talents.map(([id]) => [id, Object.fromEntries(WORK_DURATIONS.map((d) => [d, workOutlookText(actor, id, d)]))]))),
  };
}

/** The outlook line follows the talent and the length chosen. */
function liveWorkOutlook(dialog: foundry.applications.api.DialogV2): void {
  const root = dialog.element?.querySelector<HTMLElement>(".flex-work-dialog");
  const line = root?.querySelector<HTMLElement>(".flex-making-outlook");
  if (!root || !line) return;
  let outlooks: Record<string, Record<string, string>> = {};
  try {
    outlooks = JSON.parse(root.dataset.outlooks ?? "{}") as typeof outlooks;
  } catch {
    outlooks = {};
  }
  root.addEventListener("change", () => {
    const talent = root.querySelector<HTMLSelectElement>("select[name='talent']")?.value ?? "";
    const duration = root.querySelector<HTMLInputElement>("input[name='duration']:checked")?.value ?? "day";
    line.textContent = outlooks[talent]?.[duration] ?? "";
  });
}

/**
 * R-MONEY-2: the work dialog for `actor` (by default the user's character or a selected token's): a talent, 4 h /
 * a day / a week, a modifier, and whether the clock moves on. Null when nothing was done.
 */
export async function openWorkDialog(actor?: Actor.Implementation | null): Promise<WorkAnswer | null> {
  const worker = actor ?? defaultActor();
  if (!worker?.isOwner || purseOf(worker) === null) {
    ui.notifications?.warn(i18n().localize("FLEX.Making.NoCrafter"));
    return null;
  }
  const context = workDialogContext(worker);
  if (!context.talent) {
    ui.notifications?.warn(i18n().format("FLEX.Making.Work.NoTalents", { actor: worker.name }));
    return null;
  }
  const content = await foundry.applications.handlebars.renderTemplate(WORK_DIALOG_TEMPLATE, context);
  const data: Record<string, unknown> | null = await foundry.applications.api.DialogV2.input({
    classes: ["flex"],
    window: { title: i18n().format("FLEX.Making.Work.Title", { actor: worker.name }) },
    content,
    render: (_event: Event, dialog: foundry.applications.api.DialogV2) => liveWorkOutlook(dialog),
    ok: { label: i18n().localize("FLEX.Making.Work.Confirm"), icon: "fa-solid fa-coins" },
  });
  if (!data) return null;
  const duration = isWorkDuration(data.duration) ? data.duration : "day";
  const modifier = Number(data.modifier);
  const answer = await requestWork(worker, {
    talent: String(data.talent ?? ""),
    duration,
    modifier: Number.isFinite(modifier) ? Math.trunc(modifier) : 0,
    advance: data.advance === true || data.advance === "on" || data.advance === "true",
  });
  return answer && answer.ok ? answer : null;
}
