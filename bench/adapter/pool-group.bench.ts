/**
 * The Dice Pool group dialog's worst option mix, cold (odds caches emptied before each call):
 * building 20 participants from their own trait trees (wounds included) and the exact odds of
 * - either/or with the chance at random over 20 distinct 31-die d12−2 pools (20 × 20 member odds),
 * - direct opposition of the two largest pools an actor can have (21 Add + 10 Bonus d12−2 each),
 * - combining dice with 20 members whose merged pool is the 60-die cap.
 * In the Foundry test harness (happy-dom), like the check dialog it answers inside.
 */
import { bench, describe } from "../guard";
import { bootBench } from "./setup/boot";

await bootBench();
const { buildGroup, groupCandidates, groupOdds } = await import("../../src/rulesets/pool/group");
const { clearPoolOddsCache } = await import("../../src/rulesets/pool/rules");

const wounds = [{ kind: "mental", degree: 1, nonlethal: false }];
const big: any[] = [];
for (let i = 0; i < 20; i++) {
  big.push(await Actor.create({
    name: `Big ${i}`, type: "pool", system: { wounds },
    items: [
      { name: "Task", type: "poolAbility", system: { rating: 20 - (i % 10) } },
      { name: "Knack", type: "poolAttribute", system: { score: 10 - Math.floor(i / 2) } },
    ],
  } as never));
}
const small: any[] = [];
for (let i = 0; i < 20; i++) {
  small.push(await Actor.create({ name: `Small ${i}`, type: "pool", items: [{ name: "Task", type: "poolAbility", system: { rating: i === 0 ? 2 : 1 } }] } as never));
}

const bigCands = groupCandidates(big[0]).filter((c) => c.actor.name?.startsWith("Big"));
const smallCands = groupCandidates(small[0]).filter((c) => c.actor.name?.startsWith("Small"));
const members = (n: number, ability = "Task", attribute = "Knack") => Array.from({ length: n }, (_, index) => ({ index, ability, attribute, hasChance: false, phobe: false }));
const base = { die: "d12Minus2" as const, difficulty: 40, requiredDegree: 2, chance: "random" as const };

describe("Dice Pool group dialog, worst option mix (cold)", () => {
  bench("either/or at random: 20 members, 20 distinct 31-die d12−2 pools", () => {
    clearPoolOddsCache();
    groupOdds(buildGroup(bigCands, { ...base, mode: "eitherOr", members: members(20) }));
  }, { iterations: 10, warmupIterations: 1 });
  bench("direct opposition: 31 vs 31 dice d12−2", () => {
    clearPoolOddsCache();
    groupOdds(buildGroup(bigCands, { ...base, mode: "direct", members: members(2) }));
  }, { iterations: 10, warmupIterations: 1 });
  bench("combining dice: 20 members, merged to 3 Add + 39 Bonus d12−2", () => {
    clearPoolOddsCache();
    groupOdds(buildGroup(smallCands, { ...base, mode: "combiningDice", members: members(20, "Task", "") }));
  }, { iterations: 10, warmupIterations: 1 });
});
