// RULES.md R-CORE-6, Decision (2026-12-01, movement): one Aktion spent on moving moves up to Geschwindigkeit Schritt;
// swimming at the swim speed (R-SWIM-1), mounted at the mount's (R-RIDE-4). The token ruler shows what a path costs.
import type { RuleId } from "./ids";

/** How many Aktionen a move of `distance` Schritt costs at `speed` Schritt per Aktion; null when it cannot move. */
export function movementActions(distance: number, speed: number): number | null {
  if (!Number.isFinite(distance) || distance <= 0) return 0;
  if (!Number.isFinite(speed) || speed <= 0) return null;
  return Math.ceil(distance / speed - 1e-9);
}

export interface SpeedBand {
  /** Aktionen the move costs (0: no move yet); null: the creature cannot move this way. */
  actions: number | null;
  /** Within what a KR's Aktionen (or those left) pay for. */
  affordable: boolean;
  rule: RuleId;
}

/** R-CORE-6: the band of a path: 1, 2 or 3 Aktionen, and whether the Aktionen left (a KR's in a fight) pay for it. */
export function speedBand(distance: number, speed: number, actionsLeft: number): SpeedBand {
  const actions = movementActions(distance, speed);
  const left = Number.isFinite(actionsLeft) ? Math.max(0, Math.floor(actionsLeft)) : 0;
  return { actions, affordable: actions !== null && actions <= left, rule: "R-CORE-6" };
}
