// Gallery pages of the attack card in the states a table meets (issue 25): a hit that Rüstung stops completely
// ("4 Schaden − 4 Rüstung = 0 Leben") and a hit that leaves a character dying, both applied through the real
// automation; and the same card as the attacker's player sees it in their chat log. gallery.ts calls
// `await attackStatePages(add, { clients, hero })` inside its language loop.
import { as, createActor, createScene, dice, messageContentFor, messages, placeToken, queueDice, settle, target, type Clients } from "../harness";
import { tr } from "./fixtures";
import type { GalleryAdd } from "./gallery-short-combat";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any

const LIST = "list-style:none;margin:0;padding:0.5rem;display:flex;flex-direction:column;gap:0.5rem";
const escape = (s: string) => s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);
const chatItem = (m: Any, content: string) => `<li class="chat-message"><header class="message-header">${escape(m.speaker?.alias ?? "")}</header><div class="message-content">${content}</div></li>`;

export async function attackStatePages(add: GalleryAdd, { clients, hero }: { clients: Clients; hero: Any }): Promise<void> {
  const { attackCardAction, defendAgainst } = await import("../../src/automation/combat");
  const { i18n } = (globalThis as Any).game;
  const [gm, player] = [clients.gms[0], clients.players[0]];
  const scene = await createScene();
  // A knight in plate (Rüstung 4, dodging badly) and Tarek, a character at 3 Leben whom the player owns.
  const knight = await createActor({ name: tr("Ritter in Plattenrüstung"), type: "creature", img: "icons/armour-knight.webp", system: { ausweichen: 2, parade: 2, ruestung: 4, leben: { value: 20, max: 20 } } });
  const tarek = await createActor({ name: "Tarek vom Roten Turm", type: "character", img: "icons/tarek.webp", ownership: { default: 0, [player.id]: 3 }, system: { attributes: { ge: 4 }, leben: { value: 3, max: 18 } } });
  const [knightToken, tarekToken] = [await placeToken(scene, knight, { col: 4 }), await placeToken(scene, tarek, { col: 5 })];
  // A new character gets its starting talents from the GM's client (the world setting): let that land first.
  await settle();
  const sword = hero.items.getName(tr("Kurzschwert"));
  const start = messages().length;
  await as(gm, async () => {
    target(gm, knightToken, tarekToken);
    // Klingenwaffen: W10 shows 9; the Kurzschwert's 1W6+1: 3 + 1 = 4.
    queueDice([{ faces: 10, result: 9 }, { faces: 6, result: 3 }]);
    await sword.roll({});
  });
  const card = messages().at(-1) as Any;
  // Tarek's player dodges with a bare GE check (W4: 1): hit. The GM applies both hits.
  await as(player, async () => {
    dice(4, 1);
    await defendAgainst(card, "t2", "ausweichen");
    await settle();
  });
  await as(gm, async () => {
    await attackCardAction(card, ["t1", "t2"], "apply");
    await settle();
  });
  const ours = messages().slice(start);
  // As the GM's client draws the cards: with the values kept from players (automation/screen.ts).
  const gmView = (await Promise.all(ours.map(async (m: Any) => chatItem(m, await messageContentFor(m, gm))))).join("\n");
  for (const theme of ["light", "dark"] as const) add("chat-attack-states", `<ol style="${LIST}">${gmView}</ol>`, "flex chat", [], 340, 640, theme, i18n.localize("SIDEBAR.TabChat"));
  const seen = await Promise.all(ours.map(async (m: Any) => chatItem(m, await messageContentFor(m, player))));
  add("chat-attack-player", `<ol style="${LIST}">${seen.join("\n")}</ol>`, "flex chat", [], 340, 640, "light", i18n.localize("SIDEBAR.TabChat"));
  // The rest of the gallery goes on with Tarek and the knight out of the way.
  await as(gm, async () => {
    target(gm);
    await tarek.delete();
    await knight.delete();
  });
}
