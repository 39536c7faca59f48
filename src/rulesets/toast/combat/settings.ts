/**
 * Toast combat's table choices as world settings: the decisions the rulebook leaves open, each with
 * the default docs/rules/toast.md ("Foundry side: combat") explains.
 */
import { boolSetting, choiceSetting, defineSettings, type SettingValues } from "../../../core/setting-values";
import { NUMERIC_DIFFICULTIES } from "../settings";

export { NUMERIC_DIFFICULTIES, type NumericDifficulty } from "../settings";

const TOAST_COMBAT_RULES = {
  /** The target number (a rung of the ladder) an attack must reach when the defender does not defend. */
  undefendedTarget: choiceSetting(NUMERIC_DIFFICULTIES, "easy", "BREADBOX.ToastCombat.Difficulty."),
  /** Whether defending uses up the defender's action this round. */
  defenceUsesAction: boolSetting(false),
  /** How long a collapse lasts: until her effective wound level falls below the collapse line, or until the GM lifts it. */
  collapseLasts: choiceSetting(["untilHealed", "untilRemoved"], "untilHealed", "BREADBOX.ToastCombat.CollapseLasts."),
  /** Whether the armor penalty applies to the collapse and death checks (they involve STR and TOL). */
  armorPenaltyOnBodyChecks: boolSetting(true),
  /** NPC initiative: one roll each, or one roll for all the NPCs rolled together. */
  npcInitiative: choiceSetting(["each", "group"], "each", "BREADBOX.ToastCombat.NpcInitiative."),
  /** Whether a player may defend with any skill (otherwise only the GM picks a non-weapon skill). */
  playersPickAnySkill: boolSetting(false),
};

export type ToastCombatRules = SettingValues<typeof TOAST_COMBAT_RULES>;

export const TOAST_COMBAT_SETTINGS = defineSettings("toast.", TOAST_COMBAT_RULES);

/** The world's current combat choices (defaults where a setting is missing or malformed). */
export const toastCombatRules: () => ToastCombatRules = TOAST_COMBAT_SETTINGS.readAll;
