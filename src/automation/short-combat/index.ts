// Short combats (R-SHORT-1 … R-SHORT-6): an easy fight resolved in one exchange of rolls. The GM starts it (one
// card everyone sees), each player rolls on their own client, the active GM reads and applies.
import { registerShortCombatGM } from "./gm";
import { registerShortCombatReport } from "./report";

export { startShortCombat, shortCombatAction, pickParticipants } from "./gm";
export type { ShortAction, ShortActionStatus, ShortCombatSetup, ShortPickable } from "./gm";
export { rollInShortCombat, useAlchemikumInShortCombat, reportShortCombat, alchemikaFor, actorShortMark } from "./player";
export type { ShortPlayerStatus } from "./player";
export { combatTalents } from "./checks";
export { shortCombatOf, shortCombatMessage, projection, recordStrongest, recordHitDamage, characterView, rowEW, goalText, outcomeLabel, publicEnemyName, enemyShown } from "./record";
export type { ShortCombatRecord, ShortCharacterRow, ShortEnemyRow } from "./record";

export function registerShortCombat(): void {
  registerShortCombatReport();
  registerShortCombatGM();
}
