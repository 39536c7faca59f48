/**
 * prepareData time for 1,000 Toaster characters with 40 items each (skills, traits, weapons,
 * armor, gear), in the Foundry test harness under happy-dom.
 */
import { bench, describe } from "vitest";
import { runStartupHooks } from "../../test/harness/index";

await import("../../src/index");
await runStartupHooks();

function items(n: number): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  for (let i = 0; i < n; i++) {
    const k = i % 5;
    if (k === 0) out.push({ name: `Skill ${i}`, type: "toasterSkill", system: { base: i % 10, attribute: "coordination", specialties: [{ name: "x", bonus: 1 }] } });
    else if (k === 1) out.push({ name: `Trait ${i}`, type: "toasterTrait", system: { rank: (i % 3) - 1, kind: i % 2 ? "general" : "size" } });
    else if (k === 2) out.push({ name: `Weapon ${i}`, type: "toasterWeapon", system: { baseWC: 8, strengthReq: 4, skill: `Skill ${i - 2}` } });
    else if (k === 3) out.push({ name: `Armor ${i}`, type: "toasterArmor", system: { ac: 4, equipped: i % 2 === 0 } });
    else out.push({ name: `Gear ${i}`, type: "toasterGear", system: { quantity: 2 } });
  }
  return out;
}

const actors: any[] = [];
for (let i = 0; i < 1000; i++) {
  actors.push(await Actor.create({ name: `Actor ${i}`, type: "toaster", system: { attributes: { physique: { value: 5 } }, stun: { value: i % 20 } }, items: items(40) } as never));
}

describe("Toaster data preparation", () => {
  bench("prepareData × 1,000 actors with 40 items", () => {
    for (const a of actors) a.prepareData();
  }, { iterations: 5, warmupIterations: 1 });
});
