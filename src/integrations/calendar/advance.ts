// Every way world time moves reaches the no-rest clock's question (issue 34, scope 4): the question itself is the rest
// automation's, on `game.time.advance` in seconds (automation/rest/sleepless.ts). Here, on top of it: a components
// delta (`advance({ hour: 8 })`, as dnd5e-style HUDs and macros call it) becomes seconds first; `game.time.set` forward
// goes through the guarded advance; and calls that arrive while the GM is still answering (a calendar module's
// real-time clock ticking every 10 s) wait, and follow the answer: declined, they move nothing and ask nothing.

type Advance = (delta: number | Record<string, number>, options?: unknown) => Promise<unknown>;
type SetTime = (time: number | Record<string, number>, options?: unknown) => Promise<unknown>;
interface GameTime {
  worldTime: number;
  advance: Advance;
  set?: SetTime;
  calendar?: { componentsToTime?: (components: Record<string, number>) => number } | null;
  flexAdvanceQueued?: boolean;
  flexSetGuarded?: boolean;
}

// The types give game.time core's own signatures; this reads the parts the wrappers replace.
const gameTime = () => (Reflect.get(game, "time") as GameTime | undefined) ?? null;

/** Seconds of a delta given as components ({ hour: 8 }) by the world calendar; NaN when it cannot say. */
export function deltaSeconds(delta: number | Record<string, number>, time: GameTime): number {
  if (typeof delta === "number") return delta;
  try {
    const s = time.calendar?.componentsToTime?.(delta);
    return typeof s === "number" && Number.isFinite(s) ? s : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/** Wraps advance (components to seconds, one after the other) and set (forward through advance); once each. */
export function extendAdvanceGuard(): void {
  const time = gameTime();
  if (!time) return;
  if (!time.flexAdvanceQueued) {
    const inner = time.advance.bind(time);
    let running: Promise<{ declined: boolean }> | null = null;
    time.advance = async (delta, options) => {
      const seconds = deltaSeconds(delta, time);
      // A delta the calendar cannot convert goes to core as it came.
      if (!Number.isFinite(seconds)) return inner(delta, options);
      const before = running;
      let release!: (r: { declined: boolean }) => void;
      running = new Promise((resolve) => (release = resolve));
      const mine = running;
      // What this call did, for the calls that queued behind it: a declined question declines them too.
      let outcome = { declined: false };
      try {
        if (before && (await before).declined && seconds > 0) {
          outcome = { declined: true };
          return time.worldTime;
        }
        const start = time.worldTime;
        const result = await inner(seconds, options);
        outcome = { declined: seconds > 0 && time.worldTime === start };
        return result;
      } finally {
        release(outcome);
        if (running === mine) running = null;
      }
    };
    time.flexAdvanceQueued = true;
  }
  if (time.set && !time.flexSetGuarded) {
    const set = time.set.bind(time);
    time.set = async (target, options) => {
      const to = typeof target === "number" ? target : deltaSeconds(target, time);
      // Forward: the guarded advance, so the GM is asked as for any other step; back, or unknown: core's own set.
      if (Number.isFinite(to) && to > time.worldTime) return time.advance(to - time.worldTime, options);
      return set(target, options);
    };
    time.flexSetGuarded = true;
  }
}

export function registerAdvanceGuard(): void {
  // After the rest automation wrapped advance at `ready` (it registers first): this wraps that one.
  Hooks.once("ready", extendAdvanceGuard);
}
