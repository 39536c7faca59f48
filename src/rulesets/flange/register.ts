/** Everything the flange ruleset registers with the core. */
import { defineRuleset, type RulesetDefinition } from "../../core/registry";
import { numberLabels } from "../../core/dice-so-nice";
import { flangeCombatPart } from "./combat/register";
import { FlangeActorModel, registerEdgeBar } from "./data/actor";
import { FLANGE_ITEM_MODELS } from "./data/items";
import { FlangeDie } from "./dice/flange-die";
import { FlangeCheckRoll } from "./dice/check-roll";
import { onEdgeReroll, registerEdge, relayEdgeReroll } from "./edge";
import { onOpposedReroll, relayOpposedReroll } from "./opposed-edge";
import { FLANGE_SETTINGS } from "./settings";
import { FlangeActorSheet } from "./sheets/actor-sheet";
import { FlangeItemSheet } from "./sheets/item-sheet";
import { flangeApi } from "./api";
import { flangeCheckWords } from "./check-words";
import { flangeGroupForms } from "./request-groups";

export function flangeRuleset(): RulesetDefinition {
  return defineRuleset(
    {
      id: "flange",
      langPrefix: "BREADBOX.Flange",
      actorModel: FlangeActorModel,
      itemModels: FLANGE_ITEM_MODELS,
      actorSheet: FlangeActorSheet,
      itemSheet: FlangeItemSheet,
      templates: [
        "flange/actor/header.hbs",
        "flange/actor/attributes.hbs",
        "flange/actor/skills.hbs",
        "flange/actor/gear.hbs",
        "flange/actor/biography.hbs",
        "flange/item/details.hbs",
        "flange/chat/check-roll.hbs",
        "flange/chat/opposed.hbs",
        "flange/dialogs/side.hbs",
        "flange/dialogs/unnamed.hbs",
        "flange/dialogs/check.hbs",
      ],
    },
    {
      dieTerms: [FlangeDie],
      // A plain d10 read 1–10: the pool die of every Flange roll (`3dzt7`).
      diceSoNice: [{ term: FlangeDie, shape: "d10", labels: numberLabels(1, 10), min: 1 }],
      rolls: [FlangeCheckRoll],
      chatActions: { edgeReroll: (m: ChatMessage.Implementation) => onEdgeReroll(m), opposedReroll: (m: ChatMessage.Implementation, button: HTMLElement) => onOpposedReroll(m, button) },
      relayActions: { edgeReroll: relayEdgeReroll, opposedReroll: relayOpposedReroll },
      registerSettings: FLANGE_SETTINGS.register,
      init: registerEdge,
    },
    {
      // Its trackable bars (wounds, grind, edge) are registered with its combat part; the Edge bar
      // is editable from the token HUD through registerEdgeBar.
      tokenBars: { flange: { bar1: "wounds", bar2: "edge" } },
      init: registerEdgeBar,
    },
    flangeCombatPart(),
    { api: flangeApi },
    { api: { checkWords: flangeCheckWords, groupForms: flangeGroupForms } },
  );
}
