/**
 * Flange's world settings (docs/rules/flange.md, "Foundry side: settings"): the campaign level a
 * character uses unless it names its own, the optional Dramatic Wounds System, and when spent
 * Edge returns.
 */
import { getSetting, registerSetting, type SettingSpec } from "../../core/game";
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

function read(key: keyof FlangeRules): unknown {
  try {
    return getSetting(`${P}${key}`);
  } catch {
    // Settings not registered (pack validation, pure tests): the shipped default.
    return DEFAULT_FLANGE_RULES[key];
  }
}

/** The world's campaign level (checked; Mundane when unreadable). */
export function campaignLevel(): Level {
  const v = read("campaignLevel");
  return typeof v === "string" && (LEVELS as readonly string[]).includes(v) ? LEVELS.find((l) => l === v) ?? "mundane" : "mundane";
}

/** The world's current optional rules. */
export function flangeRules(): FlangeRules {
  const dw = read("dramaticWounds");
  const er = read("edgeRefresh");
  return {
    campaignLevel: campaignLevel(),
    dramaticWounds: typeof dw === "boolean" ? dw : DEFAULT_FLANGE_RULES.dramaticWounds,
    edgeRefresh: er === "combatEnd" ? "combatEnd" : "gm",
  };
}
