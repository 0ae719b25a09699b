// The token ruler's bands (issue 34, scope 6; R-CORE-6, Decision 2026-12-01, movement): a dragged path is coloured by
// the Aktionen it costs, one Aktion per Geschwindigkeit Schritt (swimming costs double already: water/movement.ts;
// mounted, the mount's speed: riding/view.ts movementOf), as Draw Steel 0.11 colours its ruler by speed. In a fight the
// Aktionen left decide where the path turns red; outside one, a KR's three. Each waypoint's label names its Aktionen.
import { actionStatusOf } from "../automation/combat/actions";
import { movementOf } from "../automation/riding";
import { expectThat, registerSelfTestScenario } from "../automation/selftest";
import type { Scenario } from "../automation/selftest";
import { unitText } from "../helpers/units";
import { speedBand } from "../rules";

/** Green, yellow, orange for 1, 2, 3 Aktionen; red past what is left (or when the creature cannot move). */
export const BAND_COLORS = [0x33bc4e, 0xf1d836, 0xf08a24] as const;
export const OVER_COLOR = 0xe72124;

/** The part of a ruler waypoint the bands read (v13 TokenRulerWaypoint): the path's cost so far. */
export interface WaypointLike {
  measurement?: { cost?: number } | null;
}

/** The colour of a path that has cost `cost` so far, for this actor now. */
export function bandColor(actor: Actor.Implementation | null | undefined, waypoint: WaypointLike): number | null {
  if (!actor) return null;
  const cost = Number(waypoint.measurement?.cost ?? 0);
  const left = actionStatusOf(actor)?.actionsLeft ?? CONFIG.FLEX.actionsPerRound;
  const band = speedBand(cost, movementOf(actor).speed, left);
  if (band.actions === null || !band.affordable) return OVER_COLOR;
  return BAND_COLORS[Math.max(0, Math.min(BAND_COLORS.length - 1, band.actions - 1))];
}

/**
 * What the waypoint's label says the path costs, in core's label's cost slot: "2 Aktionen", or that it is more than
 * is left; null for a token without an actor (core's label stays as it is).
 */
export function bandLabel(actor: Actor.Implementation | null | undefined, waypoint: WaypointLike): { total: string; units: string } | null {
  if (!actor) return null;
  const cost = Number(waypoint.measurement?.cost ?? 0);
  const left = actionStatusOf(actor)?.actionsLeft ?? CONFIG.FLEX.actionsPerRound;
  const band = speedBand(cost, movementOf(actor).speed, left);
  if (band.actions === null || !band.affordable) return { total: game.i18n!.localize("FLEX.Ruler.OverShort"), units: "" };
  return { total: unitText("Aktion", Math.max(1, band.actions)), units: "" };
}

type Style = { color?: unknown };
type LabelContext = { cost?: unknown } & Record<string, unknown>;
interface RulerBase {
  readonly token?: { actor?: Actor.Implementation | null } | null;
  _getSegmentStyle(waypoint: WaypointLike): Style;
  _getGridHighlightStyle(waypoint: WaypointLike, offset: unknown): Style;
  _getWaypointLabelContext(waypoint: WaypointLike, state: object): LabelContext | void;
}

/** Flex's ruler on core's TokenRuler (foundry.canvas.placeables.tokens.TokenRuler), built where it exists. */
// A mixin's base must take `any[]` (TypeScript's rule for mixins); core constructs the ruler itself.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type RulerClass = new (...args: any[]) => RulerBase;

export function buildTokenRuler<T extends RulerClass>(Base: T) {
  return class FlexTokenRuler extends Base {
    override _getSegmentStyle(waypoint: WaypointLike): Style {
      return this.#band(super._getSegmentStyle(waypoint), waypoint);
    }

    override _getGridHighlightStyle(waypoint: WaypointLike, offset: unknown): Style {
      return this.#band(super._getGridHighlightStyle(waypoint, offset), waypoint);
    }

    /** Core's label with the Aktionen in its cost slot (as Daggerheart and Crucible put their own units there). */
    override _getWaypointLabelContext(waypoint: WaypointLike, state: object): LabelContext | void {
      const context = super._getWaypointLabelContext(waypoint, state);
      const label = context ? bandLabel(this.token?.actor, waypoint) : null;
      if (context && label) context.cost = label;
      return context;
    }

    #band(style: Style, waypoint: WaypointLike): Style {
      const color = bandColor(this.token?.actor, waypoint);
      if (color !== null) style.color = color;
      return style;
    }
  };
}

/** The self-test's ruler scenario (issue 34, scope 7): a character's path is labelled and coloured by its Aktionen. */
export const RULER_SCENARIO: Scenario = {
  id: "ruler",
  async run(ctx) {
    const actor = await ctx.actor({ name: "Rikka", type: "character", system: { attributes: { ge: 8 }, leben: { value: 30, max: 30 } } });
    await ctx.token(actor, 0);
    const speed = movementOf(actor).speed;
    const one = bandLabel(actor, { measurement: { cost: speed } })?.total;
    const two = bandLabel(actor, { measurement: { cost: speed + 1 } })?.total;
    expectThat(one === unitText("Aktion", 1) && two === unitText("Aktion", 2), "RulerBands", { speed: unitText("Schritt", speed), one: String(one), two: String(two) });
    expectThat(bandColor(actor, { measurement: { cost: speed } }) !== bandColor(actor, { measurement: { cost: speed + 1 } }), "RulerColours");
  },
};

/** CONFIG.Token.rulerClass: Flex's bands on core's ruler (v13); nothing where core has no TokenRuler. */
export function registerTokenRuler(): void {
  const tokens = (foundry.canvas as { placeables?: { tokens?: { TokenRuler?: unknown } } } | undefined)?.placeables?.tokens;
  // The types' TokenRuler is core's; Flex reads the two style hooks and the token only.
  const Base = tokens?.TokenRuler as RulerClass | undefined;
  if (typeof Base !== "function") return;
  Object.assign(CONFIG.Token, { rulerClass: buildTokenRuler(Base) });
  registerSelfTestScenario(RULER_SCENARIO);
}
