// Evaluating 100,000 checks through the rules core (formula + EW), and through Foundry Rolls.
import { bench, describe } from "vitest";
import { checkFormula, evaluateCheck, type CheckInput } from "../../src/rules";

const inputs: CheckInput[] = Array.from({ length: 100_000 }, (_, i) => ({
  kind: i % 3 ? "talent" : "attribute",
  die: ([4, 6, 8, 10, 12] as const)[i % 5],
  uebungswert: i % 7,
  modifier: (i % 5) - 2,
  vorteile: i % 3,
  nachteile: i % 2,
  erschoepfung: i % 4,
  sw: i % 2 ? 12 : null,
}));
// Deterministic dice so the figure measures the rules, not a random source.
const rolled = inputs.map((input, i) => {
  const n = 1 + Math.abs((input.vorteile > input.nachteile ? 1 : -1) * (Math.max(0, input.vorteile) - Math.max(0, input.nachteile)));
  return Array.from({ length: n }, (_, k) => 1 + ((i + k) % input.die));
});

describe("checks", () => {
  bench("100,000 × checkFormula + evaluateCheck", () => {
    for (let i = 0; i < inputs.length; i++) {
      checkFormula(inputs[i]);
      evaluateCheck(inputs[i], rolled[i]);
    }
  });
});
