import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      { test: { name: "rules", include: ["tests/rules/**/*.test.ts"], environment: "node" } },
      {
        test: {
          name: "foundry",
          include: ["tests/foundry/**/*.test.ts"],
          environment: "node",
          setupFiles: ["tests/harness/setup.ts"],
        },
      },
      { test: { name: "project", include: ["tests/project/**/*.test.ts"], environment: "node", testTimeout: 120_000 } },
      {
        test: {
          name: "browser",
          include: ["tests/browser/**/*.test.ts"],
          environment: "node",
          setupFiles: ["tests/harness/setup.ts"],
          // Hundreds of pages, each opened and photographed whole on a two-core machine.
          testTimeout: 900_000,
          hookTimeout: 300_000,
        },
      },
    ],
    benchmark: { include: ["tests/bench/**/*.bench.ts"] },
  },
});
