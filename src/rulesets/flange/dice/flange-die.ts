/**
 * The Flange pool die: a plain d10 (faces 1–10) whose `t` modifier rolls a whole Flange pool
 * against a target number, as the rules core reads it (seed 004 "Skills and Dice Rolls",
 * "Modifiers", "Criticals"). Typed in chat, `/r 3dzt7` rolls three dice against target 7:
 *
 * - the pool is settled by the core (`settlePool`): a target above 10 or no dice at all is the
 *   desperate roll — one die that succeeds only on a 10 (`0dzt7` rolls one die; `3dzt12` keeps the
 *   first die and discards the rest);
 * - each natural 10 after the first adds 1 to another die and, when every die already succeeds,
 *   rolls an extra die — as a Foundry die of this term, so Dice So Nice shows it — until the core
 *   says the pool is complete (at most CHECK_EXTRA_DICE_MAX extra dice: a bounded loop);
 * - each result counts 1 when it succeeds (its score, face + bonus, meets the target), so the
 *   term's total is the number of successes; natural 1s on a roll without success are marked as
 *   failures (the critical failure).
 *
 * Without `t` the die is just a d10 (Foundry's other modifiers work as on any die).
 *
 * The letter is `z`, not `f`: `f` is Foundry's own Fate die (`4df`), which ours would replace
 * (docs/testing.md "Dice letters"). Rolls stored with `3dft7` still load: a serialized term is
 * rebuilt by its class name, not its letter.
 */
import * as R from "../init-rules";

/** Most dice one `t` evaluation may add: the core's open-end cap plus the pool (bounded loop). */
const MAX_ADDED = R.CHECK_EXTRA_DICE_MAX + 1;

/** The target number in a `t` modifier: "t7" → 7; null for anything else. */
export function parseTargetModifier(modifier: string): number | null {
  const m = /^t(\d{1,2})$/i.exec(modifier);
  return m ? Number(m[1]) : null;
}

export class FlangeDie extends foundry.dice.terms.Die {
  static override DENOMINATION = "z";

  /**
   * The key Foundry's dice fulfillment (CONFIG.Dice.fulfillment.dice) knows this die by: `d{letter}`,
   * as core's coin is `dc`, so a GM's "Configure Dice" choice (manual entry) applies to this die and
   * not to every plain d{faces} (src/core/init.ts registerDieTerm; test/harness/README.md VERIFY 51).
   */
  override get denomination(): string {
    return `d${FlangeDie.DENOMINATION}`;
  }

  static override MODIFIERS = {
    ...foundry.dice.terms.Die.MODIFIERS,
    t: "flangePool",
  };

  constructor(termData: Partial<foundry.dice.terms.Die.TermData> = {}) {
    super({ ...termData, faces: 10 });
  }

  override get total(): number | undefined {
    if (!this._evaluated) return undefined;
    // A counted result adds its count (successes), as Foundry's own total does.
    return this.results.reduce((t, r) => (!r.active ? t : r.count !== undefined ? t + r.count : t + r.result), 0);
  }

  /** The pool's dice (before the desperate rule) as typed: the term's number. */
  private typedDice(): number {
    const n = this.number;
    return typeof n === "number" && Number.isSafeInteger(n) ? n : 0;
  }

  /**
   * `tN`: settle the pool against target N with the rules core, roll the extra dice the 10s earn,
   * and count successes. Throws the core's message on a target or pool the rules refuse.
   */
  async flangePool(modifier: string): Promise<void> {
    const target = parseTargetModifier(modifier);
    if (target === null || target < 1) throw new Error(`Breadbox | "${modifier}" needs a target number from 1 to ${R.CHECK_TARGET_MAX}, like t7`);
    const pool = R.settlePool({ dice: this.typedDice(), target });
    // The desperate roll: one die. Extra typed dice are discarded; no typed die rolls one.
    this.results.forEach((r, i) => {
      if (i >= pool.dice) {
        r.active = false;
        r.discarded = true;
      }
    });
    if (this.results.length < pool.dice) await this.roll();
    const input = { dice: pool.dice, target: pool.target };
    for (let added = 0; added < MAX_ADDED; added++) {
      const need = R.checkFacesNeeded(input, this.poolFaces);
      if (need === 0) break;
      for (let i = 0; i < need; i++) await this.roll();
    }
    const result = R.resolveCheck(input, this.poolFaces);
    const active = this.results.filter((r) => r.active);
    active.forEach((r, i) => {
      const die = result.dice[i];
      if (!die) return;
      r.count = die.success ? 1 : 0;
      r.success = die.success;
      r.failure = result.criticalFailure && die.face === 1;
    });
  }

  /** Active faces in roll order (the pool, then the extra dice), as the rules core reads them. */
  get poolFaces(): number[] {
    return this.results.filter((r) => r.active).map((r) => r.result);
  }
}
