// The party rest card: one chat message per rest with a block per character saying what the rest did and
// by which rule. Text is put together here (localised), so the template only lays it out.
import { currencyLabel } from "../../helpers/settings";
import { localDice } from "../../helpers/dice-text";
import { unitText } from "../../helpers/units";
import type { RestType } from "../../rules";
import { levelTrainingSessions } from "../../rules";
import type { AusbildungStep } from "../../rules";
import type { RestCrafting, RestEntry, RestReport } from "./types";
import { cardStep } from "../task-journal";
import type { TaskStep } from "../task-journal";

export const REST_CARD = "systems/flex/templates/chat/rest-card.hbs";

const i18n = () => game.i18n!;
const f = (key: string, data: Record<string, unknown> = {}) => i18n().format(key, data as Record<string, string>);
const l = (key: string) => i18n().localize(key);

export const restTypeLabel = (type: RestType): string => l(`FLEX.Rest.Type.${type}`);

/** A stretch of world time as "3 d 4 h", "5 h 20 min" or "45 min" (never empty). */
export function formatDuration(seconds: number): string {
  const total = Math.max(0, Math.ceil(seconds / 60));
  const d = Math.floor(total / 1440);
  const h = Math.floor((total % 1440) / 60);
  const m = total % 60;
  const parts: string[] = [];
  // Whole days as a word ("1 Tag", "3 Tage"): "1 Tg." read as a typo on the card (C-15).
  if (d) parts.push(unitText("Tag", d));
  if (h) parts.push(f("FLEX.Rest.Time.h", { n: h }));
  if (m || !parts.length) parts.push(f("FLEX.Rest.Time.min", { n: m }));
  return parts.slice(0, 2).join(" ");
}

export interface CardBlock {
  name: string;
  taken: boolean;
  tags: string[];
  lines: string[];
  /** What this rest refused the character and why (drawn as every card draws a refusal). */
  refused: string[];
  /** After refusals, that the rest itself still counts (its limit and the no-rest clock, R-REST-1 … 4, R-REST-NO-1); null without any. */
  stillCounts: string | null;
  rules: string;
}

const change = (key: string, pair: { before: number; after: number }, extra: Record<string, unknown> = {}) =>
  pair.before === pair.after ? [] : [f(key, { ...extra, before: pair.before, after: pair.after })];

/** A pool's change as every count on the card reads, "Fluss 2 → 8 von 12" (a record without its maximum: "Fluss 2 → 8"). */
const poolChange = (key: string, pool: { before: number; after: number; max?: number }) =>
  typeof pool.max === "number" ? change(`${key}Max`, pool, { max: pool.max }) : change(key, pool);

/** R-DOWN-1 / R-DOWN-2: "Elfisch bei Meisterin Yara: Tag 9 von 42 (+1)", or "Elfisch gelernt (42 Tage)" at its end. */
function ausbildungText(step: AusbildungStep): string {
  const { was, lehrer, tage, ziel } = step.after;
  if (step.learnt) return f(lehrer ? "FLEX.Rest.Downtime.ausbildung.learnt" : "FLEX.Rest.Downtime.ausbildung.learntAlone", { what: was, teacher: lehrer, n: tage });
  return f(lehrer ? "FLEX.Rest.Downtime.ausbildung.progress" : "FLEX.Rest.Downtime.ausbildung.progressAlone", { what: was, teacher: lehrer, done: tage, n: ziel, days: step.days });
}

function downtimeLines(e: RestEntry, currency: string, crafting: RestCrafting | undefined): string[] {
  if (!e.downtime) return [];
  const out = e.downtime.accepted.map((a) => {
    let text = l(`FLEX.Rest.Downtime.${a.id}.name`);
    if (a.variant) text += ` (${l(`FLEX.Rest.Downtime.Variant.${a.variant}`)})`;
    if (a.cost > 0) text += ` · −${a.cost} ${currency}`;
    if (a.cost < 0) text += ` · +${-a.cost} ${currency}`;
    const roll = e.downtime!.rolls[a.id];
    if (roll !== undefined) text += ` · ${f(`FLEX.Rest.Downtime.${a.id}.rolled`, { n: roll })}`;
    if (a.id === "ausbildung" && e.ausbildung) text += ` · ${ausbildungText(e.ausbildung)}`;
    if (a.id === "stufentraining") {
      const t = e.levelTraining;
      text += t
        ? ` · ${f(t.ready ? "FLEX.Rest.Downtime.stufentraining.ready" : "FLEX.Rest.Downtime.stufentraining.progress", { done: t.sessions, n: t.needed, level: t.level + 1 })}`
        : ` · ${f("FLEX.Rest.Downtime.stufentraining.sessions", { n: levelTrainingSessions(e.level) })}`;
    }
    if (a.id === "handwerk" && crafting) {
      const key = crafting.complete ? "FLEX.Rest.Downtime.handwerk.done" : "FLEX.Rest.Downtime.handwerk.worked";
      text += ` · ${f(key, { project: crafting.project, n: crafting.days, done: crafting.total, of: crafting.target })}`;
    }
    if (a.id === "genesung") text += ` · ${l("FLEX.Rest.Downtime.genesung.check")}`;
    return f("FLEX.Rest.Card.Activity", { text });
  });
  return out;
}

