// Hidden tokens are the GM's secret (Trust model; audit N4, N6): a creature behind a hidden token, at no permission,
// is never offered, counted or named to a player: not in the training picker or on the Begleiter tab, not on the
// public breath card (the GMs get their own), not among the short-combat tool's default enemies nor by name on its
// card; and the browser shows a creature a player may only see (LIMITED) by name and image alone.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { loadRows } from "../../src/applications/browser/sources";
import { defaultParticipants } from "../../src/applications/short-combat/gm-tool";
import { companionSection, hasCompanionSection, trainingCandidates } from "../../src/automation/companions";
import { startShortCombat } from "../../src/automation/short-combat";
import { selfTest } from "../../src/automation/selftest";
import { acting, as, createActor, createScene, messages, placeToken, queueDice, resetWorld, settle, state, type Clients } from "../harness";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
let clients: Clients;
const g = globalThis as Any;
const player = () => clients.players[0];
const gm = () => clients.gms[0];

beforeEach(() => {
  clients = resetWorld({ gms: 2, players: 3 });
});

/** The first player's Rikka, and two trainable wolves on the scene everyone views: one in sight, one hidden (no permission). */
async function wolves() {
  const rikka = (await createActor({ name: "Rikka", type: "character", ownership: { default: 0, [player().id]: 3 }, system: { attributes: { ch: 8 } } })) as Any;
  const creature = (name: string) => createActor({ name, type: "creature", system: { stufe: 1, art: "tier", trainierbar: true, leben: { value: 10, max: 10 } } }) as Promise<Any>;
  const [seen, lurking] = [await creature("Grauwolf"), await creature("Schattenwolf")];
  const scene = await createScene();
  await placeToken(scene, rikka, { col: 0 });
  await placeToken(scene, seen, { col: 1 });
  await placeToken(scene, lurking, { col: 2, hidden: true });
  await settle();
  return { rikka, seen, lurking };
}

describe("N4: the training picker and the Begleiter tab", () => {
  it("offer the wolf in sight and not the hidden one; the GM is offered both", async () => {
    const { rikka } = await wolves();
    const names = (user: Any) => trainingCandidates(rikka, user).map((c: Any) => c.name);
    expect(names(player())).toEqual(["Grauwolf"]);
    expect(names(gm())).toEqual(["Grauwolf", "Schattenwolf"]);
    // The tab's count and its Train button follow the same list.
    expect(companionSection(rikka, player()).candidates).toBe(1);
    expect(companionSection(rikka, gm()).candidates).toBe(2);
  });

  it("a hidden wolf alone: the player's Begleiter tab has nothing to show (no Train button, no count)", async () => {
    const { rikka, seen } = await wolves();
    await seen.delete();
    expect(hasCompanionSection(rikka, player())).toBe(false);
    expect(hasCompanionSection(rikka, gm())).toBe(true);
  });

  it("the browser shows a creature a player may only see (LIMITED) by name and image, one it observes in full", async () => {
    const { seen, lurking } = await wolves();
    await seen.update({ ownership: { default: 0, [player().id]: 2 }, "system.leben.max": 10 });
    await lurking.update({ ownership: { default: 0, [player().id]: 1 } });
    const rows = await as(player(), () => loadRows({ user: player(), tabs: ["creatures"], packs: false, world: "LIMITED", candidates: [] }));
    const row = (name: string) => rows.find((r) => r.name === name)!;
    expect(row("Grauwolf")).toMatchObject({ stufe: 1, leben: 10, trainierbar: true });
    expect(row("Schattenwolf")).toMatchObject({ name: "Schattenwolf", stufe: null, leben: null, trainierbar: false });
  });
});

