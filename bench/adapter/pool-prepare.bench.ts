/**
 * prepareData time for 1,000 Dice Pool characters with 40 items each (a 16-ability tree three
 * levels deep, 8 attributes with rules roles, weapons, armor, gear) and three wounds, in the
 * Foundry test harness under happy-dom.
 */
import { bench, describe } from "vitest";
import { runStartupHooks } from "../../test/harness/index";

await import("../../src/index");
await runStartupHooks();

const ROLES = ["reactionTime", "speed", "wits", "immuneSystem", "stamina", "musclePower", "toughness", "physicalThreshold"];

function items(): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  for (let i = 0; i < 16; i++) out.push({ name: `Ability ${i}`, type: "poolAbility", system: { rating: i % 4, parentTrait: i === 0 ? "" : `Ability ${Math.floor((i - 1) / 3)}` } });
  for (let i = 0; i < 8; i++) out.push({ name: `Attribute ${i}`, type: "poolAttribute", system: { score: (i % 5) - 2, role: ROLES[i] } });
  for (let i = 0; i < 6; i++) out.push({ name: `Weapon ${i}`, type: "poolWeapon", system: { ability: `Ability ${i}`, damageModifier: 1 } });
  for (let i = 0; i < 4; i++) out.push({ name: `Armor ${i}`, type: "poolArmor", system: { rating: i, equipped: i % 2 === 0 } });
  for (let i = 0; i < 6; i++) out.push({ name: `Gear ${i}`, type: "poolGear", system: { quantity: 2 } });
  return out;
}

const wounds = [{ kind: "physical", degree: 1, nonlethal: false }, { kind: "physical", degree: 3, nonlethal: true }, { kind: "mental", degree: 2, nonlethal: false }];
const actors: any[] = [];
for (let i = 0; i < 1000; i++) {
  actors.push(await Actor.create({ name: `Actor ${i}`, type: "pool", system: { wounds }, items: items() } as never));
}

describe("Dice Pool data preparation", () => {
  bench("prepareData × 1,000 actors with 40 items", () => {
    for (const a of actors) a.prepareData();
  }, { iterations: 5, warmupIterations: 1 });
});
