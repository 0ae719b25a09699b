// 0.2.0: world settings the system no longer registers, whose stored value is dropped. Pure.

/** R-REST-NO-1 (Decision 2026-12-01): a breather restarts the no-rest clock like every rest; the switch is gone. */
const REMOVED = ["flex.restBreatherStopsClock"];

/** The stored world settings to drop: those of REMOVED the world still holds. */
export const removedSettings = (stored: readonly string[]): string[] => REMOVED.filter((key) => stored.includes(key));
