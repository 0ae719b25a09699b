// What the GM knows stays behind the screen (Trust model, audit N7; world setting "flex.creatureValues", hidden by
// default): a card's content reaches every client, so a GM creature's Leben, Rüstung and defence are not in it; the
// player reads "Treffer · −5 Leben", the GM's client draws "6 Schaden − 1 Rüstung = −5 Leben, jetzt 7/12" at render
// time from the documents. With 2 GMs and 3 players; the first player attacks and falls, the GM owns the goblin.
import { parse } from "node-html-parser";
import { beforeEach, describe, expect, it } from "vitest";
import { attackCardAction } from "../../src/automation/combat";
import { viewForFlags } from "../../src/automation/screen";
import { acting, createActor, createScene, messageContentFor, messages, placeToken, queueDice, resetWorld, settle, target, type Clients } from "../harness";
import { alrikOf, resetFallSettings } from "./falling-helpers";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
let clients: Clients;
const g = globalThis as Any;
const rolls = (...faces: [number, number][]) => queueDice(faces.map(([f, result]) => ({ faces: f, result })));
const player = () => clients.players[0];
const gm = () => clients.gms[0];
/** The text a user reads in one part of a card (whitespace as the browser shows it). */
const text = (html: string, selector: string) => parse(html).querySelector(selector)?.text.replace(/\s+/g, " ").trim() ?? null;

beforeEach(() => {
  clients = resetWorld({ gms: 2, players: 3 });
  resetFallSettings();
});

/** Alrik (Klingenwaffen 4, short sword 1W6+2), the first player's, against the GM's goblin (Ausweichen 9, Rüstung 1, 12 Leben). */
async function fight({ goblinOwnership = { default: 0 } as Record<string, number> } = {}) {
  const alrik = (await createActor({ name: "Alrik", type: "character", ownership: { default: 0, [player().id]: 3 }, system: { attributes: { ge: 10 }, leben: { value: 30, max: 30 } } })) as Any;
  await alrik.createEmbeddedDocuments("Item", [
    { name: "Klingenwaffen", type: "talent", system: { attribut: "ge", uebungswert: 4, kategorie: "kampfart" } },
    { name: "Kurzschwert", type: "weapon", system: { talent: "Klingenwaffen", schaden: "1W6+2", aktionen: 1 } },
  ]);
  const goblin = (await createActor({ name: "Goblin", type: "creature", ownership: goblinOwnership, system: { ausweichen: 9, parade: 5, ruestung: 1, leben: { value: 12, max: 12 } } })) as Any;
  const scene = await createScene();
  await placeToken(scene, alrik, { col: 0 });
  const goblinToken = await placeToken(scene, goblin, { col: 1 });
  await settle();
  return { alrik, goblin, goblinToken };
}

/** Alrik hits the goblin (EW 11 against Ausweichen 9, 6 damage) and the attack is applied through the active GM. */
async function hitAndApply(setup: Awaited<ReturnType<typeof fight>>) {
  target(player(), setup.goblinToken);
  rolls([10, 7], [6, 4]);
  await acting(player(), () => setup.alrik.items.getName("Kurzschwert").roll({}));
  const card = messages().at(-1) as Any;
  expect(await acting(player(), () => attackCardAction(card, ["t1"], "apply"))).toEqual({ t1: "applied" });
  expect(setup.goblin.system.leben.value).toBe(7);
  return card;
}

const FULL = "6 Schaden − 1 Rüstung = −5 Leben, jetzt 7/12";

