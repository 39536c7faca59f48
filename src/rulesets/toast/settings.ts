/**
 * Toast's optional rules and open decisions (play side) as world settings, with the defaults we
 * ship (docs/rules/toast.md, "Foundry side: settings").
 */
import { boolSetting, choiceSetting, defineSettings, intSetting, type SettingValues } from "../../core/setting-values";
import { DEFAULT_TREATMENT_HEALS, DIFFICULTY_KEYS, INESTIMABLE_TARGETS, MAX_WOUND_LEVELS, type DifficultyKey } from "./init-rules";

/** A rung of the target-number ladder with a number (the two inestimable ends are not targets to hit). */
export type NumericDifficulty = Exclude<DifficultyKey, (typeof INESTIMABLE_TARGETS)[number]>;
export const NUMERIC_DIFFICULTIES: readonly NumericDifficulty[] = DIFFICULTY_KEYS.filter((k): k is NumericDifficulty => !INESTIMABLE_TARGETS.some((i) => i === k));

const TOAST_RULES = {
  /** "Skills": a skill attempted at level 0 becomes level 1 once the task is resolved. */
  learnByTrying: boolSetting(true),
  /** "Healing": wound levels a successful medical treatment heals (the seed gives no number; any stored count up to the wound levels is read). */
  treatmentHeals: intSetting(DEFAULT_TREATMENT_HEALS, 0, 10, MAX_WOUND_LEVELS),
  /** Difficulty the check dialog opens on. */
  defaultDifficulty: choiceSetting(NUMERIC_DIFFICULTIES, "medium", "BREADBOX.Toast.Difficulty."),
  /** "Healing": medical treatment once per world-time day per patient. */
  treatmentOncePerDay: boolSetting(true),
  /** "Healing": the day's rest (1 wound level) once per world-time day per character. */
  restOncePerDay: boolSetting(true),
  /** "Healing": the end-of-day Health check once per world-time day per character. */
  healthCheckOncePerDay: boolSetting(true),
};

export type ToastRules = SettingValues<typeof TOAST_RULES>;

export const TOAST_SETTINGS = defineSettings("toast.", TOAST_RULES);

/** The world's current Toast rules (each checked; the shipped default where unreadable). */
export const toastRules: () => ToastRules = TOAST_SETTINGS.readAll;
