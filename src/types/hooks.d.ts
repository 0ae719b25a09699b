// v13 hooks the Foundry types do not list yet, declared once (registered through helpers/hooks.ts).

/** What the `moveToken` hook says about one movement (the parts the system reads). */
export interface TokenMovementLike {
  /** This update's own id; a movement core splits at a region's edge goes on in updates with new ids. */
  id?: string;
  /** The ids of the earlier updates of the same movement (empty for its first part). */
  chain?: string[];
  method?: string;
  origin?: { x: number; y: number; width: number; height: number; elevation: number };
  /** Where the whole movement is going (the same in each of its parts), not where this part ends. */
  destination?: { x: number; y: number; width: number; height: number; elevation: number; action?: string };
  /** The waypoints this update carried out; the last is where it ended. */
  passed?: { waypoints?: MovementWaypointLike[] };
  /** The waypoints still to come in later updates. */
  pending?: { waypoints?: MovementWaypointLike[] };
}

export interface MovementWaypointLike {
  x?: number;
  y?: number;
  width?: number;
  height?: number;
  elevation?: number;
  action?: string;
}

export interface FlexHookSignatures {
  /** Core calls render<Class> for each class of a rendered application; the item sheet's features wire their parts here. */
  renderItemSheetV2: (app: { document?: Item.Implementation | null }, element: HTMLElement) => unknown;
  /** Core's journal sheet (v13, ApplicationV2) after each render. */
  renderJournalEntrySheet: (app: { document?: { pack?: string | null } | null }, element: HTMLElement) => unknown;
  moveToken: (token: TokenDocument.Implementation, movement: TokenMovementLike, operation: { flexNoFall?: boolean } | undefined, user: User.Implementation) => unknown;
  /** The system's own: a rest is about to be applied (automation/rest/apply.ts); `advanceTime = false` keeps the time. */
  "flex.preRest": (data: { actorIds?: string[]; advanceTime?: boolean }) => unknown;
  /** The system's own: rolls a GM task added to a posted card (task-journal/steps.ts), on the client that added them. */
  "flex.cardRollsAdded": (message: ChatMessage.Implementation, rolls: Roll[]) => unknown;
  /** The system's own: a roll that goes on no card (the breath check a spell forces, R-WATER-3), where it was rolled. */
  "flex.rollWithoutCard": (roll: Roll) => unknown;
}
