/**
 * Everything the toast ruleset registers with the core: here what Foundry needs at init (models,
 * dice, rolls, settings, statuses, bars); the rest in runtime.ts, loaded once a world plays Toast
 * (or holds Toast documents), as its own chunk (issue 23).
 */
import { defineRuleset, type RulesetDefinition, type RulesetSheetBasics } from "../../core/registry";
import { toastCombatBase } from "./combat/base";
import { ToastActorModel } from "./data/actor";
import { TOAST_ITEM_MODELS } from "./data/items";
import { D10PLUS_LABELS, D10PlusDie } from "./dice/d10plus";
import { ToastCheckRoll } from "./dice/check-roll";
import { TOAST_SETTINGS } from "./settings";

/** Toast's id, sheet labels' prefix, item models and character-sheet tabs (runtime.ts registers its sheets with them). */
export const TOAST_BASICS: RulesetSheetBasics = { id: "toast", langPrefix: "BREADBOX.Toast", itemModels: TOAST_ITEM_MODELS, actorTabs: ["attributes", "skills", "equipment", "health", "biography"] };

export function toastRuleset(): RulesetDefinition {
  return defineRuleset(
    {
      ...TOAST_BASICS,
      actorModel: ToastActorModel,
      templates: { dialogs: ["check", "fixed-check", "advancement", "contest-answer"], chat: ["check-roll", "contest", "advancement"] },
    },
    {
      dieTerms: [D10PlusDie],
      // The d10+ is a d12 whose faces 11 and 12 read Flub and Auto (the book's names).
      diceSoNice: [{ term: D10PlusDie, shape: "d12", labels: D10PLUS_LABELS, min: 1 }],
      rolls: [ToastCheckRoll],
      registerSettings: TOAST_SETTINGS.register,
      // Its trackable bar (wounds) is registered with its combat base.
      tokenBars: { toast: { bar1: "wounds", bar2: null } },
      runtime: () => import("./runtime").then((m) => m.toastRuntime()),
    },
    toastCombatBase(),
  );
}
