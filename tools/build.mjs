// `npm run build`: fill system.json from package.json (version, url, manifest, download; see
// tools/manifest.mjs), extract the icons from the game-icons package into assets/icons/ (tools/icon-set.mjs), bundle
// src/ with vite, compile the compendium packs, write the release zip and
// a copy of system.json beside it (the two files a release publishes).
// The repository root is the installable system folder once this has run.
import { stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "vite";
import { isPlaceholder, syncManifest } from "./manifest.mjs";
import { writeIcons } from "./icon-set.mjs";
import { compilePacks } from "./packs.mjs";
import { writeRelease } from "./release.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

function kib(bytes) {
  return `${(bytes / 1024).toFixed(1)} KiB`;
}

async function main() {
  const started = performance.now();
  process.chdir(root);
  const { manifest, changes } = await syncManifest({ root });
  const id = manifest.id;
  if (changes.length) console.log(`▸ system.json from package.json: ${changes.join("; ")}`);

  console.log("▸ Extracting icons from @iconify-json/game-icons …");
  console.log(`  assets/icons/: ${await writeIcons(root)} file(s)`);

  console.log("▸ Bundling src/flex.ts with vite …");
  await build({ configFile: "vite.config.ts" });
  const bundle = await stat(path.join(root, "dist", "flex.mjs"));

  console.log("▸ Compiling compendium packs …");
  const packs = await compilePacks({ root, outRoot: path.join(root, "packs") });
  for (const pack of packs) console.log(`  packs/${pack.name}: ${pack.sourceCount} document(s)`);

  console.log("▸ Writing release zip …");
  const outFile = path.join(root, "release", `${id}-${manifest.version}.zip`);
  const archived = await writeRelease({ root, outFile, manifest });
  const zip = await stat(outFile);
  const releaseManifest = path.join(path.dirname(outFile), "system.json");
  await writeFile(releaseManifest, `${JSON.stringify(manifest, null, 2)}\n`);

  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`
Built ${manifest.title ?? id} ${manifest.version} in ${seconds} s.
  System folder: ${root}
                 (this folder is the installable system: system.json + dist/flex.mjs ${kib(bundle.size)} + packs/)
  Release zip:   ${path.relative(root, outFile)} (${zip.size} bytes, ${archived.length} files)
  Publish:       ${path.relative(root, outFile)} at ${manifest.download}
                 ${path.relative(root, releaseManifest)} at ${manifest.manifest} (the manifest link)
Install: unzip the release (or copy the built folder) so that Data/systems/${id}/system.json exists,
         restart Foundry VTT, then pick "${manifest.title ?? "Flex"}" as the game system when creating a world.`);
  if (isPlaceholder(manifest.manifest)) {
    console.log(`
⚠ package.json "repository.url" is still a placeholder (${new URL(manifest.manifest).hostname}): the manifest link leads nowhere.
  Set "repository.url" and "homepage" in package.json to the real repository before publishing.`);
  }
}

main().catch((err) => {
  const cause = err?.cause instanceof Error && err.cause.message !== err.message ? `\n  caused by: ${err.cause.message}` : "";
  console.error(`\n✖ Build failed: ${err instanceof Error ? err.message : err}${cause}`);
  process.exitCode = 1;
});
