// Declaration merging: tells the Foundry types about Flex's subtypes, documents, settings and CONFIG.
import type { openEndOfDayDialog } from "../applications/dialogs/end-of-day-dialog";
import type { requestEndOfDay } from "../automation/end-of-day";
import type { fall } from "../automation/falling";
import type { rollItemByUuid } from "../automation/hotbar";
import type { advanceBreath } from "../automation/water";
import type { FlexConfig } from "../config";
import type { CreatureDefenceMode, DamageApplyMode } from "../helpers/settings";
import type * as rules from "../rules";
import type { CharacterData } from "../data/actor/character";
import type { CreatureData } from "../data/actor/creature";
import type * as items from "../data/item/types";
import type { FlexActor } from "../documents/actor";
import type { FlexCombat } from "../documents/combat";
import type { FlexCombatant } from "../documents/combatant";
import type { FlexItem } from "../documents/item";

/** game.flex: a small API for macros and modules. */
export interface FlexApi {
  rules: typeof rules;
  requestEndOfDay: typeof requestEndOfDay;
  openEndOfDayDialog: typeof openEndOfDayDialog;
  advanceBreath: typeof advanceBreath;
  fall: typeof fall;
  /** What a hotbar macro calls: roll (or use) the item with this uuid. */
  rollItem: typeof rollItemByUuid;
}

declare global {
  interface Game {
    flex: FlexApi;
  }
  interface CONFIG {
    FLEX: FlexConfig;
  }
  namespace CONFIG {
    interface Queries {
      /** Flex's one relay to the active GM (automation/gm-relay.ts). */
      flex: (data: Record<string, unknown>) => Promise<unknown>;
    }
  }
}

declare module "@league-of-foundry-developers/foundry-vtt-types/configuration" {
  interface DataModelConfig {
    Actor: { character: typeof CharacterData; creature: typeof CreatureData };
    Item: {
      talent: typeof items.TalentData;
      weapon: typeof items.WeaponData;
      armor: typeof items.ArmorData;
      equipment: typeof items.EquipmentData;
      alchemical: typeof items.AlchemicalData;
      spell: typeof items.SpellData;
      attack: typeof items.AttackData;
      passive: typeof items.PassiveData;
    };
  }
  interface DocumentClassConfig {
    Actor: typeof FlexActor;
    Item: typeof FlexItem;
    Combat: typeof FlexCombat;
    Combatant: typeof FlexCombatant;
  }
  interface FlagConfig {
    Actor: {
      flex: {
        /** The end-of-day requests applied to this character, latest last (R-EXH-1..4). */
        daysDone?: string[];
        /** Before daysDone: the last end-of-day request applied. */
        lastEndOfDay?: string;
        /** The last breath round processed, "<combatId>:<round>" (R-BREATH-1..4). */
        breath?: string;
        /** Damage applied by a card, by mark id: the "applied" mark lives on the target. */
        applied?: Record<string, unknown>;
      };
    };
    Combatant: {
      flex: {
        /** R-CORE-6: the Aktionen and Reaktionen spent (read through coerceActionState; stored data may be anything). */
        actions?: rules.ActionState;
        /** R-CORE-14: the random tiebreak, drawn once when the combatant is created. */
        tiebreak?: number;
      };
    };
    Macro: {
      flex: {
        /** The item a hotbar macro rolls (automation/hotbar.ts). */
        itemMacro?: string;
      };
    };
    ChatMessage: {
      flex: {
        fall?: unknown;
        attack?: unknown;
        use?: unknown;
        check?: unknown;
        damage?: unknown;
        breath?: unknown;
        endOfDay?: unknown;
      };
    };
  }
  interface SettingConfig {
    "flex.currencyLabel": string;
    "flex.fallAutomatic": boolean;
    "flex.fallRoller": string;
    "flex.fallAutoApply": boolean;
    "flex.damageApply": DamageApplyMode;
    "flex.creatureDefence": CreatureDefenceMode;
  }
}

export {};
