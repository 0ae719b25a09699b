// The owner's rest dialog, opened when the GM calls a rest (CONFIG.queries.flexRest): a rest talent
// (breather, short rest), the hit dice to spend with a kit charge or the healer, the activity during the
// rest, and for long and full rests the downtime activities (up to the proficiency bonus). What it returns is
// only a wish: the active GM checks and derives everything again.
import { currencyLabel, restSettings } from "../../helpers/settings";
import { downtimeDaysText } from "../../helpers/downtime-days";
import { downtimeEffect } from "../downtime-effect";
import { characterData, defaultAnswer, formatDuration, ownedRestTalents, projectBlock, readAnswer, readPrompt, restTypeLabel, workdayProject } from "../../automation/rest";
import type { ProjectData } from "../../data/item/making";
import type { RestAnswer, RestPrompt } from "../../automation/rest";
import type { CharacterData } from "../../data/actor/character";
import {
  allowedActivities, downtimeActivities, downtimeLimit, readAusbildung, fullRestCharges, hitDiceOutlook, levelTrainingAfter, REST_ACTIVITIES, REST_DURATION, REST_TALENT_IDS,
  talentAllowed,
} from "../../rules";
import type { DowntimeActivity, DowntimePick, ProjectBlock, RestActivity, RestType } from "../../rules";
import { hitDiceContext, hitDicePreview, HitDiceRoller, lebenMeter, REST_HIT_DICE_TEMPLATE } from "./rest-hit-dice";
import { exhaustionTag, followExertion } from "./rest-exertion";

export { hitDicePreview } from "./rest-hit-dice";

export const REST_ANSWER_TEMPLATE = "systems/flex/templates/dialogs/rest-answer.hbs";
export const REST_DOWNTIME_TEMPLATE = "systems/flex/templates/dialogs/rest-downtime.hbs";

const i18n = () => game.i18n!;

function costText(activity: DowntimeActivity, currency: string): string {
  if (activity.amount) return i18n().format("FLEX.Rest.CostMin", { min: String(activity.amount.min), currency });
  if (activity.variants) return "";
  // R-DOWN-1 / R-DOWN-2 Ausbildung: paid per day learnt (a full rest's 3 days cost 3).
  if (activity.days === "training") return i18n().format("FLEX.Rest.CostPerDay", { cost: String(activity.cost), currency });
  return activity.cost ? `${activity.cost} ${currency}` : "—";
}

/** R-DOWN-2 training for a level: where the character stands now ("0 von 10 Übungseinheiten"). */
function levelTrainingText(stored: unknown, level: number): string {
  const now = levelTrainingAfter(stored, level, 0);
  return i18n().format("FLEX.Rest.Downtime.stufentraining.progress", { done: String(now.sessions), n: String(now.needed) });
}

/** What the crafting row says about the character's project: the one it works, or why none can be worked. */
export interface RestProjectInfo {
  block: ProjectBlock | null;
  name?: string;
  /** Workdays done and needed. */
  done?: number;
  of?: number;
}

/** The project a full rest's Handwerk would work for this character (R-DOWN-2), for the dialog's row. */
export function restProjectInfo(actor: Actor.Implementation): RestProjectInfo {
  const project = workdayProject(actor);
  if (!project) return { block: projectBlock(actor) };
  const { derived } = project.system as ProjectData;
  return { block: null, name: project.name, done: derived.stand, of: derived.ziel };
}

function projectText(info: RestProjectInfo): string {
  if (info.block) return i18n().localize(`FLEX.Rest.Answer.ProjectBlock.${info.block}`);
  return i18n().format("FLEX.Rest.Answer.Project", { project: info.name ?? "", done: String(info.done ?? 0), of: String(info.of ?? 0) });
}

/** What the downtime rows read of the character: its crafting project, its Ausbildung, its training for a level. */
export interface DowntimeCharacter {
  project?: RestProjectInfo;
  ausbildung?: unknown;
  levelTraining?: { stored: unknown; level: number };
}

