import { describe, expect, it } from "vitest";
import { ScriptedDice, seededRandom, type RandomSource } from "../../../src/dice/random";
import {
  ARMOR_TABLE,
  WEAPON_BASE_DAMAGE,
  WEAPON_EXAMPLES,
  attackOdds,
  attackOutcomeOdds,
  checkOutcomeOdds,
  collapseCheckInput,
  damageDice,
  damageDistribution,
  damageOdds,
  damageStrikeOutcomeOdds,
  resolveDamage,
  deathCheckInput,
  endRound,
  fullAttackOdds,
  fullAttackOutcomeOdds,
  holdAction,
  initiativeOdds,
  initiativeOrder,
  resolveInitiative,
  nextToAct,
  planStrike,
  resolveStrike,
  rollAttack,
  rollDamage,
  rollFullAttack,
  rollInitiative,
  rollStrike,
  rollDamageStrike,
  skillAttributeModifier,
  startRound,
  strikeOutcomeOdds,
  takeAction,
  weaponBaseDamage,
  type FullAttackInput,
  type StrikeTarget,
} from "../../../src/rulesets/toast/rules";
import { attrs, closeOdds, frequencies, maxDiff, oddsRecord, total } from "./helpers";

/** A source that serves d12 faces and d4 faces from two scripts, by the die asked for. */
function mixedDice(d12: number[], d4: number[]): { rng12: RandomSource; rng4: RandomSource; both: ScriptedDice[] } {
  const a = new ScriptedDice(d12);
  const b = new ScriptedDice(d4);
  return { rng12: a.source(12), rng4: b.source(4), both: [a, b] };
}

describe("toast initiative (seed: Initiative)", () => {
  it("is a d10+ on the Initiative skill, ranked like a contested task, best first", () => {
    const dice = new ScriptedDice([7, 12, 2, 11, 5, 9]);
    const rng = dice.source(12);
    const rolls = { ann: rollInitiative({ modifier: 9 }, rng), bob: rollInitiative({ modifier: 3 }, rng), cat: rollInitiative({ modifier: 20 }, rng), dee: rollInitiative({ modifier: 7 }, rng) };
    expect(rolls.ann.total).toBe(16);
    expect(rolls.bob.roll.kind).toBe("auto");
    expect(rolls.cat.roll.kind).toBe("flub");
    expect(rolls.dee.total).toBe(16);
    const order = initiativeOrder(Object.entries(rolls).map(([id, r]) => ({ id, rank: r.rank })));
    expect(order.map((o) => [o.id, o.place, o.tied])).toEqual([
      ["bob", 1, false],
      ["ann", 2, true],
      ["dee", 2, true],
      ["cat", 4, false],
    ]);
  });
  it("initiative odds against the rank of a combatant who already rolled, and on their own", () => {
    // 9 + n against 14: ahead on 6–10 or an Auto, level on a 5, behind on 1–4 or a Flub
    expect(closeOdds(oddsRecord(initiativeOdds({ modifier: 9, against: 14 })), { ahead: 6 / 12, level: 1 / 12, behind: 5 / 12 })).toBe(true);
    expect(initiativeOdds({ modifier: 9, against: 14 }).extras.map((e) => e.key)).toEqual(["auto", "flub"]);
    // against an Auto of degree 5: only a higher Auto is ahead
    expect(closeOdds(oddsRecord(initiativeOdds({ modifier: 9, against: 1_000_005 })), { ahead: 7 / 144, level: 1 / 144, behind: 1 - 8 / 144 })).toBe(true);
    const alone = initiativeOdds({ modifier: 9 });
    expect(closeOdds(oddsRecord(alone), { flub: 1 / 12, number: 10 / 12, auto: 1 / 12 })).toBe(true);
    expect(alone.success).toBeCloseTo(1 / 12, 12);
    expect(alone.extras).toEqual([]);
    expect(resolveInitiative({ modifier: 9, against: 14 }, [5])).toMatchObject({ rank: 14, outcome: "level", success: false });
    const rng = seededRandom(808);
    const sim = frequencies(100_000, () => rollInitiative({ modifier: 9, against: 14 }, rng).outcome);
    expect(maxDiff(sim, oddsRecord(initiativeOdds({ modifier: 9, against: 14 })))).toBeLessThan(0.006);
    expect(() => initiativeOdds({ modifier: 9, against: 2_000_000 })).toThrow(/Initiative rank to beat must be between/);
  });
  it("rejects duplicate combatants", () => {
    expect(() => initiativeOrder([{ id: "a", rank: 1 }, { id: "a", rank: 2 }])).toThrow(/twice/);
  });
});

