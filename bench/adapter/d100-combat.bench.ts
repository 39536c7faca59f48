/**
 * The D10/0 attack dialog's odds panel at its worst option mix (docs/rules/d100.md, "Foundry side:
 * combat"): an X Shot Burst at X = 20 with skill 200, overflow on the check, 100 damage dice with a
 * Strength limit, damage overflow for a critical area, four adjustment terms and a target — the
 * fire block's step odds, expected hits and damage, and the health state one hit leaves, exactly
 * as `attackDialogOddsHtml` builds them, in the Foundry harness. Cold: the core's odds caches are emptied
 * before each call. A realistic mix (a pistol against a vest) beside it.
 */
import { bench, describe } from "../guard";
import { bootBench } from "./setup/boot";
import { clearOddsCaches } from "../../src/rulesets/d100/rules";

await bootBench();
const { attackDialogOddsHtml } = await import("../../src/rulesets/d100/combat/attack");
const { DEFAULT_D100_COMBAT_RULES } = await import("../../src/rulesets/d100/combat/settings");

const heavy = {
  name: "Worst gun",
  type: "d100Weapon",
  system: {
    skill: "ranged",
    damage: "10 + 50D + 50D(ST)",
    fireBlocks: [{ title: "X Shot Burst", kind: "xShotBurst", apKind: "perX", apCost: 3, shotsPerX: 5, spread: ["> -10", "> 0", "> 10", "> 25", "> 50"], amountKind: "perX", amounts: [1, 2, 3, 4, 5], damageBy: "all", damage: ["10 + 50D + 50D(ST)"] }],
  },
};
const pistol = { name: "Pistol", type: "d100Weapon", system: { skill: "ranged", damage: "5 + 1D" } };
const attacker: any = await Actor.create({ name: "A", type: "d100", system: { attributes: { strength: 7 }, skills: { ranged: { major1: "agility", major2: "focus", adjust: 175 } } }, items: [heavy, pistol] } as never);
const target: any = await Actor.create({ name: "T", type: "d100", system: { adjustments: "-10F -2R 5F 1R", health: { current: 400, bonus: 450 } } } as never);
const gun = attacker.items.find((i: any) => i.name === "Worst gun");
const small = attacker.items.find((i: any) => i.name === "Pistol");
const rules = { ...DEFAULT_D100_COMBAT_RULES, damageOverflow: "both" as const };

describe("D10/0 attack dialog odds panel", () => {
  bench("worst case: X Shot Burst X = 20, skill 200, 100 dice with overflow, adjustment, target (cold)", () => {
    clearOddsCaches();
    attackDialogOddsHtml(attacker, gun, target, { ladder: "impossible", modifier: 0, block: 0, x: 20, apChoice: null, overflow: true, criticalArea: true }, rules);
  }, { iterations: 10, warmupIterations: 1 });
  bench("realistic: pistol 5 + 1D, skill check, target with -10F -2R 5F 1R", () => {
    attackDialogOddsHtml(attacker, small, target, { ladder: "tricky", modifier: 0, block: -1, x: 1, apChoice: null, overflow: false, criticalArea: false }, rules);
  });
});
