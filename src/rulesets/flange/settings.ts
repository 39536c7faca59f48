/**
 * Flange's world settings (docs/rules/flange.md, "Foundry side: settings"): the campaign level a
 * character uses unless it names its own, the optional Dramatic Wounds System, and when spent
 * Edge returns.
 */
import { boolSetting, choiceSetting, defineSettings, type SettingValues } from "../../core/setting-values";
import { LEVELS, type Level } from "./init-rules";

const FLANGE_RULES = {
  /** "The GM will tell you which points to use": the campaign's starting level. */
  campaignLevel: choiceSetting(LEVELS, "mundane", "BREADBOX.Flange.Level."),
  /** "Dramatic Wounds System" (optional): grind wounds before standard health boxes. */
  dramaticWounds: boolSetting(false),
  /** When spent Edge comes back: only when the GM refreshes it ("gm") or also when an encounter ends ("combatEnd"). */
  edgeRefresh: choiceSetting(["gm", "combatEnd"], "gm", "BREADBOX.Setting.flange.edgeRefresh."),
};

export type FlangeRules = SettingValues<typeof FLANGE_RULES>;

export const FLANGE_SETTINGS = defineSettings("flange.", FLANGE_RULES);

export const DEFAULT_FLANGE_RULES: FlangeRules = FLANGE_SETTINGS.defaults;

/** The world's campaign level (checked; Mundane when unreadable). */
export function campaignLevel(): Level {
  return FLANGE_SETTINGS.read("campaignLevel");
}

/** The world's current optional rules (each checked; the defaults when unreadable). */
export const flangeRules: () => FlangeRules = FLANGE_SETTINGS.readAll;
