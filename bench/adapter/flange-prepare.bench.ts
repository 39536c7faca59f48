/**
 * Flange in the Foundry test harness (happy-dom):
 *  - the check and opposed dialogs' worst option mix, cold (memo cleared: a first dialog open),
 *    through the whole dialog path — choices → buildCheck → exact odds → odds panel HTML;
 *  - prepareData for 1,000 Flange characters with 40 items each (24 skills over 12 headings,
 *    6 weapons, 4 armours, 2 powers, 4 gear), generalisation dots, Edge and wounds.
 */
import { bench, describe, smokeScale } from "../guard";
import { bootBench } from "./setup/boot";

await bootBench();
const R = await import("../../src/rulesets/flange/rules");
const { buildCheck, defaultChoices, oddsHtml } = await import("../../src/rulesets/flange/checks");
const { opposedChoicesOddsHtml } = await import("../../src/rulesets/flange/opposed");

const { flangeActors } = await import("./setup/prepare-actors");
const actors: any[] = await flangeActors(smokeScale(1000, 3));

const model = actors[0].system;
// Worst check: 15 dice at target 4 (the slowest target of a scan, docs/rules/flange.md "Bench").
const worstCheck = defaultChoices(model, { skill: "", attribute: "strength", diceModifier: R.CHECK_DICE_MAX - 3, targetModifier: -1 });
// Worst opposed pair: 15@3 v 15@8.
const worstOpposed = {
  first: defaultChoices(model, { skill: "", attribute: "strength", diceModifier: R.CHECK_DICE_MAX - 3, targetModifier: -2 }),
  second: { kind: "unnamed" as const, dice: R.CHECK_DICE_MAX, target: 8 },
};

describe("Flange dialogs: worst option mix through the dialog path (cold)", () => {
  bench("check dialog 15@4: choices → pool → exact odds → panel", () => {
    R.clearOddsCache();
    oddsHtml(buildCheck(model, worstCheck));
  }, { iterations: 20, warmupIterations: 2 });
  bench("opposed dialog 15@3 v 15@8: choices → pools → exact odds → panel", () => {
    R.clearOddsCache();
    opposedChoicesOddsHtml(model, worstOpposed, { first: "Bench", second: "Opponent" });
  }, { iterations: 20, warmupIterations: 2 });
});

describe("Flange data preparation", () => {
  bench("prepareData × 1,000 actors with 40 items", () => {
    for (const a of actors) a.prepareData();
  }, { iterations: 5, warmupIterations: 1 });
});