describe("toast rounds and holding actions (seed: Rounds, Holding Actions)", () => {
  it("acts in initiative order; a held action can be taken later in the round", () => {
    let s = startRound(["ann", "bob", "cat"]);
    expect(nextToAct(s)).toBe("ann");
    s = holdAction(s, "ann");
    expect(nextToAct(s)).toBe("bob");
    s = takeAction(s, "bob");
    s = takeAction(s, "ann");
    expect(s.statuses).toEqual({ ann: "acted", bob: "acted", cat: "waiting" });
    expect(() => takeAction(s, "ann")).toThrow(/no action left/);
  });
  it("held actions do not roll over: unannounced actions are lost at the end of the round", () => {
    let s = startRound(["ann", "bob", "cat"], 3);
    s = holdAction(s, "ann");
    s = takeAction(s, "bob");
    const { ended, lost, next } = endRound(s);
    expect(lost).toEqual(["ann", "cat"]);
    expect(ended.statuses).toEqual({ ann: "lost", bob: "acted", cat: "lost" });
    expect(next.round).toBe(4);
    expect(next.statuses).toEqual({ ann: "waiting", bob: "waiting", cat: "waiting" });
  });
  it("only the combatant whose turn it is may act or hold", () => {
    const s = startRound(["ann", "bob"]);
    expect(() => takeAction(s, "bob")).toThrow(/not yet the turn/);
    expect(() => holdAction(s, "bob")).toThrow(/own turn/);
    expect(() => takeAction(s, "zed")).toThrow(/not in this round/);
    expect(() => startRound(["a", "a"])).toThrow(/twice/);
  });
});

describe("toast attack and defence (seed: Attack and Defense)", () => {
  it("a defended attack is a contested task: the attacker hits if she wins", () => {
    const dice = new ScriptedDice([8, 5, 3, 6, 4, 6]);
    const rng = dice.source(12);
    expect(rollAttack({ attack: 12, defence: { kind: "contested", modifier: 13 } }, rng)).toMatchObject({ outcome: "hit", attack: { total: 20 }, defence: { total: 18 } });
    expect(rollAttack({ attack: 12, defence: { kind: "contested", modifier: 13 } }, rng).outcome).toBe("miss");
    expect(rollAttack({ attack: 12, defence: { kind: "contested", modifier: 10 } }, rng).outcome).toBe("tie");
  });
  it("an undefended attack is a normal task against a target number", () => {
    const dice = new ScriptedDice([4]);
    const r = rollAttack({ attack: 11, defence: { kind: "target", target: 15 } }, dice.source(12));
    expect(r).toMatchObject({ outcome: "hit", defence: null, check: { total: 15, outcome: "success" } });
    const o = attackOutcomeOdds({ attack: 11, defence: { kind: "target", target: 15 } });
    expect(o.hit).toBeCloseTo(checkOutcomeOdds({ modifier: 11, target: 15 }).auto + checkOutcomeOdds({ modifier: 11, target: 15 }).success, 12);
    const odds = attackOdds({ attack: 11, defence: { kind: "target", target: 15 } });
    expect(odds.outcomes.map((e) => e.key)).toEqual(["miss", "hit"]);
    expect(odds.success).toBeCloseTo(o.hit, 12);
    expect(o.tie).toBe(0);
  });
  it.each([
    [12, 12],
    [15, 10],
  ])("attackOdds(%i vs defence %i) has mass 1 and agrees with a seeded 100k-roll simulation", (attack, defence) => {
    const input = { attack, defence: { kind: "contested" as const, modifier: defence } };
    const odds = attackOutcomeOdds(input);
    expect(oddsRecord(attackOdds(input))).toEqual(odds);
    expect(total(odds)).toBeCloseTo(1, 12);
    const rng = seededRandom(attack * 7 + defence);
    expect(maxDiff(frequencies(100_000, () => rollAttack(input, rng).outcome), odds)).toBeLessThan(0.006);
  });
  it("rejects an unknown defence", () => {
    expect(() => attackOdds({ attack: 1, defence: { kind: "parry" } as unknown as { kind: "target"; target: 3 } })).toThrow(/Defence kind/);
  });
});

