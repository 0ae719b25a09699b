// The owner's rest dialog, opened when the GM calls a rest (CONFIG.queries.flexRest): a rest talent
// (breather, short rest), the hit dice to spend with a kit charge or the healer, the activity during the
// rest, and for long and full rests the downtime activities (up to the proficiency bonus). What it returns is
// only a wish: the active GM checks and derives everything again.
import { currencyLabel } from "../../helpers/settings";
import { documentFromUuid } from "../../helpers/uuid";
import { pick } from "../browser";
import { localDice } from "../../helpers/dice-text";
import { unitText } from "../../helpers/units";
import { characterData, defaultAnswer, formatDuration, readAnswer, readPrompt, restTypeLabel } from "../../automation/rest";
import type { RestAnswer, RestPrompt } from "../../automation/rest";
import type { CharacterData } from "../../data/actor/character";
import {
  allowedActivities, downtimeActivities, downtimeLimit, fullRestCharges, hitDiceAllowance, REST_ACTIVITIES, REST_DURATION, REST_TALENT_IDS, REST_TALENTS,
  talentAllowed,
} from "../../rules";
import type { DowntimeActivity, DowntimePick, RestType } from "../../rules";

export const REST_ANSWER_TEMPLATE = "systems/flex/templates/dialogs/rest-answer.hbs";
export const REST_DOWNTIME_TEMPLATE = "systems/flex/templates/dialogs/rest-downtime.hbs";

const i18n = () => game.i18n!;

function daysText(activity: DowntimeActivity): string {
  const { days } = activity;
  if (Array.isArray(days)) return i18n().format("FLEX.Rest.DaysRange", { min: String(days[0]), max: String(days[1]) });
  if (typeof days === "number") return unitText("Tag", days);
  return i18n().localize(`FLEX.Rest.DaysFormula.${days}`);
}

function costText(activity: DowntimeActivity, currency: string): string {
  if (activity.amount) return i18n().format(activity.amount.half ? "FLEX.Rest.CostHalf" : "FLEX.Rest.CostMin", { min: String(activity.amount.min), currency });
  if (activity.variants) return "";
  return activity.cost ? `${activity.cost} ${currency}` : "—";
}

/** The downtime picker's data for a rest type and a proficiency bonus. */
export function downtimeContext(type: RestType, proficiencyBonus: number, currency: string): Record<string, unknown> | null {
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
        effect: i18n().localize(`FLEX.Rest.DowntimeEffect.${type}.${id}`),
        cost: costText(a, currency),
        days: daysText(a),
        variants: a.variants ? Object.entries(a.variants).map(([value, cost]) => ({ value, label: `${i18n().localize(`FLEX.Rest.Downtime.Variant.${value}`)} (${cost < 0 ? "+" : ""}${Math.abs(cost)} ${currency})` })) : null,
        amount: a.amount ? { min: a.amount.min } : null,
      };
    }),
  };
}

/** The rest talents the character used since its last long rest (R-REST-TAL). */
const talentsUsed = (sys: CharacterData): string[] => Object.entries(sys.rast.talente as Record<string, unknown>).flatMap(([id, used]) => (used === true ? [id] : []));

/** The dialog's data for one character and the GM's question. */
export function restAnswerContext(actor: Actor.Implementation, sys: CharacterData, prompt: RestPrompt): Record<string, unknown> {
  const { type } = prompt;
  const state = talentsUsed(sys);
  const currency = currencyLabel();
  const tw = sys.derived.trefferwuerfel;
  const allowance = hitDiceAllowance(type, sys.level, tw.verbleibend);
  const allowedActs = allowedActivities(type);
  const missing = Math.max(0, sys.leben.max - sys.leben.value);
  const defaults = defaultAnswer(type);
  return {
    name: actor.name,
    type,
    typeLabel: restTypeLabel(type),
    typeHint: i18n().localize(`FLEX.Rest.TypeHint.${type}`),
    duration: formatDuration(REST_DURATION[type]),
    defaultsHint: i18n().format("FLEX.Rest.Answer.DefaultsHint", { seconds: String(prompt.seconds) }),
    talents:
      type === "breather" || type === "shortRest"
        ? REST_TALENT_IDS.map((id) => {
            const check = talentAllowed(id, type, state);
            return { id, name: i18n().localize(`FLEX.Rest.Talent.${id}.name`), effect: i18n().localize(`FLEX.Rest.Talent.${id}.effect`), who: i18n().localize(`FLEX.Rest.TalentFor.${REST_TALENTS[id].for}`), disabled: !check.allowed };
          })
        : null,
    activities: REST_ACTIVITIES.map((a) => ({ value: a, label: i18n().localize(`FLEX.Rest.Activity.${a}`), hint: i18n().localize(`FLEX.Rest.ActivityHint.${a}`), counts: allowedActs.includes(a), checked: a === defaults.activity })),
    hitDice:
      allowance > 0
        ? {
            max: allowance,
            text: i18n().format("FLEX.Rest.Answer.HitDiceHint", { left: String(tw.verbleibend), max: String(tw.max), die: localDice(`W${tw.wuerfel}`), mod: String(sys.trefferwuerfel.koModifikator), allowance: String(allowance) }),
          }
        : null,
    healer: prompt.healer,
    kit: !prompt.healer ? i18n().format(type === "fullRest" ? "FLEX.Rest.Answer.KitFull" : "FLEX.Rest.Answer.Kit", { charges: String(prompt.kitCharges), need: String(fullRestCharges(missing)) }) : null,
    kitChecked: defaults.kit,
    downtime: downtimeContext(type, sys.derived.uebungsbonus, currency),
  };
}

