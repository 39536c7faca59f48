/**
 * The combat part's world settings: the base phase costs of common actions (docs/rules/pool.md,
 * "Foundry side: combat"). The text is read by the rules core's parser; a list it refuses is
 * reported to the GM and the shipped defaults are used, never a silently changed list.
 */
import * as R from "../init-rules";
import { format } from "../../../core/game";
import { defineSettings, textSetting, type SettingValues } from "../../../core/setting-values";

export const DEFAULT_PHASE_ACTIONS_TEXT = R.formatPhaseActions(R.DEFAULT_PHASE_ACTIONS);

const POOL_COMBAT_RULES = {
  /** "Detailed Resolution": base phase costs, "name = cost attribute; …". */
  phaseActions: textSetting(DEFAULT_PHASE_ACTIONS_TEXT),
};

export type PoolCombatRules = SettingValues<typeof POOL_COMBAT_RULES>;

export const POOL_COMBAT_SETTINGS = defineSettings("pool.", POOL_COMBAT_RULES);

let reported = "";

/** The world's actions with their base phase costs (the defaults when the setting is unreadable or refused). */
export function phaseActions(): R.PhaseAction[] {
  // Settings not registered (pure tests) or not text: the shipped defaults.
  const text = POOL_COMBAT_SETTINGS.read("phaseActions");
  try {
    return R.parsePhaseActions(text);
  } catch (err) {
    // Tell once per bad text, then play on with the defaults.
    if (reported !== text) {
      reported = text;
      ui.notifications?.warn(format("BREADBOX.Pool.Phase.BadSetting", { error: err instanceof Error ? err.message : String(err) }));
    }
    return [...R.DEFAULT_PHASE_ACTIONS];
  }
}
