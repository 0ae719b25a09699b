// Opens every gallery page in headless Chromium (Debian's chromium-headless-shell driven by
// playwright-core), saves a PNG per page, and fails on what a user would notice: text that is an
// unresolved i18n key, a console error, anything wider than the window or its sheet, text cut off or spilling out
// of its box, a tab bar or chip row that wraps, a select too narrow for its choice, a missing roll button, an axe-core
// (WCAG 2.1 A/AA) violation, and wording a page must not show (wording.ts: an ASCII minus, another language's die
// letter; on an English or Russian page German talent names and rule IDs). Each photo shows the whole page.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildGallery, OUT, type GalleryPage } from "./gallery";
import { wordingProblems } from "./wording";

const EXECUTABLE = process.env.CHROMIUM_PATH ?? "/usr/lib/chromium/chromium-headless-shell";
const WINDOW = { width: 1280, height: 800 };
/** Pages checked at once (GALLERY_WORKERS): two keep a two-core machine busy. */
const WORKERS = Math.max(1, Number(process.env.GALLERY_WORKERS) || 2);
/** For working on a few pages: GALLERY_PAGES="character-|chat-long" npm run gallery (a regular expression on "<name>-<lang>-<theme>"). */
const ONLY = process.env.GALLERY_PAGES ? new RegExp(process.env.GALLERY_PAGES) : null;

/** axe-core, the standard accessibility engine, run on every page with the WCAG 2.1 A and AA rules. */
const AXE = createRequire(import.meta.url).resolve("axe-core/axe.min.js");
const WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];
/** The language whose pages axe checks for colour contrast (see checkPage). */
const CONTRAST_LANG = "de";

/**
 * The jobs of the browser test: each page once, a dark page whose file is its light page's with the theme class
 * changed riding along with that light page (`twin`).
 */
function pairThemes(list: GalleryPage[]): { first: number; twin: number | null }[] {
  const light = new Map<string, number>();
  list.forEach((p, i) => p.theme === "light" && light.set(`${p.name}|${p.lang}`, i));
  const twinOf = new Map<number, number>();
  list.forEach((p, i) => {
    const first = p.theme === "dark" ? light.get(`${p.name}|${p.lang}`) : undefined;
    if (first === undefined || twinOf.has(first)) return;
    const same = readFileSync(list[first]!.file, "utf8").replace('<body class="theme-light">', '<body class="theme-dark">') === readFileSync(p.file, "utf8");
    if (same) twinOf.set(first, i);
  });
  const riding = new Set(twinOf.values());
  return list.flatMap((_, i) => (riding.has(i) ? [] : [{ first: i, twin: twinOf.get(i) ?? null }]));
}

let browser: Browser;
let pages: GalleryPage[] = [];

