/**
 * The d10+ (seed: "d10+") as a Foundry die: `1dp` rolls a d12; 1–10 are numbers, 11 is a Flub and
 * 12 an Auto. After a Flub or an Auto the die is rolled again for the degree (on that roll 11 and
 * 12 are plain numbers): the special face is marked exploded and the degree face follows it in
 * `results`, so Dice So Nice throws both dice and the chat tooltip shows "Auto" then the degree.
 *
 * In a plain formula (`/r 1dp + 5`) an Auto or a Flub adds nothing to the total: it ignores the
 * total by the rules, and the check roll (check-roll.ts) classifies it with the rules core.
 */
import * as R from "../init-rules";

/** Whether the result at `index` is the degree roll of the special face before it. */
function isDegree(results: readonly foundry.dice.terms.DiceTerm.Result[], index: number): boolean {
  const previous = index > 0 ? results[index - 1] : undefined;
  return Boolean(previous?.exploded) && previous !== undefined && previous.result > R.D10PLUS_MAX_NUMBER && !isDegree(results, index - 1);
}

export class D10PlusDie extends foundry.dice.terms.Die {
  static override DENOMINATION = "p";

  /**
   * The key Foundry's dice fulfillment (CONFIG.Dice.fulfillment.dice) knows this die by: `d{letter}`,
   * as core's coin is `dc`, so a GM's "Configure Dice" choice (manual entry) applies to this die and
   * not to every plain d{faces} (src/core/init.ts registerDieTerm; test/harness/README.md VERIFY 51).
   */
  override get denomination(): string {
    return `d${D10PlusDie.DENOMINATION}`;
  }

  constructor(termData: Partial<foundry.dice.terms.Die.TermData> = {}) {
    super({ ...termData, faces: R.D10PLUS_FACES });
  }

  /** Roll one d10+: the d12, and after a Flub or an Auto the degree roll. */
  override async roll(...args: Parameters<foundry.dice.terms.Die["roll"]>): ReturnType<foundry.dice.terms.Die["roll"]> {
    const result = await super.roll(...args);
    if (result.result > R.D10PLUS_MAX_NUMBER) {
      result.exploded = true;
      await super.roll(...args);
    }
    return result;
  }

  override get total(): number | undefined {
    if (!this._evaluated) return undefined;
    let sum = 0;
    this.results.forEach((r, i) => {
      if (r.active && !isDegree(this.results, i) && r.result <= R.D10PLUS_MAX_NUMBER) sum += r.count ?? r.result;
    });
    return sum;
  }

  override getResultLabel(result: foundry.dice.terms.DiceTerm.Result): string {
    const index = this.results.indexOf(result);
    if (index >= 0 && isDegree(this.results, index)) return String(result.result);
    if (result.result === R.FLUB_FACE) return game.i18n?.localize("BREADBOX.Toast.Die.Flub") ?? "Flub";
    if (result.result === R.AUTO_FACE) return game.i18n?.localize("BREADBOX.Toast.Die.Auto") ?? "Auto";
    return String(result.result);
  }

  override getResultCSS(result: foundry.dice.terms.DiceTerm.Result): (string | null)[] {
    const css = super.getResultCSS(result);
    const index = this.results.indexOf(result);
    if (index >= 0 && isDegree(this.results, index)) css.push("degree");
    else if (result.result === R.FLUB_FACE) css.push("flub");
    else if (result.result === R.AUTO_FACE) css.push("auto");
    return css;
  }

  /** The faces of each d10+ rolled, as the rules core reads them: [7], or [12, 9] for an Auto of degree 9. */
  get d10PlusFaces(): number[][] {
    const out: number[][] = [];
    this.results.forEach((r, i) => {
      if (!r.active) return;
      if (isDegree(this.results, i)) out[out.length - 1]?.push(r.result);
      else out.push([r.result]);
    });
    return out;
  }
}

/** Dice So Nice labels of the d10+: the numbers, then the two special faces. */
export const D10PLUS_LABELS = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "Flub", "Auto"];
