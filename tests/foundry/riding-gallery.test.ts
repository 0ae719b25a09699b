// The gallery's riding pages (tests/browser/gallery-riding.ts) build through the real automation in every language,
// without a missing text, with the views the gallery photographs, and leave the world as they found it.
import { describe, expect, it } from "vitest";
import { grauwolf, rikka } from "../browser/fixtures";
import { ridingPages } from "../browser/gallery-riding";
import { resetWorld } from "../harness";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any

describe.each(["de", "en", "ru"])("the riding gallery pages in %s", (lang) => {
  it("the wolf to mount, the mounted pair's sheets and the token HUD button", async () => {
    const clients = resetWorld({ gms: 1, players: 1 });
    const i18n = (globalThis as Any).game.i18n;
    i18n.lang = lang;
    const hero = await rikka();
    const wolf = await grauwolf(hero);
    const pages: { name: string; html: string; theme: string; rolls: string[] }[] = [];
    const lebenBefore = [hero.system.leben.value, wolf.system.leben.value];
    await ridingPages((name, html, _classes, rolls, _w, _h, theme = "light") => pages.push({ name, html, theme, rolls }), { clients, hero, wolf });
    expect(pages.map((p) => `${p.name}:${p.theme}`)).toEqual([
      "character-riding-mounts:light",
      "token-hud-riding-mount:light",
      "character-riding-mounts:dark",
      "token-hud-riding-mount:dark",
      "character-riding:light",
      "creature-riding:light",
      "token-hud-riding-dismount:light",
      "character-riding:dark",
      "creature-riding:dark",
      "token-hud-riding-dismount:dark",
      "chat-riding-fall:light",
      "chat-riding-fall:dark",
    ]);
    // One fall card on which the wolf and its rider both fall; their Leben is put back afterwards.
    expect(pages.find((p) => p.name === "chat-riding-fall")!.html.match(/class="chat-message"/g)).toHaveLength(1);
    expect(pages.find((p) => p.name === "chat-riding-fall")!.html).toContain("Rikka Sturmfels");
    expect([hero.system.leben.value, wolf.system.leben.value]).toEqual(lebenBefore);
    for (const page of pages) for (const action of page.rolls) expect(page.html).toContain(`data-action="${action}"`);
    expect(pages.find((p) => p.name === "token-hud-riding-mount")!.html).toContain('class="control-icon flex-riding"');
    expect(pages.find((p) => p.name === "token-hud-riding-dismount")!.html).toContain("flex-riding active");
    expect(pages.find((p) => p.name === "character-riding")!.html).toContain("flex-riding-pair");
    expect(pages.map((p) => p.html).join("\n")).not.toMatch(/\bFLEX\.[A-Z]\w*\.\w/);
    expect([...i18n.missing]).toEqual([]);
    // The world as it was: no pair, no *beritten*, the wolf not ridable again.
    expect([hero.statuses.has("mounted"), wolf.statuses.has("mounted"), wolf.system.reitbar]).toEqual([false, false, false]);
  }, 60_000);
});
