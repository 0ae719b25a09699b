// The token ruler's bands (issue 34, scope 6; R-CORE-6, Decision 2026-12-01, movement): 1, 2, 3 Aktionen of
// Geschwindigkeit each, red past what is left; mounted, the mount's speed. Core's TokenRuler is Foundry's own code
// and not in the stand-in: the subclass is built on a base with the two style hooks it overrides.
import { beforeEach, describe, expect, it } from "vitest";
import { BAND_COLORS, OVER_COLOR, bandColor, buildTokenRuler } from "../../src/applications/token-ruler";
import { mountUp } from "../../src/automation/riding";
import { spendActionsFor } from "../../src/automation/combat/actions";
import { as, resetWorld, settle, type Clients } from "../harness";
import { ridingTable } from "./riding-helpers";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
const g = globalThis as Any;
let clients: Clients;
const [GREEN, YELLOW, ORANGE] = BAND_COLORS;
const at = (cost: number) => ({ measurement: { cost } });

/** The part of core's TokenRuler the subclass overrides, as a base (core's own class is not in the stand-in). */
class CoreRuler {
  token: Any;
  constructor(token: Any) {
    this.token = token;
  }
  _getSegmentStyle(): Any {
    return { color: 0xffffff, width: 4 };
  }
  _getGridHighlightStyle(): Any {
    return { color: 0xffffff, alpha: 0.5 };
  }
  _getWaypointLabelContext(waypoint: Any): Any {
    return waypoint.hidden ? undefined : { distance: { total: waypoint.measurement.cost, units: "Schritt" } };
  }
}

beforeEach(() => {
  clients = resetWorld({ gms: 1, players: 1 });
});

describe("R-CORE-6 the path's colour: one Aktion per Geschwindigkeit Schritt", () => {
  it("Rikka (6 Schritt): up to 6 green, up to 12 yellow, up to 18 orange, beyond red", async () => {
    const { hero } = await ridingTable(clients);
    expect([0, 6, 7, 12, 13, 18, 19].map((c) => bandColor(hero, at(c)))).toEqual([GREEN, GREEN, YELLOW, YELLOW, ORANGE, ORANGE, OVER_COLOR]);
  });

  it("in a fight, red past the Aktionen left: with 1 left, the second Aktion's stretch is red", async () => {
    const { hero, heroToken, wolfToken, scene } = await ridingTable(clients);
    const combat = await as(clients.gms[0], () => g.Combat.create({}));
    await as(clients.gms[0], () => combat.createEmbeddedDocuments("Combatant", [heroToken, wolfToken].map((t: Any, i: number) => ({ actorId: t.actorId, tokenId: t.id, sceneId: scene.id, initiative: 10 - i }))));
    await as(clients.gms[0], () => combat.startCombat());
    await settle();
    await as(clients.players[0], () => spendActionsFor(hero, 2, { label: "Angriff" }));
    await settle();
    expect([6, 7].map((c) => bandColor(hero, at(c)))).toEqual([GREEN, OVER_COLOR]);
  });

  it("R-RIDE-4 mounted on the wolf (10 Schritt): the mount's speed sets the bands", async () => {
    const { hero, heroToken, wolfToken } = await ridingTable(clients);
    await as(clients.players[0], () => mountUp(heroToken, wolfToken));
    await settle();
    expect([10, 11, 20, 21].map((c) => bandColor(hero, at(c)))).toEqual([GREEN, YELLOW, YELLOW, ORANGE]);
  });

  it("the ruler subclass colours segments and grid highlights; a token without an actor keeps core's colour", async () => {
    const { hero } = await ridingTable(clients);
    const Ruler = buildTokenRuler(CoreRuler);
    const ruler = new Ruler({ actor: hero });
    expect(ruler._getSegmentStyle(at(8))).toEqual({ color: YELLOW, width: 4 });
    expect(ruler._getGridHighlightStyle(at(3), {})).toEqual({ color: GREEN, alpha: 0.5 });
    expect(new Ruler({ actor: null })._getSegmentStyle(at(8))).toEqual({ color: 0xffffff, width: 4 });
  });

  it("each waypoint's label says what the path costs so far: 1 Aktion, 2 Aktionen, 3 Aktionen, then too far; in English and Russian too", async () => {
    const { hero } = await ridingTable(clients);
    const ruler = new (buildTokenRuler(CoreRuler))({ actor: hero });
    const cost = (c: number) => (ruler._getWaypointLabelContext(at(c), {}) as Any).cost.total;
    expect([3, 6, 7, 18, 19].map(cost)).toEqual(["1 Aktion", "1 Aktion", "2 Aktionen", "3 Aktionen", "zu weit"]);
    expect((ruler._getWaypointLabelContext(at(7), {}) as Any).distance).toEqual({ total: 7, units: "Schritt" });
    g.game.i18n.lang = "en";
    expect([6, 12].map(cost)).toEqual(["1 action", "2 actions"]);
    g.game.i18n.lang = "ru";
    expect([6, 12, 30].map(cost)).toEqual(["1 действие", "2 действия", "слишком далеко"]);
    // A label core does not draw (a hidden waypoint) stays undrawn; a token without an actor keeps core's label.
    expect(ruler._getWaypointLabelContext({ ...at(7), hidden: true } as Any, {})).toBeUndefined();
    expect((new (buildTokenRuler(CoreRuler))({ actor: null })._getWaypointLabelContext(at(7), {}) as Any).cost).toBeUndefined();
  });

  it("where core has no TokenRuler (the stand-in), Flex sets no ruler class", () => {
    expect(g.CONFIG.Token.rulerClass).toBeUndefined();
  });
});
