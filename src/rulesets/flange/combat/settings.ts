/**
 * The combat part's world settings (docs/rules/flange.md, "Foundry side: combat"): the decisions
 * the book leaves open where tables may differ.
 */
import { choiceSetting, defineSettings, intSetting, type SettingValues } from "../../../core/setting-values";

/** Largest serious-injury penalty the GM's dialog takes. */
export const SERIOUS_INJURY_PENALTY_MAX = 5;

const FLANGE_COMBAT_RULES = {
  /** Dodge and block dice: a skill the defender names ("skill", default) or always 3 dice, attribute only ("attribute"). */
  defenceDice: choiceSetting(["skill", "attribute"], "skill", "BREADBOX.Flange.Combat.Settings.defenceDice."),
  /** Target-number penalty the GM is offered for a serious injury (0..5; the example's is +3). */
  seriousInjuryPenalty: intSetting(1, 0, SERIOUS_INJURY_PENALTY_MAX),
};

export type FlangeCombatRules = SettingValues<typeof FLANGE_COMBAT_RULES>;

export const FLANGE_COMBAT_SETTINGS = defineSettings("flange.", FLANGE_COMBAT_RULES);

/** The world's combat decisions (checked; the defaults when unreadable). */
export const flangeCombatRules: () => FlangeCombatRules = FLANGE_COMBAT_SETTINGS.readAll;
