/**
 * The Dice Pool's runtime: its sheets, checks and dialogs, `/pool` chat rolls, hotbar macros, group
 * checks, combat and API. Imported (its own chunk) once the world plays the Dice Pool or holds its
 * documents (src/core/lazy.ts, issue 23); register.ts has what Foundry needs at init.
 */
import { rulesetSheets, type RulesetPart } from "../../core/registry";
import { poolCombatPart } from "./combat/register";
import { PoolActorSheet } from "./sheets/actor-sheet";
import { PoolItemSheet } from "./sheets/item-sheet";
import { onChatMessage } from "./formula";
import { registerPoolMacros } from "./hotbar";
import { onEffectChoice } from "./effect";
import { poolApi } from "./api";
import { poolCheckWords } from "./check-words";
import { poolGroupForms } from "./request-groups";
import { POOL_BASICS } from "./register";

export function poolRuntime(): RulesetPart[] {
  return [
    rulesetSheets(POOL_BASICS, PoolActorSheet, PoolItemSheet),
    {
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
  ];
}
