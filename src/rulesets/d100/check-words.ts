/**
 * D10/0's words for inline checks and roll requests (docs/rules/d100.md, "Inline checks and roll
 * requests"): an attribute or a skill by name; a difficulty from the ladder (Easy … Impossible?) by
 * word, or a difficulty modifier in points (+10 harder, −10 easier), as the check dialog has both.
 */
import * as R from "./rules";
import type { CheckWords } from "../../core/registry";
import { localize, modelOf } from "../../core/game";
import { checksByName, difficultyValue, difficultyWords, keysNamed, sameName, signed } from "../../core/requests/words";
import { D100ActorModel } from "./data/actor";
import type { D100CheckChoices } from "./checks";

/** The check dialog's choices a difficulty means: a ladder word, or a modifier. */
export function d100DifficultyPreset(value: string | undefined): Partial<D100CheckChoices> {
  const d = difficultyValue(value, R.DIFFICULTY_KEYS);
  if (!d) return {};
  return "rung" in d ? { ladder: d.rung } : { modifier: d.number };
}

export const d100CheckWords: CheckWords = {
  ...checksByName({
    skill: (actor, name) => modelOf(actor, D100ActorModel)?.skillRows.find((r) => sameName(r.name, name))?.id,
    attribute: keysNamed(R.ATTRIBUTE_KEYS, (k) => localize(`BREADBOX.D100.Attribute.${k}`)),
  }),
  ...difficultyWords({
    ladder: { keys: R.DIFFICULTY_KEYS, labelKey: (key) => `BREADBOX.D100.Difficulty.${key}` },
    number: (n) => (Math.abs(n) <= R.MAX_DIFFICULTY ? signed(n) : null),
    numberLabel: "BREADBOX.Requests.Modifier",
  }),
  defaultDifficulty: () => "average",
};
