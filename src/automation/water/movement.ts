// R-SWIM-1 in v13 token movement: the "swim" action costs double for a creature with a Flex speed,
// so a token swims half as far as it walks; a creature that lives in water (*schwimmt*) swims as far as it walks.
// B-7: one that lives only in water walks 1 Schritt per Aktion. Others (no Flex speed) keep core's cost.
import { swimCost, walkCost } from "../../rules";

type CostFunction = (cost: number, ...rest: unknown[]) => number;
type MovementAction = { getCostFunction?: (token: { actor?: Actor.Implementation | null }, options?: unknown) => CostFunction };

/** R-SWIM-1 (Decision): a creature with *schwimmt*, or one that lives only in water (B-7), swims at its own speed. */
const swimmer = (actor: Actor.Implementation | null | undefined) => {
  const sys = actor?.system as { schwimmt?: unknown; nurImWasser?: unknown } | undefined;
  return sys?.schwimmt === true || sys?.nurImWasser === true;
};

/** The actor's Flex Geschwindigkeit, or null for an actor without one (another system's, none at all). */
function flexSpeed(actor: Actor.Implementation | null | undefined): number | null {
  const speed = (actor?.system as { geschwindigkeit?: unknown } | undefined)?.geschwindigkeit;
  return typeof speed === "number" && Number.isFinite(speed) ? speed : null;
}
const hasFlexSpeed = (actor: Actor.Implementation | null | undefined) => flexSpeed(actor) !== null;

const waterOnly = (actor: Actor.Implementation | null | undefined) => (actor?.system as { nurImWasser?: unknown } | undefined)?.nurImWasser === true;

/** The walk cost function this module set (registered twice, it wraps core's once). */
let ourWalk: MovementAction["getCostFunction"] | null = null;

export function registerSwimming(): void {
  const actions = (CONFIG.Token as { movement?: { actions?: Record<string, MovementAction> } }).movement?.actions;
  const swim = actions?.swim;
  if (swim) swim.getCostFunction = (token) => (hasFlexSpeed(token?.actor) ? (cost) => swimCost(cost, swimmer(token?.actor)) : (cost) => cost);
  // B-7: a creature that lives only in water walks 1 Schritt per Aktion; everyone else walks as core (or a module) says.
  const walk = actions?.walk;
  if (!walk || walk.getCostFunction === ourWalk) return;
  const core = walk.getCostFunction?.bind(walk);
  ourWalk = walk.getCostFunction = (token, options) => {
    const speed = flexSpeed(token?.actor);
    const onFoot = core?.(token, options);
    if (speed === null || !waterOnly(token?.actor)) return onFoot ?? ((cost) => cost);
    return (cost, ...rest) => walkCost(onFoot ? onFoot(cost, ...rest) : cost, speed, true);
  };
}
