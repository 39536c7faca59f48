/** Everything the Dice Pool ruleset registers with the core. */
import type { RulesetDefinition } from "../../core/registry";
import { templatePath } from "../../core/ids";
import { PoolActorModel } from "./data/actor";
import { POOL_ITEM_MODELS } from "./data/items";
import { PoolCheckRoll } from "./dice/pool-roll";
import { registerPoolSettings } from "./settings";
import { PoolActorSheet } from "./sheets/actor-sheet";
import { PoolItemSheet } from "./sheets/item-sheet";

export const POOL_TEMPLATES = [
  "shared/tabs.hbs",
  "pool/actor/header.hbs",
  "pool/actor/traits.hbs",
  "pool/actor/combat.hbs",
  "pool/actor/biography.hbs",
  "pool/item/header.hbs",
  "pool/item/details.hbs",
  "pool/chat/check-roll.hbs",
  "pool/dialogs/check.hbs",
].map(templatePath);

export function poolRuleset(): RulesetDefinition {
  return {
    id: "pool",
    label: "BREADBOX.Ruleset.pool",
    actorModels: { pool: PoolActorModel },
    itemModels: POOL_ITEM_MODELS,
    actorSheets: [{ sheetClass: PoolActorSheet, types: ["pool"], label: "BREADBOX.Pool.Sheet.Actor" }],
    itemSheets: [{ sheetClass: PoolItemSheet, types: Object.keys(POOL_ITEM_MODELS), label: "BREADBOX.Pool.Sheet.Item" }],
    rolls: [PoolCheckRoll],
    registerSettings: registerPoolSettings,
    templates: POOL_TEMPLATES,
  };
}
