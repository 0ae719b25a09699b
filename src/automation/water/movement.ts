// R-SWIM-1 in v13 token movement: the "swim" action costs double for a creature with a Flex speed,
// so a token swims half as far as it walks; a creature that lives in water (*schwimmt*) swims as far as it walks.
// Others (no Flex speed) keep core's cost.
import { swimCost } from "../../rules";

type CostFunction = (cost: number, ...rest: unknown[]) => number;
type MovementAction = { getCostFunction?: (token: { actor?: Actor.Implementation | null }, options?: unknown) => CostFunction };

/** R-SWIM-1 (Decision): a creature with *schwimmt*, or one that lives only in water (B-7), swims at its own speed. */
const swimmer = (actor: Actor.Implementation | null | undefined) => {
  const sys = actor?.system as { schwimmt?: unknown; nurImWasser?: unknown } | undefined;
  return sys?.schwimmt === true || sys?.nurImWasser === true;
};

function hasFlexSpeed(actor: Actor.Implementation | null | undefined): boolean {
  const speed = (actor?.system as { geschwindigkeit?: unknown } | undefined)?.geschwindigkeit;
  return typeof speed === "number" && Number.isFinite(speed);
}

export function registerSwimming(): void {
  const actions = (CONFIG.Token as { movement?: { actions?: Record<string, MovementAction> } }).movement?.actions;
  const swim = actions?.swim;
  if (!swim) return;
  swim.getCostFunction = (token) => (hasFlexSpeed(token?.actor) ? (cost) => swimCost(cost, swimmer(token?.actor)) : (cost) => cost);
}
