/**
 * Toaster's runtime: its sheets, checks and dialogs, combat, chat cards (luck, tables, the attack)
 * and API. Imported (its own chunk) once the world plays Toaster or holds Toaster documents
 * (src/core/lazy.ts, issue 23); register.ts has what Foundry needs at init.
 */
import { rulesetSheets, type RulesetPart } from "../../core/registry";
import { ToasterActorSheet } from "./sheets/actor-sheet";
import { ToasterItemSheet } from "./sheets/item-sheet";
import { toasterCombat } from "./combat";
import { toasterAttack } from "./chat/attack";
import { onLuckAfter, onLuckReroll, relayLuckAfter, relayLuckReroll } from "./chat/luck";
import { onHitLocation } from "./chat/tables";
import { registerStatusSync } from "./status-sync";
import { toasterApi } from "./api";
import { toasterCheckWords } from "./check-words";
import { TOASTER_BASICS } from "./register";

export function toasterRuntime(): RulesetPart[] {
  return [
    rulesetSheets(TOASTER_BASICS, ToasterActorSheet, ToasterItemSheet),
    {
      combat: toasterCombat,
      chatActions: { luckAfter: onLuckAfter, luckReroll: onLuckReroll, hitLocation: onHitLocation },
      relayActions: { luckAfter: relayLuckAfter, luckReroll: relayLuckReroll },
      exchanges: [toasterAttack],
      init: registerStatusSync,
    },
    { api: toasterApi },
    { api: { checkWords: toasterCheckWords } },
  ];
}
