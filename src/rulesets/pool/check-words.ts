/**
 * The d8 Dice Pool's words for inline checks and roll requests (docs/rules/pool.md, "Inline checks
 * and roll requests"): an ability or an attribute by name; the Difficulty as a number (the book
 * names numbers, 15 when the Storyguide names none).
 */
import * as R from "./rules";
import type { CheckWords } from "../../core/registry";
import type { CheckRef } from "../../core/hotbar";
import { format } from "../../core/game";
import { wholeNumber } from "../../core/requests/syntax";
import { itemNamed } from "../../core/requests/words";
import { DEFAULT_DIFFICULTY } from "./checks";

/** The Difficulties the GM's request form offers (any other number can be written). */
const OFFERED = [5, 10, 15, 20, 25, 30, 40, 50];

function difficulty(word: string): string | null {
  const n = wholeNumber(word);
  return n !== null && Math.abs(n) <= R.MAX_DIFFICULTY ? String(n) : null;
}

function difficultyLabel(value: string): string {
  return format("BREADBOX.Requests.Difficulty", { value });
}

function checkOf(actor: Actor.Implementation, name: string, kind: string | null): CheckRef | null {
  if (kind === null || kind === "ability") {
    const ability = itemNamed(actor, ["poolAbility"], name);
    if (ability?.name) return { kind: "ability", name: ability.name };
  }
  if (kind === null || kind === "attribute") {
    const attribute = itemNamed(actor, ["poolAttribute"], name);
    if (attribute?.name) return { kind: "attribute", name: attribute.name };
  }
  return null;
}

export const poolCheckWords: CheckWords = {
  kinds: ["ability", "attribute"],
  difficulty,
  defaultDifficulty: () => String(DEFAULT_DIFFICULTY),
  difficulties: () => OFFERED.map((n) => ({ value: String(n), label: difficultyLabel(String(n)) })),
  difficultyLabel,
  checkOf,
};
