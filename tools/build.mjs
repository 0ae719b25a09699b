// `npm run build`: bundle src/ with vite, compile the compendium packs, write the release zip.
// The repository root is the installable system folder once this has run.
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "vite";
import { compilePacks } from "./packs.mjs";
import { writeRelease } from "./release.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

async function readManifest() {
  let text;
  try {
    text = await readFile(path.join(root, "system.json"), "utf8");
  } catch {
    throw new Error(`system.json not found in ${root}.`);
  }
  const manifest = JSON.parse(text);
  if (typeof manifest.version !== "string" || !/^[\w.+-]+$/.test(manifest.version)) {
    throw new Error(`system.json "version" is missing or not usable in a file name: ${JSON.stringify(manifest.version)}`);
  }
  return manifest;
}

function kib(bytes) {
  return `${(bytes / 1024).toFixed(1)} KiB`;
}

async function main() {
  const started = performance.now();
  process.chdir(root);
  const manifest = await readManifest();
  const id = manifest.id ?? "flex";

  console.log("▸ Bundling src/flex.ts with vite …");
  await build({ configFile: "vite.config.ts" });
  const bundle = await stat(path.join(root, "dist", "flex.mjs"));

  console.log("▸ Compiling compendium packs …");
  const packs = await compilePacks({ root, outRoot: path.join(root, "packs") });
  for (const pack of packs) console.log(`  packs/${pack.name}: ${pack.sourceCount} document(s)`);

  console.log("▸ Writing release zip …");
  const outFile = path.join(root, "release", `${id}-${manifest.version}.zip`);
  const archived = await writeRelease({ root, outFile });
  const zip = await stat(outFile);

  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`
Built ${manifest.title ?? id} ${manifest.version} in ${seconds} s.
  System folder: ${root}
                 (this folder is the installable system: system.json + dist/flex.mjs ${kib(bundle.size)} + packs/)
  Release zip:   ${path.relative(root, outFile)} (${zip.size} bytes, ${archived.length} files)
Install: unzip the release (or copy the built folder) so that Data/systems/${id}/system.json exists,
         restart Foundry VTT, then pick "${manifest.title ?? "Flex"}" as the game system when creating a world.`);
}

main().catch((err) => {
  const cause = err?.cause instanceof Error && err.cause.message !== err.message ? `\n  caused by: ${err.cause.message}` : "";
  console.error(`\n✖ Build failed: ${err instanceof Error ? err.message : err}${cause}`);
  process.exitCode = 1;
});