describe("toast weapons and damage (seed: Damage, Weapons)", () => {
  it("has the seed's base-damage guideline table", () => {
    expect(WEAPON_BASE_DAMAGE).toEqual({ large: 3, medium: 2, small: 1 });
    expect(WEAPON_EXAMPLES.medium).toContain("broadsword");
    expect(weaponBaseDamage("large")).toBe(3);
    expect(() => weaponBaseDamage("huge" as "large")).toThrow(/Weapon category/);
  });
  it("seed example: Agility 17 with a broadsword rolls 2 + 3 = 5 damage dice", () => {
    const mod = skillAttributeModifier(attrs({ agility: 17 }), ["agility"]);
    expect(mod).toBe(3);
    expect(damageDice({ weapon: { baseDamage: weaponBaseDamage("medium"), delivery: "wielded" }, attributeModifier: mod })).toEqual({ base: 2, attributeBonus: 3, bonusDice: 0, total: 5 });
  });
  it("a negative attribute modifier is ignored: the weapon still deals its base damage", () => {
    expect(damageDice({ weapon: { baseDamage: 1, delivery: "wielded" }, attributeModifier: -3 }).total).toBe(1);
  });
  it("bow and crossbow missiles get no attribute dice, but a strong bow or crossbow may add one or two", () => {
    expect(damageDice({ weapon: { baseDamage: 2, delivery: "bow" }, attributeModifier: 4 }).total).toBe(2);
    expect(damageDice({ weapon: { baseDamage: 2, delivery: "bow", bonusDice: 1 }, attributeModifier: 4 })).toEqual({ base: 2, attributeBonus: 0, bonusDice: 1, total: 3 });
    expect(damageDice({ weapon: { baseDamage: 2, delivery: "crossbow", bonusDice: 2 }, attributeModifier: 4 }).total).toBe(4);
  });
  it("damage dice are d4s, summed", () => {
    const dice = new ScriptedDice([4, 1, 3]);
    expect(rollDamage({ dice: 3 }, dice.source(4))).toEqual({ faces: [4, 1, 3], total: 8 });
    expect(rollDamage({ dice: 0 }, seededRandom(1))).toEqual({ faces: [], total: 0 });
    expect(() => resolveDamage({ dice: 1 }, [5])).toThrow(/Damage die face \(d4\) must be between 1 and 4/);
    expect(() => resolveDamage({ dice: 2 }, [3])).toThrow(/needs 2 faces, not 1/);
    expect(() => damageDice({ weapon: { baseDamage: -1, delivery: "wielded" }, attributeModifier: 0 })).toThrow(/base damage/);
    expect(() => damageDice({ weapon: { baseDamage: 1, delivery: "sling" as "bow" }, attributeModifier: 0 })).toThrow(/delivery/);
  });
  it("exact damage odds: 2d4 gives 7 with 2/16, mass 1; agrees with a seeded 100k-roll simulation for 5d4", () => {
    const two = oddsRecord(damageOdds({ dice: 2 }));
    expect(two[7]).toBeCloseTo(2 / 16, 12);
    expect(damageDistribution(2)[7]).toBeCloseTo(2 / 16, 12);
    expect(total(two)).toBeCloseTo(1, 12);
    const rng = seededRandom(5);
    expect(maxDiff(frequencies(100_000, () => rollDamage({ dice: 5 }, rng).total), oddsRecord(damageOdds({ dice: 5 })))).toBeLessThan(0.006);
    expect(() => damageOdds({ dice: 61 })).toThrow(/Damage dice must be between 0 and 60, not 61/);
  });
});

