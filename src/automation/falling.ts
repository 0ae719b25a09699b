// Falling (R-FALL-1..3): what makes a token fall and where the fall is resolved.
// Triggers: a move that drops the token more than 2 Schritt (the `moveToken` hook), entering a pit
// region ("flex.pit"), and `actor.fall(height, { onto })` / `game.flex.fall(...)` from a sheet or a
// macro. Each is handled on one client only — the one whose user moved the token or called the fall —
// and each movement at most once. That client (whose user owns the faller) then rolls the fall, or the
// active GM does when the world setting says the GM rolls; see falling-resolve.ts.
import { PitBehaviorData, setPitEnterHandler } from "../data/region-behavior/pit";
import { onActiveGM } from "../helpers/queries";
import { planFall } from "../rules";
import { fallCardAction, fallRecordOf, mayAct, registerFallApplyQuery } from "./falling-apply";
import type { FallAction } from "./falling-apply";
import type { FallEffectKey, FallSource } from "./falling-card";
import { landingFromDocument, refOf, tokenOfActor } from "./falling-landing";
import type { SpotLike, TokenLike } from "./falling-landing";
import { registerFallResolveQueries, resolveFallHere } from "./falling-resolve";
import type { FallReport, FallRequest } from "./falling-resolve";
import { fallSettings, registerFallingSettings } from "./falling-settings";

export type { FallReport } from "./falling-resolve";
export type { FallRecord } from "./falling-card";
export { fallCardAction } from "./falling-apply";

export const PIT_TYPE = "flex.pit";

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

type MovementLike = {
  id?: string;
  method?: string;
  origin?: { elevation?: number };
  destination?: SpotLike & { action?: string };
  passed?: { waypoints?: { action?: string }[] };
};

// Movements this client has already turned into a fall (or decided against), most recent last.
const claimed: string[] = [];
function claimMovement(id: string | undefined): boolean {
  if (!id) return true;
  if (claimed.includes(id)) return false;
  claimed.push(id);
  if (claimed.length > 200) claimed.shift();
  return true;
}

/** A token that arrives flying or by teleport does not fall. */
function arrivesFlying(movement: MovementLike | undefined): boolean {
  const action = movement?.passed?.waypoints?.at(-1)?.action ?? movement?.destination?.action;
  return action === "fly" || action === "blink";
}

function spotOf(destination: SpotLike | undefined): SpotLike | null {
  if (!destination) return null;
  const { x, y, width, height, elevation } = destination;
  return { x, y, width, height, elevation };
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
  const doc = (typeof faller === "string" ? fromUuidSync(faller as never) : faller) as { documentName?: string } | null;
  const token = doc?.documentName === "Token" ? (doc as unknown as TokenLike) : null;
  const actor = token ? token.actor : doc?.documentName === "Actor" ? (doc as unknown as Actor.Implementation) : null;
  const source = options.source ?? "call";
  if (!actor) {
    ui.notifications?.warn(game.i18n!.localize("FLEX.Fall.NoActor"));
    return null;
  }
  const fallId = options.fallId ?? foundry.utils.randomID();
  const plan = planFall(Number(height));
  const name = token?.name || actor.name;
  if (!plan.falls) {
    if (source === "call") ui.notifications?.info(game.i18n!.format("FLEX.Fall.NoFall", { name, height: String(plan.height) }));
    return { fallId, fell: false, messageId: null, reason: "noFall" };
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
    rollMode: options.rollMode ?? String(game.settings!.get("core", "rollMode")),
    userId: game.user!.id,
  };
  if (fallSettings.roller() === "gm") return onActiveGM<FallReport>("fallResolve", request as unknown as Record<string, unknown>);
  return resolveFallHere(request);
}

/** (a) A move that drops the token more than 2 Schritt, seen on the mover's client only. */
async function onMoveToken(token: TokenLike, movement: MovementLike, operation: { flexNoFall?: boolean } | undefined, user: User.Implementation): Promise<void> {
  if (!user?.isSelf || !token?.actor || !fallSettings.automatic()) return;
  // Undoing a climb is no fall; other automation may move a token down on purpose.
  if (movement?.method === "undo" || operation?.flexNoFall) return;
  const drop = Number(movement?.origin?.elevation) - Number(movement?.destination?.elevation);
  if (!planFall(drop).falls || arrivesFlying(movement)) return;
  if (!claimMovement(movement.id)) return;
  await report(fall(token as never, drop, { source: "move", fallId: `move.${movement.id ?? foundry.utils.randomID()}`, landing: spotOf(movement.destination) }));
}

/** (b) Entering a pit region, on the mover's client only. */
async function onPitEnter(height: number, behaviorId: string, event: unknown): Promise<void> {
  const e = event as { user?: User.Implementation; data?: { token?: TokenLike; movement?: MovementLike } };
  const token = e.data?.token;
  const movement = e.data?.movement;
  if (!e.user?.isSelf || !token?.actor || movement?.method === "undo" || arrivesFlying(movement)) return;
  if (!planFall(height).falls || !claimMovement(movement?.id)) return;
  await report(fall(token as never, height, { source: "pit", fallId: `pit.${behaviorId}.${movement?.id ?? foundry.utils.randomID()}`, landing: spotOf(movement?.destination) }));
}

// A failed fall must not break the move that caused it.
async function report(work: Promise<unknown>): Promise<void> {
  try {
    await work;
  } catch (err) {
    console.error("Flex | fall failed", err);
    ui.notifications?.error(game.i18n!.localize("FLEX.Fall.Failed"));
  }
}

/** Wires the card's Apply / Undo buttons; a user who may not use one does not see it. */
function onRenderChatMessage(message: ChatMessage.Implementation, html: HTMLElement): void {
  if (!fallRecordOf(message)) return;
  for (const button of html.querySelectorAll<HTMLButtonElement>("button[data-action^='flexFall']")) {
    const key: FallEffectKey = button.dataset.key === "target" ? "target" : "faller";
    const action: FallAction = button.dataset.action === "flexFallUndo" ? "undo" : "apply";
    if (!mayAct(game.user!, message as never, key, action)) {
      button.hidden = true;
      continue;
    }
    button.addEventListener("click", (event) => {
      event.preventDefault();
      button.disabled = true;
      void fallCardAction(message, key, action).finally(() => (button.disabled = false));
    });
  }
}

/** Registers settings, the pit region behaviour, the GM queries and the hooks of falling. Call at init. */
export function registerFalling(): void {
  registerFallingSettings();
  registerFallResolveQueries();
  registerFallApplyQuery();
  Object.assign(CONFIG.RegionBehavior.dataModels, { [PIT_TYPE]: PitBehaviorData });
  Object.assign(CONFIG.RegionBehavior.typeIcons, { [PIT_TYPE]: "fa-solid fa-person-falling" });
  setPitEnterHandler(onPitEnter);
  // The types do not list v13's moveToken hook yet.
  const hooks = Hooks as unknown as { on(hook: string, fn: (...args: never[]) => unknown): number };
  hooks.on("moveToken", onMoveToken);
  hooks.on("renderChatMessageHTML", onRenderChatMessage);
}
