// Gallery pages of what the GM knows behind the screen (Trust model; audit N6, N7), through the real automation and
// drawn as each client draws them: Rikka's sword hit on the GM's goblin and her fall onto it, as the GM sees the cards
// (the whole arithmetic, the goblin's Ausweichen) and as her player sees them (Treffer · −5 Leben); a short combat
// against a hidden ogre, as the players' chat names it; and a round's breath card of a hidden sea serpent, which only
// the GMs get. gallery.ts calls `await screenPages(add, { clients, hero })` inside its language loop.
import { startShortCombat } from "../../src/automation/short-combat";
import { as, createActor, createScene, messageContentFor, messages, placeToken, queueDice, settle, target, type Clients } from "../harness";
import { tr } from "./fixtures";
import type { GalleryAdd } from "./gallery-short-combat";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any

const LIST = "list-style:none;margin:0;padding:0.5rem;display:flex;flex-direction:column;gap:0.5rem";
const escape = (s: string) => s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);
const chatItem = (m: Any, content: string) => `<li class="chat-message"><header class="message-header">${escape(m.speaker?.alias ?? "")}</header><div class="message-content">${content}</div></li>`;
const rolls = (...faces: [number, number][]) => queueDice(faces.map(([f, result]) => ({ faces: f, result })));

export async function screenPages(add: GalleryAdd, { clients, hero }: { clients: Clients; hero: Any }): Promise<void> {
  const { attackCardAction } = await import("../../src/automation/combat");
  const { i18n } = (globalThis as Any).game;
  const g = globalThis as Any;
  const [gm, player] = [clients.gms[0]!, clients.players[0]!];
  const chat = i18n.localize("SIDEBAR.TabChat");
  /** The cards since `start` as `user`'s client draws them, light and dark. */
  const pagesOf = async (name: string, start: number, user: Any, height: number) => {
    const items = await Promise.all(messages().slice(start).map(async (m: Any) => chatItem(m, await messageContentFor(m, user))));
    for (const theme of ["light", "dark"] as const) add(name, `<ol style="${LIST}">${items.join("\n")}</ol>`, "flex chat", [], 340, height, theme, chat);
  };

  await as(gm, async () => {
    const scene = await createScene();
    const goblin = await createActor({ name: tr("Goblin-Späher"), type: "creature", img: "icons/goblin.webp", system: { ausweichen: 6, parade: 5, ruestung: 1, leben: { value: 12, max: 12 } } });
    const goblinToken = await placeToken(scene, goblin, { col: 1 });
    await placeToken(scene, hero, { col: 0 });
    await settle();

    // Rikka's short sword: Klingenwaffen 8 on the W10 hits Ausweichen 6; 1W6+1 = 6, Rüstung 1: −5 Leben.
    const attack = messages().length;
    target(gm, goblinToken);
    rolls([10, 8], [6, 5]);
    await hero.items.getName(tr("Kurzschwert")).roll({});
    await attackCardAction(messages().at(-1) as Any, ["t1"], "apply");
    await settle();
    await pagesOf("chat-attack-screen-gm", attack, gm, 420);
    await pagesOf("chat-attack-screen-player", attack, player, 420);

    // R-FALL-1..3: Rikka drops 4 Schritt onto the goblin; both fail, both take 4W4 = 10 (applied at once).
    const fall = messages().length;
    rolls([6, 2], [4, 3], [4, 2], [4, 4], [4, 1]);
    await hero.fall(4, { onto: goblinToken });
    await settle();
    await pagesOf("chat-fall-screen-gm", fall, gm, 560);
    await pagesOf("chat-fall-screen-player", fall, player, 560);

    // A short combat the GM starts against the goblin and an ogre behind a hidden token: the players' chat does not name it.
    const ogre = await createActor({ name: tr("Oger"), type: "creature", img: "icons/ogre.webp", system: { stufe: 3, leben: { value: 30, max: 30 } } });
    const ogreToken = await placeToken(scene, ogre, { col: 2, hidden: true });
    const short = messages().length;
    await startShortCombat({ characters: [hero], enemies: [goblinToken, ogreToken], stance: "fight" });
    await settle();
    await pagesOf("chat-hidden-short-combat", short, player, 360);

    // A round under water with a hidden sea serpent: the table's card names Rikka alone, the GMs' card the serpent.
    const serpent = await createActor({ name: tr("Seeschlange"), type: "creature", img: "icons/sea-serpent.webp", system: { attributes: { ko: 8 }, leben: { value: 20, max: 20 } } });
    const serpentToken = await placeToken(scene, serpent, { col: 3, hidden: true });
    const heroToken = scene.tokens.find((t: Any) => t.actorId === hero.id);
    for (const actor of [hero, serpent]) await actor.toggleStatusEffect("underwater", { active: true });
    await settle();
    const breath = messages().length;
    rolls([8, 5], [8, 2]);
    await g.game.flex.advanceBreath([heroToken, serpentToken]);
    await settle();
    for (const actor of [hero, serpent]) await actor.toggleStatusEffect("underwater", { active: false });
    await pagesOf("chat-hidden-breath-gm", breath, gm, 420);

    // The rest of the gallery goes on without them.
    target(gm);
    for (const actor of [goblin, ogre, serpent]) await actor.delete();
    await scene.delete();
    await settle();
  });
}
