/**
 * Flange's words for inline checks and roll requests (docs/rules/flange.md, "Inline checks and
 * roll requests"): a skill or an attribute by name; the difficulty as a change of the target
 * number (+2: harder, −1: easier), the GM's target change of the check dialog.
 */
import * as R from "./rules";
import type { CheckWords } from "../../core/registry";
import { localize } from "../../core/game";
import { checksByName, difficultyValue, difficultyWords, itemsNamed, keysNamed, signed } from "../../core/requests/words";
import type { FlangeCheckChoices } from "./checks";

/** The check dialog's choices a difficulty (a target change) means. */
export function flangeDifficultyPreset(value: string | undefined): Partial<FlangeCheckChoices> {
  const d = difficultyValue(value, []);
  return d && "number" in d ? { targetModifier: d.number } : {};
}

export const flangeCheckWords: CheckWords = {
  ...checksByName({
    skill: itemsNamed(["flangeSkill"]),
    attribute: keysNamed(R.ATTRIBUTES, (k) => localize(`BREADBOX.Flange.Attribute.${k}`)),
  }),
  ...difficultyWords({
    number: (n) => (Math.abs(n) <= R.CHECK_TARGET_MAX ? signed(n) : null),
    numberLabel: "BREADBOX.Requests.TargetChange",
    // The target changes the GM's request form offers.
    offered: [-2, -1, 0, 1, 2, 3],
  }),
  defaultDifficulty: () => "0",
};
