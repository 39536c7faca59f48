/**
 * Toast's words for inline checks and roll requests (docs/rules/toast.md, "Inline checks and roll
 * requests"): a skill or an attribute by name; a difficulty from the ladder (seed: "Task
 * Resolution": Inestimably easy … Inestimably hard) by word, or a target number.
 */
import * as R from "./rules";
import type { CheckWords } from "../../core/registry";
import { checksByName, difficultyValue, difficultyWords, itemsNamed, keysNamed } from "../../core/requests/words";
import { attributeName, DIFFICULTY_CHOICES, type ToastCheckChoices } from "./checks";
import { toastRules } from "./settings";

/** The check dialog's choices a difficulty means: a ladder word, or a target number ("custom"). */
export function toastDifficultyPreset(value: string | undefined): Partial<ToastCheckChoices> {
  const d = difficultyValue(value, DIFFICULTY_CHOICES);
  if (!d) return {};
  return "rung" in d ? { difficulty: d.rung } : { difficulty: "custom", customTarget: d.number };
}

export const toastCheckWords: CheckWords = {
  ...checksByName({ skill: itemsNamed(["toastSkill"]), attribute: keysNamed(R.ATTRIBUTE_KEYS, attributeName) }),
  ...difficultyWords({
    ladder: {
      keys: R.DIFFICULTY_KEYS,
      labelKey: (key) => `BREADBOX.Toast.Difficulty.${key}`,
      label: (key, name) => {
        const target = R.targetNumber(key);
        return typeof target === "number" ? `${name} (${target})` : name;
      },
    },
    number: (n) => (Math.abs(n) <= R.MAX_MAGNITUDE ? String(n) : null),
    numberLabel: "BREADBOX.Requests.TargetNumber",
  }),
  defaultDifficulty: () => DIFFICULTY_CHOICES.find((d) => d !== "custom" && d === toastRules().defaultDifficulty) ?? "medium",
};
