// What documents start but do not own. Features (falling, water, combat, …) register here at init, so a
// document never imports automation: the import graph points one way, from automation down to documents.
import type { AttributeKey } from "../config";
import type { RuleId } from "../rules";
import type { FlexActor } from "./actor";

/** Rolls one item type for its owner (a weapon its Kampfart, a spell its Zauberschule, …). */
export type ItemRoller = (item: Item.Implementation, actor: Actor.Implementation, options: Record<string, unknown>) => Promise<unknown>;

/** What a damage type does to the statuses it brings along, on this actor (R-WATER-4 suppresses some). */
export interface DamageEffectsVerdict {
  apply: string[];
  effectsSuppressed: boolean;
  rule: RuleId | null;
  note: string | null;
}
export type DamageEffectsFilter = (actor: Actor.Implementation, type: string | undefined, effects: readonly string[]) => DamageEffectsVerdict;

/** Makes an actor fall `height` Schritt; the falling automation registers it. */
export type FallStarter = (actor: Actor.Implementation, height: number, options: Record<string, unknown>) => Promise<unknown>;

/** Uses one of an item (an Alchemikum, a charge of equipment): R-CORE-15. */
export type ItemUser = (item: Item.Implementation, actor: Actor.Implementation) => Promise<unknown>;

/** Whether an actor's own item is set aside just now (R-POLY-2: the character's abilities while it is transformed). */
export type ItemDormancy = (item: Item.Implementation) => boolean;

/** What a public check names (issue 34): an attribute, a talent (item, id or name) or an item of the actor. */
export type CheckRequest = { attribute: AttributeKey } | { talent: Item.Implementation | string } | { item: Item.Implementation };

/** Tokens or actors an item's attack aims at (omitted: the user's targets). */
export type AttackTargets = Iterable<TokenDocument.Implementation | { document: TokenDocument.Implementation } | Actor.Implementation>;

export interface CheckRequestOptions {
  /** The click that asked: a held Shift rolls at once. */
  event?: Event | null;
  /** Roll at once without the dialog (true) or always ask (false); by default the event's Shift decides. */
  fastForward?: boolean;
  targets?: AttackTargets | null;
  rollMode?: string;
}

/** Asks and rolls a public check; the applications layer registers it (the dialog lives there). */
export type CheckRequester = (actor: FlexActor, request: CheckRequest, options: CheckRequestOptions) => Promise<unknown>;

let checkRequester: CheckRequester | null = null;

export function registerCheckRequester(requester: CheckRequester): void {
  checkRequester = requester;
}

export function checkRequesterOrNull(): CheckRequester | null {
  return checkRequester;
}

const itemRollers = new Map<string, ItemRoller>();
const itemUsers = new Map<string, ItemUser>();

export function registerItemUse(type: string, use: ItemUser): void {
  itemUsers.set(type, use);
}

export function itemUseFor(type: string): ItemUser | undefined {
  return itemUsers.get(type);
}
let damageEffectsFilter: DamageEffectsFilter | null = null;
let itemDormancy: ItemDormancy | null = null;
let fallStarter: FallStarter | null = null;

export function registerItemRoller(type: string, roller: ItemRoller): void {
  itemRollers.set(type, roller);
}

export function itemRollerFor(type: string): ItemRoller | undefined {
  return itemRollers.get(type);
}

export function registerDamageEffectsFilter(filter: DamageEffectsFilter): void {
  damageEffectsFilter = filter;
}

/** Without a registered filter, every effect a damage brings applies. */
export function damageEffectsFor(actor: Actor.Implementation, type: string | undefined, effects: readonly string[]): DamageEffectsVerdict {
  return damageEffectsFilter?.(actor, type, effects) ?? { apply: [...effects], effectsSuppressed: false, rule: null, note: null };
}

export function registerFallStarter(starter: FallStarter): void {
  fallStarter = starter;
}

export function fallStarterOrNull(): FallStarter | null {
  return fallStarter;
}

export function registerItemDormancy(test: ItemDormancy): void {
  itemDormancy = test;
}

/** Without a registered test, no item is set aside. */
export function isDormant(item: Item.Implementation): boolean {
  return itemDormancy?.(item) ?? false;
}
