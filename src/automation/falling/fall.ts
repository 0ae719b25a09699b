// The fall itself as an API (R-FALL-1..3): `actor.fall(height, { onto })` / `game.flex.fall(...)`, and
// what the triggers (triggers.ts) call. Resolved on the caller's client, or on the active GM's when the
// world setting says the GM rolls; see resolve.ts.
import { rollModeOr } from "../../helpers/roll-mode";
import { documentFromUuid } from "../../helpers/uuid";
import { unitText } from "../../helpers/units";
import { askActiveGM } from "../gm-relay";
import { planFall } from "../../rules";
import type { FallSource } from "./card";
import { landingFromDocument, refOf, tokenOfActor } from "./landing";
import type { SpotLike, TokenLike } from "./landing";
import { resolveFallHere } from "./resolve";
import type { FallReport, FallRequest } from "./resolve";
import { fallSettings } from "./settings";

export interface FallOptions {
  /** What the faller lands on: a token or an actor; null for the bare ground; omitted: the token found there. */
  onto?: TokenDocument.Implementation | Actor.Implementation | string | null;
  source?: FallSource;
  /** Identifies the fall: the same id is never resolved twice. */
  fallId?: string;
  rollMode?: string;
  /** The landing spot (pixels, grid squares, Schritt); omitted: where the faller's token stands. */
  landing?: SpotLike | null;
}

function uuidOf(onto: FallOptions["onto"]): string | null | undefined {
  if (onto === null || onto === undefined) return onto;
  if (typeof onto === "string") return onto;
  return landingFromDocument(onto) ? onto.uuid : null;
}

/**
 * R-FALL-1..3: `faller` (an actor, a token or its uuid) falls `height` Schritt. Falls of 2 Schritt or
 * less and flying creatures do nothing; only the faller's owner (or a GM) may make it fall. Resolved
 * on this client, or on the active GM's when the world setting says the GM rolls. Returns what
 * happened, or null when it could not be done (no such actor, or no GM online when one is needed).
 */
export async function fall(faller: Actor.Implementation | TokenDocument.Implementation | string, height: number, options: FallOptions = {}): Promise<FallReport | null> {
  const doc = (typeof faller === "string" ? documentFromUuid(faller) : faller) as { documentName?: string } | null;
  const token = doc?.documentName === "Token" ? (doc as TokenLike) : null;
  const actor = token ? token.actor : doc?.documentName === "Actor" ? (doc as Actor.Implementation) : null;
  const source = options.source ?? "call";
  if (!actor) {
    ui.notifications?.warn(game.i18n!.localize("FLEX.Fall.NoActor"));
    return null;
  }
  const fallId = options.fallId ?? foundry.utils.randomID();
  const plan = planFall(Number(height));
  const name = token?.name || actor.name;
  if (!plan.falls) {
    if (source === "call") ui.notifications?.info(game.i18n!.format("FLEX.Fall.NoFall", { name, height: unitText("Schritt", plan.height) }));
    return { fallId, fell: false, messageId: null, reason: "noFall" };
  }
  // Higher than any request may carry (CONFIG.FLEX.maxFallHeight): said here, where it would otherwise end in silence.
  if (plan.height > CONFIG.FLEX.maxFallHeight) {
    ui.notifications?.warn(game.i18n!.format("FLEX.Fall.TooHigh", { name, max: unitText("Schritt", CONFIG.FLEX.maxFallHeight) }));
    return { fallId, fell: false, messageId: null, reason: "tooHigh" };
  }
  if (!actor.isOwner) {
    ui.notifications?.warn(game.i18n!.format("FLEX.Fall.NotYours", { name }));
    return { fallId, fell: false, messageId: null, reason: "refused" };
  }
  if (actor.statuses?.has("fly")) {
    if (source === "call") ui.notifications?.info(game.i18n!.format("FLEX.Fall.Flying", { name }));
    return { fallId, fell: false, messageId: null, reason: "flying" };
  }
  const request: FallRequest = {
    fallId,
    faller: refOf(actor, token ?? tokenOfActor(actor)),
    height: plan.height,
    onto: uuidOf(options.onto),
    landing: options.landing ?? null,
    source,
    rollMode: rollModeOr(options.rollMode),
  };
  if (fallSettings.roller() === "gm") return askActiveGM<FallReport>("fallResolve", request);
  return resolveFallHere(request);
}
