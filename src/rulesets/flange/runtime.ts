/**
 * Flange's runtime: its sheets, checks and dialogs, Edge, opposed rolls, combat and API. Imported
 * (its own chunk) once the world plays Flange or holds Flange documents (src/core/lazy.ts, issue 23);
 * register.ts has what Foundry needs at init.
 */
import { rulesetSheets, type RulesetPart } from "../../core/registry";
import { flangeCombatPart } from "./combat/register";
import { registerEdgeBar } from "./data/actor";
import { onEdgeReroll, registerEdge, relayEdgeReroll } from "./edge";
import { onOpposedReroll, relayOpposedReroll } from "./opposed-edge";
import { FlangeActorSheet } from "./sheets/actor-sheet";
import { FlangeItemSheet } from "./sheets/item-sheet";
import { flangeApi } from "./api";
import { flangeCheckWords } from "./check-words";
import { flangeGroupForms } from "./request-groups";
import { FLANGE_BASICS } from "./register";

export function flangeRuntime(): RulesetPart[] {
  return [
    rulesetSheets(FLANGE_BASICS, FlangeActorSheet, FlangeItemSheet),
    {
      chatActions: { edgeReroll: (m: ChatMessage.Implementation) => onEdgeReroll(m), opposedReroll: (m: ChatMessage.Implementation, button: HTMLElement) => onOpposedReroll(m, button) },
      relayActions: { edgeReroll: relayEdgeReroll, opposedReroll: relayOpposedReroll },
      init: registerEdge,
    },
    // The Edge bar is editable from the token HUD.
    { init: registerEdgeBar },
    flangeCombatPart(),
    { api: flangeApi },
    { api: { checkWords: flangeCheckWords, groupForms: flangeGroupForms } },
  ];
}