/** The downtime picker's data for a rest type and a proficiency bonus (and what it reads of the character). */
export function downtimeContext(type: RestType, proficiencyBonus: number, currency: string, character: DowntimeCharacter = {}): Record<string, unknown> | null {
  const { project = { block: "noProject" }, ausbildung = null, levelTraining } = character;
  // R-DOWN-1 / R-DOWN-2: an Ausbildung under way goes on (one at a time); else the player names what and from whom.
  const lesson = readAusbildung(ausbildung);
  const lessonRow = lesson
    ? { under: i18n().format(lesson.lehrer ? "FLEX.Rest.Downtime.ausbildung.under" : "FLEX.Rest.Downtime.ausbildung.underAlone", { what: lesson.was, teacher: lesson.lehrer, done: String(lesson.tage), n: String(lesson.ziel) }) }
    : { whatLabel: i18n().localize("FLEX.Rest.Downtime.ausbildung.what"), teacherLabel: i18n().localize("FLEX.Rest.Downtime.ausbildung.teacher") };
  const catalog = downtimeActivities(type);
  const ids = Object.keys(catalog);
  if (!ids.length) return null;
  return {
    limit: i18n().format("FLEX.Rest.Answer.DowntimeLimit", { limit: String(downtimeLimit(type, proficiencyBonus)), pb: String(proficiencyBonus) }),
    rule: type === "fullRest" ? "R-DOWN-2" : "R-DOWN-1",
    rows: ids.map((id) => {
      const a = catalog[id];
      return {
        id,
        name: i18n().localize(`FLEX.Rest.Downtime.${id}.name`),
        effect: downtimeEffect(type, id, currency),
        cost: costText(a, currency),
        days: a.days === "levelTraining" && levelTraining ? levelTrainingText(levelTraining.stored, levelTraining.level) : downtimeDaysText(a),
        variants: a.variants ? Object.entries(a.variants).map(([value, cost]) => ({ value, label: `${i18n().localize(`FLEX.Rest.Downtime.Variant.${value}`)} (${cost < 0 ? "+" : ""}${Math.abs(cost)} ${currency})` })) : null,
        amount: a.amount ? { min: a.amount.min } : null,
        project: "project" in a ? { text: projectText(project), blocked: !!project.block } : null,
        lesson: id === "ausbildung" ? lessonRow : null,
      };
    }),
  };
}

/** A breather or a short rest: declared rest talents, no Erschöpfung changed by the activity (R-REST-1, R-REST-2). */
const quiet = (type: RestType): boolean => type === "breather" || type === "shortRest";

/**
 * The activity rows. In a breather and a short rest the activity changes no Erschöpfung (restExhaustion), only whether
 * the rest counts (restTaken, R-REST-ACT-1): one row that keeps it, one (travel or strenuous, alike) that breaks it.
 */
function activityChoices(type: RestType): readonly RestActivity[] {
  return quiet(type) ? ["light", "strenuous"] : REST_ACTIVITIES;
}

/** "Without an answer the defaults apply: …", naming only what this dialog asks (defaultAnswer). */
function defaultsHint(type: RestType, asked: { talents: boolean; hitDice: boolean; kit: boolean }): string {
  const parts = [
    asked.talents ? "talent" : null,
    asked.hitDice ? "hitDice" : null,
    asked.kit ? "kit" : null,
    "activity",
    Object.keys(downtimeActivities(type)).length ? "downtime" : null,
  ].flatMap((k) => (k ? [i18n().localize(`FLEX.Rest.Answer.Default.${k}`)] : []));
  return i18n().format("FLEX.Rest.Answer.DefaultsHint", { defaults: parts.join(", ") });
}

/** The rest talents the character used since its last long rest (R-REST-TAL). */
const talentsUsed = (sys: CharacterData): string[] => Object.entries(sys.rast.talente as Record<string, unknown>).flatMap(([id, used]) => (used === true ? [id] : []));

