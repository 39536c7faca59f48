/**
 * Flange in the Foundry test harness (happy-dom):
 *  - the check and opposed dialogs' worst option mix, cold (memo cleared: a first dialog open),
 *    through the whole dialog path — choices → buildCheck → exact odds → odds panel HTML;
 *  - prepareData for 1,000 Flange characters with 40 items each (24 skills over 12 headings,
 *    6 weapons, 4 armours, 2 powers, 4 gear), generalisation dots, Edge and wounds.
 */
import { bench, describe } from "vitest";
import { runStartupHooks } from "../../test/harness/index";

await import("../../src/index");
await runStartupHooks();
const R = await import("../../src/rulesets/flange/rules");
const { buildCheck, defaultChoices, oddsHtml } = await import("../../src/rulesets/flange/checks");
const { buildOpposed, opposedOddsHtml } = await import("../../src/rulesets/flange/opposed");

const HEADINGS = R.SKILL_HEADINGS.slice(0, 12);

function items(): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  for (let i = 0; i < 24; i++) out.push({ name: `Skill ${i}`, type: "flangeSkill", system: { heading: HEADINGS[i % 12], dots: (i % 5) + 1, attribute: R.ATTRIBUTES[i % 9] } });
  for (let i = 0; i < 6; i++) out.push({ name: `Weapon ${i}`, type: "flangeWeapon", system: { attribute: "strength", range: "short", damageDots: i % 3, damageModifier: i - 3 } });
  for (let i = 0; i < 4; i++) out.push({ name: `Armour ${i}`, type: "flangeArmor", system: { armour: i, equipped: i % 2 === 0 } });
  for (let i = 0; i < 2; i++) out.push({ name: `Power ${i}`, type: "flangePower", system: { cost: 3 } });
  for (let i = 0; i < 4; i++) out.push({ name: `Gear ${i}`, type: "flangeGear", system: { quantity: 2 } });
  return out;
}

const system = {
  level: "heroic",
  attributes: { strength: 5, athleticism: 7, constitution: 7, perception: 8, dexterity: 8, appearance: 8, personality: 8, subtlety: 8, intellect: 8 },
  generalisation: { combatBrawl: 1, medicine: 2 },
  edge: { points: 6, spent: 2 },
  wounds: { value: 3 },
};
const actors: any[] = [];
for (let i = 0; i < 1000; i++) actors.push(await Actor.create({ name: `Actor ${i}`, type: "flange", system, items: items() } as never));

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
    opposedOddsHtml(buildOpposed(model, null, worstOpposed));
  }, { iterations: 20, warmupIterations: 2 });
});

describe("Flange data preparation", () => {
  bench("prepareData × 1,000 actors with 40 items", () => {
    for (const a of actors) a.prepareData();
  }, { iterations: 5, warmupIterations: 1 });
});
