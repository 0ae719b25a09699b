// Entry point: wires the system into Foundry's start-up hooks. No logic of its own.
import { CharacterSheet } from "./applications/sheets/character-sheet";
import { CreatureSheet } from "./applications/sheets/creature-sheet";
import { FlexItemSheet } from "./applications/sheets/item-sheet";
import { registerItemCard } from "./applications/sheets/item-card";
import { openEndOfDayDialog } from "./applications/dialogs/end-of-day-dialog";
import { registerEndOfDay, requestEndOfDay } from "./automation/end-of-day";
import { fall, registerFalling } from "./automation/falling";
import { advanceBreath, registerWater } from "./automation/water";
import { FLEX } from "./config";
import { CharacterData } from "./data/actor/character";
import { CreatureData } from "./data/actor/creature";
import { LootData } from "./data/actor/loot";
import { LootSheet } from "./applications/sheets/loot-sheet";
import { itemDataModels } from "./data/item/types";
import { CheckRoll } from "./dice/check-roll";
import { FlexActor } from "./documents/actor";
import { FlexCombat } from "./documents/combat";
import { FlexCombatant } from "./documents/combatant";
import { registerCombat } from "./automation/combat";
import { registerHealing } from "./automation/healing";
import { registerShortCombat } from "./automation/short-combat";
import { openShortCombat, registerShortCombatUI } from "./applications/short-combat";
import { registerCompanions } from "./automation/companions";
import { registerRiding } from "./automation/riding";
import { openTrainingDialog } from "./applications/dialogs/training-dialog";
import { registerHotbar, rollItemByUuid } from "./automation/hotbar";
import { polymorph, registerFormPicker, registerPolymorph } from "./automation/polymorph";
import { pickPolymorphForm } from "./applications/dialogs/polymorph-form-dialog";
import { FlexItem } from "./documents/item";
import { registerActorDirectoryButtons, registerRestDirectoryButton, registerRewardDirectoryButton } from "./helpers/directory";
import { registerRest } from "./automation/rest";
import { registerRestPrompt } from "./applications/dialogs/rest-answer-dialog";
import { registerRestResourceDetails } from "./applications/dialogs/rest-resource";
import { rest } from "./applications/dialogs/rest-start-dialog";
import { registerRestSettings } from "./helpers/settings";
import { preloadTemplates } from "./helpers/handlebars";
import { registerRelayHandler } from "./automation/gm-relay";
import { registerTaskJournal } from "./automation/task-journal";
import { registerPresence } from "./automation/task-journal/presence";
import { registerMakingSettings, registerSettings } from "./helpers/settings";
import { registerSettingGroups } from "./helpers/settings-groups";
import { registerStatusEffects } from "./helpers/status-effects";
import { registerMaking, making } from "./automation/making";
import { registerMakingSheets, startCrafting } from "./applications/dialogs/crafting-dialog";
import { openWorkDialog } from "./applications/dialogs/work-dialog";
import { rewards } from "./applications/dialogs/reward-dialog";
import * as rules from "./rules";
import { promptFall, promptFallHeight } from "./applications/dialogs/fall-dialog";
import { FlexJournalEntry, FlexMacro } from "./documents/pack-documents";
import { registerPackI18n } from "./helpers/packs";
import { registerRuleHelper } from "./helpers/rule-labels";
import { registerCheckSumHelper } from "./dice/check-sum";
import { registerDiceHelper } from "./helpers/dice-text";
import { registerUnitHelper } from "./helpers/units";
import { registerGlyphHelper } from "./helpers/icon-glyph";
import { registerSelfTestCard, selfTest } from "./automation/selftest";
import { registerSelfTestMenu } from "./applications/dialogs/selftest-menu";
import { browse, registerBrowser } from "./applications/browser";
import { registerRulesJournalFocus } from "./applications/rules-journal";
import { registerStarterTalents } from "./documents/starter-talents";
import { registerTalentHelper } from "./applications/talent-names";
import { registerCheckRequester } from "./documents/features";
import { requestCheck } from "./applications/dialogs/check-request";
import { verbs } from "./applications/verbs";
import { registerTokenActionHud } from "./integrations/token-action-hud";
import { registerItemPiles } from "./integrations/item-piles";
import { registerWorldTime } from "./integrations/calendar";
import { registerDiceSoNiceHook } from "./integrations/dice-so-nice";
import { registerTokenRuler } from "./applications/token-ruler";
import { migrateCompendiums, registerMigration } from "./migration";

