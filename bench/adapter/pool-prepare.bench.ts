/**
 * prepareData time for 1,000 Dice Pool characters with 40 items each (a 16-ability tree three
 * levels deep, 8 attributes with rules roles, weapons, armor, gear) and three wounds, in the
 * Foundry test harness under happy-dom. Target: under 50 ms (issue 20).
 */
import { bench, describe, smokeScale } from "../guard";
import { bootBench } from "./setup/boot";

await bootBench();
const { poolActors } = await import("./setup/prepare-actors");
const actors = await poolActors(smokeScale(1000, 3));

describe("Dice Pool data preparation", () => {
  bench("prepareData × 1,000 actors with 40 items", () => {
    for (const a of actors) a.prepareData();
  }, { iterations: 5, warmupIterations: 1 });
});
