/**
 * Toast combat's table choices as world settings: the decisions the rulebook leaves open, each with
 * the default docs/rules/toast.md ("Foundry side: combat") explains.
 */
import { registerSetting, type SettingSpec } from "../../../core/game";
import { settingBool, settingChoice } from "../../../core/setting-values";
import { DIFFICULTY_KEYS, INESTIMABLE_TARGETS, type DifficultyKey } from "../rules";

/** A rung of the target-number ladder with a number (the two inestimable ends are not targets to hit). */
export type NumericDifficulty = Exclude<DifficultyKey, (typeof INESTIMABLE_TARGETS)[number]>;
export const NUMERIC_DIFFICULTIES: readonly NumericDifficulty[] = DIFFICULTY_KEYS.filter((k): k is NumericDifficulty => !INESTIMABLE_TARGETS.some((i) => i === k));

export interface ToastCombatRules {
  /** The target number (a rung of the ladder) an attack must reach when the defender does not defend. */
  undefendedTarget: NumericDifficulty;
  /** Whether defending uses up the defender's action this round. */
  defenceUsesAction: boolean;
  /** How long a collapse lasts: until her effective wound level falls below the collapse line, or until the GM lifts it. */
  collapseLasts: "untilHealed" | "untilRemoved";
  /** Whether the armor penalty applies to the collapse and death checks (they involve STR and TOL). */
  armorPenaltyOnBodyChecks: boolean;
  /** NPC initiative: one roll each, or one roll for all the NPCs rolled together. */
  npcInitiative: "each" | "group";
  /** Whether a player may defend with any skill (otherwise only the GM picks a non-weapon skill). */
  playersPickAnySkill: boolean;
}

const P = "toast.";

export const TOAST_COMBAT_SETTINGS: SettingSpec[] = [
  {
    key: `${P}undefendedTarget`,
    type: String,
    default: "easy",
    choices: Object.fromEntries(NUMERIC_DIFFICULTIES.map((k) => [k, `BREADBOX.ToastCombat.Difficulty.${k}`])),
  },
  { key: `${P}defenceUsesAction`, type: Boolean, default: false },
  {
    key: `${P}collapseLasts`,
    type: String,
    default: "untilHealed",
    choices: { untilHealed: "BREADBOX.ToastCombat.CollapseLasts.untilHealed", untilRemoved: "BREADBOX.ToastCombat.CollapseLasts.untilRemoved" },
  },
  { key: `${P}armorPenaltyOnBodyChecks`, type: Boolean, default: true },
  {
    key: `${P}npcInitiative`,
    type: String,
    default: "each",
    choices: { each: "BREADBOX.ToastCombat.NpcInitiative.each", group: "BREADBOX.ToastCombat.NpcInitiative.group" },
  },
  { key: `${P}playersPickAnySkill`, type: Boolean, default: false },
];

export const DEFAULT_TOAST_COMBAT_RULES: ToastCombatRules = {
  undefendedTarget: "easy",
  defenceUsesAction: false,
  collapseLasts: "untilHealed",
  armorPenaltyOnBodyChecks: true,
  npcInitiative: "each",
  playersPickAnySkill: false,
};

export function registerToastCombatSettings(): void {
  for (const spec of TOAST_COMBAT_SETTINGS) registerSetting(spec);
}

/** The world's current combat choices (defaults where a setting is missing or malformed). */
export function toastCombatRules(): ToastCombatRules {
  const d = DEFAULT_TOAST_COMBAT_RULES;
  return {
    undefendedTarget: settingChoice(`${P}undefendedTarget`, NUMERIC_DIFFICULTIES, d.undefendedTarget),
    defenceUsesAction: settingBool(`${P}defenceUsesAction`, d.defenceUsesAction),
    collapseLasts: settingChoice(`${P}collapseLasts`, ["untilHealed", "untilRemoved"] as const, d.collapseLasts),
    armorPenaltyOnBodyChecks: settingBool(`${P}armorPenaltyOnBodyChecks`, d.armorPenaltyOnBodyChecks),
    npcInitiative: settingChoice(`${P}npcInitiative`, ["each", "group"] as const, d.npcInitiative),
    playersPickAnySkill: settingBool(`${P}playersPickAnySkill`, d.playersPickAnySkill),
  };
}
