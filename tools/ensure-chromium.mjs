// Makes sure the browser tests (tests/browser/) have a Chromium; run first by `npm test` and
// `npm run gallery`. In order: CHROMIUM_PATH if set (it must be executable; no fallback then),
// Debian's chromium-headless-shell if present, else install that Debian package when running as root
// with apt-get. Otherwise it fails and says what to run. It never downloads a browser from anywhere else.
import { spawnSync } from "node:child_process";
import { accessSync, constants, statSync } from "node:fs";
import path from "node:path";

const DEBIAN_CHROMIUM = "/usr/lib/chromium/chromium-headless-shell";
const PACKAGES = ["chromium-headless-shell", "fonts-dejavu-core"];
const MANUAL = `sudo apt-get install ${PACKAGES.join(" ")}`;

function isExecutable(file) {
  try {
    if (!statSync(file).isFile()) return false;
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function onPath(command) {
  return (process.env.PATH ?? "").split(path.delimiter).filter(Boolean).some((dir) => isExecutable(path.join(dir, command)));
}

/** Runs a command quietly; on failure prints the tail of its output and returns false. */
function run(command, args) {
  console.log(`  $ ${[command, ...args].join(" ")}`);
  const result = spawnSync(command, args, {
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
  if (result.status === 0) return true;
  const output = `${result.stdout ?? ""}${result.stderr ?? ""}`.trim().split("\n").slice(-15).join("\n");
  console.error(output || String(result.error ?? `exit status ${result.status}`));
  return false;
}

function fail(message) {
  console.error(`✖ ${message}`);
  process.exit(1);
}

function main() {
  const named = process.env.CHROMIUM_PATH;
  if (named) {
    if (isExecutable(named)) return;
    fail(`CHROMIUM_PATH=${named} is not an executable file. Point it at a Chromium binary, or unset it to use Debian's chromium-headless-shell (${MANUAL}).`);
  }
  if (isExecutable(DEBIAN_CHROMIUM)) return;

  const isRoot = process.getuid?.() === 0;
  if (!isRoot || !onPath("apt-get")) {
    fail(`The browser tests need Chromium, and ${DEBIAN_CHROMIUM} is missing. Run: ${MANUAL}` +
      ` (or set CHROMIUM_PATH to a Chromium binary).${isRoot ? "" : " Run as root and the tests install it themselves."}`);
  }

  console.log(`▸ Chromium for the browser tests is missing; installing Debian's ${PACKAGES.join(" and ")} …`);
  const started = performance.now();
  if (!run("apt-get", ["update", "-qq"]) || !run("apt-get", ["install", "-y", "-qq", ...PACKAGES])) {
    fail(`Installing ${PACKAGES.join(" ")} failed (output above). Install it by hand (${MANUAL}) or set CHROMIUM_PATH.`);
  }
  if (!isExecutable(DEBIAN_CHROMIUM)) fail(`apt-get installed ${PACKAGES[0]}, but ${DEBIAN_CHROMIUM} is still missing; set CHROMIUM_PATH.`);
  console.log(`  installed ${DEBIAN_CHROMIUM} in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

main();
