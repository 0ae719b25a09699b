// Region behaviour "flex.water": a lake, a river, a flooded cellar. A token that enters is under water and
// wet (R-WATER-5); one that exits is no longer under water (Decision: it stays wet until the GM clears it).
// Entering and exiting are core's TOKEN_ENTER / TOKEN_EXIT: a token moved in or out (where the movement ends:
// a token dragged through the water without stopping in it stays dry), created or deleted inside, the region
// drawn, reshaped or deleted over it, the behaviour enabled or disabled. Core fires region events on every
// client; only the client of the user who caused the event acts, so one client writes.
import { addStatuses, removeStatuses } from "../../helpers/status-effects";
import { enteringWater } from "./statuses";

export const WATER_BEHAVIOR = "flex.water";

interface RegionEvent {
  name: string;
  user: User.Implementation;
  region: RegionDocument.Implementation;
  data: { token?: TokenDocument.Implementation };
}

/** Whether the token is still inside another enabled water region of its scene (overlapping lakes). */
function inOtherWater(token: TokenDocument.Implementation, left: RegionDocument.Implementation): boolean {
  const regions = (token.parent as Scene.Implementation | null)?.regions;
  if (!regions) return false;
  return regions.some((r) => r !== left && r.behaviors.some((b) => (b.type as string) === WATER_BEHAVIOR && !b.disabled) && (r.tokens as Set<TokenDocument.Implementation>).has(token));
}

async function onTokenEnter(event: RegionEvent): Promise<void> {
  if (!event.user.isSelf) return;
  const actor = event.data.token?.actor;
  if (actor) await addStatuses(actor, enteringWater(actor), { flexWaterStatuses: true });
}

/** A deleted token exits its regions too; it has nothing left to change (an unlinked one's actor is gone with it). */
function isDeleted(token: TokenDocument.Implementation): boolean {
  return !token.parent?.tokens.has(token.id ?? "");
}

async function onTokenExit(event: RegionEvent): Promise<void> {
  if (!event.user.isSelf) return;
  const token = event.data.token;
  const actor = token?.actor;
  if (!token || !actor || isDeleted(token) || inOtherWater(token, event.region)) return;
  await removeStatuses(actor, ["underwater"]);
}

type WaterSchema = Record<never, never>;

export class WaterRegionBehavior extends foundry.data.regionBehaviors.RegionBehaviorType<WaterSchema> {
  static override defineSchema(): WaterSchema {
    return {};
  }

  // The events are fixed (entering and leaving water), so the behaviour needs no events field.
  static override events = {
    [CONST.REGION_EVENTS.TOKEN_ENTER]: onTokenEnter,
    [CONST.REGION_EVENTS.TOKEN_EXIT]: onTokenExit,
  };
}
