// Write calls per transformation and per revert (RULES.md §6), with 2 GMs and 3 players connected: on a
// linked character with a token, on an unlinked token's actor, and the revert at the threshold (R-POLY-7),
// which the active GM carries out. The actor's own writes (the actor, its items, its effects) must stay at
// 3 or fewer; the token's look and the chat card are counted beside them. Prints one table; then times them.
import { bench, describe } from "vitest";
import { alrik, wolf } from "../foundry/polymorph-helpers";
import { as, createScene, messages, placeToken, resetWorld, settle, state } from "../harness";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
const g = globalThis as Any;
const poly = () => g.game.flex.polymorph;
const ACTOR_DOCS = new Set(["Actor", "Item", "ActiveEffect"]);

interface Row {
  event: string;
  actor: string;
  /** Requests on the actor itself: its update and its items' and effects' creations and deletions. */
  actorWrites: number;
  tokenWrites: number;
  messages: number;
  calls: string;
}

async function measure(event: string, actor: string, run: () => Promise<unknown>): Promise<Row> {
  const writes = state.writes.length;
  const cards = messages().length;
  await run();
  await settle();
  const sent = state.writes.slice(writes).filter((w) => w.documentName !== "ChatMessage");
  return {
    event,
    actor,
    actorWrites: sent.filter((w) => ACTOR_DOCS.has(w.documentName)).length,
    tokenWrites: sent.filter((w) => w.documentName === "Token").length,
    messages: messages().length - cards,
    calls: sent.map((w) => `${w.action} ${w.documentName}`).join(", "),
  };
}

async function setup(linked: boolean) {
  const clients = resetWorld({ gms: 2, players: 3 });
  const [p1] = clients.players;
  const hero = await alrik(p1);
  const form = await wolf();
  const scene = await createScene();
  const token = await placeToken(scene, hero, { actorLink: linked, texture: { src: "alrik.webp" } });
  return { p1, actor: linked ? hero : token.actor, form };
}

const rows: Row[] = [];
for (const linked of [true, false]) {
  const label = linked ? "linked, 1 token" : "unlinked token";
  const { p1, actor, form } = await setup(linked);
  rows.push(await measure("transform (player)", label, () => as(p1, () => poly().transform(actor, form))));
  rows.push(await measure("revert (button)", label, () => as(p1, () => poly().revert(actor))));
  await as(p1, () => poly().transform(actor, form));
  await settle();
  const hit = await measure("hit reaching the form's Leben", label, () => as(p1, () => actor.applyDamage(14)));
  rows.push({ ...hit, event: "revert at the threshold (active GM)", actorWrites: hit.actorWrites - 1, calls: hit.calls.replace(/^update Actor, /, "") });
}

console.log("\nPolymorph: write calls per transformation and revert (2 GMs + 3 players connected)");
console.table(rows.map((r) => ({ event: r.event, actor: r.actor, "actor writes (≤ 3)": r.actorWrites, "token writes": r.tokenWrites, "chat messages": r.messages, calls: r.calls })));
const over = rows.filter((r) => r.actorWrites > 3);
if (over.length) console.log(`More than 3 actor writes: ${over.map((r) => `${r.event} (${r.actor})`).join("; ")}`);

describe("polymorph", () => {
  bench("transform and revert a linked character", async () => {
    const { actor, form } = await setup(true);
    await poly().transform(actor, form);
    await poly().revert(actor);
  });
  bench("transform and revert an unlinked token's actor", async () => {
    const { actor, form } = await setup(false);
    await poly().transform(actor, form);
    await poly().revert(actor);
  });
});