Hooks.once("init", () => {
  CONFIG.FLEX = FLEX;
  CONFIG.Actor.documentClass = FlexActor;
  CONFIG.Item.documentClass = FlexItem;
  CONFIG.Combat.documentClass = FlexCombat;
  CONFIG.Combatant.documentClass = FlexCombatant;
  CONFIG.JournalEntry.documentClass = FlexJournalEntry;
  CONFIG.Macro.documentClass = FlexMacro;
  Object.assign(CONFIG.Actor.dataModels, { character: CharacterData, creature: CreatureData, loot: LootData });
  Object.assign(CONFIG.Item.dataModels, itemDataModels);
  CONFIG.Actor.trackableAttributes = {
    character: { bar: ["leben", "fluss", "gunst"], value: ["erschoepfung.value", "geschwindigkeit"] },
    creature: { bar: ["leben"], value: ["geschwindigkeit"] },
  };
  CONFIG.Dice.rolls.push(CheckRoll);

  registerSettings();
  registerSettingGroups();
  // First at ready: a world saved by an older Flex is migrated before anything reads it (migration/).
  registerMigration();
  // The public check verb: actor.requestCheck asks with the roll dialog (applications/dialogs/check-request.ts).
  registerCheckRequester(requestCheck);
  registerPackI18n();
  registerRuleHelper();
  registerRulesJournalFocus();
  registerStarterTalents();
  registerDiceHelper();
  registerCheckSumHelper();
  registerTalentHelper();
  registerUnitHelper();
  registerGlyphHelper();
  registerRestSettings();
  registerStatusEffects();
  registerRelayHandler();
  registerTaskJournal();
  registerPresence();
  registerEndOfDay();
  registerFalling();
  registerWater();
  registerHealing();
  registerCombat();
  registerShortCombat();
  registerShortCombatUI();
  registerRest();
  registerRestPrompt();
  registerRestResourceDetails();
  registerMakingSettings();
  registerMaking();
  registerMakingSheets();
  registerCompanions({ openTrainingDialog });
  registerRiding();
  registerHotbar();
  registerItemCard();
  // Last: it wraps the item rollers the features above registered (R-POLY-2 / R-POLY-3).
  registerPolymorph();
  registerFormPicker(pickPolymorphForm);
  // Module integrations (src/integrations/): each waits for its module's own hook, so without the module nothing runs.
  registerTokenActionHud();
  registerItemPiles();
  registerWorldTime();
  registerDiceSoNiceHook();
  registerTokenRuler();

  const { DocumentSheetConfig } = foundry.applications.apps;
  DocumentSheetConfig.registerSheet(Actor, "flex", CharacterSheet, { types: ["character"], makeDefault: true, label: "FLEX.Sheet.Character" });
  DocumentSheetConfig.registerSheet(Actor, "flex", CreatureSheet, { types: ["creature"], makeDefault: true, label: "FLEX.Sheet.Creature" });
  DocumentSheetConfig.registerSheet(Actor, "flex", LootSheet, { types: ["loot"], makeDefault: true, label: "FLEX.Sheet.Loot" });
  DocumentSheetConfig.registerSheet(Item, "flex", FlexItemSheet, { makeDefault: true, label: "FLEX.Sheet.Item" });

  registerActorDirectoryButtons(openEndOfDayDialog);
  registerRestDirectoryButton(() => rest());
  registerSelfTestMenu();
  registerSelfTestCard();
  registerBrowser();
  registerRewardDirectoryButton(() => rewards());
  void preloadTemplates();
  // A small API for macros and modules.
  // The types give `game` a shape per start-up phase; game.flex is declared on Game (src/types/config.d.ts).
  (game as unknown as Game).flex = { rules, requestEndOfDay, openEndOfDayDialog, advanceBreath, fall, promptFall, promptFallHeight, rollItem: rollItemByUuid, rest, rewards, openWorkDialog, craft: startCrafting, making, shortCombat: openShortCombat, polymorph, selfTest, browse, migrateCompendiums, ...verbs };
});
