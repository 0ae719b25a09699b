// prepareData for 1,000 characters with 30 items each: what a big world costs at load and on refresh.
import { bench, describe } from "vitest";
import { resetWorld, storeRawActor } from "../harness";

resetWorld({ gms: 1 });
const types = ["talent", "weapon", "armor", "equipment", "alchemical", "spell"];
const actors = Array.from({ length: 1000 }, (_, i) =>
  storeRawActor({
    name: `Held ${i}`,
    type: "character",
    system: { attributes: { ko: 8, kk: 10 }, erschoepfung: { value: i % 5 }, level: 1 + (i % 12) },
    items: Array.from({ length: 30 }, (_, j) => ({
      _id: `it${String(i).padStart(5, "0")}${String(j).padStart(9, "0")}`,
      name: `Ding ${j}`,
      type: types[j % types.length],
      system: j % types.length === 2 ? { wert: 1, ausgeruestet: true } : {},
    })),
  }),
);

describe("prepareData", () => {
  bench("1,000 characters × 30 items", () => {
    for (const a of actors) a.prepareData();
  });
});
