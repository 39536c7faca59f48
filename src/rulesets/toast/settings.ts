/**
 * Toast's optional rules and open decisions (play side) as world settings, with the defaults we
 * ship (docs/rules/toast.md, "Foundry side: settings").
 */
import { registerSetting, type SettingSpec } from "../../core/game";
import { settingBool, settingChoice, settingInt } from "../../core/setting-values";
import { DEFAULT_TREATMENT_HEALS, MAX_WOUND_LEVELS } from "./rules";

export interface ToastRules {
  /** "Skills": a skill attempted at level 0 becomes level 1 once the task is resolved. */
  learnByTrying: boolean;
  /** "Healing": wound levels a successful medical treatment heals (the seed gives no number). */
  treatmentHeals: number;
  /** Difficulty the check dialog opens on. */
  defaultDifficulty: string;
  /** "Healing": medical treatment once per world-time day per patient. */
  treatmentOncePerDay: boolean;
}

const P = "toast.";

export const TOAST_DIFFICULTY_SETTING_CHOICES = {
  reallyReallyEasy: "BREADBOX.Toast.Difficulty.reallyReallyEasy",
  reallyEasy: "BREADBOX.Toast.Difficulty.reallyEasy",
  easy: "BREADBOX.Toast.Difficulty.easy",
  medium: "BREADBOX.Toast.Difficulty.medium",
  hard: "BREADBOX.Toast.Difficulty.hard",
  reallyHard: "BREADBOX.Toast.Difficulty.reallyHard",
  reallyReallyHard: "BREADBOX.Toast.Difficulty.reallyReallyHard",
};

export const TOAST_SETTINGS: SettingSpec[] = [
  { key: `${P}learnByTrying`, type: Boolean, default: true },
  { key: `${P}treatmentHeals`, type: Number, default: DEFAULT_TREATMENT_HEALS, range: { min: 0, max: 10, step: 1 } },
  { key: `${P}defaultDifficulty`, type: String, default: "medium", choices: TOAST_DIFFICULTY_SETTING_CHOICES },
  { key: `${P}treatmentOncePerDay`, type: Boolean, default: true },
];

export const DEFAULT_TOAST_RULES: ToastRules = { learnByTrying: true, treatmentHeals: DEFAULT_TREATMENT_HEALS, defaultDifficulty: "medium", treatmentOncePerDay: true };

export function registerToastSettings(): void {
  for (const spec of TOAST_SETTINGS) registerSetting(spec);
}

/** The world's current Toast rules (each checked; the shipped default where unreadable). */
export function toastRules(): ToastRules {
  const d = DEFAULT_TOAST_RULES;
  return {
    learnByTrying: settingBool(`${P}learnByTrying`, d.learnByTrying),
    treatmentHeals: settingInt(`${P}treatmentHeals`, 0, MAX_WOUND_LEVELS, d.treatmentHeals),
    defaultDifficulty: settingChoice(`${P}defaultDifficulty`, Object.keys(TOAST_DIFFICULTY_SETTING_CHOICES), d.defaultDifficulty),
    treatmentOncePerDay: settingBool(`${P}treatmentOncePerDay`, d.treatmentOncePerDay),
  };
}
