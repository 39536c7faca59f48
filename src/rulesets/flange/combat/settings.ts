/**
 * The combat part's world settings (docs/rules/flange.md, "Foundry side: combat"): the decisions
 * the book leaves open where tables may differ.
 */
import { registerSetting, type SettingSpec } from "../../../core/game";
import { settingChoice, settingInt } from "../../../core/setting-values";

export interface FlangeCombatRules {
  /** Dodge and block dice: a skill the defender names ("skill", default) or always 3 dice, attribute only ("attribute"). */
  defenceDice: string;
  /** Target-number penalty the GM is offered for a serious injury (0..5; the example's is +3). */
  seriousInjuryPenalty: number;
}

export const DEFAULT_FLANGE_COMBAT_RULES: FlangeCombatRules = { defenceDice: "skill", seriousInjuryPenalty: 1 };

/** Largest serious-injury penalty the GM's dialog takes. */
export const SERIOUS_INJURY_PENALTY_MAX = 5;

export const FLANGE_COMBAT_SETTINGS: SettingSpec[] = [
  {
    key: "flange.defenceDice",
    type: String,
    default: DEFAULT_FLANGE_COMBAT_RULES.defenceDice,
    choices: { skill: "BREADBOX.Flange.Combat.Settings.defenceDice.skill", attribute: "BREADBOX.Flange.Combat.Settings.defenceDice.attribute" },
  },
  {
    key: "flange.seriousInjuryPenalty",
    type: Number,
    default: DEFAULT_FLANGE_COMBAT_RULES.seriousInjuryPenalty,
    range: { min: 0, max: SERIOUS_INJURY_PENALTY_MAX, step: 1 },
  },
];

export function registerFlangeCombatSettings(): void {
  for (const spec of FLANGE_COMBAT_SETTINGS) registerSetting(spec);
}

/** The world's combat decisions (checked; the defaults when unreadable). */
export function flangeCombatRules(): FlangeCombatRules {
  return {
    defenceDice: settingChoice("flange.defenceDice", ["skill", "attribute"], "skill"),
    seriousInjuryPenalty: settingInt("flange.seriousInjuryPenalty", 0, SERIOUS_INJURY_PENALTY_MAX, DEFAULT_FLANGE_COMBAT_RULES.seriousInjuryPenalty),
  };
}