/** The downtime activities refused, each with why. */
const downtimeRefused = ({ downtime }: RestEntry): string[] =>
  (downtime?.refused ?? []).map((r) => f(`FLEX.Rest.Card.ActivityRefused.${r.reason}`, { name: i18n().has(`FLEX.Rest.Downtime.${r.id}.name`) ? l(`FLEX.Rest.Downtime.${r.id}.name`) : r.id, limit: downtime!.limit }));

const signed = (n: number) => (n < 0 ? `− ${Math.abs(n)}` : `+ ${n}`);

/** The terms of a hit-dice sum, each die with the KO modifier: "(5 + 2) + (3 + 2) + 4 (Kreative Atempause)". */
export function hitDiceTerms(rolls: readonly number[], mod: number, inspiration: number): string {
  const terms = rolls.map((r) => (mod ? `(${r} ${signed(mod)})` : String(r)));
  if (inspiration) terms.push(f("FLEX.Rest.Card.InspirationTerm", { n: inspiration }));
  return terms.join(" + ");
}

/** R-REST-HEAL-3 in one line: "2 × W8: (5 + 2) + (3 + 2) = +12 Leben · Heilerset von Alrike". */
function hitDiceSum(h: NonNullable<RestEntry["hitDice"]>, care: string): string {
  return f("FLEX.Rest.Card.HitDiceSum", { count: h.count, die: localDice(`W${h.die}`), terms: hitDiceTerms(h.rolls, h.mod ?? 0, h.healing.inspiration), total: h.healing.total, care });
}

/** Hit dice left, with what was spent and what the rest gave back (Decision, hit dice return). */
function hitDiceLeft(e: RestEntry): string[] {
  const { before, after, max } = e.trefferwuerfel;
  const spent = e.hitDice?.count ?? 0;
  const back = after - (before - spent);
  if (before === after && !spent) return [];
  if (!back) return change("FLEX.Rest.Card.HitDiceLeft", e.trefferwuerfel, { max });
  return [f(spent ? "FLEX.Rest.Card.HitDiceBack" : "FLEX.Rest.Card.HitDiceBackOnly", { before, after, max, spent, back })];
}

/** The rest talent refused, with why. */
function talentRefused(e: RestEntry): string[] {
  if (!e.talent || !e.taken.taken || e.talent.check.allowed) return [];
  return [f(`FLEX.Rest.Card.TalentRefused.${e.talent.check.reason}`, { name: l(`FLEX.Rest.Talent.${e.talent.id}.name`) })];
}

function talentLines(e: RestEntry): string[] {
  if (!e.talent) return [];
  const name = l(`FLEX.Rest.Talent.${e.talent.id}.name`);
  if (!e.taken.taken || !e.talent.check.allowed) return [];
  const out = [f("FLEX.Rest.Card.Talent", { name })];
  if (e.talent.id === "heiligesRitual") out.push(f("FLEX.Rest.Card.TempLeben", { n: 2 * e.proficiencyBonus }));
  if (e.talent.id === "divergenteFormeln" || e.talent.id === "naturgefaehrte") out.push(l(`FLEX.Rest.Talent.${e.talent.id}.effect`));
  return out;
}

