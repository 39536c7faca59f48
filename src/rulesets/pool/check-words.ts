/**
 * The d8 Dice Pool's words for inline checks and roll requests (docs/rules/pool.md, "Inline checks
 * and roll requests"): an ability or an attribute by name; the Difficulty as a number (the book
 * names numbers, 15 when the Storyguide names none).
 */
import * as R from "./rules";
import type { CheckWords } from "../../core/registry";
import { checksByName, difficultyWords, itemsNamed } from "../../core/requests/words";
import { DEFAULT_DIFFICULTY } from "./checks";

export const poolCheckWords: CheckWords = {
  ...checksByName({ ability: itemsNamed(["poolAbility"]), attribute: itemsNamed(["poolAttribute"]) }),
  ...difficultyWords({
    number: (n) => (Math.abs(n) <= R.MAX_DIFFICULTY ? String(n) : null),
    numberLabel: "BREADBOX.Requests.Difficulty",
    // The Difficulties the GM's request form offers (any other number can be written).
    offered: [5, 10, 15, 20, 25, 30, 40, 50],
  }),
  defaultDifficulty: () => String(DEFAULT_DIFFICULTY),
};
