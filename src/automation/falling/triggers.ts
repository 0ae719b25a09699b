// What makes a token fall: a move that drops it more than 2 Schritt (the `moveToken` hook) and moving into
// a pit region ("flex.pit", its move-in event). Each is handled on one client only — the one whose user
// moved the token — and each movement at most once.
// Decision: one movement, one landing, one fall. A movement that drops the token more than 2 Schritt and
// carries it into a pit is a single fall of the larger height (the pit's depth or the drop), handled by
// the pit: the creature lands once, and a drop that ends on the pit's floor is not counted twice. (The drop
// counts only while the world setting makes drops falls.)
import { clientLocal } from "../../helpers/client-local";
import type { TokenMovementLike } from "../../helpers/hooks";
import { planFall } from "../../rules";
import { fall } from "./fall";
import type { SpotLike } from "./landing";
import { PIT_BEHAVIOR } from "./pit-behavior";
import { fallSettings } from "./settings";

type MovementLike = TokenMovementLike;

// Movements this client has already turned into a fall (or decided against), most recent last.
const claimed = clientLocal("fall.claimed", () => [] as string[]);
function claimMovement(id: string | undefined): boolean {
  if (!id) return true;
  const list = claimed();
  if (list.includes(id)) return false;
  list.push(id);
  if (list.length > 200) list.shift();
  return true;
}

/** A token that arrives flying or by teleport does not fall. */
function arrivesFlying(movement: MovementLike | undefined): boolean {
  const action = movement?.passed?.waypoints?.at(-1)?.action ?? movement?.destination?.action;
  return action === "fly" || action === "blink";
}

function spotOf(destination: SpotLike | undefined): SpotLike | null {
  if (!destination) return null;
  const { x, y, width, height, elevation } = destination;
  return { x, y, width, height, elevation };
}

/** How far the movement took the token down (Schritt; 0 when it went up or the elevations are unknown). */
function dropOf(movement: MovementLike): number {
  const drop = Number(movement.origin?.elevation) - Number(movement.destination?.elevation);
  return Number.isFinite(drop) ? Math.max(0, drop) : 0;
}

/** Whether the movement carried the token into an enabled pit: its centre outside at the start, inside at the end. */
function entersPit(token: TokenDocument.Implementation, movement: MovementLike): boolean {
  const { origin, destination } = movement;
  const regions = token.parent?.regions;
  if (!origin || !destination || !regions) return false;
  const inside = (region: RegionDocument.Implementation, at: SpotLike) => region.testPoint(token.getCenterPoint(at));
  return regions.some((r) => r.behaviors.some((b) => (b.type as string) === PIT_BEHAVIOR && !b.disabled) && inside(r, destination) && !inside(r, origin));
}

/** (a) A move that drops the token more than 2 Schritt, seen on the mover's client only. */
export async function onMoveToken(token: TokenDocument.Implementation, movement: MovementLike, operation: { flexNoFall?: boolean } | undefined, user: User.Implementation): Promise<void> {
  if (!user?.isSelf || !token?.actor || !fallSettings.automatic()) return;
  // Undoing a climb is no fall; other automation may move a token down on purpose.
  if (movement?.method === "undo" || operation?.flexNoFall) return;
  const drop = dropOf(movement);
  if (!planFall(drop).falls || arrivesFlying(movement)) return;
  // A drop into a pit is the pit's one fall (see the decision above).
  if (entersPit(token, movement)) return;
  if (!claimMovement(movement.id)) return;
  await report(fall(token, drop, { source: "move", fallId: `move.${movement.id ?? foundry.utils.randomID()}`, landing: spotOf(movement.destination) }));
}

/** (b) Moving into a pit region, on the mover's client only: the movement stops at the pit, and the token falls. */
export async function onPitEnter(depth: number, behaviorId: string, event: unknown): Promise<void> {
  const e = event as { user?: User.Implementation; data?: { token?: TokenDocument.Implementation; movement?: MovementLike } };
  const token = e.data?.token;
  const movement = e.data?.movement;
  const actor = token?.actor;
  if (!e.user?.isSelf || !token || !actor || !movement || movement.method === "undo") return;
  if (arrivesFlying(movement) || actor.statuses?.has("fly")) return;
  const height = Math.max(depth, fallSettings.automatic() ? dropOf(movement) : 0);
  if (!planFall(height).falls || !claimMovement(movement.id)) return;
  // Before any await, as core asks of a region behaviour: the pending waypoints are not carried out.
  token.stopMovement();
  await report(fall(token, height, { source: "pit", fallId: `pit.${behaviorId}.${movement.id ?? foundry.utils.randomID()}`, landing: spotOf(movement.destination) }));
}

// A failed fall must not break the move that caused it.
async function report(work: Promise<unknown>): Promise<void> {
  try {
    await work;
  } catch (err) {
    console.error("Flex | fall failed", err);
    ui.notifications?.error(game.i18n!.localize("FLEX.Fall.Failed"));
  }
}
