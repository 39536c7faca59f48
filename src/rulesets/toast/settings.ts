/**
 * Toast's optional rules and open decisions (play side) as world settings, with the defaults we
 * ship (docs/rules/toast.md, "Foundry side: settings").
 */
import { getSetting, registerSetting, type SettingSpec } from "../../core/game";
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

function read(key: "toast.learnByTrying" | "toast.treatmentHeals" | "toast.defaultDifficulty" | "toast.treatmentOncePerDay"): unknown {
  try {
    return getSetting(key);
  } catch {
    // Settings not registered (pack validation, pure tests): the shipped default.
    return undefined;
  }
}

/** The world's current Toast rules (each checked; the shipped default where unreadable). */
export function toastRules(): ToastRules {
  const learn = read(`${P}learnByTrying`);
  const heals = read(`${P}treatmentHeals`);
  const difficulty = read(`${P}defaultDifficulty`);
  const oncePerDay = read(`${P}treatmentOncePerDay`);
  return {
    learnByTrying: typeof learn === "boolean" ? learn : DEFAULT_TOAST_RULES.learnByTrying,
    treatmentHeals: typeof heals === "number" && Number.isSafeInteger(heals) && heals >= 0 && heals <= MAX_WOUND_LEVELS ? heals : DEFAULT_TOAST_RULES.treatmentHeals,
    defaultDifficulty: typeof difficulty === "string" && Object.hasOwn(TOAST_DIFFICULTY_SETTING_CHOICES, difficulty) ? difficulty : DEFAULT_TOAST_RULES.defaultDifficulty,
    treatmentOncePerDay: typeof oncePerDay === "boolean" ? oncePerDay : DEFAULT_TOAST_RULES.treatmentOncePerDay,
  };
}
