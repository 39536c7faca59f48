/** Everything the Dice Pool ruleset registers with the core. */
import type { RulesetDefinition } from "../../core/registry";
import { templatePath } from "../../core/ids";
import { PoolActorModel } from "./data/actor";
import { POOL_ITEM_MODELS } from "./data/items";
import { PoolCheckRoll } from "./dice/pool-roll";
import { registerPoolSettings } from "./settings";

export const POOL_TEMPLATES = [
  "pool/chat/check-roll.hbs",
  "pool/dialogs/check.hbs",
].map(templatePath);

export function poolRuleset(): RulesetDefinition {
  return {
    id: "pool",
    label: "BREADBOX.Ruleset.pool",
    actorModels: { pool: PoolActorModel },
    itemModels: POOL_ITEM_MODELS,
    actorSheets: [],
    itemSheets: [],
    rolls: [PoolCheckRoll],
    registerSettings: registerPoolSettings,
    templates: POOL_TEMPLATES,
  };
}
