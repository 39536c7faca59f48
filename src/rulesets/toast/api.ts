/**
 * What Toast offers the public API (`game.breadbox.api`, docs/hooks.md): the exact odds of a skill
 * or attribute task (as its hotbar macro names it) with the dialog's defaults, and its check cards
 * (a contest, a task against an opponent, is one too).
 */
import * as R from "./rules";
import type { RollableCheck, RulesetApi } from "../../core/registry";
import type { CheckOptions, CheckRef } from "../../core/hotbar";
import { toastDifficultyPreset } from "./check-words";
import type { Odds } from "../../dice/contract";
import { attributeName, buildCheck, defaultChoices, oddsOf, type ToastTask } from "./checks";
import { itemChecks } from "../../core/api/checks";

/** The task a check (as its hotbar macro names it) means on this actor, or null. */
export function taskOf(actor: Actor.Implementation, check: CheckRef): ToastTask | null {
  if (check.kind === "skill") {
    const item = [...actor.items].find((i) => String(i.type) === "toastSkill" && i.name === check.name);
    return item?.id ? { kind: "skill", itemId: item.id } : null;
  }
  if (check.kind === "attribute") {
    const key = R.ATTRIBUTE_KEYS.find((k) => k === check.name);
    return key ? { kind: "attributes", attributes: [key] } : null;
  }
  return null;
}

export function toastOdds(actor: Actor.Implementation, check: CheckRef, options: CheckOptions = {}): Odds | null {
  const task = taskOf(actor, check);
  if (!task) return null;
  try {
    return oddsOf(buildCheck(actor, defaultChoices(task, toastDifficultyPreset(options.difficulty))));
  } catch {
    // A task the rules refuse (the dialog would say why): no odds.
    return null;
  }
}

/** Attributes and skills (Toast's weapons are not checks of their own). */
export function toastChecks(actor: Actor.Implementation): RollableCheck[] {
  const attributes: RollableCheck[] = R.ATTRIBUTE_KEYS.map((name) => ({ group: "attributes", check: { kind: "attribute", name }, label: attributeName(name) }));
  return [...attributes, ...itemChecks(actor, "toastSkill", "skills", "skill")];
}

export const toastApi: RulesetApi = { checks: toastChecks, odds: toastOdds, checkCards: ["toastCheck", "toastContest"], goods: { weapon: "toastWeapon", armor: "toastArmor", gear: "toastGear" } };
