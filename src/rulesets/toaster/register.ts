/**
 * Everything the Toaster ruleset registers with the core: here what Foundry needs at init (models,
 * dice, rolls, settings, statuses, bars); the rest in runtime.ts, loaded once a world plays Toaster
 * (or holds Toaster documents), as its own chunk (issue 23).
 */
import { defineRuleset, type RulesetDefinition, type RulesetSheetBasics } from "../../core/registry";
import { numberLabels } from "../../core/dice-so-nice";
import { ToasterActorModel } from "./data/actor";
import { TOASTER_ITEM_MODELS } from "./data/items";
import { D10StarDie } from "./dice/d10star";
import { ToasterCheckRoll } from "./dice/check-roll";
import { registerToasterSettings } from "./settings";
import { TOASTER_STATUS_EFFECTS } from "./statuses";

/** Toaster's id, sheet labels' prefix, item models and character-sheet tabs (runtime.ts registers its sheets with them). */
export const TOASTER_BASICS: RulesetSheetBasics = { id: "toaster", langPrefix: "BREADBOX.Toaster", itemModels: TOASTER_ITEM_MODELS, actorTabs: ["main", "skills", "traits", "combat", "biography"] };

export function toasterRuleset(): RulesetDefinition {
  return defineRuleset(
    {
      ...TOASTER_BASICS,
      actorModel: ToasterActorModel,
      templates: { dialogs: ["check"], chat: ["check-roll", "resolution", "table"] },
    },
    {
      dieTerms: [D10StarDie],
      // The d10* is a ten-sided die whose faces read 0–9.
      diceSoNice: [{ term: D10StarDie, shape: "d10", labels: numberLabels(0, 10), min: 0 }],
      rolls: [ToasterCheckRoll],
      statusEffects: TOASTER_STATUS_EFFECTS,
      trackableAttributes: { toaster: { bar: ["stun", "wounds", "luck"], value: [] } },
      tokenBars: { toaster: { bar1: "stun", bar2: "wounds" } },
      registerSettings: registerToasterSettings,
      runtime: () => import("./runtime").then((m) => m.toasterRuntime()),
    },
  );
}
