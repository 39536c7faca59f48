/**
 * Everything the flange ruleset registers with the core: here what Foundry needs at init (models,
 * dice, rolls, settings, statuses, bars); the rest in runtime.ts, loaded once a world plays Flange
 * (or holds Flange documents), as its own chunk (issue 23).
 */
import { defineRuleset, type RulesetDefinition, type RulesetSheetBasics } from "../../core/registry";
import { numberLabels } from "../../core/dice-so-nice";
import { flangeCombatBase } from "./combat/base";
import { FlangeActorModel } from "./data/actor";
import { FLANGE_ITEM_MODELS } from "./data/items";
import { FlangeDie } from "./dice/flange-die";
import { FlangeCheckRoll } from "./dice/check-roll";
import { FLANGE_SETTINGS } from "./settings";

/** Flange's id, sheet labels' prefix, item models and character-sheet tabs (runtime.ts registers its sheets with them). */
export const FLANGE_BASICS: RulesetSheetBasics = { id: "flange", langPrefix: "BREADBOX.Flange", itemModels: FLANGE_ITEM_MODELS, actorTabs: ["attributes", "skills", "gear", "biography"] };

export function flangeRuleset(): RulesetDefinition {
  return defineRuleset(
    {
      ...FLANGE_BASICS,
      actorModel: FlangeActorModel,
      templates: { chat: ["check-roll", "opposed"], dialogs: ["side", "unnamed", "check"] },
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
