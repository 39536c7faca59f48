/**
 * Toast's words for inline checks and roll requests (docs/rules/toast.md, "Inline checks and roll
 * requests"): a skill or an attribute by name; a difficulty from the ladder (seed: "Task
 * Resolution": Inestimably easy … Inestimably hard) by word, or a target number.
 */
import * as R from "./rules";
import type { CheckWords } from "../../core/registry";
import type { CheckRef } from "../../core/hotbar";
import { format, localize } from "../../core/game";
import { wholeNumber } from "../../core/requests/syntax";
import { itemNamed, keyNamed, ladderWord } from "../../core/requests/words";
import { attributeName, DIFFICULTY_CHOICES, type ToastCheckChoices } from "./checks";
import { toastRules } from "./settings";

const labelKey = (key: string): string => `BREADBOX.Toast.Difficulty.${key}`;

function difficulty(word: string): string | null {
  const n = wholeNumber(word);
  if (n !== null) return Math.abs(n) <= R.MAX_MAGNITUDE ? String(n) : null;
  return ladderWord(R.DIFFICULTY_KEYS, labelKey, word);
}

function difficultyLabel(value: string): string {
  const key = R.DIFFICULTY_KEYS.find((k) => k === value);
  if (!key) return format("BREADBOX.Requests.TargetNumber", { value });
  const target = R.targetNumber(key);
  return typeof target === "number" ? `${localize(labelKey(key))} (${target})` : localize(labelKey(key));
}

/** The check dialog's choices a difficulty means: a ladder word, or a target number ("custom"). */
export function toastDifficultyPreset(value: string | undefined): Partial<ToastCheckChoices> {
  if (value === undefined) return {};
  const key = DIFFICULTY_CHOICES.find((k) => k === value);
  if (key) return { difficulty: key };
  const n = wholeNumber(value);
  return n === null ? {} : { difficulty: "custom", customTarget: n };
}

function checkOf(actor: Actor.Implementation, name: string, kind: string | null): CheckRef | null {
  if (kind === null || kind === "skill") {
    const skill = itemNamed(actor, ["toastSkill"], name);
    if (skill?.name) return { kind: "skill", name: skill.name };
  }
  if (kind === null || kind === "attribute") {
    const key = keyNamed(R.ATTRIBUTE_KEYS, attributeName, name);
    if (key) return { kind: "attribute", name: key };
  }
  return null;
}

export const toastCheckWords: CheckWords = {
  kinds: ["skill", "attribute"],
  difficulty,
  defaultDifficulty: () => DIFFICULTY_CHOICES.find((d) => d !== "custom" && d === toastRules().defaultDifficulty) ?? "medium",
  difficulties: () => R.DIFFICULTY_KEYS.map((key) => ({ value: key, label: difficultyLabel(key) })),
  difficultyLabel,
  checkOf,
};
