import { defineConfig } from "vitest/config";

// Benchmarks run against the Foundry stand-in, like the foundry tests. They print figures; they assert nothing.
export default defineConfig({
  test: {
    include: [],
    setupFiles: ["tests/harness/setup.ts"],
    benchmark: { include: ["tests/bench/**/*.bench.ts"] },
  },
});
