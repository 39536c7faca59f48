import { describe, expect, it } from "vitest";
import {
  FRESH_COMBATANT_STATE,
  afterAttack,
  afterDefence,
  attackCarry,
  attackCheck,
  initiativeFailedBlocks,
  simultaneousAction,
  simultaneousAttacks,
  validateCombatantState,
  type CombatantState,
} from "../../../src/rulesets/flange/rules";

const counter = { defenderCounterattackBonus: true, defenderFailedBlock: false };
const failed = { defenderCounterattackBonus: false, defenderFailedBlock: true };
const nothing = { defenderCounterattackBonus: false, defenderFailedBlock: false };

describe("flange counterattack bonus — seed 'Attack roll': declared in the previous round", () => {
  it("a counterattack declared in round 1 gives nothing to the declarer's attack later in round 1", () => {
    const s = afterDefence(FRESH_COMBATANT_STATE, 1, counter);
    expect(attackCarry(s, 1)).toEqual({ counterattackBonus: false, failedBlockPenalty: false });
    // The same-round attack does not use the bonus up: it is still there in round 2.
    const attacked = afterAttack(s, 1);
    expect(attackCarry(attacked, 2).counterattackBonus).toBe(true);
  });

  it("the bonus (+1 die, −1 target) goes to the declarer's attack in the next round, once", () => {
    const s = afterDefence(FRESH_COMBATANT_STATE, 1, counter);
    const carry = attackCarry(s, 2);
    expect(carry.counterattackBonus).toBe(true);
    expect(attackCheck({ skillDice: 3, attributeTarget: 7, ...carry })).toMatchObject({ dice: 3, diceModifier: 1, targetModifier: -1 });
    const used = afterAttack(s, 2);
    expect(attackCarry(used, 2).counterattackBonus).toBe(false);
    expect(attackCarry(used, 3).counterattackBonus).toBe(false);
  });

  it("is lost when the declarer makes no attack in the next round", () => {
    const s = afterDefence(FRESH_COMBATANT_STATE, 1, counter);
    expect(attackCarry(s, 3).counterattackBonus).toBe(false);
  });

  it("declaring again in round 2 before attacking keeps round 1's bonus for round 2 and earns round 3's", () => {
    let s = afterDefence(FRESH_COMBATANT_STATE, 1, counter);
    s = afterDefence(s, 2, counter);
    expect(s.counterattackRounds).toEqual([1, 2]);
    expect(attackCarry(s, 2).counterattackBonus).toBe(true);
    s = afterAttack(s, 2);
    expect(attackCarry(s, 3).counterattackBonus).toBe(true);
  });

  it("keeps only the latest two declarations", () => {
    let s: CombatantState = FRESH_COMBATANT_STATE;
    for (const r of [1, 2, 3]) s = afterDefence(s, r, counter);
    expect(s.counterattackRounds).toEqual([2, 3]);
    expect(afterDefence(s, 3, counter)).toBe(s);
  });
});

