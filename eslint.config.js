import js from "@eslint/js";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["node_modules/", "dist/", "release/", "packs/", "tests/browser/out/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
      eqeqeq: ["error", "smart"],
    },
  },
  {
    // Foundry's globals (game, CONFIG, Hooks, …) are declared by the types; tsc checks them.
    files: ["**/*.ts"],
    rules: { "no-undef": "off" },
  },
  {
    // The rules layer stays pure: no Foundry, no DOM, nothing else from src/.
    files: ["src/rules/**/*.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: ["../*", "!./*"] }],
      "no-restricted-globals": ["error", "game", "CONFIG", "Hooks", "foundry", "ui", "document", "window", "Math.random"],
      "no-restricted-properties": ["error", { object: "Math", property: "random", message: "Dice results come in as arguments." }],
    },
  },
);
