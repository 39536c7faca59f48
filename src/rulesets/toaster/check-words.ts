/**
 * Toaster's words for inline checks and roll requests (docs/rules/toaster.md, "Inline checks and
 * roll requests"): a skill or an attribute by name, a difficulty from the ladder (seed ch. 3,
 * "Difficulty": Child's play … Hellish) by word or by its modifier (+5 … −5).
 */
import * as R from "./rules";
import type { CheckWords } from "../../core/registry";
import { checksByName, difficultyWords, itemsNamed, keyNamed, signed } from "../../core/requests/words";
import { attributeLabel, sys } from "./requests";

export const toasterCheckWords: CheckWords = {
  ...checksByName({
    skill: itemsNamed(["toasterSkill"]),
    attribute: (actor, name) => keyNamed(Object.keys(sys(actor).effective), (k) => attributeLabel(actor, k), name),
  }),
  ...difficultyWords({
    ladder: {
      keys: R.DIFFICULTY_LADDER.map((d) => d.key),
      labelKey: (key) => `BREADBOX.Toaster.Difficulty.${key}`,
      label: (key, name) => {
        const row = R.DIFFICULTY_LADDER.find((d) => d.key === key);
        return row ? `${name} (${signed(row.modifier)})` : name;
      },
    },
    // A modifier (+5 … −5) is the rung that has it.
    number: (n) => R.DIFFICULTY_LADDER.find((d) => d.modifier === n)?.key ?? null,
  }),
  defaultDifficulty: () => "average",
};
