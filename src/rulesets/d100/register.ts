/** Everything the d100 ruleset registers with the core. */
import { defineRuleset, type RulesetDefinition } from "../../core/registry";
import { d100CombatPart } from "./combat/register";
import { d100Api } from "./api";
import { D100ActorModel } from "./data/actor";
import { D100GearModel, D100PowerModel, D100SkillModel, D100TabModel } from "./data/items";
import { D100ArmorModel, D100WeaponModel } from "./data/weapons";
import { D100CheckRoll, D100OverflowRoll } from "./dice/check-roll";
import { D100_PLAY_SETTINGS } from "./settings";
import { D100ActorSheet } from "./sheets/actor-sheet";
import { D100ItemSheet } from "./sheets/item-sheet";
import { d100CheckWords } from "./check-words";
import { d100GroupForms } from "./request-groups";

export function d100Ruleset(): RulesetDefinition {
  return defineRuleset(
    {
      id: "d100",
      langPrefix: "BREADBOX.D100",
      actorModel: D100ActorModel,
      itemModels: {
        d100Skill: D100SkillModel,
        d100Tab: D100TabModel,
        d100Power: D100PowerModel,
        d100Weapon: D100WeaponModel,
        d100Armor: D100ArmorModel,
        d100Gear: D100GearModel,
      },
      actorSheet: D100ActorSheet,
      itemSheet: D100ItemSheet,
      templates: [
        "d100/actor/header.hbs",
        "d100/actor/main.hbs",
        "d100/actor/skills.hbs",
        "d100/actor/powers.hbs",
        "d100/actor/items.hbs",
        "d100/actor/notes.hbs",
        "d100/item/details.hbs",
        "d100/chat/check-roll.hbs",
        "d100/chat/effort.hbs",
        "d100/dialogs/check.hbs",
        "d100/dialogs/effort.hbs",
      ],
    },
    {
      // Foundry's own d100 and d10: Dice So Nice shows the d100 as its tens and ones d10s.
      rolls: [D100CheckRoll, D100OverflowRoll],
      registerSettings: D100_PLAY_SETTINGS.register,
      // Its trackable bars (health, action points) are registered with its combat part.
      tokenBars: { d100: { bar1: "health", bar2: "combat.ap" } },
    },
    d100CombatPart(),
    { api: d100Api },
    { api: { checkWords: d100CheckWords, groupForms: d100GroupForms } },
  );
}
