/**
 * The D10/0 play part's optional rules and open decisions as world settings, with the defaults we
 * ship (docs/rules/d100.md, "Foundry side: settings").
 */
import { choiceSetting, defineSettings, intSetting, type SettingValues } from "../../core/setting-values";

export const OVERFLOW_MODES = ["never", "ask", "always"] as const;
export type OverflowMode = (typeof OVERFLOW_MODES)[number];
export const FADE_MODES = ["perDay", "never"] as const;
export type FadeMode = (typeof FADE_MODES)[number];

const D100_PLAY_RULES = {
  /** "Overflow" (optional): never, offered in each check dialog (unticked), or always applied. */
  overflow: choiceSetting(OVERFLOW_MODES, "ask", "BREADBOX.D100.Setting.Overflow."),
  /** Difficulty levels added to a dying character's checks ("done at great difficulty"). */
  dyingDifficulty: intSetting(2, 0, 6),
  /** Difficulty of the dying character's check to avoid further degradation, in levels. */
  dyingCheckDifficulty: intSetting(0, 0, 6),
  /** How health above Normal fades: by the daily recovery rate per day, or never on its own. */
  exceptionalFade: choiceSetting(FADE_MODES, "perDay", "BREADBOX.D100.Setting.Fade."),
};

export type D100PlayRules = SettingValues<typeof D100_PLAY_RULES>;

export const D100_PLAY_SETTINGS = defineSettings("d100.", D100_PLAY_RULES);

/** The world's current rules (each checked; the shipped default when unreadable). */
export const d100PlayRules: () => D100PlayRules = D100_PLAY_SETTINGS.readAll;
