/**
 * D10/0's words for inline checks and roll requests (docs/rules/d100.md, "Inline checks and roll
 * requests"): an attribute or a skill by name; a difficulty from the ladder (Easy … Impossible?) by
 * word, or a difficulty modifier in points (+10 harder, −10 easier), as the check dialog has both.
 */
import * as R from "./rules";
import type { CheckWords } from "../../core/registry";
import type { CheckRef } from "../../core/hotbar";
import { format, localize, modelOf } from "../../core/game";
import { wholeNumber } from "../../core/requests/syntax";
import { keyNamed, ladderWord, sameName, signed } from "../../core/requests/words";
import { D100ActorModel } from "./data/actor";
import type { D100CheckChoices } from "./checks";

const labelKey = (key: string): string => `BREADBOX.D100.Difficulty.${key}`;

function difficulty(word: string): string | null {
  const n = wholeNumber(word);
  if (n !== null) return Math.abs(n) <= R.MAX_DIFFICULTY ? signed(n) : null;
  return ladderWord(R.DIFFICULTY_KEYS, labelKey, word);
}

function difficultyLabel(value: string): string {
  const key = R.DIFFICULTY_KEYS.find((k) => k === value);
  return key ? localize(labelKey(key)) : format("BREADBOX.Requests.Modifier", { value });
}

/** The check dialog's choices a difficulty means: a ladder word, or a modifier. */
export function d100DifficultyPreset(value: string | undefined): Partial<D100CheckChoices> {
  if (value === undefined) return {};
  const key = R.DIFFICULTY_KEYS.find((k) => k === value);
  if (key) return { ladder: key };
  const n = wholeNumber(value);
  return n === null ? {} : { modifier: n };
}

function checkOf(actor: Actor.Implementation, name: string, kind: string | null): CheckRef | null {
  if (kind === null || kind === "skill") {
    const row = modelOf(actor, D100ActorModel)?.skillRows.find((r) => sameName(r.name, name));
    if (row) return { kind: "skill", name: row.id };
  }
  if (kind === null || kind === "attribute") {
    const key = keyNamed(R.ATTRIBUTE_KEYS, (k) => localize(`BREADBOX.D100.Attribute.${k}`), name);
    if (key) return { kind: "attribute", name: key };
  }
  return null;
}

export const d100CheckWords: CheckWords = {
  kinds: ["attribute", "skill"],
  difficulty,
  defaultDifficulty: () => "average",
  difficulties: () => R.DIFFICULTY_KEYS.map((key) => ({ value: key, label: difficultyLabel(key) })),
  difficultyLabel,
  checkOf,
};
