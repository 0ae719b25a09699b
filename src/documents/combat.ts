// FlexCombat: the round and turn hook points. Core runs them on one designated GM client, only when
// the combat moves forward; feature automation (breath, …) registers handlers here.
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

export class FlexCombat extends Combat {
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