describe("N6: the breath card of a round", () => {
  it("a hidden combatant is left off the public card; the GMs get a card of their own, kept out of the journal", async () => {
    const diver = async (name: string, hidden = false) => {
      const actor = (await createActor({ name, type: "creature", system: { attributes: { ko: 8 }, leben: { value: 10, max: 10 } } })) as Any;
      await actor.toggleStatusEffect("underwater", { active: true });
      return { actor, hidden };
    };
    const list = [await diver("Hai"), await diver("Seeschlange", true)];
    const scene = await createScene();
    const tokens: Any[] = [];
    for (const [i, d] of list.entries()) tokens.push(await placeToken(scene, d.actor, { col: i, hidden: d.hidden }));
    const combat = await g.Combat.create({});
    await combat.createEmbeddedDocuments("Combatant", tokens.map((t: Any, i: number) => ({ actorId: t.actorId, tokenId: t.id, sceneId: scene.id, hidden: list[i]!.hidden })));
    await combat.startCombat();
    await settle();
    const before = state.writes.length;
    queueDice([{ faces: 8, result: 2 }, { faces: 8, result: 2 }]);
    await acting(gm(), () => combat.nextRound());

    const cards = messages().filter((m: Any) => m.flags?.flex?.breath);
    const publicCard = cards.find((m: Any) => !m.whisper.length) as Any;
    const gmCard = cards.find((m: Any) => m.whisper.length) as Any;
    expect(publicCard.content).toContain("Hai");
    expect(publicCard.content).not.toContain("Seeschlange");
    expect(JSON.stringify(publicCard.flags)).not.toContain("Seeschlange");
    expect(gmCard.content).toContain("Seeschlange");
    expect([...gmCard.whisper].sort()).toEqual(clients.gms.map((u: Any) => u.id).sort());
    expect(await as(player(), () => gmCard.isContentVisible)).toBe(false);
    // Both creatures breathed (one write); the GMs' journal, which every client reads, never named the hidden one.
    expect(list.every((d) => d.actor.getFlag("flex", "breath"))).toBe(true);
    const journal = JSON.stringify(state.writes.slice(before).filter((w) => w.documentName === "User").map((w) => w.data));
    expect(journal).toContain("breath");
    expect(journal).not.toContain("Seeschlange");
  });
});

describe("N6: the short-combat tool", () => {
  async function combatWithHiddenOgre() {
    const alrik = (await createActor({ name: "Alrik", type: "character", ownership: { default: 0, [player().id]: 3 } })) as Any;
    const goblin = (await createActor({ name: "Goblin", type: "creature", system: { stufe: 1 } })) as Any;
    const ogre = (await createActor({ name: "Oger", type: "creature", system: { stufe: 3 } })) as Any;
    const scene = await createScene();
    const tokens = [await placeToken(scene, alrik, { col: 0 }), await placeToken(scene, goblin, { col: 1 }), await placeToken(scene, ogre, { col: 2, hidden: true })];
    const combat = await g.Combat.create({});
    await combat.createEmbeddedDocuments("Combatant", tokens.map((t: Any) => ({ actorId: t.actorId, tokenId: t.id, sceneId: scene.id, hidden: t.hidden })));
    await settle();
    return { alrik, goblin, ogre, ogreToken: tokens[2] };
  }

  it("offers the combat's enemies in sight by default, not the hidden ogre", async () => {
    await combatWithHiddenOgre();
    const { characters, enemies } = await as(gm(), () => defaultParticipants());
    expect(characters.map((c: Any) => c.name)).toEqual(["Alrik"]);
    expect(enemies.map((e: Any) => e.name)).toEqual(["Goblin"]);
  });

  it("a hidden enemy the GM chose anyway is 'ein verborgener Gegner' on the public card", async () => {
    const { alrik, goblin, ogreToken } = await combatWithHiddenOgre();
    const card = (await acting(gm(), () => startShortCombat({ characters: [alrik], enemies: [goblin, ogreToken] }))) as Any;
    expect(card.content).toContain("Goblin, ein verborgener Gegner");
    expect(card.content).not.toContain("Oger");
    // The flags reach every client too: no name, no picture of the ogre there (issue 33); the GM's tool shows them.
    expect(JSON.stringify(card.flags)).not.toContain("Oger");
    const { enemyShown } = await import("../../src/automation/short-combat");
    expect(card.flags.flex.shortCombat.enemies.map((e: Any) => enemyShown(e).name)).toEqual(["Goblin", ogreToken.name]);
  });
});

describe("the self-test's creatures", () => {
  it("stand behind hidden tokens: its breath card goes to the GMs, never to the players' chat", async () => {
    // Every client hears a card's creation: one entry per card.
    const posted = new Map<string, { kind: string; whisper: string[] }>();
    const id = g.Hooks.on("createChatMessage", (m: Any) => posted.set(m.id, { kind: Object.keys(m.flags?.flex ?? {})[0] ?? "", whisper: [...m.whisper] }));
    const quiet = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      await as(gm(), () => selfTest());
      await settle();
    } finally {
      quiet.mockRestore();
      g.Hooks.off("createChatMessage", id);
    }
    const breath = [...posted.values()].filter((p) => p.kind === "breath");
    expect(breath).toHaveLength(1);
    expect(breath[0]!.whisper.sort()).toEqual(clients.gms.map((u: Any) => u.id).sort());
  });
});
