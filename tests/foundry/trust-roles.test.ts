// Roles bound what a GM task may do (ARCHITECTURE.md, "Trust model"; issue 33, audit N3). An assistant GM is `isGM`
// (v13's User#isGM: "Assistant GameMaster or full GameMaster role"), so it can write a journal record on its own
// user and log out. A full GM must not take that record up and run it with full rights; and whoever finishes another
// GM's record runs each step only where that holder could have written it, never on a User or a world Setting.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { recordKey } from "../../src/automation/task-journal/records";
import { as, createActor, disconnect, reconnect, resetWorld, settle, state, type Clients } from "../harness";
import { ROLES, User, worldCollections } from "../harness/documents";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
let clients: Clients;
let assistant: Any;
const sys = (a: Any) => a.system as Any;

beforeEach(() => {
  clients = resetWorld({ gms: 1, players: 2 });
  // An assistant GM in the world, as a table with a co-GM has one.
  assistant = new User({ _id: "assistant0000001", name: "Assistenz", role: ROLES.ASSISTANT, active: true }, { strict: true });
  worldCollections.users.set(assistant.id, assistant);
  const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
  return () => warn.mockRestore();
});

/** A journal record on `holder`'s own user, as its client can write it (steps as plain data). */
async function plant(holder: Any, id: string, steps: unknown[]) {
  const record = { id, type: "attackApply", requester: holder.id, heldAt: Date.now(), finisher: "steps", data: JSON.stringify(steps) };
  await as(holder, () => (globalThis as Any).game.users.get(holder.id).update({ [`flags.flex.journal.${recordKey(id)}`]: record }));
}

const dragon = () => createActor({ name: "Drache", type: "creature", system: { leben: { value: 200, max: 200 } } }) as Promise<Any>;

describe("an assistant's planted record (N3)", () => {
  it("a full GM does not take it up: the assistant stays an assistant, the dragon keeps its Leben (mutant: the role bound)", async () => {
    const d = await dragon();
    await plant(assistant, "attackApply:planted", [
      { kind: "update", uuid: assistant.uuid, changes: { role: ROLES.GAMEMASTER } },
      { kind: "actors", writes: [{ ref: { actorUuid: d.uuid, tokenUuid: null }, changes: { "system.leben.value": 0 } }] },
    ]);
    const before = state.writes.length;
    disconnect(assistant);
    await settle();
    expect(assistant.role).toBe(ROLES.ASSISTANT);
    expect(sys(d).leben.value).toBe(200);
    expect(state.writes.slice(before).filter((w) => w.userId === clients.gms[0].id)).toEqual([]);
  });

  it("another assistant that finishes it runs only the steps an assistant could write: never a User (mutant: the step bound)", async () => {
    const d = await dragon();
    const second = new User({ _id: "assistant0000002", name: "Assistenz 2", role: ROLES.ASSISTANT, active: true }, { strict: true });
    worldCollections.users.set(second.id, second);
    disconnect(clients.gms[0]); // no full GM online: the second assistant becomes the active GM after the first leaves
    await plant(assistant, "attackApply:planted", [
      { kind: "update", uuid: assistant.uuid, changes: { role: ROLES.GAMEMASTER } },
      { kind: "actors", writes: [{ ref: { actorUuid: d.uuid, tokenUuid: null }, changes: { "system.leben.value": 150 } }] },
    ]);
    disconnect(assistant);
    await settle();
    expect((globalThis as Any).game.users.activeGM?.id).toBe(second.id);
    expect(assistant.role).toBe(ROLES.ASSISTANT);
    // An assistant may write a creature: that step of an equal's task is finished.
    expect(sys(d).leben.value).toBe(150);
  });

  it("a full GM's own dropped task is still finished by the next full GM (the bound keeps what it should)", async () => {
    resetWorld({ gms: 2, players: 1 });
    const [gm1, gm2] = (globalThis as Any).game.users.contents.filter((u: Any) => u.isGM);
    const d = await dragon();
    await plant(gm1, "attackApply:real", [{ kind: "actors", writes: [{ ref: { actorUuid: d.uuid, tokenUuid: null }, changes: { "system.leben.value": 120 } }] }]);
    const before = state.writes.length;
    disconnect(gm1);
    await settle();
    expect(sys(d).leben.value).toBe(120);
    expect(state.writes.slice(before).filter((w) => w.documentName === "Actor").map((w) => w.userId)).toEqual([gm2.id]);
    reconnect(gm1);
  });
});
