/**
 * The d10*: a ten-sided die read 0–9 (the "0" is a zero). Usable in any formula as `1dt`, also
 * from chat (`/r 1dt + 6`). Foundry's own modifiers keep working (`1dtx=9` explodes on nines,
 * `2dtkh` keeps the highest). The `n` modifier is Toaster's rolling-nines rule with a limit:
 * `1dtn` adds a die for every 9 without limit, `1dtn1` at most one extra die.
 */
export class D10StarDie extends foundry.dice.terms.Die {
  static override DENOMINATION = "t";

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
    return this.results.reduce((t, r) => (r.active ? t + r.result : t), 0);
  }

  /** Rolling nines: while the last die shows 9, roll another, up to the limit (none = no limit). */
  async rollNines(modifier: string): Promise<void> {
    const match = /^n(\d+)?$/i.exec(modifier);
    if (!match) return;
    const limit = match[1] === undefined ? 100 : Number(match[1]);
    let extra = 0;
    while (extra < limit) {
      const last = this.results[this.results.length - 1];
      if (!last || !last.active || last.result !== 9) break;
      last.exploded = true;
      await this.roll();
      extra++;
    }
  }

  /** Active faces in order, as the rules core reads them. */
  get starFaces(): number[] {
    return this.results.filter((r) => r.active).map((r) => r.result);
  }
}
