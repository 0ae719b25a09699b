// What makes a token fall: a move that drops it more than 2 Schritt (the `moveToken` hook) and moving into
// a pit region ("flex.pit", its move-in event). Each is handled on one client only — the one whose user
// moved the token — and each movement at most once.
// Decision: one movement, one landing, one fall. A movement that drops the token more than 2 Schritt and
// carries it into a pit is a single fall of the larger height (the pit's depth or the drop), handled by
// the pit: the creature lands once, and a drop that ends on the pit's floor is not counted twice. (The drop
// counts only while the world setting makes drops falls.)
// v13 splits a movement at the edge of a region that watches movement: each part has its own id and names the earlier
// ones in `movement.chain`, and each names the whole movement's end as its `destination`. So a drop is measured from
// where the movement began to where the part passed ends, decided by its last part, and claimed once per movement.
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
/** A whole movement (all its parts) is claimed once: by the id of its first part. */
function claimMovement(movement: MovementLike): boolean {
  const id = movementKey(movement);
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

/** The movement a part belongs to: the id of its first part. */
const movementKey = (movement: MovementLike): string | undefined => movement.chain?.[0] ?? movement.id;

// Where each movement this client carries out began (its first part's elevation), until its last part is decided.
const starts = clientLocal("fall.starts", () => new Map<string, number>());

/** Where this part of the movement ended: its last waypoint passed (its `destination` is the whole movement's end). */
function partEnd(movement: MovementLike): SpotLike | null {
  const last = movement.passed?.waypoints?.at(-1);
  const origin = movement.origin;
  if (!origin || !last) return spotOf(movement.destination);
  return { x: last.x ?? origin.x, y: last.y ?? origin.y, width: last.width ?? origin.width, height: last.height ?? origin.height, elevation: last.elevation ?? origin.elevation };
}

/** How far the movement has taken the token down by the end of this part (Schritt; 0 when it went up or is unknown). */
function dropSoFar(movement: MovementLike): number {
  const key = movementKey(movement);
  const start = (key ? starts().get(key) : undefined) ?? Number(movement.origin?.elevation);
  const drop = start - Number(partEnd(movement)?.elevation);
  return Number.isFinite(drop) ? Math.max(0, drop) : 0;
}

/** Remembers where a movement began, at its first part (a later part starts where the one before ended). */
function noteStart(movement: MovementLike): void {
  const key = movementKey(movement);
  const elevation = Number(movement.origin?.elevation);
  if (!key || starts().has(key) || !Number.isFinite(elevation)) return;
  starts().set(key, elevation);
  if (starts().size > 200) starts().delete(starts().keys().next().value!);
}

/** Whether this part carried the token into an enabled pit: its centre outside at the part's start, inside at its end. */
function entersPit(token: TokenDocument.Implementation, movement: MovementLike): boolean {
  const origin = movement.origin;
  const end = partEnd(movement);
  const regions = token.parent?.regions;
  if (!origin || !end || !regions) return false;
  const inside = (region: RegionDocument.Implementation, at: SpotLike) => region.testPoint(token.getCenterPoint(at));
  return regions.some((r) => r.behaviors.some((b) => (b.type as string) === PIT_BEHAVIOR && !b.disabled) && inside(r, end) && !inside(r, origin));
}

/** (a) A move that drops the token more than 2 Schritt, seen on the mover's client only. */
export async function onMoveToken(token: TokenDocument.Implementation, movement: MovementLike, operation: { flexNoFall?: boolean } | undefined, user: User.Implementation): Promise<void> {
  if (!user?.isSelf || !token?.actor || !fallSettings.automatic()) return;
  // Undoing a climb is no fall; other automation may move a token down on purpose.
  if (movement?.method === "undo" || operation?.flexNoFall) return;
  noteStart(movement);
  // The movement goes on: its last part decides (a pit that stops it on the way falls on its own).
  if (movement.pending?.waypoints?.length) return;
  const drop = dropSoFar(movement);
  starts().delete(movementKey(movement) ?? "");
  if (!planFall(drop).falls || arrivesFlying(movement)) return;
  // A drop into a pit is the pit's one fall (see the decision above).
  if (entersPit(token, movement)) return;
  if (!claimMovement(movement)) return;
  await report(fall(token, drop, { source: "move", fallId: `move.${movementKey(movement) ?? foundry.utils.randomID()}`, landing: partEnd(movement) }));
}

/** (b) Moving into a pit region, on the mover's client only: the movement stops at the pit, and the token falls. */
export async function onPitEnter(depth: number, behaviorId: string, event: unknown): Promise<void> {
  const e = event as { user?: User.Implementation; data?: { token?: TokenDocument.Implementation; movement?: MovementLike } };
  const token = e.data?.token;
  const movement = e.data?.movement;
  const actor = token?.actor;
  if (!e.user?.isSelf || !token || !actor || !movement || movement.method === "undo") return;
  if (arrivesFlying(movement) || actor.statuses?.has("fly")) return;
  noteStart(movement);
  const height = Math.max(depth, fallSettings.automatic() ? dropSoFar(movement) : 0);
  if (!planFall(height).falls || !claimMovement(movement)) return;
  // Before any await, as core asks of a region behaviour: the pending waypoints are not carried out.
  token.stopMovement();
  await report(fall(token, height, { source: "pit", fallId: `pit.${behaviorId}.${movementKey(movement) ?? foundry.utils.randomID()}`, landing: partEnd(movement) }));
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
