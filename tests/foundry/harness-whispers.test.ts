// Who sees a whisper in the stand-in, as in v13 (issue 33, audit SD3; foundryvtt#9888): a GM does not see a
// player's whisper to someone else unless it is a roll; a whispered roll reaches every client, its content
// private to its recipients and (unless blind) its author (Crucible ef93c919 draws it so).
import { beforeEach, describe, expect, it } from "vitest";
import { as, resetWorld, type Clients } from "../harness";
import { onClient } from "../harness/world";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
const g = globalThis as Any;
let clients: Clients;
beforeEach(() => {
  clients = resetWorld({ gms: 1, assistants: 1, players: 2 });
});

/** [visible, content visible] for every user, in the order gm, assistant, player 1, player 2. */
const seenBy = (m: Any) => clients.all.map((u) => onClient(u.id, () => [m.visible, m.isContentVisible]));
const roll = () => JSON.stringify({ class: "Roll", formula: "1d6", options: {}, evaluated: true, total: 4, terms: [{ kind: "die", sign: 1, die: { number: 1, faces: 6, modifiers: [], results: [{ result: 4, active: true }] } }] });

describe("whispers in the stand-in", () => {
  it("a player's whisper to another player (no roll): the GMs do not see it", async () => {
    const [p1, p2] = clients.players;
    const m = await as(p1, () => g.ChatMessage.create({ content: "psst", whisper: [p2.id] }));
    expect(seenBy(m)).toEqual([[false, false], [false, false], [true, true], [true, true]]);
  });

  it("a player's whisper to the GM: the GM and the player see it, the assistant and the other player do not", async () => {
    const m = await as(clients.players[0], () => g.ChatMessage.create({ content: "Frage", whisper: [clients.gms[0].id] }));
    expect(seenBy(m)).toEqual([[true, true], [false, false], [true, true], [false, false]]);
  });

  it("a player's self roll reaches everyone, its dice private to the player", async () => {
    const m = await as(clients.players[0], () => g.ChatMessage.create({ content: "Wurf", rolls: [roll()] }, { rollMode: "selfroll" }));
    expect(seenBy(m)).toEqual([[true, false], [true, false], [true, true], [true, false]]);
  });

  it("a blind roll: the GMs read it, its author does not", async () => {
    const m = await as(clients.players[0], () => g.ChatMessage.create({ content: "Wurf", rolls: [roll()] }, { rollMode: "blindroll" }));
    expect(seenBy(m)).toEqual([[true, true], [true, true], [true, false], [true, false]]);
  });

  it("a public message: everyone", async () => {
    const m = await as(clients.players[1], () => g.ChatMessage.create({ content: "Hallo" }));
    expect(seenBy(m).every(([v, c]) => v && c)).toBe(true);
  });
});
