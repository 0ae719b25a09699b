// Gallery pages for Flex's Token Action HUD (issue 34): the groups TAH Core would show for Rikka in a fight (with her
// companion and a mount beside her) and for the wolf, drawn from the stand-in of TAH Core (tests/harness/token-action-hud.ts)
// through the real adapter. TAH's own look is TAH's stylesheet, so the frame is drawn here with inline styles: what the
// page checks is the words and values of each action. gallery.ts calls `hudPages(add, ctx)` once per language.
import { onCoreApiReady } from "../../src/integrations/token-action-hud";
import { createScene, placeToken, settle, type Clients } from "../harness";
import { startFakeTah, type TahGroup } from "../harness/token-action-hud";
import type { AddGalleryPage } from "./gallery-companions";
import { packActor } from "./fixtures";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any

export interface HudGalleryContext {
  clients: Clients;
  hero: Any;
  wolf: Any;
}

const escape = (s: string) => s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);

const STYLE = `<style>
.tah{display:flex;flex-wrap:wrap;gap:0.5rem;padding:0.5rem;align-items:flex-start;font-size:var(--font-size-13, 13px)}
.tah-tab{border:1px solid var(--color-border, #7a7971);border-radius:6px;background:var(--flex-surface, rgba(0,0,0,0.05));padding:0.25rem 0.4rem;min-width:12rem}
.tah-tab > h2{margin:0 0 0.25rem;font-size:1rem;border-bottom:1px solid var(--color-border, #7a7971)}
.tah-group > h3{margin:0.25rem 0 0.15rem;font-size:0.8rem;font-weight:600;opacity:0.85}
.tah-actions{display:flex;flex-wrap:wrap;gap:0.2rem}
.tah-action{display:inline-flex;gap:0.3rem;align-items:center;padding:0.1rem 0.35rem;border:1px solid var(--color-border, #7a7971);border-radius:4px;background:var(--flex-button, transparent);color:inherit;font:inherit}
.tah-action img{width:18px;height:18px;border:none}
.tah-action.disabled{opacity:0.6}
.tah-action.active{outline:2px solid #ff6400}
.tah-info{font-size:0.75rem;opacity:0.85}
</style>`;

function action(a: TahGroup["actions"][number]): string {
  const infos = [a.info1, a.info2, a.info3].map((i) => (i?.text ? `<span class="tah-info">${escape(String(i.text))}</span>` : "")).join("");
  const css = (a.cssClass ?? "").split(" ").filter(Boolean).join(" ");
  const pressed = css.includes("toggle") ? ` aria-pressed="${css.includes("active")}"` : "";
  const disabled = css.includes("disabled") ? " disabled" : "";
  return `<button type="button" class="tah-action ${css}" data-tooltip="${escape(a.tooltip ?? a.name)}"${pressed}${disabled}>${a.img ? `<img src="${escape(a.img)}" alt="">` : ""}<span>${escape(a.name)}</span>${infos}</button>`;
}

/** A group under its tab; a group named as its tab gets no heading of its own (TAH shows the name once). */
function group(g: TahGroup, tabName = ""): string {
  const own = g.actions.length ? `<div class="tah-actions">${g.actions.map(action).join("")}</div>` : "";
  const heading = g.name === tabName ? "" : `<h3>${escape(g.name)}</h3>`;
  return `<section class="tah-group">${heading}${own}${g.groups.map((sub) => group(sub)).join("")}</section>`;
}

/** The HUD as TAH lays it out: its tabs, each with the groups that hold something. */
export function hudHtml(tabs: TahGroup[]): string {
  const shown = tabs.map((tab) => ({ ...tab, groups: tab.groups.filter((g) => g.actions.length || g.groups.length) })).filter((tab) => tab.groups.length);
  return `${STYLE}<div class="tah" role="toolbar">${shown.map((tab) => `<section class="tah-tab"><h2>${escape(tab.name)}</h2>${tab.groups.map((g) => group(g, tab.name)).join("")}</section>`).join("")}</div>`;
}

/** Adds "hud-character" (Rikka in a fight, her wolf beside her) and "hud-creature" (the wolf), light and dark. */
export async function hudPages(add: AddGalleryPage, { hero, wolf }: HudGalleryContext): Promise<void> {
  const g = globalThis as Any;
  // Rikka's mount is the Begleiter pack's Reitpferd beside her: the Grauwolf is not ridable (the pack's values, review D).
  const horse = await packActor("begleiter", "Reitpferd", { trainer: hero.uuid, "training.fortschritt": 100 });
  const tah = await startFakeTah("2.1.1", onCoreApiReady);
  const scene = await createScene({ name: "HUD", active: true });
  const heroToken = (await placeToken(scene, hero, { col: 2, row: 2 })) as Any;
  const wolfToken = (await placeToken(scene, wolf, { col: 3, row: 2 })) as Any;
  await placeToken(scene, horse, { col: 2, row: 3 });
  const combat = await g.Combat.create({});
  await combat.createEmbeddedDocuments("Combatant", [heroToken, wolfToken].map((t: Any, i: number) => ({ actorId: t.actorId, tokenId: t.id, sceneId: scene.id, initiative: 14 - i })));
  await combat.startCombat();
  await settle();
  const character = hudHtml((await tah.draw([{ actor: hero, document: heroToken } as Any])).tabs);
  const creature = hudHtml((await tah.draw([{ actor: wolf, document: wolfToken } as Any])).tabs);
  for (const theme of ["light", "dark"] as const) {
    add("hud-character", character, "flex hud", [], 1100, 620, theme, `Token Action HUD: ${hero.name}`);
    add("hud-creature", creature, "flex hud", [], 700, 300, theme, `Token Action HUD: ${wolf.name}`);
  }
  await combat.delete();
  await scene.delete();
  await horse.delete();
  await settle();
}
