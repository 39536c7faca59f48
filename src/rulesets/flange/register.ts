/** Everything the flange ruleset registers with the core. */
import { withParts, type RulesetDefinition } from "../../core/registry";
import { flangeCombatPart } from "./combat/register";

export function flangeRuleset(): RulesetDefinition {
  return withParts(
    {
      id: "flange",
      label: "BREADBOX.Ruleset.flange",
      actorModels: {},
      itemModels: {},
      actorSheets: [],
      itemSheets: [],
    },
    flangeCombatPart(),
  );
}
