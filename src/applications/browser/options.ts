// What a caller asks of the compendium browser (game.flex.browse, a feature's picker): the tabs, the filters set
// from the start, what is offered besides or instead of the packs, and select mode.
import type { FilterState } from "./filters";
import type { BrowseRow, BrowseTab } from "./rows";

export interface BrowseOptions {
  /** The tab to open on; the first of `tabs` by default. */
  tab?: BrowseTab;
  /** The tabs offered (all four by default; a picker offers its own). */
  tabs?: BrowseTab[];
  /** Filters set from the start on the opening tab. */
  preset?: Partial<FilterState>;
  /** Only these document types are offered (a crafting target: what can be made). */
  types?: string[];
  /** Only entries this accepts are offered (a rest talent the character may declare now). */
  accept?: (row: BrowseRow) => boolean;
  /** Select mode: the picker closes, answering nothing, when this aborts (the question it serves ran out). */
  signal?: AbortSignal;
  /** Read the compendiums (default true). */
  packs?: boolean;
  /** Offer the world's documents the user may see, at this permission (a picker's choice). */
  world?: "LIMITED" | "OBSERVER" | null;
  /** Documents a feature offers besides (its own candidates, which it has checked). */
  candidates?: (Actor.Implementation | Item.Implementation)[];
  /** The character it is opened for: "ridable by this character" compares its size (R-RIDE-1). */
  actor?: Actor.Implementation | null;
  /** Select mode: the picker's title and button, one or several entries; `note` says what choosing the selected entry does. */
  select?: { title?: string; button?: string; icon?: string; multiple?: boolean; empty?: string; note?: (row: BrowseRow | null) => string } | null;
  /** Filters of the tab the picker leaves out (they answer nothing for its question). */
  hideFilters?: string[];
}
