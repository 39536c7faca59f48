/**
 * Everything the d100 ruleset registers with the core: here what Foundry needs at init (models,
 * rolls, settings, statuses, bars); the rest in runtime.ts, loaded once a world plays D10/0 (or
 * holds D10/0 documents), as its own chunk (issue 23).
 */
import { defineRuleset, type RulesetDefinition, type RulesetSheetBasics } from "../../core/registry";
import { d100CombatBase } from "./combat/base";
import { D100ActorModel } from "./data/actor";
import { D100GearModel, D100PowerModel, D100SkillModel, D100TabModel } from "./data/items";
import { D100ArmorModel, D100WeaponModel } from "./data/weapons";
import { D100CheckRoll, D100OverflowRoll } from "./dice/check-roll";
import { D100_PLAY_SETTINGS } from "./settings";

/** D10/0's id, sheet labels' prefix, item models and character-sheet tabs (runtime.ts registers its sheets with them). */
export const D100_BASICS: RulesetSheetBasics = {
  id: "d100",
  langPrefix: "BREADBOX.D100",
  itemModels: {
    d100Skill: D100SkillModel,
    d100Tab: D100TabModel,
    d100Power: D100PowerModel,
    d100Weapon: D100WeaponModel,
    d100Armor: D100ArmorModel,
    d100Gear: D100GearModel,
  },
  actorTabs: ["main", "skills", "powers", "items", "notes"],
};

export function d100Ruleset(): RulesetDefinition {
  return defineRuleset(
    {
      ...D100_BASICS,
      actorModel: D100ActorModel,
      templates: { chat: ["check-roll", "effort"], dialogs: ["check", "effort"] },
    },
    {
      // Foundry's own d100 and d10: Dice So Nice shows the d100 as its tens and ones d10s.
      rolls: [D100CheckRoll, D100OverflowRoll],
      registerSettings: D100_PLAY_SETTINGS.register,
      // Its trackable bars (health, action points) are registered with its combat base.
      tokenBars: { d100: { bar1: "health", bar2: "combat.ap" } },
      runtime: () => import("./runtime").then((m) => m.d100Runtime()),
    },
    d100CombatBase(),
  );
}
