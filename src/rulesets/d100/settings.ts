/**
 * The D10/0 play part's optional rules and open decisions as world settings, with the defaults we
 * ship (docs/rules/d100.md, "Foundry side: settings").
 */
import { registerSetting, type SettingSpec } from "../../core/game";
import { settingChoice, settingInt } from "../../core/setting-values";

export const OVERFLOW_MODES = ["never", "ask", "always"] as const;
export type OverflowMode = (typeof OVERFLOW_MODES)[number];
export const FADE_MODES = ["perDay", "never"] as const;
export type FadeMode = (typeof FADE_MODES)[number];

export interface D100PlayRules {
  /** "Overflow" (optional): never, offered in each check dialog (unticked), or always applied. */
  overflow: string;
  /** Difficulty levels added to a dying character's checks ("done at great difficulty"). */
  dyingDifficulty: number;
  /** Difficulty of the dying character's check to avoid further degradation, in levels. */
  dyingCheckDifficulty: number;
  /** How health above Normal fades: by the daily recovery rate per day, or never on its own. */
  exceptionalFade: string;
}

const P = "d100.";

export const D100_PLAY_SETTINGS: SettingSpec[] = [
  { key: `${P}overflow`, type: String, default: "ask", choices: {
    never: "BREADBOX.D100.Setting.Overflow.never",
    ask: "BREADBOX.D100.Setting.Overflow.ask",
    always: "BREADBOX.D100.Setting.Overflow.always",
  } },
  { key: `${P}dyingDifficulty`, type: Number, default: 2, range: { min: 0, max: 6, step: 1 } },
  { key: `${P}dyingCheckDifficulty`, type: Number, default: 0, range: { min: 0, max: 6, step: 1 } },
  { key: `${P}exceptionalFade`, type: String, default: "perDay", choices: {
    perDay: "BREADBOX.D100.Setting.Fade.perDay",
    never: "BREADBOX.D100.Setting.Fade.never",
  } },
];

export const DEFAULT_D100_PLAY_RULES: D100PlayRules = { overflow: "ask", dyingDifficulty: 2, dyingCheckDifficulty: 0, exceptionalFade: "perDay" };

export function registerD100PlaySettings(): void {
  for (const spec of D100_PLAY_SETTINGS) registerSetting(spec);
}

/** The world's current rules (each checked; the shipped default when unreadable). */
export function d100PlayRules(): D100PlayRules {
  const d = DEFAULT_D100_PLAY_RULES;
  return {
    overflow: settingChoice(`${P}overflow`, OVERFLOW_MODES, "ask"),
    dyingDifficulty: settingInt(`${P}dyingDifficulty`, 0, 6, d.dyingDifficulty),
    dyingCheckDifficulty: settingInt(`${P}dyingCheckDifficulty`, 0, 6, d.dyingCheckDifficulty),
    exceptionalFade: settingChoice(`${P}exceptionalFade`, FADE_MODES, "perDay"),
  };
}