/** The dialog's data for one character and the GM's question. */
export function restAnswerContext(actor: Actor.Implementation, sys: CharacterData, prompt: RestPrompt): Record<string, unknown> {
  const { type } = prompt;
  const state = talentsUsed(sys);
  const owned = ownedRestTalents(actor);
  const currency = currencyLabel();
  const allowedActs = allowedActivities(type);
  const missing = Math.max(0, sys.leben.max - sys.leben.value);
  const defaults = defaultAnswer(type);
  const hitDice = hitDiceContext(actor, sys, prompt);
  const kitBox = type === "fullRest" && !prompt.healer && missing > 0 && restSettings().fullRestCare;
  return {
    name: actor.name,
    type,
    typeLabel: restTypeLabel(type),
    typeHint: i18n().localize(`FLEX.Rest.TypeHint.${type}`),
    duration: formatDuration(REST_DURATION[type]),
    defaultsHint: defaultsHint(type, { talents: quiet(type) && owned.length > 0, hitDice: hitDice !== null, kit: kitBox }),
    // R-REST-TAL: the rest talents this character has (its items), each with what it does; none offered otherwise.
    talents:
      type === "breather" || type === "shortRest"
        ? REST_TALENT_IDS.filter((id) => owned.includes(id)).map((id) => {
            const check = talentAllowed(id, type, state, owned);
            return { id, name: i18n().localize(`FLEX.Rest.Talent.${id}.name`), effect: i18n().localize(`FLEX.Rest.Talent.${id}.effect`), disabled: !check.allowed };
          })
        : null,
    talentsNone: (type === "breather" || type === "shortRest") && !owned.length,
    activities: activityChoices(type).map((a) => ({
      value: a,
      label: i18n().localize(quiet(type) && a === "strenuous" ? "FLEX.Rest.Answer.ActivityBreaks" : `FLEX.Rest.Activity.${a}`),
      hint: i18n().localize(quiet(type) && a === "strenuous" ? "FLEX.Rest.Answer.ActivityBreaksHint" : `FLEX.Rest.ActivityHint.${a}`),
      counts: allowedActs.includes(a),
      checked: a === defaults.activity,
      exhaustion: allowedActs.includes(a) ? exhaustionTag(type, a) : null,
    })),
    hitDice,
    // R-REST-4: the full rest's healing takes 1 charge per 10 Leben; ticked by default (the point of a full rest).
    // Only where it decides something: without the care setting, or with nothing to heal, the healing needs no charge.
    kit: kitBox ? i18n().format("FLEX.Rest.Answer.KitFull", { charges: String(prompt.kitCharges), need: String(fullRestCharges(missing)) }) : null,
    healer: prompt.healer && type === "fullRest",
    kitChecked: defaults.kit,
    deadline: prompt.seconds,
    countdown: i18n().format("FLEX.Rest.Answer.Countdown", { seconds: String(prompt.seconds) }),
    downtime: downtimeContext(type, sys.derived.uebungsbonus, currency, {
      project: restProjectInfo(actor),
      ausbildung: actor.getFlag("flex", "ausbildung"),
      levelTraining: { stored: actor.getFlag("flex", "levelTraining"), level: sys.level },
    }),
  };
}

/** Reads the dialog's form: `talent`, `hitDice`, `kit`, `activity`, `downtime.<id>.{on,variant,amount}`. */
export function readRestAnswerForm(data: Record<string, unknown>, type: RestType): RestAnswer {
  const flat = foundry.utils.flattenObject(data) as Record<string, unknown>;
  const on = (k: string) => flat[k] === true || flat[k] === "true" || flat[k] === "on";
  const downtime: DowntimePick[] = Object.keys(downtimeActivities(type))
    .filter((id) => on(`downtime.${id}.on`))
    .map((id) => ({
      id,
      variant: typeof flat[`downtime.${id}.variant`] === "string" ? (flat[`downtime.${id}.variant`] as string) : undefined,
      amount: flat[`downtime.${id}.amount`] === undefined ? undefined : Number(flat[`downtime.${id}.amount`]),
      ...(typeof flat[`downtime.${id}.was`] === "string" ? { was: flat[`downtime.${id}.was`] as string } : {}),
      ...(typeof flat[`downtime.${id}.lehrer`] === "string" ? { lehrer: flat[`downtime.${id}.lehrer`] as string } : {}),
    }));
  return readAnswer({ talent: flat.talent || null, hitDice: flat.hitDice, kit: on("kit"), activity: flat.activity, downtime }, type);
}

/** Until the roll, the Leben preview and the bar follow the hit dice typed. */
function followTypedDice(root: HTMLElement): void {
  root.addEventListener("input", (event) => {
    const input = event.target as HTMLInputElement;
    if (input.name !== "hitDice" || input.readOnly) return;
    const d = input.dataset;
    const dice = Math.max(0, Math.min(Number(input.max) || 0, Math.trunc(Number(input.value)) || 0));
    const leben = { value: Number(d.leben), max: Number(d.lebenMax) };
    const preview = root.querySelector<HTMLElement>(".flex-rest-preview");
    if (preview) preview.textContent = hitDicePreview(dice, Number(d.die), Number(d.mod), leben);
    const outlook = hitDiceOutlook(dice, Number(d.die), Number(d.mod), leben);
    const gain = root.querySelector<HTMLElement>(".flex-rest-leben-gain");
    if (gain) gain.style.width = `${lebenMeter(outlook.from, outlook.max - outlook.from, leben.max).gain}%`;
  });
}

