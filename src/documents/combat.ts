// FlexCombat: the round and turn hook points. Core runs them on one designated GM client, only when
// the combat moves forward; feature automation (breath, …) registers handlers here. The turn order asks
// a registered function for each combatant's sort key (R-CORE-14; companions, R-COMP-4, will wrap it).
import { compareInitiative } from "../rules";
import type { InitiativeEntry } from "../rules";

export interface CombatRoundContext {
  round: number;
  turn: number | null;
  skipped?: boolean;
}

export interface CombatAutomation {
  /** Unique name, so a feature registering twice replaces itself instead of running twice. */
  id: string;
  onStartRound?(combat: FlexCombat, context: CombatRoundContext): Promise<void>;
  onEndRound?(combat: FlexCombat, context: CombatRoundContext): Promise<void>;
  onStartTurn?(combat: FlexCombat, combatant: Combatant.Implementation, context: CombatRoundContext): Promise<void>;
  onEndTurn?(combat: FlexCombat, combatant: Combatant.Implementation, context: CombatRoundContext): Promise<void>;
}

const automations = new Map<string, CombatAutomation>();

export function registerCombatAutomation(automation: CombatAutomation): void {
  automations.set(automation.id, automation);
}

async function each(fn: (a: CombatAutomation) => Promise<void> | undefined): Promise<void> {
  for (const a of automations.values()) {
    try {
      await fn(a);
    } catch (err) {
      // One feature's failure must not stop the round for the others.
      console.error(`Flex | combat automation "${a.id}" failed`, err);
      ui.notifications?.error(game.i18n!.format("FLEX.Combat.AutomationFailed", { id: a.id }));
    }
  }
}

/** Where a combatant goes in the turn order. */
export interface CombatantSortKey {
  /** R-CORE-14: initiative (not yet rolled last), then GE, then the stored tiebreak; higher first. */
  entry: InitiativeEntry;
  /** Among equal entries, lower first: 0 for the combatant itself, more for one that acts right after it (R-COMP-4). */
  after: number;
}
export type CombatantSortKeyOf = (combatant: Combatant.Implementation) => CombatantSortKey;

/** Core's order until a feature registers its own: initiative only. */
const byInitiative: CombatantSortKeyOf = (c) => ({ entry: { initiative: c.initiative ?? null, ge: 0, tiebreak: 0 }, after: 0 });
let sortKeyOf: CombatantSortKeyOf = byInitiative;

/** The one function that decides a combatant's sort key (the last registered wins). */
export function registerCombatantSortKey(fn: CombatantSortKeyOf): void {
  sortKeyOf = fn;
}

/** The turn order as an Array#sort comparator; the ids make it total, so every client builds the same turns. */
export function compareCombatants(a: Combatant.Implementation, b: Combatant.Implementation): number {
  const ka = sortKeyOf(a);
  const kb = sortKeyOf(b);
  const [ia, ib] = [a.id ?? "", b.id ?? ""];
  return compareInitiative(ka.entry, kb.entry) || ka.after - kb.after || (ia < ib ? -1 : ia > ib ? 1 : 0);
}

/** Combatants that roll no initiative of their own (R-COMP-4: a companion takes its trainer's place); a feature says which. */
type FollowsOf = (combatant: Combatant.Implementation) => boolean;
let followsOther: FollowsOf = () => false;
export function registerInitiativeFollower(fn: FollowsOf): void {
  followsOther = fn;
}

export class FlexCombat extends Combat {
  /** Core's roll (a single roll, Roll All, Roll NPCs) for every combatant asked for but those that follow another's place. */
  override async rollInitiative(...[ids, options]: Parameters<Combat["rollInitiative"]>) {
    const list = (typeof ids === "string" ? [ids] : ids).filter((id) => {
      const combatant = this.combatants.get(id);
      return !combatant || !followsOther(combatant);
    });
    return super.rollInitiative(list, options);
  }

  /**
   * A round advanced while a GM is online marks, in the same write, the round that ended as due for the round
   * automations (breath): should the active GM drop before resolving it, the next one knows to. A round advanced
   * with no GM online is never due (nobody was there to resolve it).
   */
  protected override async _preUpdate(changes: Combat.UpdateData, options: Combat.Database.PreUpdateOptions, user: User.Implementation) {
    const round = (changes as { round?: unknown }).round;
    if (typeof round === "number" && round > this.round && this.round > 0 && game.users?.activeGM) {
      foundry.utils.setProperty(changes, "flags.flex.roundDue", this.round);
      // v13 runs the round's end on the active GM's client: that GM owes it.
      foundry.utils.setProperty(changes, "flags.flex.roundDueBy", game.users.activeGM.id);
    }
    return super._preUpdate(changes, options, user);
  }

  /** The round whose end the round automations still owe, if a GM advanced it (see _preUpdate). */
  get roundDue(): number | null {
    const due = this.getFlag("flex", "roundDue");
    return typeof due === "number" ? due : null;
  }

  /** Whether the GM who owes the due round may still be resolving it: connected, and not this client (a reload forgets). */
  get roundDueHeld(): boolean {
    const by = this.getFlag("flex", "roundDueBy");
    return typeof by === "string" && by !== game.user?.id && game.users?.get(by)?.active === true;
  }

  /** Core builds `turns` with this; it passes it unbound, so it must not use `this`. */
  protected override _sortCombatants(a: Combatant.Implementation, b: Combatant.Implementation): number {
    return compareCombatants(a, b);
  }

  protected override async _onStartRound(context: Combat.RoundEventContext) {
    await super._onStartRound(context);
    await each((a) => a.onStartRound?.(this, context as CombatRoundContext));
  }

  protected override async _onEndRound(context: Combat.RoundEventContext) {
    await super._onEndRound(context);
    await each((a) => a.onEndRound?.(this, context as CombatRoundContext));
  }

  protected override async _onStartTurn(combatant: Combatant.Implementation, context: Combat.TurnEventContext) {
    await super._onStartTurn(combatant, context);
    await each((a) => a.onStartTurn?.(this, combatant, context as CombatRoundContext));
  }

  protected override async _onEndTurn(combatant: Combatant.Implementation, context: Combat.TurnEventContext) {
    await super._onEndTurn(combatant, context);
    await each((a) => a.onEndTurn?.(this, combatant, context as CombatRoundContext));
  }
}
