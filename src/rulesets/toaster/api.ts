/**
 * What Toaster offers the public API (`game.breadbox.api`, docs/hooks.md): the exact odds of a
 * skill or attribute check (as its hotbar macro names it) with the dialog's defaults.
 */
import type { RollableCheck, RulesetApi } from "../../core/registry";
import type { CheckOptions, CheckRef } from "../../core/hotbar";
import type { Odds } from "../../dice/contract";
import { own } from "../../dice/dict";
import { checkOptions, oddsFor, DEFAULT_CHOICES, type CheckRequest } from "./checks";
import { checkInputOf } from "./dice/check-roll";
import { attributeLabel, attributeRequest, itemsOf, skillRequest, sys } from "./requests";
import { toasterRules } from "./settings";
import { itemChecks } from "../../core/api/checks";
import { modelOf } from "../../core/game";
import { ToasterActorModel } from "./data/actor";
import { toasterCombatActions } from "./combat-actions";

function requestOf(actor: Actor.Implementation, check: CheckRef): CheckRequest | null {
  if (check.kind === "skill") {
    const item = itemsOf(actor, "toasterSkill").find((i) => i.name === check.name);
    return item ? skillRequest(actor, item) : null;
  }
  if (check.kind === "attribute") {
    const data = sys(actor);
    if (own(data.effective, check.name) === undefined) return null;
    if (check.sub && !data.subAttributes.some((s) => s.attribute === check.name && s.name === check.sub)) return null;
    return attributeRequest(actor, check.name, check.sub);
  }
  return null;
}

export function toasterOdds(actor: Actor.Implementation, check: CheckRef, options: CheckOptions = {}): Odds | null {
  const req = requestOf(actor, check);
  if (!req) return null;
  const o = checkOptions(req, { ...DEFAULT_CHOICES, difficulty: options.difficulty ?? DEFAULT_CHOICES.difficulty }, toasterRules());
  return oddsFor(checkInputOf(o), o.helpers, o.tooManyCooks);
}

/** Attributes (and sub-attributes), skills and weapons, as the sheet lists them. */
export function toasterChecks(actor: Actor.Implementation): RollableCheck[] {
  const data = modelOf(actor, ToasterActorModel);
  if (!data) return [];
  const attributes: RollableCheck[] = Object.keys(data.effective).map((name) => ({ group: "attributes", check: { kind: "attribute", name }, label: attributeLabel(actor, name) }));
  const subs: RollableCheck[] = data.subAttributes.map((s) => ({ group: "attributes", check: { kind: "attribute", name: s.attribute, sub: s.name }, label: `${attributeLabel(actor, s.attribute)} (${s.name})` }));
  return [...attributes, ...subs, ...itemChecks(actor, "toasterSkill", "skills", "skill"), ...itemChecks(actor, "toasterWeapon", "attacks", "weapon")];
}

export const toasterApi: RulesetApi = { checks: toasterChecks, combatActions: toasterCombatActions, odds: toasterOdds, goods: { weapon: "toasterWeapon", armor: "toasterArmor", gear: "toasterGear" } };
