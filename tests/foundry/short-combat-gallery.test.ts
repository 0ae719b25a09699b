// The gallery's short-combat pages (tests/browser/gallery-short-combat.ts) build through the real automation in
// every language, without a missing text, with the views the gallery photographs.
import { describe, expect, it } from "vitest";
import { rikka, grauwolf } from "../browser/fixtures";
import { shortCombatPages } from "../browser/gallery-short-combat";
import { resetWorld } from "../harness";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any

describe.each(["de", "en", "ru"])("the short-combat gallery pages in %s", (lang) => {
  it("the setup, the running tool, the player's view and the chat with the result card", async () => {
    const clients = resetWorld({ gms: 1, players: 1 });
    const i18n = (globalThis as Any).game.i18n;
    i18n.lang = lang;
    const hero = await rikka();
    await hero.update({ ownership: { default: 0, [clients.players[0].id]: 3 } });
    const wolf = await grauwolf(hero);
    const pages: { name: string; html: string; theme: string }[] = [];
    await shortCombatPages((name, html, _classes, _rolls, _w, _h, theme = "light") => pages.push({ name, html, theme }), { clients, hero, wolf });
    expect(pages.map((p) => `${p.name}:${p.theme}`)).toEqual([
      "short-combat-setup:light",
      "short-combat-player-before:light",
      "short-combat-tool:light",
      "short-combat-tool:dark",
      "short-combat-player:light",
      "short-combat-tool-applied:light",
      "chat-short-combat:light",
      "chat-short-combat:dark",
      "chat-short-combat-player:light",
      "chat-short-combat-undone:light",
    ]);
    const chat = pages.find((p) => p.name === "chat-short-combat")!.html;
    expect(chat).toContain("flex-short-combat");
    expect(chat).toContain("flex-short-result");
    expect(pages.find((p) => p.name === "short-combat-player")!.html).toContain('data-action="useAlchemikum"');
    expect(pages.find((p) => p.name === "short-combat-tool")!.html).toContain('data-action="apply"');
    // Once applied, the tool offers nothing more to click and says where the result is.
    expect(pages.find((p) => p.name === "short-combat-tool-applied")!.html).not.toContain('data-action="apply"');
    expect(pages.map((p) => p.html).join("\n")).not.toMatch(/\bFLEX\.[A-Z]\w*\.\w/);
    expect([...i18n.missing]).toEqual([]);
  }, 60_000);
});
