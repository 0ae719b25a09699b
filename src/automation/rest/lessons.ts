// R-DOWN-1 / R-DOWN-2 Ausbildung outside the rests (Decision, issue 35): with the GM's world setting, plain world
// time counts too. Whenever world time changes, the active GM's client looks in its work queue: each character with an
// Ausbildung under way learns one day per whole day since it last counted (1 of the currency a day while the money
// lasts), and at the end has the language or tool as an entry of its own. One batched actor write, the entries, one
// card, as one journalled task; the record's `stand` moves on in the same write, so a jump of time counts once.
import { restSettings } from "../../helpers/settings";
import { ausbildungByTime } from "../../rules";
import type { AusbildungStep } from "../../rules";
import { actorRef } from "../actor-ref";
import { runOnGMQueue } from "../gm-queue";
import { cardStep, runTask } from "../task-journal";
import type { TaskStep } from "../task-journal";
import { characterData } from "./state";

/** What an Ausbildung leaves on the character at its end: the language or tool, as an entry of its own (its id chosen now). */
export function learntEntry(lesson: AusbildungStep): Record<string, unknown> {
  const { was, lehrer, tage } = lesson.after;
  const beschreibung = `<p>${foundry.utils.escapeHTML(game.i18n!.format(lehrer ? "FLEX.Rest.Downtime.ausbildung.entry" : "FLEX.Rest.Downtime.ausbildung.entryAlone", { teacher: lehrer, n: String(tage) }))}</p>`;
  return { _id: foundry.utils.randomID(), name: was, type: "passive", system: { beschreibung }, flags: { flex: { ausbildung: { lehrer, tage } } } };
}

/** "Rikka: Elfisch bei Meisterin Yara, Tag 12 von 40 (+3)" or "… gelernt". */
function lessonLine(name: string, step: AusbildungStep): string {
  const { was, lehrer, tage, ziel } = step.after;
  const i18n = game.i18n!;
  const key = step.learnt ? (lehrer ? "learnt" : "learntAlone") : lehrer ? "progress" : "progressAlone";
  return `${name}: ${i18n.format(`FLEX.Rest.Downtime.ausbildung.${key}`, { what: was, teacher: lehrer, done: String(tage), n: String(step.learnt ? tage : ziel), days: String(step.days) })}`;
}

/** One look (already on the active GM, in its queue): what plain time has taught since the last look, written once. */
export async function runLessonsByTime(now: number): Promise<number> {
  const steps: TaskStep[] = [];
  const writes: TaskStep & { kind: "actors" } = { kind: "actors", writes: [] };
  const lines: string[] = [];
  for (const actor of game.actors!.contents as Actor.Implementation[]) {
    const sys = characterData(actor);
    if (!sys || actor.statuses.has("dead")) continue;
    const step = ausbildungByTime(actor.getFlag("flex", "ausbildung"), now, sys.geld);
    if (!step) continue;
    const changes: Record<string, unknown> = step.learnt ? { "flags.flex.-=ausbildung": null } : { "flags.flex.ausbildung": step.after };
    if (step.cost) changes["system.geld"] = Math.max(0, sys.geld - step.cost);
    writes.writes.push({ ref: actorRef(actor), changes });
    if (step.learnt) steps.push({ kind: "embedded", parent: actorRef(actor), embedded: "Item", create: [learntEntry(step)] });
    if (step.days) lines.push(lessonLine(actor.name, step));
  }
  if (!writes.writes.length) return 0;
  if (lines.length) {
    const esc = foundry.utils.escapeHTML;
    const title = game.i18n!.localize("FLEX.Rest.Downtime.ausbildung.name");
    const content = `<div class="flex-card flex-lessons"><h3>${esc(title)}</h3><ul>${lines.map((l) => `<li>${esc(l)}</li>`).join("")}</ul><p class="flex-rules">R-DOWN-1, R-DOWN-2</p></div>`;
    steps.push(cardStep({ content, speaker: ChatMessage.getSpeaker(), flags: { flex: { lessons: lines.length } } }));
  }
  await runTask({ type: "lessons", requestId: `lessons-${now}`, requester: game.user! }, [writes, ...steps]);
  return lines.length;
}

function look(): void {
  if (!game.users!.activeGM?.isSelf || !restSettings().lessonsByTime) return;
  const now = game.time!.worldTime;
  runOnGMQueue(`lessons:${now}`, () => runLessonsByTime(now)).catch((err: unknown) => console.error("Flex | the Ausbildung by world time failed", err));
}

/** Plain world time teaches on the active GM's client (every client hears the hook; one acts). */
export function registerLessonsByTime(): void {
  Hooks.on("updateWorldTime", () => look());
}
