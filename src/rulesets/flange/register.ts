/**
 * Everything the flange ruleset registers with the core: here what Foundry needs at init (models,
 * dice, rolls, settings, statuses, bars); the rest in runtime.ts, loaded once a world plays Flange
 * (or holds Flange documents), as its own chunk (issue 23).
 */
import { defineRuleset, type RulesetBasics, type RulesetDefinition } from "../../core/registry";
import { numberLabels } from "../../core/dice-so-nice";
import { flangeCombatBase } from "./combat/base";
import { FlangeActorModel } from "./data/actor";
import { FLANGE_ITEM_MODELS } from "./data/items";
import { FlangeDie } from "./dice/flange-die";
import { FlangeCheckRoll } from "./dice/check-roll";
import { FLANGE_SETTINGS } from "./settings";

/** Flange's id, sheet labels' prefix and item models (runtime.ts registers its sheets with them). */
export const FLANGE_BASICS: Pick<RulesetBasics, "id" | "langPrefix" | "itemModels"> = { id: "flange", langPrefix: "BREADBOX.Flange", itemModels: FLANGE_ITEM_MODELS };

export function flangeRuleset(): RulesetDefinition {
  return defineRuleset(
    {
      ...FLANGE_BASICS,
      actorModel: FlangeActorModel,
      templates: [
        "flange/actor/header.hbs",
        "flange/actor/attributes.hbs",
        "flange/actor/skills.hbs",
        "flange/actor/gear.hbs",
        "flange/actor/biography.hbs",
        "flange/item/details.hbs",
        "flange/chat/check-roll.hbs",
        "flange/chat/opposed.hbs",
        "flange/dialogs/side.hbs",
        "flange/dialogs/unnamed.hbs",
        "flange/dialogs/check.hbs",
      ],
    },
    {
      dieTerms: [FlangeDie],
      // A plain d10 read 1–10: the pool die of every Flange roll (`3dzt7`).
      diceSoNice: [{ term: FlangeDie, shape: "d10", labels: numberLabels(1, 10), min: 1 }],
      rolls: [FlangeCheckRoll],
      registerSettings: FLANGE_SETTINGS.register,
      // Its trackable bars (wounds, grind, edge) are registered with its combat base.
      tokenBars: { flange: { bar1: "wounds", bar2: "edge" } },
      runtime: () => import("./runtime").then((m) => m.flangeRuntime()),
    },
    flangeCombatBase(),
  );
}
