/** Everything the Toaster ruleset registers with the core. */
import { defineRuleset, type RulesetDefinition } from "../../core/registry";
import { numberLabels } from "../../core/dice-so-nice";
import { ToasterActorModel } from "./data/actor";
import { TOASTER_ITEM_MODELS } from "./data/items";
import { ToasterActorSheet } from "./sheets/actor-sheet";
import { ToasterItemSheet } from "./sheets/item-sheet";
import { D10StarDie } from "./dice/d10star";
import { ToasterCheckRoll } from "./dice/check-roll";
import { toasterCombat } from "./combat";
import { registerToasterSettings } from "./settings";
import { toasterAttack } from "./chat/attack";
import { onLuckAfter, onLuckReroll, relayLuckAfter, relayLuckReroll } from "./chat/luck";
import { onHitLocation } from "./chat/tables";
import { TOASTER_STATUS_EFFECTS, registerStatusSync } from "./statuses";
import { toasterApi } from "./api";
import { toasterCheckWords } from "./check-words";

export function toasterRuleset(): RulesetDefinition {
  return defineRuleset(
    {
      id: "toaster",
      langPrefix: "BREADBOX.Toaster",
      actorModel: ToasterActorModel,
      itemModels: TOASTER_ITEM_MODELS,
      actorSheet: ToasterActorSheet,
      itemSheet: ToasterItemSheet,
      templates: [
        "toaster/actor/header.hbs",
        "toaster/actor/main.hbs",
        "toaster/actor/skills.hbs",
        "toaster/actor/traits.hbs",
        "toaster/actor/combat.hbs",
        "toaster/actor/biography.hbs",
        "toaster/item/details.hbs",
        "toaster/dialogs/check.hbs",
        "toaster/chat/check-roll.hbs",
        "toaster/chat/resolution.hbs",
        "toaster/chat/table.hbs",
      ],
    },
    {
      dieTerms: [D10StarDie],
      // The d10* is a ten-sided die whose faces read 0–9.
      diceSoNice: [{ term: D10StarDie, shape: "d10", labels: numberLabels(0, 10), min: 0 }],
      rolls: [ToasterCheckRoll],
      combat: toasterCombat,
      chatActions: { luckAfter: onLuckAfter, luckReroll: onLuckReroll, hitLocation: onHitLocation },
      relayActions: { luckAfter: relayLuckAfter, luckReroll: relayLuckReroll },
      exchanges: [toasterAttack],
      statusEffects: TOASTER_STATUS_EFFECTS,
      trackableAttributes: { toaster: { bar: ["stun", "wounds", "luck"], value: [] } },
      tokenBars: { toaster: { bar1: "stun", bar2: "wounds" } },
      registerSettings: registerToasterSettings,
      init: registerStatusSync,
    },
    { api: toasterApi },
    { api: { checkWords: toasterCheckWords } },
  );
}
