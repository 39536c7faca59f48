/** Everything the toast ruleset registers with the core. */
import { withParts, type RulesetDefinition } from "../../core/registry";
import { toastCombatPart } from "./combat/register";
import { ToastActorModel } from "./data/actor";
import { TOAST_ITEM_MODELS } from "./data/items";

export function toastRuleset(): RulesetDefinition {
  return withParts(
    {
      id: "toast",
      label: "BREADBOX.Ruleset.toast",
      actorModels: { toast: ToastActorModel },
      itemModels: TOAST_ITEM_MODELS,
      actorSheets: [],
      itemSheets: [],
    },
    toastCombatPart(),
  );
}
