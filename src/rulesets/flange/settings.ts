/**
 * Flange's world settings (docs/rules/flange.md, "Foundry side: settings"): the campaign level a
 * character uses unless it names its own, the optional Dramatic Wounds System, and when spent
 * Edge returns.
 */
import { registerSetting, type SettingSpec } from "../../core/game";
import { settingBool, settingChoice } from "../../core/setting-values";
import { LEVELS, type Level } from "./rules";

export interface FlangeRules {
  /** "The GM will tell you which points to use": the campaign's starting level. */
  campaignLevel: string;
  /** "Dramatic Wounds System" (optional): grind wounds before standard health boxes. */
  dramaticWounds: boolean;
  /** When spent Edge comes back: only when the GM refreshes it ("gm") or also when an encounter ends ("combatEnd"). */
  edgeRefresh: string;
}

const P = "flange.";

export const DEFAULT_FLANGE_RULES: FlangeRules = { campaignLevel: "mundane", dramaticWounds: false, edgeRefresh: "gm" };

export const FLANGE_SETTINGS: SettingSpec[] = [
  { key: `${P}campaignLevel`, type: String, default: DEFAULT_FLANGE_RULES.campaignLevel, choices: {
    mundane: "BREADBOX.Flange.Level.mundane",
    heroic: "BREADBOX.Flange.Level.heroic",
    angelic: "BREADBOX.Flange.Level.angelic",
  } },
  { key: `${P}dramaticWounds`, type: Boolean, default: DEFAULT_FLANGE_RULES.dramaticWounds },
  { key: `${P}edgeRefresh`, type: String, default: DEFAULT_FLANGE_RULES.edgeRefresh, choices: {
    gm: "BREADBOX.Setting.flange.edgeRefresh.gm",
    combatEnd: "BREADBOX.Setting.flange.edgeRefresh.combatEnd",
  } },
];

export function registerFlangeSettings(): void {
  for (const spec of FLANGE_SETTINGS) registerSetting(spec);
}

/** The world's campaign level (checked; Mundane when unreadable). */
export function campaignLevel(): Level {
  return settingChoice(`${P}campaignLevel`, LEVELS, "mundane");
}

/** The world's current optional rules (each checked; the defaults when unreadable). */
export function flangeRules(): FlangeRules {
  return {
    campaignLevel: campaignLevel(),
    dramaticWounds: settingBool(`${P}dramaticWounds`, DEFAULT_FLANGE_RULES.dramaticWounds),
    edgeRefresh: settingChoice(`${P}edgeRefresh`, ["gm", "combatEnd"], "gm"),
  };
}