/** What the card says about one character. */
export function cardBlock(e: RestEntry, currency: string, crafting?: RestCrafting): CardBlock {
  const tags: string[] = [];
  if (e.defaulted) tags.push(l("FLEX.Rest.Card.Defaulted"));
  if (!e.taken.taken) return { name: e.name, taken: false, tags, lines: [], refused: [l(`FLEX.Rest.Card.NotTaken.${e.taken.reason ?? "activity"}`)], stillCounts: null, rules: e.rules.join(", ") };
  const lines: string[] = [...talentLines(e)];
  if (e.hitDice) {
    const h = e.hitDice;
    const care = h.care === "healer" ? l("FLEX.Rest.Card.Healer") : f("FLEX.Rest.Card.Kit", { names: h.kitFrom.join(", ") });
    lines.push(h.die === undefined ? f("FLEX.Rest.Card.HitDice", { dice: unitText("Trefferwuerfel", h.count), rolls: h.rolls.join(", "), total: h.healing.total, care }) : hitDiceSum(h, care));
    if (h.advantage) tags.push(l("FLEX.Rest.Card.Advantage"));
    if (h.healing.inspiration && h.die === undefined) lines.push(f("FLEX.Rest.Card.Inspiration", { n: h.healing.inspiration }));
  }
  const refused = [...talentRefused(e), ...(e.careMissing ? [l("FLEX.Rest.Card.NoCare")] : []), ...downtimeRefused(e)];
  if (e.fullCare) {
    const kits = e.fullCare.charges ? f("FLEX.Rest.Card.Kit", { names: e.fullCare.kitFrom.join(", ") }) : "";
    lines.push(f("FLEX.Rest.Card.FullCare", { healed: e.fullCare.healed, charges: unitText("Ladung", e.fullCare.charges), kits }));
  }
  lines.push(...poolChange("FLEX.Rest.Card.Leben", e.leben));
  lines.push(...change("FLEX.Rest.Card.Exhaustion", e.erschoepfung));
  lines.push(...hitDiceLeft(e));
  lines.push(...poolChange("FLEX.Rest.Card.Fluss", e.fluss));
  lines.push(...poolChange("FLEX.Rest.Card.Gunst", e.gunst));
  for (const r of e.resources) lines.push(f("FLEX.Rest.Card.Resource", r));
  lines.push(...downtimeLines(e, currency, crafting));
  lines.push(...change("FLEX.Rest.Card.Money", e.geld, { currency }));
  if (e.hallucinationEnded) lines.push(l("FLEX.Rest.Card.HallucinationEnds"));
  else if (e.sleeplessClock) tags.push(l("FLEX.Rest.Card.ClockRestarted"));
  else if (e.slept) tags.push(l("FLEX.Rest.Card.ClockStopped"));
  // C-15: a refused talent or missing kit leaves the rest taken: it is recorded and restarts the no-rest clock.
  return { name: e.name, taken: true, tags, lines, refused, stillCounts: refused.length ? l("FLEX.Rest.Card.StillCounts") : null, rules: e.rules.join(", ") };
}

/** The card's data: heading, time, one block per character, the refused ones. */
export function restCardData(report: RestReport): Record<string, unknown> {
  const currency = currencyLabel();
  const rules = [...new Set(report.entries.flatMap((e) => e.rules))].sort().join(", ");
  return {
    title: restTypeLabel(report.type),
    time: report.advanced ? f("FLEX.Rest.Card.Time", { duration: formatDuration(report.end - report.start) }) : l("FLEX.Rest.Card.TimeKept"),
    blocks: report.entries.map((e) => cardBlock(e, currency, report.crafting?.find((c) => c.actorId === e.actorId))),
    // C-15: what the kits have left, so the next rest's bandaging can be planned from the card.
    kits: (report.kits ?? []).map((k) => f("FLEX.Rest.Card.KitLeft", { owner: k.owner, name: k.name, left: k.left, max: k.max })),
    refused: report.refused.map((r) => f("FLEX.Rest.Refused", { name: r.name, type: restTypeLabel(report.type), wait: formatDuration((r.nextAt ?? report.start) - report.start) })),
    rules,
  };
}

/** Posts the card with the rolls of the rest (so Dice So Nice shows them); returns its id. */
/** The party's rest card, as a step of the rest's task; null when nobody rested. */
export async function planRestCard(report: RestReport, rolls: Roll[], whisper?: string[]): Promise<Extract<TaskStep, { kind: "message" }> | null> {
  if (!report.entries.length) return null;
  const content = await foundry.applications.handlebars.renderTemplate(REST_CARD, restCardData(report));
  return cardStep({
    content,
    rolls,
    // The title names the rest; the speaker is the GM who called it, not the title once more.
    speaker: ChatMessage.getSpeaker(),
    flags: { flex: { rest: { requestId: report.requestId, type: report.type, actorIds: report.entries.map((e) => e.actorId) } } },
    ...(whisper ? { whisper } : {}),
  });
}