beforeAll(async () => {
  if (!existsSync(EXECUTABLE)) {
    throw new Error(`Chromium not found at ${EXECUTABLE}: install Debian's chromium-headless-shell (apt-get install chromium-headless-shell) or set CHROMIUM_PATH.`);
  }
  pages = (await buildGallery()).filter((p) => !ONLY || ONLY.test(`${p.name}-${p.lang}-${p.theme}`));
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
  it.skipIf(ONLY)("has every view in every language", () => {
    const names = new Set(pages.map((p) => p.name));
    for (const view of ["character-stats", "character-talents", "character-inventory", "character-effects", "character-biography", "character-edit", "creature-stats", "creature-abilities", "creature-limited", "dialog-check", "dialog-end-of-day", "chat-cards",
      "dialog-heal", "chat-heal", "chat-potion", "chat-combat-1", "chat-combat-2", "chat-combat-3", "combat-tracker", "character-combat",
      "character-companions", "character-companions-empty", "dialog-training", "dialog-training-poor", "chat-companions-1", "chat-companions-2",
      "short-combat-setup", "short-combat-tool", "short-combat-tool-applied", "short-combat-player", "chat-short-combat",
      "dialog-rest-start", "dialog-rest-answer", "dialog-rest-downtime", "chat-rest", "chat-no-rest", "character-no-rest", "item-resource",
      "item-project", "item-plot", "dialog-craft-start", "dialog-craft-session", "dialog-craft-session-days", "dialog-work", "dialog-reward", "chat-making",
      "character-polymorph", "chat-polymorph",
      "character-riding-mounts", "character-riding", "creature-riding", "token-hud-riding-mount", "token-hud-riding-dismount", "chat-riding-fall",
      "compendium-talent", "compendium-creature", "compendium-journal",
      "character-talents-edit", "character-inventory-edit", "character-player", "character-observer", "character-limited", "item-weapon-readonly",
      "dialog-fall", "dialog-fall-onto", "character-dying", "character-dead", "character-empty-stats", "character-empty-inventory", "character-inventory-100",
      "character-long-names", "chat-long-names", "sidebar-actors", "region-config", "settings", "chat-item-card",
      "character-limited-bio", "item-effects", "browser-creatures", "browser-items", "browser-talents", "browser-rest", "browser-polymorph-pick", "browser-from-sheet",
      "dialog-rest-breather", "dialog-rest-long", "chat-attack-states", "chat-attack-player", "short-combat-player-before", "chat-short-combat-player",
      "chat-short-combat-undone", "chat-rest-refused", "chat-rest-short", "chat-player-view", "dialog-rest-rolled", "chat-rest-rolled"]) {
      expect(names.has(view), view).toBe(true);
    }
    for (const type of ["talent", "weapon", "armor", "equipment", "alchemical", "spell", "attack", "passive"]) expect(names.has(`item-${type}`), type).toBe(true);
    expect(new Set(pages.map((p) => p.lang))).toEqual(new Set(["de", "en", "ru"]));
    // Every page in both themes, in every language.
    const seen = new Set(pages.map((p) => `${p.name}|${p.lang}|${p.theme}`));
    for (const p of pages) for (const theme of ["light", "dark"]) expect(seen.has(`${p.name}|${p.lang}|${theme}`), `${p.name} ${p.lang} ${theme}`).toBe(true);
    // One world day in every language: the fixtures move world time the same way, so a page's dates and
    // "Tag n" agree across de, en and ru (a page whose world ran ahead in one language shows another day).
    const days = new Map<string, Set<number>>();
    for (const p of pages) days.set(`${p.name} (${p.theme})`, (days.get(`${p.name} (${p.theme})`) ?? new Set()).add(Math.floor(p.worldTime / 86_400)));
    expect([...days].filter(([, d]) => d.size > 1).map(([name]) => name)).toEqual([]);
  });

  it("renders each page cleanly and photographs it", async () => {
    const found: string[][] = pages.map(() => []);
    const axeFound: { page: string; rule: string; nodes: number; targets: string[] }[][] = pages.map(() => []);
    const context = await browser.newContext({ viewport: WINDOW });
    // A dark page with its light page's document (the theme class aside) is checked in the light page's tab: the
    // theme switched, axe's contrast rule run and the photo taken; layout, wording and axe's other rules cannot differ.
    const jobs = pairThemes(pages);
    // Jobs are independent: a few at a time keep both cores busy (the renderer draws one while axe reads another).
    // Each worker keeps one tab and navigates it from page to page: a new tab per page cost a renderer's start and
    // the styles' and axe's parse again, about a third of the gallery's time.
    let next = 0;
    const worker = async () => {
      const tab = await openTab();
      for (let i = next++; i < jobs.length; i = next++) await checkPage(tab, jobs[i]!.first, jobs[i]!.twin);
      await tab.page.close();
    };
    const runAxe = (page: Page, runOnly: { type: "tag" | "rule"; values: string[] }, contrast = true) =>
      page.evaluate(async ({ only, contrast }) => {
        const rules = contrast ? {} : { "color-contrast": { enabled: false } };
        const result = await (window as unknown as { axe: { run: (c: unknown, o: unknown) => Promise<{ violations: { id: string; nodes: { target: unknown[]; failureSummary?: string }[] }[] }> } }).axe.run(document, { runOnly: only, rules, resultTypes: ["violations"] });
        return result.violations.map((v) => ({ rule: v.id, targets: v.nodes.map((n) => `${n.target.join(" ")} ${(n.failureSummary ?? "").split("\n").slice(1, 2).join("").trim()}`) }));
      }, { only: runOnly, contrast });
    const reportAxe = (index: number, violations: { rule: string; targets: string[] }[]) => {
      const p = pages[index]!;
      for (const v of violations) {
        axeFound[index]!.push({ page: `${p.name}-${p.lang}-${p.theme}`, rule: v.rule, nodes: v.targets.length, targets: v.targets });
        found[index]!.push(`${p.name} [${p.lang}, ${p.theme}]: axe ${v.rule} (${v.targets.length}): ${v.targets.slice(0, 3).join(" | ")}`);
      }
    };
    const setTheme = (page: Page, theme: string) =>
      page.evaluate((t) => {
        document.body.classList.remove("theme-light", "theme-dark");
        document.body.classList.add(`theme-${t}`);
      }, theme);
    /** A tab and the errors its current document reported (emptied for each page). */
    type Tab = { page: Page; errors: string[] };
    const openTab = async (): Promise<Tab> => {
      const tab: Tab = { page: await context.newPage(), errors: [] };
      tab.page.on("console", (m) => {
        if (m.type() === "error") tab.errors.push(m.text());
      });
      tab.page.on("pageerror", (e) => tab.errors.push(e.message));
      tab.page.on("requestfailed", (r) => tab.errors.push(`failed to load ${r.url()}`));
      return tab;
    };
    const checkPage = async (tab: Tab, index: number, twin: number | null) => {
      const p = pages[index]!;
      const problems = found[index]!;
      const page = tab.page;
      const errors: string[] = (tab.errors = []);
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
        // Text cut off or spilling out of its box: wider than its element (unless an ellipsis with the full text a
        // tooltip away), or a box that hides what does not fit vertically (a card, a row). Scroll containers are fine.
        const describe = (el: Element) => `${el.tagName.toLowerCase()}.${[...el.classList].join(".")} "${(el.textContent ?? "").trim().slice(0, 40)}"`;
        const clipped = [...document.querySelectorAll("#app *")]
          .filter((el) => {
            const st = getComputedStyle(el);
            if (st.display === "none" || st.visibility === "hidden" || el.clientWidth === 0) return false;
            // Screen-reader text is clipped on purpose; what the gallery draws as core's own frame (data-gallery-core) is not the system's.
            if (el.closest("input, select, textarea, prose-mirror, .visually-hidden, [data-gallery-core]")) return false;
            const hasText = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim());
            const scrolls = (o: string) => o === "auto" || o === "scroll";
            const wide = hasText && !scrolls(st.overflowX) && el.scrollWidth > el.clientWidth + 1;
            const tall = (st.overflowY === "hidden" || st.overflowY === "clip") && el.scrollHeight > el.clientHeight + 1;
            if (!wide && !tall) return false;
            return !(wide && !tall && st.textOverflow === "ellipsis" && el.closest("[data-tooltip], [title], [aria-label]"));
          })
          .map(describe);
        // A tab bar or a row of status chips on two lines, and a select whose chosen option does not fit its box.
        const wrapped = [...document.querySelectorAll("#app .flex-tabs, #app .flex-status-strip")]
          .filter((bar) => new Set([...bar.children].filter((c) => c.getClientRects().length).map((c) => Math.round(c.getBoundingClientRect().top))).size > 1)
          .map(describe);
        const cutSelects = [...document.querySelectorAll<HTMLSelectElement>("#app select")]
          .filter((select) => {
            const option = select.selectedOptions[0];
            if (!option || !select.clientWidth || getComputedStyle(select).visibility === "hidden") return false;
            const st = getComputedStyle(select);
            const probe = document.createElement("span");
            Object.assign(probe.style, { font: st.font, letterSpacing: st.letterSpacing, position: "absolute", whiteSpace: "pre", visibility: "hidden" });
            probe.textContent = option.text;
            document.body.append(probe);
            const width = probe.getBoundingClientRect().width;
            probe.remove();
            // The arrow takes about 18px of the box.
            return width + parseFloat(st.paddingLeft) + parseFloat(st.paddingRight) + 18 > select.clientWidth + 1;
          })
          .map((select) => `select[name="${select.name}"] "${select.selectedOptions[0]!.text}"`);
        // What a user reads, tooltips and names included, but not a card's rule list nor the rules journal (their place
        // for rule IDs), nor text marked German on purpose (lang="de": a browser entry's name in the German rulebook),
        // nor the value of a number field (the browser draws its minus sign) or a hidden one.
        const copy = document.body.cloneNode(true) as HTMLElement;
        copy.querySelectorAll("script, style, template, .flex-rules, .journal-entry-page, :not(html)[lang='de']").forEach((el) => el.remove());
        const readable = [copy.textContent ?? "", ...[...copy.querySelectorAll("[aria-label],[data-tooltip],[placeholder],[title],[alt],input[value]:not([type=number]):not([type=hidden])")].flatMap((el) =>
          ["aria-label", "data-tooltip", "placeholder", "title", "alt", "value"].map((a) => el.getAttribute(a) ?? ""),
        )].join("\n");
        return { unresolved, tooWide: tooWide.slice(0, 5), clipped: clipped.slice(0, 5), wrapped, cutSelects, rolls, scrollWidth: document.documentElement.scrollWidth, readable };
      }, WINDOW);

      const wording = wordingProblems(report.readable, p.lang);
      if (wording.length) problems.push(`${label}: ${wording.join(", ")}`);
      if (report.unresolved.length) problems.push(`${label}: unresolved i18n ${[...new Set(report.unresolved)].join(", ")}`);
      if (errors.length) problems.push(`${label}: console ${errors.join(" | ")}`);
      if (report.tooWide.length || report.scrollWidth > WINDOW.width) problems.push(`${label}: wider than its window: ${report.tooWide.join(", ")}`);
      if (report.clipped.length) problems.push(`${label}: text cut off or spilling out: ${report.clipped.join(", ")}`);
      if (report.wrapped.length) problems.push(`${label}: wraps to a second line: ${report.wrapped.join(", ")}`);
      if (report.cutSelects.length) problems.push(`${label}: select cut off: ${report.cutSelects.join(", ")}`);
      for (const action of p.rollActions) if (!report.rolls.includes(action)) problems.push(`${label}: no ${action} button`);

      // Each page loads axe itself (gallery.ts), so Chromium compiles it once and reuses the code for every page (injected
      // inline, it was compiled again per page: twice the gallery's time). A page without it gets it here.
      if (!(await page.evaluate(() => "axe" in window))) await page.addScriptTag({ path: AXE });
      // Colour contrast, axe's slowest rule (a third of the gallery's time), is checked on the German page in both
      // themes: the colours come from the same markup and styles in every language, only the words differ.
      const contrast = p.lang === CONTRAST_LANG;
      reportAxe(index, await runAxe(page, { type: "tag", values: WCAG }, contrast));
      if (twin !== null) {
        // No transition may show a colour half-way.
        await page.addStyleTag({ content: "*, *::before, *::after { transition: none !important; animation: none !important; }" });
        if (contrast) {
          await setTheme(page, pages[twin]!.theme);
          reportAxe(twin, await runAxe(page, { type: "rule", values: ["color-contrast"] }));
          await setTheme(page, p.theme);
        }
        if (errors.length) found[twin]!.push(`${pages[twin]!.name} [${p.lang}, ${pages[twin]!.theme}]: console ${errors.join(" | ")}`);
      }

      // The photo shows the whole page: the window grows to its content, so a long list is not cut at the window's edge.
      const full = await page.evaluate(() => {
        const app = document.getElementById("app")!;
        app.style.height = "auto";
        const style = document.createElement("style");
        style.textContent = "#app, #app * { max-height: none !important; } #app .window-content, #app [data-application-part], #app .scrollable, #app .journal-entry-pages { overflow: visible !important; }";
        document.head.append(style);
        const r = app.getBoundingClientRect();
        return { width: Math.ceil(r.right + 16), height: Math.ceil(r.bottom + 16) };
      });
      const clip = { x: 0, y: 0, width: Math.min(Math.max(full.width, p.width + 32), WINDOW.width), height: Math.max(full.height, Math.min(p.height + 32, WINDOW.height)) };
      await page.screenshot({ path: join(OUT, "png", `${p.name}-${p.lang}-${p.theme}.png`), fullPage: true, clip });
      if (twin !== null) {
        await setTheme(page, pages[twin]!.theme);
        await page.screenshot({ path: join(OUT, "png", `${p.name}-${p.lang}-${pages[twin]!.theme}.png`), fullPage: true, clip });
      }
    };
    await Promise.all(Array.from({ length: WORKERS }, worker));
    await context.close();
    writeFileSync(join(OUT, ONLY ? "axe-subset.json" : "axe.json"), JSON.stringify(axeFound.flat(), null, 1));
    expect(found.flat()).toEqual([]);
  });
});
