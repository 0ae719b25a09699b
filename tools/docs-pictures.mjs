// Copies the gallery's pictures the docs show (German, light theme) from tests/browser/out/png/ into docs/img/, after
// `npm run gallery`: `node tools/docs-pictures.mjs`. The list is every `img/<page>.png` the docs link to.
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const root = join(import.meta.dirname, "..");
const out = join(root, "tests", "browser", "out", "png");
const docs = join(root, "docs");
const pages = new Set();
const walk = (dir) => {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) walk(join(dir, entry.name));
    else if (entry.name.endsWith(".md")) for (const m of readFileSync(join(dir, entry.name), "utf8").matchAll(/img\/([a-z0-9-]+)\.png/g)) pages.add(m[1]);
  }
};
walk(docs);
mkdirSync(join(docs, "img"), { recursive: true });
const missing = [];
for (const page of [...pages].sort()) {
  const from = join(out, `${page}-de-light.png`);
  if (existsSync(from)) copyFileSync(from, join(docs, "img", `${page}.png`));
  else missing.push(page);
}
console.log(`docs/img: ${pages.size - missing.length} pictures copied${missing.length ? `; not in the gallery's output: ${missing.join(", ")}` : ""}`);
console.log(`GALLERY_PAGES="^(${[...pages].sort().join("|")})-de-light$" npm run gallery   # renders just these`);
