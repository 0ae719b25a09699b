// The stand-in's users as v13 has them (issue 33, audit SD2): assistant GMs exist and are `isGM`; every
// user writes its own User's flags (dnd5e calls `game.user.setFlag` from every client), never another
// user's, and never its own role.
import { beforeEach, describe, expect, it } from "vitest";
import { as, disconnect, resetWorld, state, worldCollections, type Clients } from "../harness";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
let clients: Clients;
beforeEach(() => {
  clients = resetWorld({ gms: 2, assistants: 1, players: 2 });
});

describe("stand-in roles", () => {
  it("an assistant is a GM (role 3), and the designated GM only while no full GM is connected", () => {
    const [assistant] = clients.assistants;
    expect(assistant.role).toBe(3);
    expect(assistant.isGM).toBe(true);
    expect(clients.all).toHaveLength(5);
    const users = worldCollections.users as Any;
    expect(users.activeGM.id).toBe(clients.gms[0].id);
    disconnect(clients.gms[0]);
    disconnect(clients.gms[1]);
    expect(users.activeGM.id).toBe(assistant.id);
  });

  it("a player writes its own User's flags, as dnd5e does from every client", async () => {
    const [player] = clients.players;
    await as(player, () => (player as Any).setFlag("flex", "seen", 1));
    expect((player as Any).getFlag("flex", "seen")).toBe(1);
    expect(state.writes.at(-1)).toMatchObject({ userId: player.id, documentName: "User", ids: [player.id] });
  });

  it("a player cannot write another user's flags, nor its own role or any other field", async () => {
    const [p1, p2] = clients.players;
    const before = state.writes.length;
    await expect(as(p1, () => (p2 as Any).setFlag("flex", "x", 1))).rejects.toThrow(/lacks permission/);
    await expect(as(p1, () => (clients.gms[0] as Any).setFlag("flex", "journal", {}))).rejects.toThrow(/lacks permission/);
    await expect(as(p1, () => (p1 as Any).update({ role: 4 }))).rejects.toThrow(/lacks permission/);
    await expect(as(p1, () => (p1 as Any).update({ name: "GM" }))).rejects.toThrow(/lacks permission/);
    expect(state.writes.length).toBe(before);
    expect(p1.role).toBe(1);
  });

  it("an assistant writes its own flags but cannot make itself or anyone a full GM", async () => {
    const [assistant] = clients.assistants;
    await as(assistant, () => (assistant as Any).setFlag("flex", "journal", { a: 1 }));
    await expect(as(assistant, () => (assistant as Any).update({ role: 4 }))).rejects.toThrow(/lacks permission/);
    await expect(as(assistant, () => (clients.players[0] as Any).update({ role: 4 }))).rejects.toThrow(/lacks permission/);
    expect(assistant.role).toBe(3);
    expect(clients.players[0].role).toBe(1);
  });
});
