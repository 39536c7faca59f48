import { MAX_OPEN_END_DICE } from "../../../dice/limits";

/**
 * Foundry's modifiers that default their target to the die's face count (10), a face a d10* never
 * shows: explode (`x`, `xo`) and count successes (`cs`). Without a target number they use the
 * d10*'s own top face, 9 (`/r 1dkx` explodes on nines; `x>=` reads `x>=9`).
 */
const TOP_FACE_DEFAULTS = /^(xo|x|cs)([<>=]*)$/i;
export const D10_STAR_TOP_FACE = 9;

/** A modifier as the d10* means it: a missing target becomes the top face 9. */
export function withTopFace(modifier: string): string {
  const m = TOP_FACE_DEFAULTS.exec(modifier);
  return m ? `${m[1]}${m[2] || "="}${D10_STAR_TOP_FACE}` : modifier;
}

/**
 * The d10*: a ten-sided die read 0–9 (the "0" is a zero). Usable in any formula as `1dk`, also
 * from chat (`/r 1dk + 6`). Foundry's own modifiers keep working (`1dkx=9` explodes on nines,
 * `2dkkh` keeps the highest; `1dkx` and `1dkcs` default to the top face 9). The `n` modifier is
 * Toaster's rolling-nines rule with a limit: `1dkn` adds a die for every 9 up to the open-end cap
 * (MAX_OPEN_END_DICE, 100), `1dkn1` at most one extra die; a larger limit stops at the cap too.
 *
 * The letter is `k`, not `t`: system-agnostic Tension Pool modules register `t` in their own init,
 * after ours, and would win (docs/testing.md "Dice letters"). Rolls stored with `1dt` still load:
 * a serialized term is rebuilt by its class name, not its letter.
 */
export class D10StarDie extends foundry.dice.terms.Die {
  static override DENOMINATION = "k";

  /**
   * The key Foundry's dice fulfillment (CONFIG.Dice.fulfillment.dice) knows this die by: `d{letter}`,
   * as core's coin is `dc`, so a GM's "Configure Dice" choice (manual entry) applies to this die and
   * not to every plain d{faces} (src/core/init.ts registerDieTerm; test/harness/README.md VERIFY 51).
   */
  override get denomination(): string {
    return `d${D10StarDie.DENOMINATION}`;
  }

  static override MODIFIERS = {
    ...foundry.dice.terms.Die.MODIFIERS,
    n: "rollNines",
  } as typeof foundry.dice.terms.Die.MODIFIERS;

  constructor(termData: Partial<foundry.dice.terms.Die.TermData> = {}) {
    super({ ...termData, faces: 10 } as foundry.dice.terms.Die.TermData);
  }

  /** Faces 0–9 instead of 1–10. */
  override mapRandomFace(randomUniform: number): number {
    return Math.min(9, Math.max(0, Math.ceil((1 - randomUniform) * 10) - 1));
  }

  /** Minimized and maximized rolls (damage previews, `/r` with min/max) read 0 and 9, not 1 and 10. */
  override async roll(...args: Parameters<foundry.dice.terms.Die["roll"]>): ReturnType<foundry.dice.terms.Die["roll"]> {
    const result = await super.roll(...args);
    const options = (args[0] ?? {}) as { minimize?: boolean; maximize?: boolean };
    if (options.minimize) result.result = 0;
    else if (options.maximize) result.result = 9;
    return result;
  }

  override get total(): number | undefined {
    if (!this._evaluated) return undefined;
    // A counted result (`cs`, `cf`, `df`) adds its count, as Foundry's own total does.
    return this.results.reduce((t, r) => (!r.active ? t : r.count !== undefined ? t + r.count : t + r.result), 0);
  }

  /** Explode (`x`, `x>=`): with no target the d10*'s top face 9, not Foundry's face count 10. */
  override explode(...args: Parameters<foundry.dice.terms.Die["explode"]>): ReturnType<foundry.dice.terms.Die["explode"]> {
    const [modifier, ...rest] = args;
    return super.explode(withTopFace(modifier), ...rest);
  }

  /** Explode once (`xo`): with no target the top face 9. */
  override explodeOnce(...args: Parameters<foundry.dice.terms.Die["explodeOnce"]>): ReturnType<foundry.dice.terms.Die["explodeOnce"]> {
    const [modifier, ...rest] = args;
    return super.explodeOnce(withTopFace(modifier), ...rest);
  }

  /** Count successes (`cs`): with no target the top face 9. */
  override countSuccess(...args: Parameters<foundry.dice.terms.Die["countSuccess"]>): ReturnType<foundry.dice.terms.Die["countSuccess"]> {
    const [modifier, ...rest] = args;
    return super.countSuccess(withTopFace(modifier), ...rest);
  }

  /** Rolling nines: while the last die shows 9, roll another, up to the limit (none, or one past the cap: the cap). */
  async rollNines(modifier: string): Promise<void> {
    const match = /^n(\d+)?$/i.exec(modifier);
    if (!match) return;
    const limit = match[1] === undefined ? MAX_OPEN_END_DICE : Math.min(Number(match[1]), MAX_OPEN_END_DICE);
    let extra = 0;
    while (extra < limit) {
      const last = this.results[this.results.length - 1];
      if (!last || !last.active || last.result !== 9) break;
      last.exploded = true;
      await this.roll();
      extra++;
    }
  }

  /**
   * Active faces in order, as the rules core reads them. A face entered by hand (Foundry's manual
   * dice entry takes 1…faces: docs/testing.md, "GM-entered dice") may be a 10: the die's "0".
   */
  get starFaces(): number[] {
    return this.results.filter((r) => r.active).map((r) => (r.result === 10 ? 0 : r.result));
  }
}
