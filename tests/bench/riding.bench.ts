// Writes per mount move (R-RIDE-4), with 2 GMs and 3 players connected: the mount's own move, plus what carrying the
// rider costs (expected: 1, the rider's move), moved by the player who owns both, by a GM, and by a player who may not
// move the rider (the active GM carries it). Also mounting and a rider moved off. Prints one table; then times moves.
import { bench, describe } from "vitest";
import { dismount, mountUp } from "../../src/automation/riding";
import { as, createActor, createScene, placeToken, resetWorld, settle, state, type Clients } from "../harness";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any

async function table(clients: Clients, wolfOwner: Any) {
  const scene = await createScene();
  const hero = await createActor({ name: "Rikka", type: "character", ownership: { default: 0, [clients.players[0].id]: 3 }, system: { groesse: "mittel" } });
  const wolf = await createActor({ name: "Grauwolf", type: "creature", ownership: { default: 0, [wolfOwner.id]: 3 }, system: { groesse: "gross", reitbar: true, trainer: hero.uuid } });
  const heroToken = (await placeToken(scene, hero, { col: 0, row: 2 })) as Any;
  const wolfToken = (await placeToken(scene, wolf, { col: 1, row: 2 })) as Any;
  await as(clients.players[0], () => mountUp(heroToken, wolfToken));
  await settle();
  return { heroToken, wolfToken };
}

interface Row {
  event: string;
  "write calls": number;
  "besides the mover's own": number;
  "written by": string;
}

async function measure(event: string, clients: Clients, user: Any, run: () => Promise<unknown>): Promise<Row> {
  const before = state.writes.length;
  await as(user, run);
  await settle();
  const sent = state.writes.slice(before);
  const who = (id: string) => clients.all.find((u) => u.id === id)?.name ?? id;
  const first = sent[0];
  return { event, "write calls": sent.length, "besides the mover's own": sent.length - (first ? 1 : 0), "written by": sent.map((w) => `${who(w.userId)} (${w.documentName} ${w.action})`).join(", ") };
}

const rows: Row[] = [];
{
  const clients = resetWorld({ gms: 2, players: 3 });
  const { wolfToken } = await table(clients, clients.players[0]);
  rows.push(await measure("mount moved 5 fields by its player (owns the rider)", clients, clients.players[0], () => wolfToken.move({ x: 600, y: 200 })));
  rows.push(await measure("mount moved 5 fields by a GM", clients, clients.gms[1], () => wolfToken.move({ x: 100, y: 200 })));
  rows.push(await measure("mount moved along 3 waypoints", clients, clients.players[0], () => wolfToken.move([{ x: 300, y: 200 }, { x: 300, y: 500 }, { x: 600, y: 500 }])));
  rows.push(await measure("mount undone", clients, clients.players[0], () => wolfToken.move({ x: 300, y: 500 }, { method: "undo" })));
  rows.push(await measure("mount teleported", clients, clients.gms[0], () => wolfToken.move({ x: 900, y: 900, action: "blink" })));
}
{
  const clients = resetWorld({ gms: 2, players: 3 });
  const { wolfToken } = await table(clients, clients.players[1]);
  rows.push(await measure("mount moved by a player who may not move the rider", clients, clients.players[1], () => wolfToken.move({ x: 600, y: 200 })));
}
{
  const clients = resetWorld({ gms: 2, players: 3 });
  const { heroToken, wolfToken } = await table(clients, clients.players[0]);
  rows.push(await measure("rider teleported off (R-RIDE-3)", clients, clients.players[0], () => heroToken.move({ x: 900, y: 900, action: "blink" })));
  rows.push(await measure("walking up, then mounting (the pair in 1 write, 2 statuses)", clients, clients.players[0], () => heroToken.move({ x: wolfToken.x + 100, y: wolfToken.y }).then(() => mountUp(heroToken, wolfToken))));
  rows.push(await measure("dismounting", clients, clients.players[0], () => dismount(heroToken)));
}
console.log("\nRiding: write calls per event (2 GMs + 3 players connected)");
console.table(rows);

const clients = resetWorld({ gms: 2, players: 3 });
const { wolfToken } = await table(clients, clients.players[0]);
let col = 1;

describe("riding", () => {
  bench("a mount move carrying its rider (player's client)", async () => {
    col = col === 1 ? 6 : 1;
    await as(clients.players[0], () => wolfToken.move({ x: col * 100, y: 200 }));
    await settle();
  });
});
