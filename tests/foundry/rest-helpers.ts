// Shared set-up for the rest tests: a party of characters owned by the players, kits, resources.
import { createActor } from "../harness";
import type { Clients } from "../harness";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any

export const flex = () => (globalThis as Any).game.flex;
export const sys = (a: Any) => a.system as Any;
export const worldTime = (): number => (globalThis as Any).game.time.worldTime;
export const advance = (seconds: number): Promise<number> => (globalThis as Any).game.time.advance(seconds);
export const DialogV2 = () => (globalThis as Any).foundry.applications.api.DialogV2;

/** n characters, the i-th owned by player i (modulo the players), each with a mutable system. */
export async function party(clients: Clients, n: number, system: (i: number) => Record<string, unknown> = () => ({})): Promise<Any[]> {
  const actors: Any[] = [];
  for (let i = 0; i < n; i++) {
    const owner = clients.players[i % Math.max(1, clients.players.length)];
    actors.push(await createActor({ name: `Held ${i + 1}`, type: "character", system: system(i), ownership: owner ? { default: 0, [owner.id]: 3 } : { default: 0 } }));
  }
  return actors;
}

export async function giveKit(actor: Any, charges = 10): Promise<Any> {
  const [kit] = await actor.createEmbeddedDocuments("Item", [{ name: "Heilerset", type: "equipment", system: { ladungen: { value: charges, max: 10 }, verbrauch: "ladung" } }]);
  return kit;
}

export async function giveResource(actor: Any, art: string, value: number, max: number, aufladung?: Record<string, string>): Promise<Any> {
  const { RESOURCE_PRESETS } = await import("../../src/rules");
  const [item] = await actor.createEmbeddedDocuments("Item", [{ name: art, type: "resource", system: { art, vorrat: { value, max }, aufladung: aufladung ?? { ...RESOURCE_PRESETS[art as keyof typeof RESOURCE_PRESETS] } } }]);
  return item;
}

/** R-REST-TAL: gives a character a rest talent as the compendium ships it (an item with flags.flex.restTalent). */
export async function giveRestTalent(actor: Any, ...ids: string[]): Promise<void> {
  await actor.createEmbeddedDocuments("Item", ids.map((id) => ({ name: id, type: "passive", flags: { flex: { restTalent: id } } })));
}
