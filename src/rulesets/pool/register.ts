/**
 * Everything the Dice Pool ruleset registers with the core: here what Foundry needs at init
 * (models, dice, rolls, settings, statuses, bars); the rest in runtime.ts, loaded once a world
 * plays the Dice Pool (or holds its documents), as its own chunk (issue 23).
 */
import { defineRuleset, type RulesetDefinition, type RulesetSheetBasics } from "../../core/registry";
import { poolCombatBase } from "./combat/base";
import { PoolActorModel } from "./data/actor";
import { POOL_ITEM_MODELS } from "./data/items";
import { PoolCheckRoll } from "./dice/pool-roll";
import { POOL_SUBSTITUTE_DICE, PoolD10Minus1Die, PoolD12Minus2Die, PoolD4Plus2Die, PoolD6Plus1Die } from "./dice/substitutes";
import { numberLabels } from "../../core/dice-so-nice";
import { registerPoolSettings } from "./settings";

/** The Dice Pool's id, sheet labels' prefix, item models and character-sheet tabs (runtime.ts registers its sheets with them). */
export const POOL_BASICS: RulesetSheetBasics = { id: "pool", langPrefix: "BREADBOX.Pool", itemModels: POOL_ITEM_MODELS, actorTabs: ["traits", "combat", "biography"] };

export function poolRuleset(): RulesetDefinition {
  return defineRuleset(
    {
      ...POOL_BASICS,
      actorModel: PoolActorModel,
      templates: { chat: ["check-roll", "group-card"], dialogs: ["check", "group"] },
    },
    {
      dieTerms: POOL_SUBSTITUTE_DICE,
      // Each substitute borrows its own die's 3D shape and shows the values the rules count.
      diceSoNice: [
        { term: PoolD10Minus1Die, shape: "d10", labels: numberLabels(0, 10), min: 0 },
        { term: PoolD12Minus2Die, shape: "d12", labels: numberLabels(-1, 12), min: -1 },
        { term: PoolD6Plus1Die, shape: "d6", labels: numberLabels(2, 6), min: 2 },
        { term: PoolD4Plus2Die, shape: "d4", labels: numberLabels(3, 4), min: 3 },
      ],
      rolls: [PoolCheckRoll],
      // No {value, max} resource to show: a new Dice Pool token has no bars.
      tokenBars: { pool: { bar1: null, bar2: null } },
      registerSettings: registerPoolSettings,
      runtime: () => import("./runtime").then((m) => m.poolRuntime()),
    },
    poolCombatBase(),
  );
}
