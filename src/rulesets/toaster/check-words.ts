/**
 * Toaster's words for inline checks and roll requests (docs/rules/toaster.md, "Inline checks and
 * roll requests"): a skill or an attribute by name, a difficulty from the ladder (seed ch. 3,
 * "Difficulty": Child's play … Hellish) by word or by its modifier (+5 … −5).
 */
import * as R from "./rules";
import type { CheckWords } from "../../core/registry";
import type { CheckRef } from "../../core/hotbar";
import { localize } from "../../core/game";
import { wholeNumber } from "../../core/requests/syntax";
import { itemNamed, keyNamed, ladderWord, signed } from "../../core/requests/words";
import { attributeLabel, sys } from "./requests";

const KEYS = R.DIFFICULTY_LADDER.map((d) => d.key);
const labelKey = (key: string): string => `BREADBOX.Toaster.Difficulty.${key}`;

function difficulty(word: string): string | null {
  const n = wholeNumber(word);
  if (n !== null) return R.DIFFICULTY_LADDER.find((d) => d.modifier === n)?.key ?? null;
  return ladderWord(KEYS, labelKey, word);
}

function difficultyLabel(key: string): string {
  const row = R.DIFFICULTY_LADDER.find((d) => d.key === key);
  return row ? `${localize(labelKey(key))} (${signed(row.modifier)})` : key;
}

function checkOf(actor: Actor.Implementation, name: string, kind: string | null): CheckRef | null {
  if (kind === null || kind === "skill") {
    const skill = itemNamed(actor, ["toasterSkill"], name);
    if (skill?.name) return { kind: "skill", name: skill.name };
  }
  if (kind === null || kind === "attribute") {
    const key = keyNamed(Object.keys(sys(actor).effective), (k) => attributeLabel(actor, k), name);
    if (key) return { kind: "attribute", name: key };
  }
  return null;
}

export const toasterCheckWords: CheckWords = {
  kinds: ["skill", "attribute"],
  difficulty,
  defaultDifficulty: () => "average",
  difficulties: () => KEYS.map((key) => ({ value: key, label: difficultyLabel(key) })),
  difficultyLabel,
  checkOf,
};
