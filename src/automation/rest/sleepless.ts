// *Ohne Schlaf* (R-REST-NO-1, Decision 2026-12-01): the GM's word that a character goes without sleep, as a status
// that knows when it began (its start in world time). Only then the no-rest clock runs (clock.ts). Before a GM's
// client moves world time on so far that the clock would raise someone's Erschöpfung, the GM sees who would gain
// how much, and who would die, and may keep the clock where it is.
import { restSettings } from "../../helpers/settings";
import { formatDuration } from "./card";

/** What the clock would give one character (clock.ts's entries). */
interface ClockGain {
  name: string;
  before: number;
  after: number;
  dead: boolean;
}

export const SLEEPLESS = "sleepless";

/** When the character began to go without sleep (world time), or null when it sleeps as usual. */
export function sleeplessSince(actor: Actor.Implementation): number | null {
  const effect = actor.effects.find((e) => e.statuses.has(SLEEPLESS) && !e.disabled);
  if (!effect) return null;
  const start = effect.duration?.startTime ?? effect.getFlag("flex", "since");
  return typeof start === "number" && Number.isFinite(start) ? start : null;
}

/** The status's data with its start, for a task that sets it (an end of day without sleep). */
export async function sleeplessEffect(now: number): Promise<Record<string, unknown>> {
  const data = (await ActiveEffect.implementation.fromStatusEffect(SLEEPLESS)).toObject() as Record<string, unknown>;
  return { ...data, _id: foundry.utils.randomID(), duration: { ...(data.duration as object), startTime: now }, flags: { flex: { since: now } } };
}

/** A status set from the token HUD or the Effekte tab is stamped with the world time it began, on the creating client. */
function stampStart(effect: ActiveEffect.Implementation): void {
  if (!effect.statuses.has(SLEEPLESS) || typeof effect.duration?.startTime === "number" || typeof effect.getFlag("flex", "since") === "number") return;
  effect.updateSource({ flags: { flex: { since: game.time!.worldTime } } });
}

/** The GM is told what the clock will do and decides: true to move time on. */
async function confirmAdvance(entries: ClockGain[], seconds: number): Promise<boolean> {
  const i18n = game.i18n!;
  const esc = foundry.utils.escapeHTML;
  const lines = entries.map((e) => `<li>${esc(i18n.format("FLEX.Rest.NoRest.Confirm.Entry", { name: e.name, before: String(e.before), after: String(e.after) }))}${e.dead ? ` <strong>${esc(i18n.localize("FLEX.Rest.NoRest.Confirm.Dies"))}</strong>` : ""}</li>`);
  const content = `<p>${esc(i18n.format("FLEX.Rest.NoRest.Confirm.Intro", { duration: formatDuration(seconds) }))}</p><ul>${lines.join("")}</ul><p class="hint">${esc(i18n.localize("FLEX.Rest.NoRest.Confirm.Hint"))}</p>`;
  const answer: unknown = await foundry.applications.api.DialogV2.confirm({ classes: ["flex"], window: { title: i18n.localize("FLEX.Rest.NoRest.Confirm.Title") }, content, rejectClose: false });
  return answer === true;
}

type Advance = (seconds: number, options?: unknown) => Promise<unknown>;

/**
 * Wraps this client's `game.time.advance`: a GM moving time forward past a step of the clock is asked first (the
 * system's own time steps and modules' calls alike). Declined, the time stays where it is.
 */
function guardAdvance(preview: (now: number) => ClockGain[]): void {
  const time = game.time as unknown as { advance: Advance; flexGuarded?: boolean };
  if (!time || time.flexGuarded) return;
  const advance = time.advance.bind(time);
  time.advance = async (seconds: number, options?: unknown) => {
    if (game.user?.isGM && seconds > 0 && restSettings().noRestClock) {
      const entries = preview(game.time!.worldTime + seconds);
      if (entries.length && !(await confirmAdvance(entries, seconds))) return game.time!.worldTime;
    }
    return advance(seconds, options);
  };
  time.flexGuarded = true;
}

export function registerSleepless(preview: (now: number) => ClockGain[]): void {
  Hooks.on("preCreateActiveEffect", (effect: ActiveEffect.Implementation) => stampStart(effect));
  Hooks.once("ready", () => guardAdvance(preview));
}
