/**
 * prepareData time for 1,000 Toast characters with 40 items each (30 skills of every category with
 * one to three base attributes, weapons, two armor suits, gear) and a wound tally, in the Foundry
 * test harness under happy-dom. Target: under 50 ms (issue 20).
 */
import { bench, describe, smokeScale } from "../guard";
import { bootBench } from "./setup/boot";

await bootBench();
const { toastActors } = await import("./setup/prepare-actors");
const actors = await toastActors(smokeScale(1000, 3));

describe("Toast data preparation", () => {
  bench("prepareData × 1,000 actors with 40 items", () => {
    for (const a of actors) a.prepareData();
  }, { iterations: 5, warmupIterations: 1 });
});
