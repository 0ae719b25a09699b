// Entry point: wires the system into Foundry's start-up hooks. No logic of its own.
import { CharacterSheet } from "./applications/sheets/character-sheet";
import { CreatureSheet } from "./applications/sheets/creature-sheet";
import { FlexItemSheet } from "./applications/sheets/item-sheet";
import { openEndOfDayDialog } from "./applications/dialogs/end-of-day-dialog";
import { registerEndOfDay, requestEndOfDay } from "./automation/end-of-day";
import { fall, registerFalling } from "./automation/falling";
import { advanceBreath, registerWater } from "./automation/water";
import { FLEX } from "./config";
import { CharacterData } from "./data/actor/character";
import { CreatureData } from "./data/actor/creature";
import { itemDataModels } from "./data/item/types";
import { CheckRoll } from "./dice/check-roll";
import { FlexActor } from "./documents/actor";
import { FlexCombat } from "./documents/combat";
import { FlexCombatant } from "./documents/combatant";
import { registerCombat } from "./automation/combat";
import { registerHotbar, rollItemByUuid } from "./automation/hotbar";
import { FlexItem } from "./documents/item";
import { registerActorDirectoryButtons } from "./helpers/directory";
import { preloadTemplates } from "./helpers/handlebars";
import { registerRelayHandler } from "./automation/gm-relay";
import { registerSettings } from "./helpers/settings";
import { registerStatusEffects } from "./helpers/status-effects";
import * as rules from "./rules";

Hooks.once("init", () => {
  CONFIG.FLEX = FLEX;
  CONFIG.Actor.documentClass = FlexActor;
  CONFIG.Item.documentClass = FlexItem;
  CONFIG.Combat.documentClass = FlexCombat;
  CONFIG.Combatant.documentClass = FlexCombatant;
  Object.assign(CONFIG.Actor.dataModels, { character: CharacterData, creature: CreatureData });
  Object.assign(CONFIG.Item.dataModels, itemDataModels);
  CONFIG.Actor.trackableAttributes = {
    character: { bar: ["leben", "fluss", "gunst"], value: ["erschoepfung.value", "geschwindigkeit"] },
    creature: { bar: ["leben"], value: ["geschwindigkeit"] },
  };
  CONFIG.Dice.rolls.push(CheckRoll);

  registerSettings();
  registerStatusEffects();
  registerRelayHandler();
  registerEndOfDay();
  registerFalling();
  registerWater();
  registerCombat();
  registerHotbar();

  const { DocumentSheetConfig } = foundry.applications.apps;
  DocumentSheetConfig.registerSheet(Actor, "flex", CharacterSheet, { types: ["character"], makeDefault: true, label: "FLEX.Sheet.Character" });
  DocumentSheetConfig.registerSheet(Actor, "flex", CreatureSheet, { types: ["creature"], makeDefault: true, label: "FLEX.Sheet.Creature" });
  DocumentSheetConfig.registerSheet(Item, "flex", FlexItemSheet, { makeDefault: true, label: "FLEX.Sheet.Item" });

  registerActorDirectoryButtons(openEndOfDayDialog);
  void preloadTemplates();
  // A small API for macros and modules.
  // The types give `game` a shape per start-up phase; game.flex is declared on Game (src/types/config.d.ts).
  (game as unknown as Game).flex = { rules, requestEndOfDay, openEndOfDayDialog, advanceBreath, fall, rollItem: rollItemByUuid };
});
