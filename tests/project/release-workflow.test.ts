// The release workflow (issue 37) runs the README's two commands and publishes the files the build writes, under the
// tag the manifest's download address names: a GM installing from the manifest link gets what `npm run build` made.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import yaml from "js-yaml";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..", "..");
const read = (file: string) => readFileSync(join(ROOT, file), "utf8");

interface Step { name?: string; run?: string; uses?: string; with?: Record<string, unknown> }
interface Workflow { on: { push: { tags: string[] } }; permissions: Record<string, string>; jobs: Record<string, { steps: Step[] }> }

const workflow = yaml.load(read(".github/workflows/release.yml")) as Workflow;
const steps = Object.values(workflow.jobs).flatMap((job) => job.steps);
const pkg = JSON.parse(read("package.json")) as { version: string; flexRelease: { download: string } };
const system = JSON.parse(read("system.json")) as { id: string };

/** The README's command table: "| Build the installable system | `npm ci && npm run build` |". */
function readmeCommand(what: string): string {
  const row = read("README.md").split("\n").find((line) => line.startsWith(`| ${what} |`));
  const command = row?.match(/`([^`]+)`/)?.[1];
  if (!command) throw new Error(`README has no command row "${what}"`);
  return command;
}

describe("release workflow", () => {
  it("runs on a pushed tag v… and may write the release", () => {
    expect(workflow.on.push.tags).toEqual(["v*"]);
    expect(workflow.permissions.contents).toBe("write");
    // The download address names the tag as v<version>.
    expect(pkg.flexRelease.download).toContain("/download/v{version}/");
  });

  it("runs exactly the README's build and test commands", () => {
    const runs = steps.map((s) => s.run?.trim()).filter(Boolean);
    expect(runs).toContain(readmeCommand("Build the installable system"));
    expect(runs).toContain(readmeCommand("Run every test"));
    // The tests run before anything is published.
    const publish = steps.findIndex((s) => s.uses?.startsWith("softprops/action-gh-release"));
    const tests = steps.findIndex((s) => s.run?.trim() === readmeCommand("Run every test"));
    expect(tests).toBeGreaterThanOrEqual(0);
    expect(publish).toBeGreaterThan(tests);
  });

  it("publishes the zip and the system.json the build writes, and fails when one is missing", () => {
    const build = read("tools/build.mjs");
    // tools/build.mjs: release/<id>-<version>.zip, and system.json beside it.
    expect(build).toContain('path.join(root, "release", `${id}-${manifest.version}.zip`)');
    expect(build).toContain('path.join(path.dirname(outFile), "system.json")');
    const release = steps.find((s) => s.uses?.startsWith("softprops/action-gh-release"))!;
    const files = String(release.with?.files).trim().split("\n").map((f) => f.trim());
    expect(files).toEqual([`release/${system.id}-\${{ env.VERSION }}.zip`, "release/system.json"]);
    expect(release.with?.fail_on_unmatched_files).toBe(true);
    // VERSION is package.json's version, and the tag must be v<version>.
    const check = steps.find((s) => s.run?.includes("GITHUB_ENV"))!.run!;
    expect(check).toContain(`require("./package.json").version`);
    expect(check).toContain('"v${version}"');
  });
});
