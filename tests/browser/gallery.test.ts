// Opens every gallery page in headless Chromium (Debian's chromium-headless-shell driven by
// playwright-core), saves a PNG per page, and fails on what a user would notice: text that is an
// unresolved i18n key, a console error, anything wider than the window or its sheet, a missing roll button.
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { chromium, type Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildGallery, OUT, type GalleryPage } from "./gallery";

const EXECUTABLE = process.env.CHROMIUM_PATH ?? "/usr/lib/chromium/chromium-headless-shell";
const WINDOW = { width: 1280, height: 800 };

let browser: Browser;
let pages: GalleryPage[] = [];

beforeAll(async () => {
  if (!existsSync(EXECUTABLE)) {
    throw new Error(`Chromium not found at ${EXECUTABLE}: install Debian's chromium-headless-shell (apt-get install chromium-headless-shell) or set CHROMIUM_PATH.`);
  }
  pages = await buildGallery();
  mkdirSync(join(OUT, "png"), { recursive: true });
  browser = await chromium.launch({
    executablePath: EXECUTABLE,
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--allow-file-access-from-files"],
  });
});

afterAll(async () => {
  await browser?.close();
});

describe("the gallery in headless Chromium", () => {
  it("has every view in every language", () => {
    const names = new Set(pages.map((p) => p.name));
    for (const view of ["character-stats", "character-talents", "character-inventory", "character-effects", "character-biography", "character-edit", "creature-stats", "creature-abilities", "creature-limited", "dialog-check", "dialog-end-of-day", "chat-cards",
      "dialog-heal", "chat-combat-1", "chat-combat-2", "chat-combat-3", "combat-tracker", "character-combat",
      "character-companions", "dialog-training", "chat-companions-1", "chat-companions-2",
      "short-combat-setup", "short-combat-tool", "short-combat-player", "chat-short-combat",
      "dialog-rest-start", "dialog-rest-answer", "dialog-rest-downtime", "chat-rest", "chat-no-rest", "character-no-rest", "item-resource",
      "item-project", "item-plot", "dialog-craft-start", "dialog-craft-session", "dialog-work", "dialog-reward", "chat-making",
      "character-polymorph", "chat-polymorph",
      "character-riding-mounts", "character-riding", "creature-riding", "token-hud-riding-mount", "token-hud-riding-dismount", "chat-riding-fall"]) {
      expect(names.has(view), view).toBe(true);
    }
    for (const type of ["talent", "weapon", "armor", "equipment", "alchemical", "spell", "attack", "passive"]) expect(names.has(`item-${type}`), type).toBe(true);
    expect(new Set(pages.map((p) => p.lang))).toEqual(new Set(["de", "en", "ru"]));
  });

  it("renders each page cleanly and photographs it", async () => {
    const problems: string[] = [];
    const context = await browser.newContext({ viewport: WINDOW });
    for (const p of pages) {
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("console", (m) => {
        if (m.type() === "error") errors.push(m.text());
      });
      page.on("pageerror", (e) => errors.push(e.message));
      page.on("requestfailed", (r) => errors.push(`failed to load ${r.url()}`));
      await page.goto(`file://${p.file}`);
      await page.waitForLoadState("load");
      const label = `${p.name} [${p.lang}, ${p.theme}]`;

      const report = await page.evaluate((win) => {
        const text = document.body.innerText;
        const attrs = [...document.querySelectorAll("[aria-label],[data-tooltip],[placeholder],[title]")].flatMap((el) =>
          ["aria-label", "data-tooltip", "placeholder", "title"].map((a) => el.getAttribute(a) ?? ""),
        );
        const unresolved = [text, ...attrs].join("\n").match(/\b(?:FLEX|TYPES|EFFECT)\.[A-Za-z][\w.]*/g) ?? [];
        const app = document.getElementById("app")!.getBoundingClientRect();
        const tooWide = [...document.querySelectorAll("#app *")]
          .filter((el) => {
            const r = el.getBoundingClientRect();
            const style = getComputedStyle(el);
            return r.width > 0 && style.visibility !== "hidden" && (r.right > app.right + 1 || r.right > win.width);
          })
          .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join(".")}`);
        const rolls = [...document.querySelectorAll("[data-action]")].map((el) => el.getAttribute("data-action"));
        return { unresolved, tooWide: tooWide.slice(0, 5), rolls, scrollWidth: document.documentElement.scrollWidth };
      }, WINDOW);

      if (report.unresolved.length) problems.push(`${label}: unresolved i18n ${[...new Set(report.unresolved)].join(", ")}`);
      if (errors.length) problems.push(`${label}: console ${errors.join(" | ")}`);
      if (report.tooWide.length || report.scrollWidth > WINDOW.width) problems.push(`${label}: wider than its window: ${report.tooWide.join(", ")}`);
      for (const action of p.rollActions) if (!report.rolls.includes(action)) problems.push(`${label}: no ${action} button`);

      await page.screenshot({ path: join(OUT, "png", `${p.name}-${p.lang}-${p.theme}.png`), clip: { x: 0, y: 0, width: Math.min(p.width + 32, WINDOW.width), height: Math.min(p.height + 32, WINDOW.height) } });
      await page.close();
    }
    await context.close();
    expect(problems).toEqual([]);
  });
});
