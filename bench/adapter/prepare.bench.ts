/**
 * prepareData time for 1,000 Toaster characters with 40 items each (skills, traits, weapons,
 * armor, gear), in the Foundry test harness under happy-dom. Target: under 50 ms (issue 20).
 */
import { bench, describe, smokeScale } from "../guard";
import { bootBench } from "./setup/boot";

await bootBench();
const { toasterActors } = await import("./setup/prepare-actors");
const actors = await toasterActors(smokeScale(1000, 3));

describe("Toaster data preparation", () => {
  bench("prepareData × 1,000 actors with 40 items", () => {
    for (const a of actors) a.prepareData();
  }, { iterations: 5, warmupIterations: 1 });
});
