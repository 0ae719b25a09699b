// v13 hooks the Foundry types do not list yet, declared once (registered through helpers/hooks.ts).

/** What the `moveToken` hook says about one movement (the parts the system reads). */
export interface TokenMovementLike {
  id?: string;
  method?: string;
  origin?: { x: number; y: number; width: number; height: number; elevation: number };
  destination?: { x: number; y: number; width: number; height: number; elevation: number; action?: string };
  passed?: { waypoints?: { action?: string }[] };
}

export interface FlexHookSignatures {
  /** Core calls render<Class> for each class of a rendered application; the item sheet's features wire their parts here. */
  renderItemSheetV2: (app: { document?: Item.Implementation | null }, element: HTMLElement) => unknown;
  moveToken: (token: TokenDocument.Implementation, movement: TokenMovementLike, operation: { flexNoFall?: boolean } | undefined, user: User.Implementation) => unknown;
}
