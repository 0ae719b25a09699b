// Declaration merging: tells the Foundry types about Flex's subtypes, documents, settings and CONFIG.
import type { openEndOfDayDialog } from "../applications/dialogs/end-of-day-dialog";
import type { openShortCombat } from "../applications/short-combat";
import type { startCrafting } from "../applications/dialogs/crafting-dialog";
import type { rewards } from "../applications/dialogs/reward-dialog";
import type { openWorkDialog } from "../applications/dialogs/work-dialog";
import type { making } from "../automation/making";
import type { PlotData, ProjectData } from "../data/item/making";
import type { HarvestYieldMode } from "../helpers/settings";
import type { rest } from "../applications/dialogs/rest-start-dialog";
import type { RestPrompt } from "../automation/rest/prompt";
import type { ResourceData } from "../data/item/resource";
import type { requestEndOfDay } from "../automation/end-of-day";
import type { fall } from "../automation/falling";
import type { promptFall, promptFallHeight } from "../applications/dialogs/fall-dialog";
import type { commandCompanion, trainCompanion } from "../automation/companions";
import type { openTrainingDialog } from "../applications/dialogs/training-dialog";
import type { mountUp } from "../automation/riding/mount";
import type { tidyRiding } from "../automation/riding/tidy";
import type { rollItemByUuid } from "../automation/hotbar";
import type { advanceBreath } from "../automation/water";
import type { polymorph } from "../automation/polymorph";
import type { selfTest } from "../automation/selftest";
import type { browse } from "../applications/browser";
import type { FlexConfig } from "../config";
import type { verbs } from "../applications/verbs";
import type { CreatureDefenceMode, CreatureValuesMode, DamageApplyMode } from "../helpers/settings";
import type * as rules from "../rules";
import type { CharacterData } from "../data/actor/character";
import type { CreatureData } from "../data/actor/creature";
import type { LootData } from "../data/actor/loot";
import type * as items from "../data/item/types";
import type { FlexActor } from "../documents/actor";
import type { FlexCombat } from "../documents/combat";
import type { FlexCombatant } from "../documents/combatant";
import type { migrateCompendiums } from "../migration";
import type { FlexItem } from "../documents/item";

/** The public verbs (applications/verbs.ts, docs/api.md): what the sheet's buttons do, for macros and modules. */
type FlexVerbs = typeof verbs;

/** game.flex: a small API for macros and modules. */
export interface FlexApi extends FlexVerbs {
  rules: typeof rules;
  /** Companions (R-COMP-5, R-TRAIN-1): added by automation/companions at setup. */
  trainCompanion?: typeof trainCompanion;
  commandCompanion?: typeof commandCompanion;
  openTrainingDialog?: typeof openTrainingDialog;
  /** Riding (R-RIDE-1 … 5): added by automation/riding at setup. */
  mountUp?: typeof mountUp;
  tidyRiding?: typeof tidyRiding;
  requestEndOfDay: typeof requestEndOfDay;
  openEndOfDayDialog: typeof openEndOfDayDialog;
  advanceBreath: typeof advanceBreath;
  fall: typeof fall;
  /** R-FALL-1 / R-FALL-2: asks for a fall's height and landing target (the macro "Sturz" and the sheet's button). */
  promptFall: typeof promptFall;
  /** R-FALL-1: asks for a fall's height in Schritt only (kept for macros written for 0.1.0). */
  promptFallHeight: typeof promptFallHeight;
  /** R-SHORT-1: the GM's short-combat tool (applications/short-combat). */
  shortCombat: typeof openShortCombat;
  /** What a hotbar macro calls: roll (or use) the item with this uuid. */
  rollItem: typeof rollItemByUuid;
  /** R-MONEY-1: the GM's reward helper (a dialog; `{ dialog: false }` for a macro). */
  rewards: typeof rewards;
  /** R-MONEY-2: the work dialog. */
  openWorkDialog: typeof openWorkDialog;
  /** R-CRAFT-1 … 4: a crafting project for an item (or its uuid). */
  craft: typeof startCrafting;
  /** Making and earning without dialogs (projects, fields, work, rewards). */
  making: typeof making;
  /** RULES.md §11: the GM calls a rest (without a type: the rest dialog). */
  rest: typeof rest;
  /** RULES.md §6: transform a character into a creature and back (automation/polymorph). */
  polymorph: typeof polymorph;
  /** The GM's self-test of the system in this world: its key scenarios, one whispered card (automation/selftest). */
  selfTest: typeof selfTest;
  /** The compendium browser (issue 26); with `select`, the picker: resolves with the chosen UUIDs. */
  browse: typeof browse;
  /** Issue 37: migrates the GM's unlocked Flex packs of a world or module (offered after a world migration). */
  migrateCompendiums: typeof migrateCompendiums;
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
      /** The GM asks a character's owner how it rests (automation/rest/prompt.ts); the answer is the result. */
      flexRest: (data: RestPrompt) => Promise<unknown>;
    }
  }
}