describe("flange failed block — seed 'Damage roll'", () => {
  it("adds +1 target to the next attack (not stacking) and +1 per failed block to the next round's initiative", () => {
    let s = afterDefence(FRESH_COMBATANT_STATE, 2, failed);
    s = afterDefence(s, 2, failed);
    expect(attackCarry(s, 2).failedBlockPenalty).toBe(true);
    expect(initiativeFailedBlocks(s, 3)).toBe(2);
    expect(initiativeFailedBlocks(s, 2)).toBe(0);
    expect(initiativeFailedBlocks(s, 4)).toBe(0);
    expect(attackCheck({ skillDice: 2, attributeTarget: 8, ...attackCarry(s, 3) })).toMatchObject({ targetModifier: 1 });
    const after = afterAttack(s, 3);
    expect(attackCarry(after, 3).failedBlockPenalty).toBe(false);
    // The penalty on the attack is paid; the initiative count stays for the round it belongs to.
    expect(initiativeFailedBlocks(after, 3)).toBe(2);
  });

  it("a failed block in a later round starts a new count", () => {
    let s = afterDefence(FRESH_COMBATANT_STATE, 1, failed);
    s = afterDefence(s, 2, failed);
    expect(initiativeFailedBlocks(s, 3)).toBe(1);
    expect(initiativeFailedBlocks(s, 2)).toBe(0);
  });

  it("an exchange without effects changes nothing", () => {
    expect(afterDefence(FRESH_COMBATANT_STATE, 1, nothing)).toBe(FRESH_COMBATANT_STATE);
  });

  it("refuses malformed state and rounds", () => {
    expect(() => attackCarry(FRESH_COMBATANT_STATE, 0)).toThrow(RangeError);
    expect(() => attackCarry(FRESH_COMBATANT_STATE, 1.5)).toThrow(RangeError);
    expect(() => validateCombatantState({ ...FRESH_COMBATANT_STATE, failedBlocks: -1 })).toThrow(RangeError);
    expect(() => validateCombatantState({ ...FRESH_COMBATANT_STATE, counterattackRounds: [1, 2, 3] })).toThrow(RangeError);
    expect(() => validateCombatantState({ ...FRESH_COMBATANT_STATE, failedBlockPending: "yes" as unknown as boolean })).toThrow(RangeError);
  });
});

describe("flange simultaneous action among any number — decision", () => {
  it("agrees with the two-combatant rule for every pair of hands", () => {
    const hands = ["scissors", "paper", "stone"] as const;
    for (const a of hands) for (const b of hands) {
      const plan = simultaneousAction({ first: a, second: b });
      const attacks = simultaneousAttacks([{ id: "a", hand: a }, { id: "b", hand: b }]);
      const vsA = attacks.find((x) => x.attacker === "a");
      const vsB = attacks.find((x) => x.attacker === "b");
      expect(vsA?.defence ?? null).toBe(plan.againstFirst);
      expect(vsB?.defence ?? null).toBe(plan.againstSecond);
    }
  });

  it("three combatants: each attack is met by its own target's hand", () => {
    const attacks = simultaneousAttacks([
      { id: "a", hand: "scissors", target: "b" },
      { id: "b", hand: "scissors", target: "c" },
      { id: "c", hand: "stone", blockWith: "object" },
    ]);
    expect(attacks).toEqual([
      { attacker: "a", defender: "b", defence: "none", blockWith: null },
      { attacker: "b", defender: "c", defence: "block", blockWith: "object" },
    ]);
    expect(simultaneousAttacks([{ id: "a", hand: "scissors", target: "c" }, { id: "b", hand: "paper" }, { id: "c", hand: "stone" }])).toEqual([
      { attacker: "a", defender: "c", defence: "block", blockWith: "body" },
    ]);
  });

  it("refuses an attack without a target in the group, a repeated combatant and an unknown hand", () => {
    expect(() => simultaneousAttacks([{ id: "a", hand: "scissors" }, { id: "b", hand: "paper" }, { id: "c", hand: "paper" }])).toThrow(/target/);
    expect(() => simultaneousAttacks([{ id: "a", hand: "scissors", target: "a" }, { id: "b", hand: "paper" }])).toThrow(/target/);
    expect(() => simultaneousAttacks([{ id: "a", hand: "scissors", target: "z" }, { id: "b", hand: "paper" }])).toThrow(/target/);
    expect(() => simultaneousAttacks([{ id: "a", hand: "paper" }, { id: "a", hand: "paper" }])).toThrow(/two hands/);
    expect(() => simultaneousAttacks([{ id: "a", hand: "rock" as "stone" }, { id: "b", hand: "paper" }])).toThrow(/Unknown hand/);
    expect(() => simultaneousAttacks([{ id: "a", hand: "paper" }])).toThrow(RangeError);
  });
});
