// Build of the system bundle: src/flex.ts → dist/flex.mjs (ES module loaded by Foundry via system.json
// "esmodules"). Tests use vitest.config.ts; this file is only for `vite build` (tools/build.mjs).
import { defineConfig, parseAst } from "vite";
import type { Plugin } from "vite";

type AstNode = { type: string; await?: boolean | null; [key: string]: unknown };

const FUNCTION_TYPES = new Set(["FunctionDeclaration", "FunctionExpression", "ArrowFunctionExpression"]);

/** True if `node` awaits outside any function, i.e. at module top level. */
function hasTopLevelAwait(node: unknown): boolean {
  if (Array.isArray(node)) return node.some(hasTopLevelAwait);
  if (node === null || typeof node !== "object") return false;
  const n = node as AstNode;
  if (typeof n.type === "string") {
    if (FUNCTION_TYPES.has(n.type)) return false;
    if (n.type === "AwaitExpression") return true;
    if (n.type === "ForOfStatement" && n.await === true) return true;
  }
  return Object.values(n).some((value) => typeof value === "object" && hasTopLevelAwait(value));
}

/**
 * Foundry imports the bundle and then fires "init" at once; a top-level await would let hooks be
 * registered too late, so the build fails instead of shipping one.
 */
function noTopLevelAwait(): Plugin {
  return {
    name: "flex:no-top-level-await",
    apply: "build",
    renderChunk(code, chunk) {
      if (hasTopLevelAwait(parseAst(code).body)) {
        this.error(`${chunk.fileName} contains a top-level await; Foundry's init hooks must register synchronously.`);
      }
      return null;
    },
  };
}

export default defineConfig({
  publicDir: false,
  plugins: [noTopLevelAwait()],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: true,
    target: "es2022",
    minify: false,
    copyPublicDir: false,
    reportCompressedSize: false,
    lib: {
      entry: "src/flex.ts",
      formats: ["es"],
      fileName: () => "flex.mjs",
    },
    rolldownOptions: {
      // Nothing external: foundry, game, CONFIG, Hooks, ui … are globals at runtime.
      external: [],
      output: {
        // One file: Foundry loads exactly dist/flex.mjs.
        codeSplitting: false,
      },
    },
  },
});
