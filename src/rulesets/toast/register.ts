/** Everything the toast ruleset registers with the core. */
import { defineRuleset, type RulesetDefinition } from "../../core/registry";
import { toastCombatPart } from "./combat/register";
import { ToastActorModel } from "./data/actor";
import { TOAST_ITEM_MODELS } from "./data/items";
import { D10PLUS_LABELS, D10PlusDie } from "./dice/d10plus";
import { ToastCheckRoll } from "./dice/check-roll";
import { ToastActorSheet } from "./sheets/actor-sheet";
import { ToastItemSheet } from "./sheets/item-sheet";
import { TOAST_SETTINGS } from "./settings";
import { TOAST_HEALING_RELAY_ACTIONS } from "./healing";
import "./sheets/hotbar";
import { toastApi } from "./api";
import { toastCheckWords } from "./check-words";
import { toastGroupForms } from "./request-groups";

export function toastRuleset(): RulesetDefinition {
  return defineRuleset(
    {
      id: "toast",
      langPrefix: "BREADBOX.Toast",
      actorModel: ToastActorModel,
      itemModels: TOAST_ITEM_MODELS,
      actorSheet: ToastActorSheet,
      itemSheet: ToastItemSheet,
      templates: [
        "toast/actor/header.hbs",
        "toast/actor/attributes.hbs",
        "toast/actor/skills.hbs",
        "toast/actor/equipment.hbs",
        "toast/actor/health.hbs",
        "toast/actor/biography.hbs",
        "toast/item/details.hbs",
        "toast/dialogs/check.hbs",
        "toast/dialogs/fixed-check.hbs",
        "toast/dialogs/advancement.hbs",
        "toast/dialogs/contest-answer.hbs",
        "toast/chat/check-roll.hbs",
        "toast/chat/contest.hbs",
        "toast/chat/advancement.hbs",
      ],
    },
    {
      dieTerms: [D10PlusDie],
      // The d10+ is a d12 whose faces 11 and 12 read Flub and Auto (the book's names).
      diceSoNice: [{ term: D10PlusDie, shape: "d12", labels: D10PLUS_LABELS, min: 1 }],
      rolls: [ToastCheckRoll],
      relayActions: TOAST_HEALING_RELAY_ACTIONS,
      registerSettings: TOAST_SETTINGS.register,
      // Its trackable bar (wounds) is registered with its combat part.
      tokenBars: { toast: { bar1: "wounds", bar2: null } },
    },
    toastCombatPart(),
    { api: toastApi },
    { api: { checkWords: toastCheckWords, groupForms: toastGroupForms } },
  );
}