describe("toast strikes: armor, wounds, collapse and death (seed: Armor, Wounds, Collapse, Death)", () => {
  const tough: StrikeTarget = { attributes: attrs({ strength: 14, health: 12, tolerance: 16, will: 11 }), woundLevels: 0 };
  it("armor subtracts its wound reduction from each strike", () => {
    const p = planStrike({ target: { ...tough, armor: ARMOR_TABLE.leather }, damage: 5 });
    expect(p).toMatchObject({ woundReduction: 3, prevented: 3, strikeWounds: 2, woundLevels: 2, deathCheck: null, collapseCheck: null });
    expect(planStrike({ target: { ...tough, armor: ARMOR_TABLE.fullPlate }, damage: 5 })).toMatchObject({ strikeWounds: 0, prevented: 5 });
  });
  it("seed example: a strike of 23 reduced to 18 by armor calls for no death check", () => {
    const p = planStrike({ target: { ...tough, armor: ARMOR_TABLE.ringMail }, damage: 23 });
    expect(p.strikeWounds).toBe(18);
    expect(p.deathCheck).toBeNull();
    // 18 wound levels beyond a threshold of 3 (TOL 16) = 15: seriously wounded, so a collapse check
    expect(p.status.effective).toBe(15);
    expect(p.collapseCheck).not.toBeNull();
  });
  it("a strike of 21 or more calls for a death check on STR/HTH/TOL, target = effective level, no wound penalty", () => {
    const p = planStrike({ target: tough, damage: 21 });
    // avg(14, 12, 16) = 14; effective 21 − 3 = 18
    expect(p.deathCheck).toEqual({ modifier: 14, target: 18 });
    expect(p.collapseCheck).toEqual({ modifier: 13, target: 18 });
    expect(deathCheckInput({ target: tough, effective: 18 })).toEqual({ modifier: 14, target: 18 });
  });
  it("the collapse check uses STR/HTH/TOL/WIL from an effective level of 13 on, for each new wound", () => {
    const at12 = planStrike({ target: { ...tough, woundLevels: 10 }, damage: 5 }); // 15 − 3 = 12
    expect(at12.collapseCheck).toBeNull();
    const at13 = planStrike({ target: { ...tough, woundLevels: 10 }, damage: 6 }); // 13
    // avg(14, 12, 16, 11) = 13.25 → 13
    expect(at13.collapseCheck).toEqual({ modifier: 13, target: 13 });
    expect(collapseCheckInput({ target: tough, effective: 13 })).toEqual({ modifier: 13, target: 13 });
    const armoredAway = planStrike({ target: { ...tough, woundLevels: 20, armor: ARMOR_TABLE.plate }, damage: 8 });
    expect(armoredAway.collapseCheck).toBeNull();
  });
  it("the armor penalty applies to the body checks unless the table turns it off", () => {
    const t = { ...tough, armor: ARMOR_TABLE.fullPlate }; // 75 / (14 + 10) = 3
    expect(collapseCheckInput({ target: t, effective: 13 }).modifier).toBe(10);
    expect(collapseCheckInput({ target: { ...t, armorPenaltyOnChecks: false }, effective: 13 }).modifier).toBe(13);
  });
  it("a hardier creature (scale 5) collapses from 16 and checks for death from a 26-level strike", () => {
    const ogre: StrikeTarget = { attributes: attrs(), woundLevels: 0, woundScale: 5 };
    expect(planStrike({ target: ogre, damage: 25 })).toMatchObject({ deathCheck: null });
    expect(planStrike({ target: ogre, damage: 26 }).deathCheck).not.toBeNull();
    expect(planStrike({ target: { ...ogre, woundLevels: 10 }, damage: 5 }).collapseCheck).toBeNull();
    expect(planStrike({ target: { ...ogre, woundLevels: 10 }, damage: 6 }).collapseCheck).not.toBeNull();
  });
  it("failing the death check kills outright; surviving it leads to the collapse check", () => {
    const killed = rollStrike({ target: tough, damage: 24 }, new ScriptedDice([1]).source(12));
    expect(killed).toMatchObject({ state: "killed", collapseCheck: null, deathCheck: { outcome: "failure" } });
    const collapsed = rollStrike({ target: tough, damage: 24 }, new ScriptedDice([12, 4, 11, 1]).source(12));
    expect(collapsed).toMatchObject({ state: "collapsed", deathCheck: { outcome: "auto" }, collapseCheck: { outcome: "flub" } });
    const standing = rollStrike({ target: tough, damage: 24 }, new ScriptedDice([10, 10]).source(12));
    expect(standing).toMatchObject({ state: "wounded", woundLevels: 24 });
  });
  it("rolls the damage, then the checks", () => {
    const { rng4, rng12, both } = mixedDice([9], [4, 4, 4, 4]);
    let turn = 0;
    // rollStrike rolls the four d4s first, then the collapse check's d12
    const rng: RandomSource = () => (turn++ < 4 ? rng4() : rng12());
    const r = rollDamageStrike({ target: { ...tough, woundLevels: 0 }, dice: 4 }, rng);
    expect(r.damage.total).toBe(16);
    expect(r.strike).toMatchObject({ strikeWounds: 16, state: "wounded", collapseCheck: { total: 22, target: 13 } });
    expect(both.map((d) => d.remaining)).toEqual([0, 0]);
  });
  it("strike odds for a known damage split survival exactly", () => {
    const o = strikeOutcomeOdds({ target: tough, damage: 24 });
    const death = checkOutcomeOdds({ modifier: 14, target: 21 });
    const collapse = checkOutcomeOdds({ modifier: 13, target: 21 });
    expect(o.killed).toBeCloseTo(death.failure + death.flub, 12);
    expect(o.collapsed).toBeCloseTo((death.auto + death.success) * (collapse.failure + collapse.flub), 12);
    expect(closeOdds(strikeOutcomeOdds({ target: tough, damage: 0 }), { noWound: 1, wounded: 0, collapsed: 0, killed: 0 })).toBe(true);
  });
  it.each([
    ["a fresh fighter, 5 dice", { ...tough }, 5],
    ["a wounded fighter in chain mail, 8 dice", { ...tough, woundLevels: 9, armor: ARMOR_TABLE.chainMail }, 8],
    ["a frail one, 7 dice", { attributes: attrs({ strength: 6, health: 7, tolerance: 6, will: 8 }), woundLevels: 4 }, 7],
  ])("strikeOdds for %s has mass 1 and agrees with a seeded 100k-roll simulation", (_name, target, count) => {
    const odds = damageStrikeOutcomeOdds({ target: target, dice: count });
    expect(total(odds)).toBeCloseTo(1, 12);
    const rng = seededRandom(count * 13);
    expect(maxDiff(frequencies(100_000, () => rollDamageStrike({ target: target, dice: count }, rng).strike.state), odds)).toBeLessThan(0.006);
  });
});

describe("toast whole attack (seed: Attack and Defense, Damage, Wounds)", () => {
  const input: FullAttackInput = {
    attack: 14,
    defence: { kind: "contested", modifier: 11 },
    damageDice: 6,
    defender: { attributes: attrs({ tolerance: 12 }), woundLevels: 6, armor: ARMOR_TABLE.leather },
  };
  it("a miss or tie rolls no damage", () => {
    const r = rollFullAttack(input, new ScriptedDice([1, 10]).source(12));
    expect(r).toEqual(expect.objectContaining({ consequence: "miss", damage: null, strike: null }));
  });
  it("fullAttackOdds has mass 1 and agrees with a seeded 100k-roll simulation", () => {
    const odds = fullAttackOutcomeOdds(input);
    expect(total(odds)).toBeCloseTo(1, 12);
    expect(odds.miss + odds.tie).toBeCloseTo(attackOutcomeOdds(input).miss + attackOutcomeOdds(input).tie, 12);
    expect(oddsRecord(fullAttackOdds(input))).toEqual(odds);
    const rng = seededRandom(2024);
    expect(maxDiff(frequencies(100_000, () => rollFullAttack(input, rng).consequence), odds)).toBeLessThan(0.006);
  });
});
