/**
 * The combat part's world settings: the base phase costs of common actions (docs/rules/pool.md,
 * "Foundry side: combat"). The text is read by the rules core's parser when the tracker needs it
 * (combat/clock.ts `phaseActions`); a list it refuses is reported to the GM and the shipped
 * defaults are used, never a silently changed list.
 */
import * as R from "../init-rules";
import { defineSettings, textSetting, type SettingValues } from "../../../core/setting-values";

export const DEFAULT_PHASE_ACTIONS_TEXT = R.formatPhaseActions(R.DEFAULT_PHASE_ACTIONS);

const POOL_COMBAT_RULES = {
  /** "Detailed Resolution": base phase costs, "name = cost attribute; …". */
  phaseActions: textSetting(DEFAULT_PHASE_ACTIONS_TEXT),
};

export type PoolCombatRules = SettingValues<typeof POOL_COMBAT_RULES>;

export const POOL_COMBAT_SETTINGS = defineSettings("pool.", POOL_COMBAT_RULES);
