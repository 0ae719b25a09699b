// One combat round with 100 submerged combatants (R-BREATH-1): 100 breath rolls, one batched actor write,
// one chat card. Prints the write calls and messages of one round, then times rounds.
import { bench, describe } from "vitest";
import { createActor, createScene, messages, placeToken, resetWorld, settle, state, worldCollections } from "../harness";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
const g = globalThis as Any;

resetWorld({ gms: 2, players: 3 });
const scene = await createScene();
const combatants: Record<string, unknown>[] = [];
for (let i = 0; i < 100; i++) {
  const actor = (await createActor({ name: `Taucher ${i + 1}`, type: i % 2 ? "creature" : "character", system: { attributes: { ko: 12 } } })) as Any;
  await actor.toggleStatusEffect("underwater", { active: true });
  const token = await placeToken(scene, actor, { col: i % 10, row: Math.floor(i / 10) });
  combatants.push({ actorId: actor.id, tokenId: token.id, sceneId: scene.id });
}
const combat = await g.Combat.create({});
await combat.createEmbeddedDocuments("Combatant", combatants);
await combat.startCombat();
await settle();
// Every breath check succeeds, so each timed round is the same work (no one drowns along the way).
g.CONFIG.Dice.randomUniform = () => 0.999;

async function round(): Promise<void> {
  await combat.nextRound();
  await settle();
}

const before = state.writes.length;
const messagesBefore = messages().length;
await round();
const writes = state.writes.slice(before).filter((w) => w.documentName !== "Combat");
const actorWrites = writes.filter((w) => w.documentName === "Actor");
const card = messages().at(-1) as Any;
console.log(
  `breath: one round, 100 submerged combatants → ${writes.length} write calls besides the combat's own ` +
    `(${actorWrites.length} Actor update carrying ${actorWrites[0]?.ids.length ?? 0} actors, ` +
    `${writes.length - actorWrites.length} ChatMessage create), ${messages().length - messagesBefore} chat message with ${card?.rolls.length ?? 0} rolls`,
);

describe("breath", () => {
  bench("one combat round, 100 submerged combatants (roll, one write, one card)", async () => {
    await round();
    worldCollections.messages.clear();
  });
});