/** Reads the dialog's form: `talent`, `hitDice`, `kit`, `activity`, `downtime.<id>.{on,variant,amount}`. */
export function readRestAnswerForm(data: Record<string, unknown>, type: RestType): RestAnswer {
  const flat = foundry.utils.flattenObject(data) as Record<string, unknown>;
  const on = (k: string) => flat[k] === true || flat[k] === "true" || flat[k] === "on";
  const downtime: DowntimePick[] = Object.keys(downtimeActivities(type))
    .filter((id) => on(`downtime.${id}.on`))
    .map((id) => ({ id, variant: typeof flat[`downtime.${id}.variant`] === "string" ? (flat[`downtime.${id}.variant`] as string) : undefined, amount: flat[`downtime.${id}.amount`] === undefined ? undefined : Number(flat[`downtime.${id}.amount`]) }));
  return readAnswer({ talent: flat.talent || null, hitDice: flat.hitDice, kit: on("kit"), activity: flat.activity, downtime }, type);
}

/**
 * R-REST-TAL: a rest talent chosen in the compendium browser's select mode (Rast und Auszeit): the rest talents this
 * character may declare for this rest. The id of the chosen one, or null; the GM checks the answer again.
 */
export async function pickRestTalent(type: RestType, used: readonly string[], signal?: AbortSignal): Promise<string | null> {
  const allowed = REST_TALENT_IDS.filter((id) => talentAllowed(id, type, used).allowed) as string[];
  const [uuid] = await pick({
    tabs: ["rest"],
    accept: (row) => row.restKind === "talent" && allowed.includes(row.restId),
    signal,
    select: { title: i18n().format("FLEX.Rest.Answer.TalentPick", { type: restTypeLabel(type) }), button: "FLEX.Rest.Answer.TalentChoose", icon: "fa-solid fa-campground" },
  });
  const entry = documentFromUuid(uuid) as { flags?: { flex?: { restTalent?: unknown } } } | null;
  const id = entry?.flags?.flex?.restTalent;
  return typeof id === "string" && allowed.includes(id) ? id : null;
}

/** The dialog's browse button beside the talent select: the browser's choice goes into the select. */
function bindTalentBrowser(element: HTMLElement, type: RestType, used: readonly string[], signal: AbortSignal): void {
  const select = element.querySelector<HTMLSelectElement>("select[name='talent']");
  element.querySelector("[data-flex-browse-talent]")?.addEventListener("click", async () => {
    const id = await pickRestTalent(type, used, signal);
    if (id && select) select.value = id;
  });
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
  const id = `flex-rest-answer-${prompt.restId}`;
  let late = false;
  // A rest talent picker opened from the dialog closes with it.
  const asked = new AbortController();
  const timer = setTimeout(() => {
    late = true;
    void foundry.applications.instances.get(id)?.close();
  }, prompt.seconds * 1000);
  const used = talentsUsed(sys);
  const data: Record<string, unknown> | null = await foundry.applications.api.DialogV2.input({
    id,
    window: { title: i18n().format("FLEX.Rest.Answer.Title", { name: actor.name, type: restTypeLabel(prompt.type) }) },
    render: (_event: Event, dialog: { element: HTMLElement }) => bindTalentBrowser(dialog.element, prompt.type, used, asked.signal),
    content,
    ok: { label: i18n().localize("FLEX.Rest.Answer.Confirm"), icon: "fa-solid fa-bed" },
    rejectClose: false,
  });
  clearTimeout(timer);
  asked.abort();
  if (late || Date.now() - started > prompt.seconds * 1000) {
    ui.notifications?.warn(i18n().localize("FLEX.Rest.Answer.Late"));
    return null;
  }
  return data ? readRestAnswerForm(data, prompt.type) : null;
}

/** Registers the dialog as this client's answer to the GM's rest question, and the partial it uses. */
export function registerRestPrompt(): void {
  CONFIG.queries.flexRest = answerRestPrompt;
  void foundry.applications.handlebars.loadTemplates([REST_DOWNTIME_TEMPLATE, "systems/flex/templates/item/details/resource.hbs"]);
}