declare module "@league-of-foundry-developers/foundry-vtt-types/configuration" {
  interface DataModelConfig {
    Actor: { character: typeof CharacterData; creature: typeof CreatureData; loot: typeof LootData };
    Item: {
      talent: typeof items.TalentData;
      weapon: typeof items.WeaponData;
      armor: typeof items.ArmorData;
      equipment: typeof items.EquipmentData;
      alchemical: typeof items.AlchemicalData;
      spell: typeof items.SpellData;
      attack: typeof items.AttackData;
      passive: typeof items.PassiveData;
      project: typeof ProjectData;
      plot: typeof PlotData;
      resource: typeof ResourceData;
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
        /** R-SHORT-5: per short combat, the Fluss spent before the roll and the roll's card (automation/short-combat). */
        shortCombat?: Record<string, unknown>;
        /** Payments of making and earning applied to this actor (latest last): the mark in the same write as the money. */
        ledger?: string[];
        /** R-MONEY-1: what the character has received of the reward of its mission from `level` (automation/making/reward.ts). */
        reward?: { level: number; paid: number };
        /** R-TRAIN-1: the training requests carried out on this creature (the newest), read through companions/training.ts. */
        training?: { requests?: string[] };
        /** The rest requests applied to this character, latest last (RULES.md §11). */
        restsDone?: string[];
        /** R-DOWN-2: training for a level, the level trained from and the sessions done (rest/recovery.ts). */
        levelTraining?: { level: number; sessions: number };
        /** R-DOWN-1 / R-DOWN-2: the Ausbildung under way (read through rules readAusbildung; rest/recovery.ts). */
        ausbildung?: unknown;
        /** R-POLY-1 … 8: the snapshot of the character while it is transformed (read through automation/polymorph). */
        polymorph?: unknown;
        /** R-POLY-7: the damage received in the form so far (read through automation/polymorph/received.ts). */
        polymorphTaken?: unknown;
        /** The GM tasks that wrote this document (their journal keys, the newest): a step's mark (automation/task-journal). */
        tasks?: string[];
        /** A temporary actor of the self-test, by its run id (automation/selftest): deleted when the run ends. */
        selfTest?: string;
        /** An owner shares the biography with those who see the actor limited (applications/sheets/actor-sheet.ts). */
        publicBio?: boolean;
      };
    };
    Item: {
      flex: {
        /** R-SHORT-6: per short combat, how many of this Alchemikum were used (automation/short-combat). */
        shortCombat?: Record<string, number>;
        /** A piece of equipment with charges that is a healer's kit (R-REST-HEAL-2), whatever its name. */
        healersKit?: boolean;
        /** A project's copy of what it makes (read through projectTarget). */
        ziel?: unknown;
        /** A project's sessions of work (read through projectLog). */
        log?: unknown;
        /** The request that made this item (a finished project, a harvest): it is made once. */
        madeBy?: string;
        /** R-POLY-4: the snapshot id of the transformation that brought this item with the form. */
        polymorphForm?: string;
        /** R-CORE-3: a general talent that came with a new character (one given later of the same name replaces it). */
        starterTalent?: boolean;
        /** The GM tasks that wrote this document (their journal keys, the newest): a step's mark (automation/task-journal). */
        tasks?: string[];
      };
    };
    Combatant: {
      flex: {
        /** R-CORE-6: the Aktionen and Reaktionen spent (read through coerceActionState; stored data may be anything). */
        actions?: rules.ActionState;
        /** R-CORE-14: the random tiebreak, drawn once when the combatant is created. */
        tiebreak?: number;
        /** R-CORE-6: the relayed spends written here (their request ids, the newest): a retry spends once. */
        spent?: string[];
        /** The GM tasks that wrote this document (their journal keys, the newest): a step's mark (automation/task-journal). */
        tasks?: string[];
      };
    };
    ActiveEffect: {
      flex: {
        /** R-REST-NO-1: when going without sleep began (world time), where core set no start (automation/rest/sleepless.ts). */
        since?: number;
      };
    };
    Combat: {
      flex: {
        /** The round a GM advanced past, due for the round automations (documents/combat.ts). */
        roundDue?: number;
        /** The active GM when it was advanced, who resolves it: another GM catches it up only once that one is gone. */
        roundDueBy?: string;
      };
    };
    Token: {
      flex: {
        /** R-RIDE-1 … R-RIDE-4: the rider's token names its mount's token, the mount's its rider's (automation/riding/pair.ts). */
        riding?: { mount?: string; rider?: string };
        /** The GM tasks that wrote this document (their journal keys, the newest): a step's mark (automation/task-journal). */
        tasks?: string[];
      };
    };
    User: {
      flex: {
        /** A GM's open tasks, by journal key (automation/task-journal/records.ts; read through recordsOf). */
        journal?: Record<string, unknown>;
        /** The tasks this GM finished, the newest (for a requester whose answer was lost). */
        journalDone?: string[];
        /** This GM's own records of the cards it accepted, by key (automation/card-record/store.ts; read through cardRecordOf). */
        cards?: Record<string, unknown>;
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
        shortCombat?: unknown;
        shortCombatResult?: unknown;
        use?: unknown;
        /** An item sent to chat from its row: the item's uuid, for its Benutzen (applications/sheets/item-card.ts). */
        itemCard?: unknown;
        /** A heal card or a healing Alchemikum's use card (automation/healing/record.ts). */
        heal?: unknown;
        check?: unknown;
        damage?: unknown;
        breath?: unknown;
        endOfDay?: unknown;
        making?: unknown;
        rest?: unknown;
        /** Hit dice a player rolled in the rest dialog: the question's id and the character (automation/rest/hit-dice-roll.ts). */
        hitDiceRoll?: unknown;
        noRest?: unknown;
        training?: unknown;
        command?: unknown;
        polymorph?: unknown;
        /** The GM tasks that wrote this document (their journal keys, the newest): a step's mark (automation/task-journal). */
        tasks?: string[];
        /** The self-test's report (automation/selftest). */
        selfTest?: unknown;
      };
    };
  }
  interface SettingConfig {
    "flex.currencyLabel": string;
    /** Raised when the currency's label changes, so Item Piles takes Flex's profile again (integrations/item-piles). */
    "flex.itemPilesRevision": number;
    /** Decision (KR length): the seconds of world time a KR advances (integrations/calendar). */
    "flex.krSeconds": number;
    "flex.fallAutomatic": boolean;
    "flex.fallRoller": string;
    "flex.fallAutoApply": boolean;
    "flex.polymorphRenameToken": boolean;
    "flex.damageApply": DamageApplyMode;
    "flex.creatureDefence": CreatureDefenceMode;
    "flex.creatureValues": CreatureValuesMode;
    "flex.harvestYield": HarvestYieldMode;
    "flex.playersAdvanceTime": boolean;
    "flex.restFluss": boolean;
    "flex.restGunst": boolean;
    "flex.restFullRestCare": boolean;
    "flex.restNoRestClock": boolean;
    "flex.restLessonsByTime": boolean;
    "flex.restAnswerSeconds": number;
    "flex.trainingAdvancesTime": boolean;
    /** The packs the compendium browser leaves out (collection id → false). */
    "flex.browserPacks": Record<string, boolean>;
    "flex.starterTalents": boolean;
    /** The system version the world was last migrated to (migration/ready.ts); "" before the first. */
    "flex.systemMigrationVersion": string;
  }
}

export {};
