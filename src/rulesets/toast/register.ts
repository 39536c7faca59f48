/** Everything the toast ruleset registers with the core. */
import { withParts, type RulesetDefinition } from "../../core/registry";
import { toastCombatPart } from "./combat/register";

export function toastRuleset(): RulesetDefinition {
  return withParts(
    {
      id: "toast",
      label: "BREADBOX.Ruleset.toast",
      actorModels: {},
      itemModels: {},
      actorSheets: [],
      itemSheets: [],
    },
    toastCombatPart(),
  );
}
