/**
 * Toaster's own combat actions as data (`RulesetApi.combatActions`, src/core/combat-actions.ts): the
 * combat tab's table rolls (the critical table and hit location, where the world's rules use them),
 * run as the sheet's buttons run them. A stance is chosen in each attack's and defence's dialog
 * (attacks are checks; a defence is offered by core's open-declaration list).
 */
import type { CombatAction } from "../../core/registry";
import { localize, modelOf } from "../../core/game";
import { ToasterActorModel } from "./data/actor";
import { toasterRules } from "./settings";
import { postCritical, postHitLocation } from "./chat/tables";

export function toasterCombatActions(actor: Actor.Implementation): CombatAction[] {
  if (!modelOf(actor, ToasterActorModel) || !actor.isOwner) return [];
  const rules = toasterRules();
  const out: CombatAction[] = [];
  if (rules.criticalTable) out.push({ id: "toasterCritical", label: localize("BREADBOX.Toaster.Critical.Title"), icon: "fa-solid fa-dice-d10", run: () => postCritical(actor) });
  if (rules.hitLocation) out.push({ id: "toasterHitLocation", label: localize("BREADBOX.Toaster.HitLocation.Title"), icon: "fa-solid fa-dice", run: () => postHitLocation(actor) });
  return out;
}
