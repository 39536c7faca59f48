/**
 * Flange's words for inline checks and roll requests (docs/rules/flange.md, "Inline checks and
 * roll requests"): a skill or an attribute by name; the difficulty as a change of the target
 * number (+2: harder, −1: easier), the GM's target change of the check dialog.
 */
import * as R from "./rules";
import type { CheckWords } from "../../core/registry";
import type { CheckRef } from "../../core/hotbar";
import { format, localize } from "../../core/game";
import { wholeNumber } from "../../core/requests/syntax";
import { itemNamed, keyNamed, signed } from "../../core/requests/words";
import type { FlangeCheckChoices } from "./checks";

/** The target changes the GM's request form offers. */
const OFFERED = [-2, -1, 0, 1, 2, 3];

function difficulty(word: string): string | null {
  const n = wholeNumber(word);
  return n !== null && Math.abs(n) <= R.CHECK_TARGET_MAX ? signed(n) : null;
}

function difficultyLabel(value: string): string {
  return format("BREADBOX.Requests.TargetChange", { value });
}

/** The check dialog's choices a difficulty (a target change) means. */
export function flangeDifficultyPreset(value: string | undefined): Partial<FlangeCheckChoices> {
  const n = value === undefined ? null : wholeNumber(value);
  return n === null ? {} : { targetModifier: n };
}

function checkOf(actor: Actor.Implementation, name: string, kind: string | null): CheckRef | null {
  if (kind === null || kind === "skill") {
    const skill = itemNamed(actor, ["flangeSkill"], name);
    if (skill?.name) return { kind: "skill", name: skill.name };
  }
  if (kind === null || kind === "attribute") {
    const key = keyNamed(R.ATTRIBUTES, (k) => localize(`BREADBOX.Flange.Attribute.${k}`), name);
    if (key) return { kind: "attribute", name: key };
  }
  return null;
}

export const flangeCheckWords: CheckWords = {
  kinds: ["skill", "attribute"],
  difficulty,
  defaultDifficulty: () => "0",
  difficulties: () => OFFERED.map((n) => ({ value: signed(n), label: difficultyLabel(signed(n)) })),
  difficultyLabel,
  checkOf,
};
