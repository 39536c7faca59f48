/**
 * D10/0 (play part): prepareData for 1,000 characters with 40 items each (14 branch skills in a
 * tree three deep, 6 TABs, 4 powers, 6 weapons, 4 armor, 6 gear), and the check dialog's full
 * refresh (read → build with TABs, power and dying penalty → exact odds → panel HTML) at its worst
 * option mix, in the Foundry test harness under happy-dom.
 */
import { bench, describe } from "vitest";
import { runStartupHooks } from "../../test/harness/index";

await import("../../src/index");
await runStartupHooks();
const { buildCheck, checkOddsHtml, defaultChoices } = await import("../../src/rulesets/d100/checks");
const { buildEffort, effortOddsHtml } = await import("../../src/rulesets/d100/effort");
const R = await import("../../src/rulesets/d100/rules");

function items(): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  const roots = ["athletic", "close", "ranged", "sensory"];
  for (let i = 0; i < 14; i++) out.push({ name: `Skill ${i}`, type: "d100Skill", system: { parentSkill: i < 4 ? roots[i] : `Skill ${Math.floor((i - 4) / 3)}`, adjust: 1 + (i % 12) } });
  for (let i = 0; i < 6; i++) out.push({ name: `TAB ${i}`, type: "d100Tab", system: { kind: "trait", effects: [{ kind: "difficulty", when: `tag${i}`, attributeDelta: -1, skillDelta: -10 }, { kind: "adjustment", notation: "-1F" }] } });
  for (let i = 0; i < 4; i++) out.push({ name: `Power ${i}`, type: "d100Power", system: { normalAttributes: ["focus", "perception"], current: 3, actions: [{ name: "A", cost: "Need 1, Hold X or Drain X" }] } });
  for (let i = 0; i < 6; i++) out.push({ name: `Weapon ${i}`, type: "d100Weapon", system: { damage: "10 + 2D(ST)" } });
  for (let i = 0; i < 4; i++) out.push({ name: `Armor ${i}`, type: "d100Armor", system: { adjustment: "-5F -1R", coverage: ["chest"], equipped: i % 2 === 0 } });
  for (let i = 0; i < 6; i++) out.push({ name: `Gear ${i}`, type: "d100Gear", system: { quantity: 2, region: "chest" } });
  return out;
}

const actors: any[] = [];
for (let i = 0; i < 1000; i++) actors.push(await Actor.create({ name: `Agent ${i}`, type: "d100", system: { attributes: { agility: 1 + (i % 10) } }, items: items() } as never));

// The worst dialog: the highest skill Total the models allow (attributes 30: Base 150, Adjust 50),
// overflow, the largest margins, every TAB situation ticked, a power action with X, dying.
const worst: any = await Actor.create({ name: "Worst", type: "d100", system: { attributes: { agility: 30, endurance: 30, strength: 30, focus: 30, perception: 30, spirit: 30 }, health: { current: -1, bonus: 0 }, skills: { athletic: { adjust: 50 } } }, items: items() } as never);
const power = worst.items.find((i: any) => i.type === "d100Power");
const worstChoices = defaultChoices({ target: "skill:athletic", ladder: "impossible", modifier: 500, tags: ["tag0", "tag1", "tag2", "tag3", "tag4", "tag5"], power: `${power.id}:0`, powerX: 3, overflow: true, consolationMargin: R.MAX_MARGIN, agitationMargin: R.MAX_MARGIN }, { overflow: "ask", dyingDifficulty: 6, dyingCheckDifficulty: 0, exceptionalFade: "perDay" });
const helpers = Array.from({ length: 6 }, () => ({ actorId: worst.id, target: "skill:athletic" }));

describe("D10/0 data preparation", () => {
  bench("prepareData × 1,000 actors with 40 items", () => {
    for (const a of actors) a.prepareData();
  }, { iterations: 5, warmupIterations: 1 });
});

describe("D10/0 dialogs, worst option mix, cold caches", () => {
  bench("check dialog refresh (build + exact odds + panel)", () => {
    R.clearOddsCaches();
    checkOddsHtml(buildCheck(worst, worstChoices));
  });
  bench("cooperative effort dialog, 6 helpers at skill 200 (assisted, indirect)", () => {
    R.clearOddsCaches();
    effortOddsHtml(buildEffort({ kind: "cooperative", participants: helpers, mode: "indirect", cumulativeMode: "positiveOnly", ladder: "impossible", modifier: 0, goal: 100, total: 0, checks: 1 }));
  });
});