describe("the attack card: a GM creature's Leben, Rüstung and defence stay with the GM (setting at its default)", () => {
  it("the content every client receives holds only the short line; the flags no defence value", async () => {
    const setup = await fight();
    const card = await hitAndApply(setup);
    expect(text(card.content, ".flex-target-status")).toBe("Treffer");
    expect(text(card.content, ".flex-applied-text")).toBe("−5 Leben");
    for (const secret of ["7/12", "/12", "Rüstung", "Ausweichen 9", "jetzt"]) expect(card.content).not.toContain(secret);
    expect(card.flags.flex.attack.targets[0].defence).toEqual({ kind: "ausweichen", source: "fixed", messageId: null });
    // The flags reach every client too: what the Apply did, without the arithmetic (the GM draws it from the mark).
    expect(card.flags.flex.attack.applied.t1).toEqual({ taken: 5, downed: false, by: expect.any(String), state: null });
  });

  it("the player's client shows 'Treffer · −5 Leben'; the GM's draws the whole arithmetic and the defence", async () => {
    const card = await hitAndApply(await fight());
    const seen = await messageContentFor(card, player());
    expect(text(seen, ".flex-target-status")).toBe("Treffer");
    expect(text(seen, ".flex-applied-text")).toBe("−5 Leben");
    expect(seen).not.toContain("7/12");
    for (const who of [gm(), clients.gms[1]]) {
      const drawn = await messageContentFor(card, who);
      expect(text(drawn, ".flex-target-status")).toBe("Treffer · Ausweichen 9");
      expect(text(drawn, ".flex-applied-text")).toBe(FULL);
    }
  });

  it("a player who may observe the goblin sees its values; one who may only see it (LIMITED) does not", async () => {
    const card = await hitAndApply(await fight({ goblinOwnership: { default: 0, [clients.players[1].id]: 2, [clients.players[2].id]: 1 } }));
    expect(text(await messageContentFor(card, clients.players[1]), ".flex-applied-text")).toBe(FULL);
    expect(text(await messageContentFor(card, clients.players[2]), ".flex-applied-text")).toBe("−5 Leben");
  });

  it("with the setting 'visible' the card holds the values for everyone, as before", async () => {
    await g.game.settings.set("flex", "creatureValues", "visible");
    const card = await hitAndApply(await fight());
    expect(text(card.content, ".flex-applied-text")).toBe(FULL);
    expect(text(card.content, ".flex-target-status")).toBe("Treffer · Ausweichen 9");
    expect(card.flags.flex.attack.targets[0].defence.ew).toBe(9);
    const seen = await messageContentFor(card, player());
    expect(text(seen, ".flex-applied-text")).toBe(FULL);
  });

  it("a creature every player observes by default is no secret: its values are in the content", async () => {
    const card = await hitAndApply(await fight({ goblinOwnership: { default: 2 } }));
    expect(text(card.content, ".flex-applied-text")).toBe(FULL);
  });

  it("a hit Rüstung stops completely: 'kein Leben verloren' for players, the arithmetic for the GM", async () => {
    const setup = await fight();
    await setup.goblin.update({ "system.ruestung": 6 });
    target(player(), setup.goblinToken);
    rolls([10, 7], [6, 4]);
    await acting(player(), () => setup.alrik.items.getName("Kurzschwert").roll({}));
    const card = messages().at(-1) as Any;
    expect(await acting(gm(), () => attackCardAction(card, ["t1"], "apply"))).toEqual({ t1: "applied" });
    expect(text(card.content, ".flex-applied-text")).toBe("kein Leben verloren");
    expect(text(await messageContentFor(card, gm()), ".flex-applied-text")).toBe("6 Schaden: Rüstung fängt alles ab, Leben 12/12");
  });

  it("healing a GM creature: '+N Leben' for players, 'jetzt …/…' for the GM", async () => {
    const setup = await fight();
    await setup.goblin.update({ "system.leben.value": 5 });
    await setup.alrik.createEmbeddedDocuments("Item", [
      { name: "Heilmagie", type: "talent", system: { attribut: "ge", uebungswert: 4, kategorie: "zauberschule" } },
      { name: "Heilende Hände", type: "spell", system: { zauberschule: "Heilmagie", fluss: 0, aktionen: 1, heilung: "1W6+1" } },
    ]);
    target(player(), setup.goblinToken);
    rolls([10, 7], [6, 3]);
    await acting(player(), () => setup.alrik.items.getName("Heilende Hände").roll({}));
    const card = messages().at(-1) as Any;
    expect(await acting(gm(), () => attackCardAction(card, ["t1"], "heal"))).toEqual({ t1: "healed" });
    expect(text(card.content, ".flex-applied-text")).toBe("+4 Leben");
    expect(text(await messageContentFor(card, gm()), ".flex-applied-text")).toBe("+4 Leben, jetzt 9/12");
  });
});

