/**
 * Toast's runtime: its sheets, checks and dialogs, hotbar macros, healing, contests, combat and API.
 * Imported (its own chunk) once the world plays Toast or holds Toast documents (src/core/lazy.ts,
 * issue 23); register.ts has what Foundry needs at init.
 */
import { rulesetSheets, type RulesetPart } from "../../core/registry";
import { toastCombatPart } from "./combat/register";
import { ToastActorSheet } from "./sheets/actor-sheet";
import { ToastItemSheet } from "./sheets/item-sheet";
import { TOAST_HEALING_RELAY_ACTIONS } from "./healing";
import "./sheets/hotbar";
import { toastApi } from "./api";
import { toastCheckWords } from "./check-words";
import { toastGroupForms } from "./request-groups";
import { TOAST_BASICS } from "./register";

export function toastRuntime(): RulesetPart[] {
  return [
    rulesetSheets(TOAST_BASICS, ToastActorSheet, ToastItemSheet),
    { relayActions: TOAST_HEALING_RELAY_ACTIONS },
    toastCombatPart(),
    { api: toastApi },
    { api: { checkWords: toastCheckWords, groupForms: toastGroupForms } },
  ];
}
