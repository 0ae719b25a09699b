// Forged "riding" requests to the active GM write nothing: a player who owns neither creature, a requester named
// falsely, an unknown operation.
import { beforeEach, describe, expect, it } from "vitest";
import { as, resetWorld, settle, state, type Clients } from "../harness";
import { ridingTable } from "./riding-helpers";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
let clients: Clients;
const query = (user: Any, data: Record<string, unknown>) => user.query("flex", data, { timeout: 2000 }).catch((e: Error) => e);
const riding = (token: Any) => token.flags?.flex?.riding ?? null;

beforeEach(() => {
  clients = resetWorld({ gms: 2, players: 3 });
});

describe('forged "riding" requests to the active GM write nothing', () => {
  it("a player who owns neither Rikka nor the wolf asks to mount her: forbidden, 0 writes", async () => {
    const { heroToken, wolfToken } = await ridingTable(clients);
    const before = state.writes.length;
    const { askActiveGM } = await import("../../src/automation/gm-relay");
    const out = await as(clients.players[2], () => askActiveGM("riding", { op: "mount", rider: heroToken.uuid, mount: wolfToken.uuid }));
    await settle();
    expect(out).toBeNull();
    expect(state.writes.length).toBe(before);
    expect(riding(heroToken)).toBeNull();
  });

  it("a player naming a GM as the requester: unconfirmed, 0 writes", async () => {
    const { heroToken, wolfToken } = await ridingTable(clients);
    const before = state.writes.length;
    const answer = await as(clients.players[2], () =>
      query(clients.gms[0], { type: "riding", requestId: "forged-ridexxxxxx", requester: clients.gms[1].id, payload: { op: "mount", rider: heroToken.uuid, mount: wolfToken.uuid } }),
    );
    await settle();
    expect(answer).toEqual({ flexRefused: "unconfirmed" });
    expect(state.writes.length).toBe(before);
  });

  it("an unknown operation or garbage, even from a GM: 0 writes", async () => {
    await ridingTable(clients);
    const before = state.writes.length;
    const { askActiveGM } = await import("../../src/automation/gm-relay");
    for (const payload of [{ op: "teleport" }, { op: "mount", rider: 5, mount: null }, { op: "dismount", token: "Scene.x.Token.y" }]) {
      await as(clients.gms[1], () => askActiveGM("riding", payload));
    }
    await settle();
    expect(state.writes.length).toBe(before);
  });
});
