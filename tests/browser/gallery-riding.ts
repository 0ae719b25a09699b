// Gallery pages for riding (issue 11): the character's Reiten section before mounting (the horse to mount) and while
// mounted (Beritten auf …, the mount's speed in the header), the mount's sheet (Trägt …), and the token HUD's riding
// button — all through the real automation and templates. gallery.ts calls `ridingPages(add, ctx)` once per language;
// everything it changes in the world it puts back.
import { parse } from "node-html-parser";
import { CharacterSheet } from "../../src/applications/sheets/character-sheet";
import { CreatureSheet } from "../../src/applications/sheets/creature-sheet";
import { dismount, mountUp } from "../../src/automation/riding";
import { createScene, messages, placeToken, queueDice, settle, type Clients } from "../harness";
import type { AddGalleryPage } from "./gallery-companions";
import { chatLogFor } from "./gallery-chat";
import { packActor } from "./fixtures";

import { sheetHtml } from "./sheet-page";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any

export interface RidingGalleryContext {
  /** The clients of this language's world (resetWorld): the first GM acts. */
  clients: Clients;
  /** The rider: fixtures.ts's Rikka. */
  hero: Any;
  /** Her companion: fixtures.ts's Grauwolf (trainer: Rikka). Not ridable, as the pack says: she rides a horse here. */
  wolf: Any;
}

const escape = (s: string) => s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);
const chatList = (items: string) => `<ol style="list-style:none;margin:0;padding:0.5rem;display:flex;flex-direction:column;gap:0.5rem">${items}</ol>`;

/** A sheet on the tab that shows riding (a character's Begleiter, a creature's Werte), as gallery.ts renders sheets. */
const statsPage = (Sheet: Any, actor: Any) => sheetHtml(Sheet, actor, (s: Any) => s.changeTab(actor.type === "character" ? "companions" : "stats", "primary"));

/**
 * The token HUD around a token, as core draws it (its three columns of control icons), with Flex's riding button added
 * by the real renderTokenHUD hook. The frame's look is core's, so it is drawn here with inline styles.
 */
function tokenHud(token: Any, img: string): string {
  const g = globalThis as Any;
  const { i18n } = g.game;
  // Core's own labels of its HUD, in the page's language.
  const icon = (fa: string, key: string) => {
    const label = i18n.localize(key);
    return `<button type="button" class="control-icon" aria-label="${escape(label)}" data-tooltip="${escape(label)}"><i class="fa-solid ${fa}" inert></i></button>`;
  };
  const root = parse(`<div id="token-hud" class="placeable-hud">
<div class="col left">${icon("fa-arrows-up-down", "HUD.Elevation")}${icon("fa-arrow-up-right-dots", "HUD.Movement")}</div>
<div class="col middle"><img src="${img}" alt="" width="100" height="100"></div>
<div class="col right">${icon("fa-eye-slash", "HUD.ToggleVis")}${icon("fa-bullseye", "HUD.ToggleTargetState")}${icon("fa-skull", "HUD.ToggleCombatState")}</div>
</div>`).firstElementChild as Any;
  // node-html-parser has no events: the listener the hook adds is not needed for a picture.
  const proto = Object.getPrototypeOf(root);
  proto.addEventListener ??= () => undefined;
  g.Hooks.callAll("renderTokenHUD", { document: token }, root, {}, {});
  const style = `<style>
#token-hud{display:flex;gap:1rem;align-items:center;justify-content:center;padding:1.5rem}
#token-hud .col{display:flex;flex-direction:column;gap:0.5rem}
#token-hud .control-icon{width:40px;height:40px;border-radius:8px;border:1px solid var(--color-border, #7a7971);background:rgba(0,0,0,0.6);color:#eee;font-size:1.1rem;display:grid;place-items:center}
#token-hud .middle img{border:2px dashed #ff6400;border-radius:4px}
</style>`;
  return `${style}${root.toString()}`;
}

/**
 * Adds "character-riding-mounts" (the horse to mount), "character-riding" and "creature-riding" (a mounted pair's
 * sheets) and "token-hud-riding" (Aufsitzen on Rikka, Absitzen on the mounted horse), each light and dark.
 */
export async function ridingPages(add: AddGalleryPage, { hero }: RidingGalleryContext): Promise<void> {
  const { i18n } = (globalThis as Any).game;
  // The Begleiter pack's Reitpferd, trained by Rikka: ridable and large as the pack says (the Grauwolf is neither, review D).
  const horse = await packActor("begleiter", "Reitpferd", { trainer: hero.uuid, "training.fortschritt": 100 });
  // The sheet reads the rider's token on the scene the user views: this one, while the pages are made.
  const scene = await createScene({ name: "Reiten", active: true });
  const heroToken = (await placeToken(scene, hero, { col: 2, row: 2 })) as Any;
  const horseToken = (await placeToken(scene, horse, { col: 3, row: 2 })) as Any;

  const before = await statsPage(CharacterSheet, hero);
  const hudBefore = tokenHud(heroToken, hero.img);
  for (const theme of ["light", "dark"] as const) {
    add("character-riding-mounts", before.parts, before.classes, ["flexMount"], before.width, before.height, theme, hero.name);
    add("token-hud-riding-mount", hudBefore, "flex hud", [], 320, 220, theme, "Token HUD");
  }

  await mountUp(heroToken, horseToken);
  await settle();
  const rider = await statsPage(CharacterSheet, hero);
  const mount = await statsPage(CreatureSheet, horse);
  const hudAfter = tokenHud(horseToken, horse.img);
  for (const theme of ["light", "dark"] as const) {
    add("character-riding", rider.parts, rider.classes, ["flexDismount"], rider.width, rider.height, theme, hero.name);
    add("creature-riding", mount.parts, mount.classes, ["flexDismount"], mount.width, mount.height, theme, horse.name);
    add("token-hud-riding-dismount", hudAfter, "flex hud", [], 320, 220, theme, "Token HUD");
  }

  // R-FALL-1 with a rider: the horse drops 6 Schritt with Rikka on its back; one card, both roll, both take damage.
  const leben = { hero: hero.system.leben.value, horse: horse.system.leben.value };
  const g = globalThis as Any;
  for (const key of ["fallAutomatic", "fallRoller", "fallAutoApply"]) g.game.settings.values.delete(`flex.${key}`);
  await horseToken.move({ elevation: 6, action: "fly" });
  await settle();
  const shown = messages().length;
  queueDice([{ faces: 6, result: 2 }, ...[1, 2, 1, 3, 2, 1].map((result) => ({ faces: 4, result })), { faces: 6, result: 3 }, ...[2, 1, 2, 2, 1, 3].map((result) => ({ faces: 4, result }))]);
  await horseToken.move({ elevation: 0 });
  await settle();
  const fallCard = await chatLogFor(messages().slice(shown), (globalThis as Any).game.users.find((u: Any) => u.isGM));
  for (const theme of ["light", "dark"] as const) add("chat-riding-fall", chatList(fallCard), "chat", [], 340, 620, theme, i18n.localize("SIDEBAR.TabChat"));
  await hero.update({ "system.leben.value": leben.hero });
  await horse.update({ "system.leben.value": leben.horse });

  // Put the world back as the rest of the gallery expects it.
  await dismount(heroToken);
  await settle();
  await scene.delete();
  await horse.delete();
  await settle();
}
