/** Everything the flange ruleset registers with the core. */
import { withParts, type RulesetDefinition } from "../../core/registry";
import { flangeCombatPart } from "./combat/register";
import { FlangeActorModel } from "./data/actor";
import { FLANGE_ITEM_MODELS } from "./data/items";
import { registerFlangeSettings } from "./settings";

export function flangeRuleset(): RulesetDefinition {
  return withParts(
    {
      id: "flange",
      label: "BREADBOX.Ruleset.flange",
      actorModels: { flange: FlangeActorModel },
      itemModels: FLANGE_ITEM_MODELS,
      actorSheets: [],
      itemSheets: [],
      registerSettings: registerFlangeSettings,
    },
    flangeCombatPart(),
  );
}
