/**
 * Toast's attack dialog, its worst option mix, in the Foundry test harness: the odds panel the
 * dialog redraws on every input — the whole attack twice (against the defender's best allowed
 * defence, and undefended), each with 60 damage dice against an armored, seriously wounded defender
 * whose every total calls for the death and collapse checks — after picking the best of 40 defence
 * skills. Also the median dialog: 5 dice, an unarmored defender with two weapons.
 */
import { bench, describe } from "../guard";
import { bootBench } from "./setup/boot";

await bootBench();
const { attackOddsHtml } = await import("../../src/rulesets/toast/combat/attack");
const { fighterOf, weaponDamageDice, weaponOf, weaponSkill } = await import("../../src/rulesets/toast/combat/fighter");
const { toastCombatRules } = await import("../../src/rulesets/toast/combat/settings");

const ATTRS = { strength: 12, agility: 20, hec: 12, health: 12, tolerance: 12, perception: 12, focus: 12, empathy: 12, will: 12, psyche: 12 };

async function setup(dice: number, defenceWeapons: number, armored: boolean, wounds: number) {
  const attacker: any = await Actor.create({
    name: "Attacker",
    type: "toast",
    system: { attributes: ATTRS },
    items: [
      { name: "Great weapon", type: "toastSkill", system: { key: "greatWeapon", category: "weapon", baseAttributes: ["agility"], level: 10 } },
      // AGI 20: +5 attribute dice.
      { name: "Great weapon", type: "toastWeapon", system: { category: "", baseDamage: dice - 5, delivery: "wielded", bonusDice: 0, skill: "greatWeapon", equipped: true } },
    ],
  } as never);
  const items: Record<string, unknown>[] = [];
  for (let i = 0; i < defenceWeapons; i++) {
    items.push({ name: `Skill ${i}`, type: "toastSkill", system: { key: `skill${i}`, category: "weapon", baseAttributes: ["agility", "strength"], level: i % 12 } });
    items.push({ name: `Weapon ${i}`, type: "toastWeapon", system: { category: "medium", baseDamage: 2, delivery: "wielded", bonusDice: 0, skill: `skill${i}`, equipped: true } });
  }
  if (armored) items.push({ name: "Full plate", type: "toastArmor", system: { armorType: "fullPlate", woundReduction: 9, encumbrance: 75, equipped: true } });
  const defender: any = await Actor.create({ name: "Defender", type: "toast", system: { attributes: ATTRS, wounds: { value: wounds } }, items } as never);
  const f = fighterOf(attacker)!;
  const w = weaponOf(f, attacker.items.find((i: any) => i.type === "toastWeapon").id)!;
  const skill = weaponSkill(f, w)!;
  const damage = weaponDamageDice(f, w.model, skill);
  if (damage.total !== dice) throw new Error(`bench set-up rolls ${damage.total} dice, not ${dice}`);
  return { attacker: f, defender: fighterOf(defender)!, weapon: w, skill, damage };
}

const worst = await setup(60, 40, true, 14);
const median = await setup(5, 2, false, 0);
let situational = 0;
// The world's combat rules (a fresh world: the defaults), as the dialog reads them.
const rules = toastCombatRules();

describe("Toast attack dialog odds", () => {
  bench("worst case: 40 defence skills, 60 damage dice vs full plate at effective 14, both panels", () => {
    situational = (situational + 1) % 7;
    attackOddsHtml(worst, 12 + situational, rules);
  }, { iterations: 200, warmupIterations: 20 });
  bench("median: 2 defence skills, 5 damage dice, unarmored", () => {
    situational = (situational + 1) % 7;
    attackOddsHtml(median, 8 + situational, rules);
  }, { iterations: 200, warmupIterations: 20 });
});
