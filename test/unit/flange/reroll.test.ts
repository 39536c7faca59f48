/** Issue 19.2: the Edge re-roll of one roll of an attack (rules core `rerollExchange`) and the failed-block carry it may revise. */
import { describe, expect, it } from "vitest";
import { FRESH_COMBATANT_STATE, afterDefence, rerollExchange, resolveExchange, reviseFailedBlock, type ExchangeInput } from "../../../src/rulesets/flange/rules";

/** Faces handed out in order (a scripted random source: each draw is a d10 face). */
function faces(list: number[]) {
  const q = [...list];
  return () => {
    const f = q.shift();
    if (f === undefined) throw new Error("no face left");
    return (f - 0.5) / 10;
  };
}

const shot: ExchangeInput = {
  attack: { skillDice: 3, attributeTarget: 7 },
  weapon: { damageDice: 1, damageModifier: -1 },
  defence: { kind: "dodge", check: { dice: 2, target: 8 } },
};
const bop: ExchangeInput = {
  attack: { skillDice: 2, attributeTarget: 8 },
  weapon: { damageDice: 0, damageModifier: -3 },
  defence: { kind: "block", with: "body", check: { dice: 2, target: 7 } },
};

describe("rerollExchange", () => {
  const book = resolveExchange(shot, { attack: [7, 8, 9], defence: [9, 5], damage: [1, 5, 8] });

  it("the book's shot (7): re-rolling the damage keeps the attack and the dodge", () => {
    const r = rerollExchange(shot, book.faces, "damage", faces([2, 3, 4]));
    expect(r.faces).toEqual({ attack: [7, 8, 9], defence: [9, 5], damage: [2, 3, 4] });
    expect(r.damage).toBe(3);
  });

  it("re-rolling the dodge keeps the attack and rolls the damage again (its dice follow the net successes)", () => {
    const r = rerollExchange(shot, book.faces, "defence", faces([9, 9, 6, 2]));
    expect(r.faces).toEqual({ attack: [7, 8, 9], defence: [9, 9], damage: [6, 2] });
    expect([r.netSuccesses, r.damage]).toEqual([1, 5]);
  });

  it("re-rolling the attack keeps the dodge; a miss rolls no damage", () => {
    const r = rerollExchange(shot, book.faces, "attack", faces([1, 2, 3]));
    expect(r).toMatchObject({ hit: false, outcome: "miss", damage: 0 });
    expect(r.attack.criticalFailure).toBe(true);
  });

  it("re-rolling a block keeps the damage (the block comes after it); a roll not made cannot be re-rolled", () => {
    const failed = resolveExchange(bop, { attack: [9, 4], defence: [2, 3], damage: [8] });
    expect(failed.effects.defenderFailedBlock).toBe(true);
    const r = rerollExchange(bop, failed.faces, "defence", faces([7, 1]));
    expect(r).toMatchObject({ damage: 3, outcome: "halved" });
    expect(r.faces.damage).toEqual([8]);
    expect(r.effects.defenderFailedBlock).toBe(false);
    const miss = resolveExchange(bop, { attack: [1, 2], defence: [], damage: [] });
    expect(() => rerollExchange(bop, miss.faces, "defence", faces([]))).toThrow(RangeError);
    expect(() => rerollExchange(bop, miss.faces, "damage", faces([]))).toThrow(RangeError);
  });
});

describe("reviseFailedBlock", () => {
  it("takes one failed block of the round back, or counts one more", () => {
    const one = afterDefence(FRESH_COMBATANT_STATE, 2, { defenderFailedBlock: true, defenderCounterattackBonus: false });
    expect(reviseFailedBlock(one, 2, false)).toMatchObject({ failedBlocks: 0, failedBlockPending: false });
    const two = afterDefence(one, 2, { defenderFailedBlock: true, defenderCounterattackBonus: false });
    expect(reviseFailedBlock(two, 2, false)).toMatchObject({ failedBlocks: 1, failedBlockPending: true, failedBlocksRound: 2 });
    expect(reviseFailedBlock(FRESH_COMBATANT_STATE, 2, true)).toMatchObject({ failedBlocks: 1, failedBlockPending: true });
    expect(reviseFailedBlock(one, 3, false)).toBe(one);
  });
});
