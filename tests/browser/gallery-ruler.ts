// A gallery page for the token ruler's bands (issue 34, scope 6): a straight drag of Rikka's token across 20 fields, each
// field in the colour the ruler gives it (applications/token-ruler.ts bandColor, her speed 6, three Aktionen), with the
// legend a player reads. The ruler itself is drawn by core on the canvas; the page shows its colours and what they mean.
import { BAND_COLORS, OVER_COLOR, bandColor, bandLabel } from "../../src/applications/token-ruler";
import { unitText } from "../../src/helpers/units";
import type { AddGalleryPage } from "./gallery-companions";

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any

const hex = (c: number) => `#${c.toString(16).padStart(6, "0")}`;
const escape = (s: string) => s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);

/** Adds "ruler-bands", light and dark. */
export async function rulerPages(add: AddGalleryPage, { hero }: { hero: Any }): Promise<void> {
  const i18n = (globalThis as Any).game.i18n;
  const speed = Number(hero.system.geschwindigkeit) || 6;
  const cells = Array.from({ length: 20 }, (_, i) => {
    const color = bandColor(hero, { measurement: { cost: i + 1 } }) ?? OVER_COLOR;
    return `<rect x="${i * 32 + 2}" y="2" width="30" height="30" rx="3" fill="${hex(color)}" fill-opacity="0.55" stroke="${hex(color)}"/><text x="${i * 32 + 17}" y="22" text-anchor="middle" font-size="12" fill="currentColor">${i + 1}</text>`;
  }).join("");
  // The waypoint labels core draws at the end of each band, with the cost Flex puts in them.
  // Each ends at its band's last field; "too far" on a second line under the first red one.
  const labels = [speed, speed * 2, speed * 3, speed * 3 + 1].filter((c) => c <= 20).map((c, i) => {
    const label = bandLabel(hero, { measurement: { cost: c } })!;
    return `<text x="${i < 3 ? c * 32 : (c - 1) * 32 + 2}" y="${i < 3 ? 50 : 66}" text-anchor="${i < 3 ? "end" : "start"}" font-size="11" fill="currentColor">${escape(label.total)}</text>`;
  }).join("");
  const legend = [
    ...BAND_COLORS.map((c, i) => [c, i18n.format("FLEX.Ruler.Band", { n: String(i + 1), distance: unitText("Schritt", speed * (i + 1)) })] as const),
    [OVER_COLOR, i18n.localize("FLEX.Ruler.Over")] as const,
  ]
    .map(([c, text]) => `<li><span class="swatch" style="background:${hex(c)}"></span>${escape(text)}</li>`)
    .join("");
  const html = `<style>
.flex-ruler-page{padding:0.75rem;display:flex;flex-direction:column;gap:0.5rem}
.flex-ruler-page ul{list-style:none;margin:0;padding:0;display:flex;flex-wrap:wrap;gap:0.35rem 1rem}
.flex-ruler-page li{display:inline-flex;align-items:center;gap:0.35rem}
.flex-ruler-page .swatch{width:1rem;height:1rem;border-radius:3px;display:inline-block}
</style><div class="flex-ruler-page"><p>${escape(i18n.format("FLEX.Ruler.Hint", { name: hero.name, speed: unitText("Schritt", speed) }))}</p>
<svg role="img" aria-label="${escape(i18n.localize("FLEX.Ruler.Title"))}" width="740" height="72" viewBox="0 -2 740 72">${cells}${labels}</svg><ul>${legend}</ul></div>`;
  for (const theme of ["light", "dark"] as const) add("ruler-bands", html, "flex ruler", [], 780, 240, theme, i18n.localize("FLEX.Ruler.Title"));
}
