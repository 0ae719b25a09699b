// Work for pay (R-MONEY-2): pick a talent and how long, the active GM rolls and pays (automation/making/work.ts).
import { currency, purseOf, requestWork, type WorkAnswer } from "../../automation/making";
import { isWorkDuration, WORK_DURATIONS, WORK_PAY_FACTOR, type WorkDuration } from "../../rules";
import { canAdvanceTime, defaultActor } from "./crafting-dialog";

export const WORK_DIALOG_TEMPLATE = "systems/flex/templates/dialogs/work-dialog.hbs";

const i18n = () => game.i18n!;

/** What the work dialog shows for `actor` (templates/dialogs/work-dialog.hbs). */
export function workDialogContext(actor: Actor.Implementation, duration: WorkDuration = "day") {
  const talents = actor.items
    .filter((i) => i.type === "talent")
    .sort((a, b) => a.name.localeCompare(b.name, i18n().lang))
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
  };
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
    window: { title: i18n().format("FLEX.Making.Work.Title", { actor: worker.name }) },
    content,
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
