/** Everything the Dice Pool ruleset registers with the core. */
import { defineRuleset, type RulesetDefinition } from "../../core/registry";
import { poolCombatPart } from "./combat/register";
import { PoolActorModel } from "./data/actor";
import { POOL_ITEM_MODELS } from "./data/items";
import { PoolCheckRoll } from "./dice/pool-roll";
import { POOL_SUBSTITUTE_DICE, PoolD10Minus1Die, PoolD12Minus2Die, PoolD4Plus2Die, PoolD6Plus1Die } from "./dice/substitutes";
import { numberLabels } from "../../core/dice-so-nice";
import { registerPoolSettings } from "./settings";
import { PoolActorSheet } from "./sheets/actor-sheet";
import { PoolItemSheet } from "./sheets/item-sheet";
import { onChatMessage } from "./formula";
import { registerPoolMacros } from "./hotbar";
import { onEffectChoice } from "./effect";
import { poolApi } from "./api";
import { poolCheckWords } from "./check-words";
import { poolGroupForms } from "./request-groups";

export function poolRuleset(): RulesetDefinition {
  return defineRuleset(
    {
      id: "pool",
      langPrefix: "BREADBOX.Pool",
      actorModel: PoolActorModel,
      itemModels: POOL_ITEM_MODELS,
      actorSheet: PoolActorSheet,
      itemSheet: PoolItemSheet,
      templates: [
        "pool/actor/header.hbs",
        "pool/actor/traits.hbs",
        "pool/actor/combat.hbs",
        "pool/actor/biography.hbs",
        "pool/item/details.hbs",
        "pool/chat/check-roll.hbs",
        "pool/dialogs/check.hbs",
        "pool/dialogs/group.hbs",
        "pool/chat/group-card.hbs",
      ],
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
      chatActions: { effect: onEffectChoice },
      init: () => {
        // `/pool 3a 2b d10-1 vs 15` typed in chat (formula.ts); trait macros on the hotbar (hotbar.ts).
        Hooks.on("chatMessage", onChatMessage);
        registerPoolMacros();
      },
    },
    poolCombatPart(),
    { api: poolApi },
    { api: { checkWords: poolCheckWords, groupForms: poolGroupForms } },
  );
}
