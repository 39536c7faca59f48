/**
 * The combat part's world settings: the base phase costs of common actions (docs/rules/pool.md,
 * "Foundry side: combat"). The text is read by the rules core's parser; a list it refuses is
 * reported to the GM and the shipped defaults are used, never a silently changed list.
 */
import * as R from "../rules";
import { format, registerSetting, type SettingSpec } from "../../../core/game";
import { readSetting } from "../../../core/setting-values";

export interface PoolCombatRules {
  /** "Detailed Resolution": base phase costs, "name = cost attribute; …". */
  phaseActions: string;
}

export const DEFAULT_PHASE_ACTIONS_TEXT = R.formatPhaseActions(R.DEFAULT_PHASE_ACTIONS);

export const POOL_COMBAT_SETTINGS: SettingSpec[] = [{ key: "pool.phaseActions", type: String, default: DEFAULT_PHASE_ACTIONS_TEXT }];

export function registerPoolCombatSettings(): void {
  for (const spec of POOL_COMBAT_SETTINGS) registerSetting(spec);
}

let reported = "";

/** The world's actions with their base phase costs (the defaults when the setting is unreadable or refused). */
export function phaseActions(): R.PhaseAction[] {
  // Settings not registered (pure tests): the shipped defaults.
  const text = readSetting("pool.phaseActions") ?? DEFAULT_PHASE_ACTIONS_TEXT;
  if (typeof text !== "string") return [...R.DEFAULT_PHASE_ACTIONS];
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