describe("what a card's flags may keep of an Apply (for apply.ts: flags reach every client too)", () => {
  it("the arithmetic only for a creature whose values are public", async () => {
    const { goblin } = await fight();
    const view = { taken: 5, downed: false, by: "x", damage: 6, absorbed: 1, leben: 7, max: 12, state: null };
    expect(viewForFlags(view, goblin)).toEqual({ taken: 5, downed: false, by: "x", state: null });
    await g.game.settings.set("flex", "creatureValues", "visible");
    expect(viewForFlags(view, goblin)).toEqual(view);
  });
});

describe("the fall card: a GM creature landed on keeps its Leben and its Ausweichen from players", () => {
  /** Alrik falls 4 Schritt onto the goblin: Athletik fails (2 < 12), 4W4 = 10; the goblin's Ausweichen 9 < 12, it takes 10 too. */
  async function fallOntoGoblin() {
    const alrik = await alrikOf(player());
    const goblin = (await createActor({ name: "Goblin", type: "creature", system: { ausweichen: 9, parade: 5, ruestung: 1, leben: { value: 12, max: 12 } } })) as Any;
    const scene = await createScene();
    await placeToken(scene, goblin, { col: 1 });
    const token = (await placeToken(scene, alrik, { col: 0, elevation: 4 })) as Any;
    rolls([8, 2], [4, 3], [4, 2], [4, 4], [4, 1]);
    // Alrik steps down 4 Schritt onto the goblin's square.
    await acting(player(), () => token.move({ x: 100, elevation: 0 }));
    expect(goblin.system.leben.value).toBe(2);
    return messages().at(-1) as Any;
  }

  it("the content holds the dodge's outcome and '−10 Leben', not the check, the Ausweichen value or 'jetzt 2/12'", async () => {
    const card = await fallOntoGoblin();
    const target = parse(card.content).querySelector(".flex-fall-apply[data-key='target'] .flex-applied-text")!;
    expect(target.text.trim()).toBe("Goblin: −10 Leben");
    for (const secret of ["2/12", "/12", "Ausweichen-Wert", "EW 9"]) expect(card.content).not.toContain(secret);
    expect(card.content).toContain("Goblin erhält denselben Schaden: 10.");
  });

  it("the GM's client draws the goblin's Leben and its dodge check; the player's shows the short line", async () => {
    const card = await fallOntoGoblin();
    const drawn = await messageContentFor(card, gm());
    expect(text(drawn, ".flex-fall-apply[data-key='target'] .flex-applied-text")).toBe("Goblin: 10 Schaden = −10 Leben, jetzt 2/12");
    expect(text(drawn, ".flex-fall-target .flex-fall-check-line")).toContain("EW 9 gegen SW 12");
    const seen = await messageContentFor(card, clients.players[1]);
    expect(text(seen, ".flex-fall-apply[data-key='target'] .flex-applied-text")).toBe("Goblin: −10 Leben");
    expect(seen).not.toContain("EW 9");
    // Alrik's own line: a player's character, so the whole party reads his Leben (only a GM creature's are screened).
    expect(text(await messageContentFor(card, player()), ".flex-fall-apply[data-key='faller'] .flex-applied-text")).toBe("Alrik: 10 Schaden = −10 Leben, jetzt 20/30");
    expect(text(seen, ".flex-fall-apply[data-key='faller'] .flex-applied-text")).toBe("Alrik: 10 Schaden = −10 Leben, jetzt 20/30");
  });
});
