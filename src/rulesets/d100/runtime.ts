/**
 * D10/0's runtime: its sheets, checks and dialogs, effort, powers, combat and API. Imported (its own
 * chunk) once the world plays D10/0 or holds D10/0 documents (src/core/lazy.ts, issue 23);
 * register.ts has what Foundry needs at init.
 */
import { rulesetSheets, type RulesetPart } from "../../core/registry";
import { d100CombatPart } from "./combat/register";
import { d100Api } from "./api";
import { D100ActorSheet } from "./sheets/actor-sheet";
import { D100ItemSheet } from "./sheets/item-sheet";
import { d100CheckWords } from "./check-words";
import { d100GroupForms } from "./request-groups";
import { D100_BASICS } from "./register";

export function d100Runtime(): RulesetPart[] {
  return [rulesetSheets(D100_BASICS, D100ActorSheet, D100ItemSheet), d100CombatPart(), { api: d100Api }, { api: { checkWords: d100CheckWords, groupForms: d100GroupForms } }];
}
