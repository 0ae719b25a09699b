// Declaration merging: tells the Foundry types about Flex's subtypes, documents, settings and CONFIG.
import type { FlexConfig } from "../config";
import type { CharacterData } from "../data/actor/character";
import type { CreatureData } from "../data/actor/creature";
import type * as items from "../data/item/types";
import type { FlexActor } from "../documents/actor";
import type { FlexCombat } from "../documents/combat";
import type { FlexItem } from "../documents/item";

declare global {
  interface CONFIG {
    FLEX: FlexConfig;
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
  }
  interface SettingConfig {
    "flex.currencyLabel": string;
    "flex.fallAutomatic": boolean;
    "flex.fallRoller": string;
    "flex.fallAutoApply": boolean;
  }
}

export {};