/** The Würfeln button: the roll is made once, then the block is drawn again with the dice and the Leben they bring. */
function bindHitDiceRoll(root: HTMLElement, roller: HitDiceRoller): void {
  const attentive = () => root.querySelector<HTMLInputElement>("input[name='talent']:checked")?.value === "aufmerksameErholung";
  const redraw = (html: string | null) => {
    const block = root.querySelector("[data-flex-hitdice]");
    if (html && block) block.outerHTML = html;
  };
  root.addEventListener("click", async (event) => {
    if (!(event.target as HTMLElement).closest("[data-flex-roll-hitdice]")) return;
    const input = root.querySelector<HTMLInputElement>("input[name='hitDice']");
    redraw(await roller.roll(input?.value, attentive()));
  });
  // A rest talent changed after the roll: the first die may now count in full (Aufmerksame Erholung).
  root.addEventListener("change", async (event) => {
    if ((event.target as HTMLInputElement).name === "talent" && roller.rolled) redraw(await roller.draw(attentive()));
  });
}

/** The dialog's live parts: the hit dice (typed, then rolled), the countdown running to the GM's deadline. */
function wireRestAnswer(dialog: foundry.applications.api.DialogV2, deadline: number, roller: HitDiceRoller): void {
  const root = dialog.element;
  if (root) {
    followTypedDice(root);
    followExertion(root);
    bindHitDiceRoll(root, roller);
  }
  const clock = root?.querySelector<HTMLElement>(".flex-rest-countdown");
  if (!clock) return;
  const tick = setInterval(() => {
    const left = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
    if (!clock.isConnected || left === 0) clearInterval(tick);
    clock.textContent = i18n().format("FLEX.Rest.Answer.Countdown", { seconds: String(left) });
  }, 1000);
}

/** CONFIG.queries.flexRest on a player's client: the dialog; its answer goes back to the GM who asked. */
export async function answerRestPrompt(raw: RestPrompt): Promise<RestAnswer | null> {
  const prompt = readPrompt(raw);
  if (!prompt || game.user?.isGM) return null;
  const actor = game.actors!.get(prompt.actorId) as Actor.Implementation | undefined;
  const sys = characterData(actor);
  if (!actor || !sys || !actor.isOwner) return null;
  const started = Date.now();
  const content = await foundry.applications.handlebars.renderTemplate(REST_ANSWER_TEMPLATE, restAnswerContext(actor, sys, prompt));
  // The GM's question runs out after prompt.seconds: the dialog closes then and says why (Draw Steel does the same).
  // One id per character: a player with two characters in the rest has two dialogs, and each closes (audit N9).
  const id = `flex-rest-answer-${prompt.restId}-${prompt.actorId}`;
  let late = false;
  const timer = setTimeout(() => {
    late = true;
    void foundry.applications.instances.get(id)?.close();
  }, prompt.seconds * 1000);
  const roller = new HitDiceRoller(actor, sys, prompt);
  const data: Record<string, unknown> | null = await foundry.applications.api.DialogV2.input({
    classes: ["flex"],
    id,
    window: { title: i18n().format("FLEX.Rest.Answer.Title", { name: actor.name, type: restTypeLabel(prompt.type) }) },
    content,
    render: (_event: Event, dialog: foundry.applications.api.DialogV2) => {
      wireRestAnswer(dialog, started + prompt.seconds * 1000, roller);
    },
    ok: { label: i18n().localize("FLEX.Rest.Answer.Confirm"), icon: "fa-solid fa-bed" },
    rejectClose: false,
  });
  clearTimeout(timer);
  if (late || Date.now() - started > prompt.seconds * 1000) {
    ui.notifications?.warn(i18n().localize("FLEX.Rest.Answer.Late"));
    return null;
  }
  return data ? readRestAnswerForm(data, prompt.type) : null;
}

/** Registers the dialog as this client's answer to the GM's rest question, and the partial it uses. */
export function registerRestPrompt(): void {
  CONFIG.queries.flexRest = answerRestPrompt;
  void foundry.applications.handlebars.loadTemplates([REST_DOWNTIME_TEMPLATE, REST_HIT_DICE_TEMPLATE, "systems/flex/templates/item/details/resource.hbs"]);
}
