/** Everything the d100 ruleset registers with the core. */
import { withParts, type RulesetDefinition } from "../../core/registry";
import { d100CombatPart } from "./combat/register";

export function d100Ruleset(): RulesetDefinition {
  return withParts(
    {
      id: "d100",
      label: "BREADBOX.Ruleset.d100",
      actorModels: {},
      itemModels: {},
      actorSheets: [],
      itemSheets: [],
    },
    d100CombatPart(),
  );
}
