/**
 * D10/0 (play part): prepareData for 1,000 characters with 40 items each (14 branch skills in a
 * tree three deep, 6 TABs, 4 powers, 6 weapons, 4 armor, 6 gear), and the check dialog's full
 * refresh (read → build with TABs, power and dying penalty → exact odds → panel HTML) at its worst
 * option mix, in the Foundry test harness under happy-dom.
 */
import { bench, describe, smokeScale } from "../guard";
import { bootBench } from "./setup/boot";

await bootBench();
const { buildCheck, checkOddsHtml, defaultChoices } = await import("../../src/rulesets/d100/checks");
const { buildEffort, effortOddsHtml } = await import("../../src/rulesets/d100/effort");
const R = await import("../../src/rulesets/d100/rules");

const { d100Actors, d100Items: items } = await import("./setup/prepare-actors");
const actors = await d100Actors(smokeScale(1000, 3));

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
  // The effort dialog's other two kinds at their limits (issue 20: every dialog's worst case named).
  for (const cumulativeMode of R.CUMULATIVE_MODES) {
    bench(`cumulative effort dialog, skill 200 towards ${R.MAX_CUMULATIVE_GOAL} over ${R.MAX_CUMULATIVE_CHECKS} checks (${cumulativeMode})`, () => {
      R.clearOddsCaches();
      effortOddsHtml(buildEffort({ kind: "cumulative", participants: helpers.slice(0, 1), mode: "indirect", cumulativeMode, ladder: "impossible", modifier: 0, goal: R.MAX_CUMULATIVE_GOAL, total: 0, checks: R.MAX_CUMULATIVE_CHECKS }));
    });
  }
  bench("conflicting effort dialog, skill 200 against skill 200", () => {
    R.clearOddsCaches();
    effortOddsHtml(buildEffort({ kind: "conflicting", participants: helpers.slice(0, 2), mode: "indirect", cumulativeMode: "positiveOnly", ladder: "impossible", modifier: 0, goal: 100, total: 0, checks: 1 }));
  });
});
