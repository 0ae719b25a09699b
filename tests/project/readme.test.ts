// The README is the front door: every picture it shows is in the repository.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..", "..");

describe("README", () => {
  it("every local image it shows exists", () => {
    const readme = readFileSync(join(ROOT, "README.md"), "utf8");
    const images = [...readme.matchAll(/!\[[^\]]*\]\(([^)\s]+)\)/g)].map((m) => m[1]!).filter((src) => !/^https?:/.test(src));
    expect(images.length).toBeGreaterThanOrEqual(2);
    expect(images.filter((src) => !existsSync(join(ROOT, src)))).toEqual([]);
  });
});
