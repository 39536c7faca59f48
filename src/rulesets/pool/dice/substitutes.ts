/**
 * The Dice Pool's die substitutes as Foundry dice whose faces read the values the rules count
 * ("Picking the Dice"): `dq` is a d10 read 0–9 (d10−1), `dj` a d12 read −1–10 (d12−2), `dy` a d6
 * read 2–7 (d6+1), `du` a d4 read 3–6 (d4+2). So `5dqkh3` keeps the three highest of five d10−1
 * and its total is the pool's total, in chat as on a card, and Dice So Nice (presets in
 * register.ts) shows the faces the card shows. Foundry's own modifiers keep working. The d8 is
 * Foundry's own `d8`.
 */
import * as R from "../init-rules";

type SubstituteKey = Exclude<R.DieKey, "d8">;

/** A die of the given type: faces 1…n are read as face + offset. */
function substituteDie(key: SubstituteKey, letter: string) {
  const type = R.getDieType(key);
  return class extends foundry.dice.terms.Die {
    static override DENOMINATION = letter;

    /**
     * The key Foundry's dice fulfillment (CONFIG.Dice.fulfillment.dice) knows this die by: `d{letter}`,
     * as core's coin is `dc`, so a GM's "Configure Dice" choice (manual entry) applies to this die and
     * not to every plain d{faces} (src/core/init.ts registerDieTerm; test/harness/README.md VERIFY 51).
     */
    override get denomination(): string {
      return `d${letter}`;
    }
    /** The die type of the rules core this term rolls. */
    static DIE_KEY: R.DieKey = key;

    constructor(termData: Partial<foundry.dice.terms.Die.TermData> = {}) {
      super({ ...termData, faces: type.faces });
    }

    /** Whether the die being rolled now was drawn through `mapRandomFace` (not entered by hand). */
    #drawn = false;

    /** The rules' value: the physical face plus the die type's offset. */
    override mapRandomFace(randomUniform: number): number {
      this.#drawn = true;
      return Math.min(type.faces, Math.max(1, Math.ceil((1 - randomUniform) * type.faces))) + type.offset;
    }

    /**
     * Minimized and maximized rolls read the lowest and highest value, not 1 and the face count. A
     * face entered by hand (Foundry's manual dice entry, which takes the physical face 1…faces and
     * does not draw through `mapRandomFace`) is read as the rules read it: face plus offset, so a
     * d10−1 typed as 10 is a 9 and a d6+1 typed as 1 a 2. Stored results keep one meaning.
     */
    override async roll(...args: Parameters<foundry.dice.terms.Die["roll"]>): ReturnType<foundry.dice.terms.Die["roll"]> {
      this.#drawn = false;
      const result = await super.roll(...args);
      const options = args[0] ?? {};
      if (options.minimize) result.result = type.min;
      else if (options.maximize) result.result = type.max;
      else if (!this.#drawn) result.result = Math.min(type.faces, Math.max(1, Math.round(Number(result.result) || 1))) + type.offset;
      this.#drawn = false;
      return result;
    }

    override get total(): number | undefined {
      if (!this._evaluated) return undefined;
      return this.results.reduce((t, r) => (r.active ? t + r.result : t), 0);
    }
  };
}

// Named classes (the bundle keeps names; a serialized roll finds its terms by class name).
export class PoolD10Minus1Die extends substituteDie("d10Minus1", "q") {}
export class PoolD12Minus2Die extends substituteDie("d12Minus2", "j") {}
export class PoolD6Plus1Die extends substituteDie("d6Plus1", "y") {}
export class PoolD4Plus2Die extends substituteDie("d4Plus2", "u") {}

export const POOL_SUBSTITUTE_DICE = [PoolD10Minus1Die, PoolD12Minus2Die, PoolD6Plus1Die, PoolD4Plus2Die];

/** The formula letter of each die type: Foundry's `8` for the d8, ours for the substitutes. */
export const POOL_DIE_DENOMINATION: Readonly<Record<R.DieKey, string>> = {
  d8: "8",
  d10Minus1: PoolD10Minus1Die.DENOMINATION,
  d12Minus2: PoolD12Minus2Die.DENOMINATION,
  d6Plus1: PoolD6Plus1Die.DENOMINATION,
  d4Plus2: PoolD4Plus2Die.DENOMINATION,
};
