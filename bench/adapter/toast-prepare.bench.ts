/**
 * prepareData time for 1,000 Toast characters with 40 items each (30 skills of every category with
 * one to three base attributes, weapons, two armor suits, gear) and a wound tally, in the Foundry
 * test harness under happy-dom.
 */
import { bench, describe } from "vitest";
import { runStartupHooks } from "../../test/harness/index";

await import("../../src/index");
await runStartupHooks();

const CATEGORIES = ["animal", "artistic", "athletic", "combat", "covert", "craft", "esoteric", "knowledge", "medical", "outdoor", "professional", "social", "weapon"];
const ATTRS = ["strength", "agility", "hec", "health", "tolerance", "perception", "focus", "empathy", "will", "psyche"];

function items(): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  for (let i = 0; i < 30; i++) {
    const base = ATTRS.slice(i % 8, (i % 8) + 1 + (i % 3));
    out.push({ name: `Skill ${i}`, type: "toastSkill", system: { level: i % 9, baseAttributes: base, category: CATEGORIES[i % CATEGORIES.length], used: i % 4 === 0 } });
  }
  for (let i = 0; i < 4; i++) out.push({ name: `Weapon ${i}`, type: "toastWeapon", system: { category: "medium", baseDamage: 2, skill: `Skill ${i}` } });
  for (let i = 0; i < 2; i++) out.push({ name: `Armor ${i}`, type: "toastArmor", system: { woundReduction: 3 + i, encumbrance: 20 + 20 * i, equipped: i === 0 } });
  for (let i = 0; i < 4; i++) out.push({ name: `Gear ${i}`, type: "toastGear", system: { quantity: 2 } });
  return out;
}

const actors: any[] = [];
for (let i = 0; i < 1000; i++) {
  const attributes = Object.fromEntries(ATTRS.map((a, j) => [a, 6 + ((i + j) % 12)]));
  actors.push(await Actor.create({ name: `Actor ${i}`, type: "toast", system: { attributes, wounds: { value: i % 30 } }, items: items() } as never));
}

describe("Toast data preparation", () => {
  bench("prepareData × 1,000 actors with 40 items", () => {
    for (const a of actors) a.prepareData();
  }, { iterations: 5, warmupIterations: 1 });
});
